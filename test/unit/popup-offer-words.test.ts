/**
 * Issue #39: the popup's page-checking offer fits what it shows. With groups it asks to confirm them
 * with the pages; on a page with no group (seen on a real Google page) it says what checking would do
 * there instead.
 */
import { h } from 'preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PageCheckOffer } from '../../entrypoints/popup/page-check-offer';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import { grantedOrigins } from './helpers/fake-browser';
import { mountIn } from './helpers/mount';

grantedOrigins(() => false);

describe('popup: the page-checking offer', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    // The background's answer to settings/get: page checking never asked about.
    fakeBrowser.runtime.onMessage.addListener((m: unknown) =>
      (m as { type?: string }).type === 'settings/get' ? Promise.resolve({ ok: true, value: DEFAULT_SETTINGS }) : undefined,
    );
  });

  it('with groups: "Confirm these groups with the pages themselves?"', async () => {
    const { root } = mountIn(h(PageCheckOffer, { tabId: 3, groups: 2 }));
    await vi.waitFor(() => expect(root.querySelector('#offer-title')?.textContent).toBe('Confirm these groups with the pages themselves?'));
  });

  it('with no group: what checking would do there, never "these groups"', async () => {
    const { root } = mountIn(h(PageCheckOffer, { tabId: 3, groups: 0 }));
    await vi.waitFor(() => expect(root.querySelector('#offer-title')?.textContent).toMatch(/^Check the result pages themselves\?/));
    expect(root.textContent).not.toContain('these groups');
  });
});
