/**
 * "Find similar copy" on links (issue #7), end to end: the background creates the context-menu entry
 * (id 'resemble-find-copy') when the extension is installed, it survives a service-worker restart, and
 * its click handler opens lost.html?url=<the link> in a new tab.
 *
 * Playwright cannot open the browser's native context menus, and chrome.contextMenus has no way to
 * list entries: the entry's existence is checked by updating it (chrome.contextMenus.update rejects
 * for an unknown id), and the click by calling the function the onClicked listener calls
 * (openLostAndFound in entrypoints/background/browser-ui/link-menu.ts, reached through the test hook).
 * This build has no access to sites, as on install: lost and found says so and offers to allow it.
 */
import type { Page } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { expect, test } from './fixtures';
import { requireHook } from './hook';
import { lostPageUrl, menuEntry, nextPage } from './lost-kit';

declare const chrome: typeof Browser;

type MenuHook = { __resemble?: { openLostAndFound?: (url: string) => Promise<boolean> } };

const MENU_ID = 'resemble-find-copy';

test('the "Find similar copy" link menu exists (and survives a service-worker restart) and opens lost and found for the link', async ({
  context,
  sw,
  restartServiceWorker,
  extensionOrigin,
}) => {
  await requireHook(sw);
  // Made on install (runtime.onInstalled): there by the time the test runs, or very soon after.
  await expect.poll(() => menuEntry(sw, MENU_ID), { message: `the context-menu entry ${MENU_ID}` }).toBe('exists');
  expect(await menuEntry(sw, 'resemble-no-such-entry'), 'the check itself: an unknown id is refused').toMatch(/^error: /);

  // Menus are the browser's: a restarted service worker neither loses nor needs to re-create it.
  await restartServiceWorker();
  await requireHook(sw);
  expect(await menuEntry(sw, MENU_ID), 'after a service-worker restart').toBe('exists');

  // A click on the entry for a link: lost and found for that link, in a new tab.
  const LINK = 'https://old.example/essays/walden pond?ref=menu#winter';
  expect(
    await sw(() => typeof (globalThis as unknown as MenuHook).__resemble?.openLostAndFound),
    'the hook’s passthrough to openLostAndFound (entrypoints/background/test-hook.ts)',
  ).toBe('function');
  const lost = await nextPage(context, `${extensionOrigin}lost.html`, () =>
    sw((u) => (globalThis as unknown as MenuHook).__resemble!.openLostAndFound!(u), LINK),
  );
  expect(lost.url()).toBe(lostPageUrl(extensionOrigin, LINK));
  // The page shows the address as a URL (parsed: the space encoded), never as markup.
  await expect(lost.getByTestId('url')).toHaveText(new URL(LINK).href);
  await expect(lost.getByTestId('known')).toContainText('Resemble has no record of this page');
  await expect(lost.getByTestId('sources').locator('li')).toHaveCount(4);
  // This build has no access to sites (a user grants it at runtime): nothing can be fetched to be
  // measured, so every source but the archive (off) is skipped, and the page offers to allow access.
  await expect(lost.getByRole('button', { name: 'Search again', exact: true })).toBeVisible({ timeout: 20_000 });
  const sources = lost.getByTestId('sources').locator('li');
  expect(await sources.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).toEqual(['skipped', 'skipped', 'skipped', 'skipped']);
  await expect(sources.first()).toContainText('no access to other sites');
  const access = lost.getByTestId('needs-access');
  await expect(access).toContainText('It needs your permission to read sites');
  await expect(access.getByRole('button', { name: 'Allow access to sites' })).toBeEnabled();
  await expect(lost.getByRole('status')).toHaveText('Stopped: Resemble needs access to sites to look for copies.');
  await expect(lost.getByTestId('recheck'), 'the address itself was not fetched either').toHaveCount(0);
  await expect(lost.getByTestId('alternates')).toHaveCount(0);

  // Only web links: the menu is limited to http(s) targets, and the handler refuses anything else.
  const opened: Page[] = [];
  context.on('page', (p) => opened.push(p));
  expect(await sw(() => (globalThis as unknown as MenuHook).__resemble!.openLostAndFound!('javascript:alert(1)'))).toBe(false);
  expect(await sw(() => (globalThis as unknown as MenuHook).__resemble!.openLostAndFound!('file:///etc/passwd'))).toBe(false);
  // The barrier: a web link asked for after them opens its tab. A tab the refused links had opened would
  // have been created first (the same handler, the same tabs.create, asked earlier), so by now it is there.
  const NEXT = 'https://old.example/essays/civil-disobedience';
  const next = await nextPage(context, lostPageUrl(extensionOrigin, NEXT), () =>
    sw((u) => (globalThis as unknown as MenuHook).__resemble!.openLostAndFound!(u), NEXT),
  );
  expect(next.url()).toBe(lostPageUrl(extensionOrigin, NEXT));
  expect(
    opened.map((p) => p.url()),
    'no tab opened for a non-web link: the only new tab is the web link’s',
  ).toEqual([lostPageUrl(extensionOrigin, NEXT)]);
});
