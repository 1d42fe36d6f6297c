/**
 * Private windows in Firefox (issue #28), where the code path differs from Chromium's: Firefox opens an
 * extension page asked for from a private window in that private window (no History there), and its
 * pages' messages come from a private tab. Lost and found's page address holds an opaque run id all
 * the same, and what private windows left in memory goes when the last of them closes.
 *
 * The temporary add-on the fixtures install may run in private windows (Firefox allows temporary
 * add-ons there); the test build's background hook is reached through getBackgroundPage (MV2).
 */
import type { Browser as Ext } from 'wxt/browser';
import { FIREFOX_TEST_EXTENSION_DIR } from './build';
import type { Browser as Firefox } from 'puppeteer-core';
import { expect, test, until } from './fixtures';

/** The extension API, in functions evaluated in extension pages. */
declare const browser: typeof Ext;

type Hook = {
  __resemble: {
    openLostAndFound(url: string, tabId?: number): Promise<boolean>;
    remember(url: string, title: string, text: string, kind: 'snippet' | 'page', incognito?: boolean): Promise<unknown>;
    privateUsage(): Promise<{ entries: number } | undefined>;
  };
};

test.use({ extensionDir: FIREFOX_TEST_EXTENSION_DIR });

const SECRET = 'https://private-diary.example/entries/42';

/**
 * "Run in Private Windows", as about:addons' switch does it (the permission, then a reload): a
 * temporary add-on is not allowed there by default. about:addons is privileged (the launch allows
 * system access), so it can reach the add-on manager.
 */
async function allowInPrivate(firefox: Firefox, id: string): Promise<void> {
  const page = await firefox.newPage();
  // Navigated without waiting for load events (BiDi sends none for privileged documents), then polled.
  const frame = page.mainFrame() as unknown as { browsingContext: { navigate(url: string, wait: 'none'): Promise<unknown> } };
  await frame.browsingContext.navigate('about:addons', 'none');
  await until('about:addons to load', 15_000, async () =>
    (await page.evaluate(() => [location.href, document.readyState].join(' ')).catch(() => '')) === 'about:addons complete' ? true : undefined,
  );
  await page.evaluate(async (addonId) => {
    const g = globalThis as unknown as { ChromeUtils: { importESModule(u: string): Record<string, never> } };
    const { AddonManager } = g.ChromeUtils.importESModule('resource://gre/modules/AddonManager.sys.mjs') as unknown as {
      AddonManager: { getAddonByID(id: string): Promise<{ reload(): Promise<void> }> };
    };
    const { ExtensionPermissions } = g.ChromeUtils.importESModule('resource://gre/modules/ExtensionPermissions.sys.mjs') as unknown as {
      ExtensionPermissions: { add(id: string, p: { permissions: string[]; origins: string[] }): Promise<void> };
    };
    await ExtensionPermissions.add(addonId, { permissions: ['internal:privateBrowsingAllowed'], origins: [] });
    await (await AddonManager.getAddonByID(addonId)).reload();
  }, id);
  await page.close();
}

test('a private window: lost and found opens in it under a run id, and its memory goes with the last private window', async ({ ext, firefox, extension }) => {
  await allowInPrivate(firefox, extension.id);
  expect(await ext(() => browser.extension.isAllowedIncognitoAccess()), 'the add-on may run in private windows').toBe(true);
  const priv = await ext(async () => {
    const w = await browser.windows.create({ incognito: true, url: 'about:blank' });
    return { windowId: w!.id!, tabId: w!.tabs![0].id!, incognito: w!.incognito };
  });
  expect(priv.incognito).toBe(true);

  // What the link menu's click does in that private tab.
  expect(
    await ext(({ url, tabId }) => (browser.extension.getBackgroundPage() as unknown as Hook).__resemble.openLostAndFound(url, tabId), {
      url: SECRET,
      tabId: priv.tabId,
    }),
  ).toBe(true);
  const lostTabs = () =>
    ext(async () =>
      (await browser.tabs.query({})).filter((t) => t.url?.includes('/lost.html')).map((t) => ({ url: t.url!, incognito: t.incognito, windowId: t.windowId })),
    );
  const [tab] = await until('the lost-and-found tab', 15_000, async () => ((await lostTabs()).length ? await lostTabs() : undefined));
  expect(tab.url).toMatch(/\/lost\.html\?run=[0-9a-f-]{36}$/);
  expect(decodeURIComponent(tab.url)).not.toContain('private-diary');
  expect(tab, 'opened in the private window itself').toMatchObject({ incognito: true, windowId: priv.windowId });

  // The private windows' memory store holds a page; the last private window closes; it is gone.
  await ext(() =>
    (browser.extension.getBackgroundPage() as unknown as Hook).__resemble.remember(
      'https://private-diary.example/entries/7',
      'Entry 7',
      'what the private window read about the walden pond in winter',
      'snippet',
      true,
    ),
  );
  expect(await ext(() => (browser.extension.getBackgroundPage() as unknown as Hook).__resemble.privateUsage())).toMatchObject({ entries: 1 });
  const runKeys = () =>
    ext(async () => Object.keys(await browser.storage.session.get(null)).filter((k) => k.startsWith('lost-private:') || k.includes('private-diary')));
  expect(await runKeys()).not.toEqual([]);
  await ext((id) => browser.windows.remove(id), priv.windowId);
  await until('the memory store dropped', 15_000, async () =>
    (await ext(() => (browser.extension.getBackgroundPage() as unknown as Hook).__resemble.privateUsage())) === undefined ? true : undefined,
  );
  await until('the private runs dropped', 15_000, async () => ((await runKeys()).length === 0 ? true : undefined));
});
