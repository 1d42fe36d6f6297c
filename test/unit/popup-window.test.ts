/**
 * The popup's width (issue #30): fixed 360 px only as a desktop browser's toolbar popup; fluid as
 * Firefox for Android's full-width page and in a tab (entrypoints/popup/popup-window.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { inToolbarPopup } from '../../entrypoints/popup/popup-window';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:142.0) Gecko/142.0 Firefox/142.0';

/** This document as `views` lists it (or getViews missing), under the user agent `ua`. */
function as(ua: string, views: ((self: object) => object[]) | undefined): void {
  const self = {};
  vi.stubGlobal('window', self);
  vi.stubGlobal('navigator', { userAgent: ua });
  const ext = browser.extension as unknown as { getViews?: unknown };
  vi.spyOn(browser, 'extension', 'get').mockReturnValue({ ...ext, getViews: views && (() => views(self)) } as never);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('inToolbarPopup', () => {
  it('is the desktop toolbar popup when extension.getViews({ type: "popup" }) lists this window', () => {
    as(DESKTOP, (self) => [self]);
    expect(inToolbarPopup()).toBe(true);
  });
  it('is a page in a tab when the popup views do not list it', () => {
    as(DESKTOP, () => [{}]);
    expect(inToolbarPopup()).toBe(false);
  });
  it('is a full-width page on Android, whatever the views say', () => {
    as(ANDROID, (self) => [self]);
    expect(inToolbarPopup()).toBe(false);
  });
  it('is a page when there is no extension.getViews', () => {
    as(DESKTOP, undefined);
    expect(inToolbarPopup()).toBe(false);
  });
});
