/**
 * Private windows (issue #28), in Chromium: lost and found asked for from a private tab never puts the
 * address in its page's URL or title (Chromium opens extension pages from a private window in a
 * regular one, whose History and sessions keep both), and what private windows left in memory (the
 * memory store, lost and found's and "find copies"' private runs) goes when the last of them closes.
 *
 * The extension may run in private windows only once the user allows it (chrome://extensions): done
 * here through that page's own API, which reloads the extension. Private windows are opened from the
 * service worker (chrome.windows.create); Playwright does not see their pages, the tabs API does.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { expect, test } from './fixtures';
import type { ResembleFixtures } from './fixtures';

declare const chrome: typeof Browser & {
  developerPrivate: {
    updateProfileConfiguration(c: { inDeveloperMode: boolean }): Promise<void>;
    updateExtensionConfiguration(c: { extensionId: string; incognitoAccess: boolean }): Promise<void>;
  };
};

type Hook = {
  __resemble: {
    openLostAndFound(url: string, tabId?: number): Promise<boolean>;
    remember(url: string, title: string, text: string, kind: 'snippet' | 'page', incognito?: boolean): Promise<unknown>;
    privateUsage(): Promise<{ entries: number } | undefined>;
    closedWindowsSeen(): number;
  };
};

const SECRET = 'https://private-diary.example/entries/42';

/** "Allow in Incognito", as a user turns it on (developer mode first: an unpacked extension reloaded without it is disabled). */
async function allowInPrivate(context: BrowserContext, sw: ResembleFixtures['sw'], extensionId: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`chrome://extensions/?id=${extensionId}`);
  await page.evaluate(async (id) => {
    await chrome.developerPrivate.updateProfileConfiguration({ inDeveloperMode: true });
    await chrome.developerPrivate.updateExtensionConfiguration({ extensionId: id, incognitoAccess: true });
  }, extensionId);
  await page.close();
  // The extension reloads: its new service worker (and test hook) answer once it is back.
  await expect
    .poll(
      () =>
        sw(
          async () =>
            (await chrome.extension.isAllowedIncognitoAccess()) && typeof (globalThis as unknown as Partial<Hook>).__resemble?.privateUsage === 'function',
        ),
      {
        message: 'the extension allowed in private windows, reloaded',
        timeout: 20_000,
      },
    )
    .toBe(true);
}

/** A new private window on about:blank (nothing to route: Playwright's routes do not reach private windows). */
const openPrivateWindow = (sw: ResembleFixtures['sw']) =>
  sw(async () => {
    const w = await chrome.windows.create({ incognito: true, url: 'about:blank' });
    return { windowId: w!.id!, tabId: w!.tabs![0].id!, incognito: w!.incognito };
  });

/** Every lost-and-found tab, in any window (own extension pages' URLs are listed without the tabs permission). */
const lostTabs = (sw: ResembleFixtures['sw']) =>
  sw(async () => (await chrome.tabs.query({})).filter((t) => t.url?.includes('/lost.html')).map((t) => ({ id: t.id!, url: t.url!, incognito: t.incognito })));

async function lostPage(context: BrowserContext): Promise<Page> {
  await expect.poll(() => context.pages().some((p) => p.url().includes('/lost.html')), { message: 'the lost page in a regular window' }).toBe(true);
  return context.pages().find((p) => p.url().includes('/lost.html'))!;
}

test('"Find similar copy" in a private window: the address is in neither the lost page’s URL nor its title', async ({ context, sw, extensionId }) => {
  await allowInPrivate(context, sw, extensionId);
  const priv = await openPrivateWindow(sw);
  expect(priv.incognito).toBe(true);

  // What the link menu's click does in that private tab.
  expect(await sw(({ url, tabId }) => (globalThis as unknown as Hook).__resemble.openLostAndFound(url, tabId), { url: SECRET, tabId: priv.tabId })).toBe(true);
  await expect.poll(() => lostTabs(sw).then((t) => t.length)).toBe(1);
  const [tab] = await lostTabs(sw);
  // The URL (which History and the session keep) holds an opaque run, never the address, encoded or not.
  expect(tab.url).toMatch(/\/lost\.html\?run=[0-9a-f-]{36}$/);
  expect(decodeURIComponent(tab.url)).not.toContain('private-diary');
  // Chromium shows an extension page asked for from a private window in a regular one ("spanning").
  expect(tab.incognito, 'Chromium opened it in a regular window').toBe(false);

  // The page still looks for that address, and its title (History keeps titles too) does not name it.
  const page = await lostPage(context);
  await expect(page.getByTestId('url')).toHaveText(SECRET);
  await expect(page.getByTestId('sources')).toBeVisible();
  expect(await page.title()).not.toContain('private-diary');
  expect(await page.title()).toContain('Lost and found');

  // Asked again from the private window: the same run's tab, not a second one.
  expect(await sw(({ url, tabId }) => (globalThis as unknown as Hook).__resemble.openLostAndFound(url, tabId), { url: SECRET, tabId: priv.tabId })).toBe(true);
  expect(await lostTabs(sw)).toHaveLength(1);

  // Asked from a regular window, the address is in the URL as before (that window's History is the user's).
  await sw((url) => (globalThis as unknown as Hook).__resemble.openLostAndFound(url), SECRET);
  await expect
    .poll(() => lostTabs(sw).then((t) => t.map((x) => x.url).filter((u) => u.includes('?url='))))
    .toEqual([expect.stringContaining(encodeURIComponent(SECRET))]);
});

test('the last private window closing drops the private memory store and lost and found’s private runs', async ({
  context,
  sw,
  extensionId,
  restartServiceWorker,
}) => {
  await allowInPrivate(context, sw, extensionId);
  // Looks made at once for dead results, one from a private tab and one from a regular tab, as a
  // stopped service worker left them in storage.session (the restart makes the next worker read them).
  const lookOf = (incognito: boolean) => ({
    alts: [{ url: 'https://copy.example/x', title: 'x', source: 'store', resemblance: 0.9, containment: 0.9, checkedAt: 1, basis: 'page' }],
    final: true,
    for: { tabId: 1, pageUrl: 'https://www.google.com/search?q=x', incognito },
  });
  await sw(({ secret, priv, reg }) => chrome.storage.session.set({ deadLooks: { [`private ${secret}`]: priv, 'https://public.example/gone': reg } }), {
    secret: SECRET,
    priv: lookOf(true),
    reg: lookOf(false),
  });
  await restartServiceWorker();
  const first = await openPrivateWindow(sw);
  const second = await openPrivateWindow(sw);

  // A private page's record in the memory store, and a lost-and-found run asked for from a private tab.
  await sw(() =>
    (globalThis as unknown as Hook).__resemble.remember(
      'https://private-diary.example/entries/7',
      'Entry 7',
      'what the private window read about the walden pond in winter',
      'snippet',
      true,
    ),
  );
  expect(await sw(() => (globalThis as unknown as Hook).__resemble.privateUsage())).toMatchObject({ entries: 1 });
  await sw(({ url, tabId }) => (globalThis as unknown as Hook).__resemble.openLostAndFound(url, tabId), { url: SECRET, tabId: first.tabId });
  const page = await lostPage(context);
  await expect(page.getByTestId('url')).toHaveText(SECRET);
  // A "find copies" run kept from a private tab (its report names the private page), and one from a regular tab.
  await sw(
    (url) =>
      chrome.storage.session.set({
        'copies:private-run': { report: { id: 'private-run', url, done: true }, meta: { tabId: 1, incognito: true } },
        'copies:regular-run': { report: { id: 'regular-run', url: 'https://public.example/', done: true }, meta: { tabId: 2, incognito: false } },
      }),
    SECRET,
  );
  const privateKeys = () =>
    sw(async () =>
      Object.entries(await chrome.storage.session.get(null))
        .filter(([k, v]) => k.startsWith('lost-private:') || k.includes('private-diary') || JSON.stringify(v).includes('private-diary'))
        .map(([k]) => k),
    );
  await expect.poll(privateKeys).toContainEqual(expect.stringMatching(/^lost-private:/));
  expect(await privateKeys()).toContain('copies:private-run');

  // One private window closes, another is still open: nothing goes.
  const seen = await sw(() => (globalThis as unknown as Hook).__resemble.closedWindowsSeen());
  await sw((id) => chrome.windows.remove(id), first.windowId);
  await expect.poll(() => sw(() => (globalThis as unknown as Hook).__resemble.closedWindowsSeen())).toBeGreaterThan(seen);
  expect(await sw(() => (globalThis as unknown as Hook).__resemble.privateUsage())).toMatchObject({ entries: 1 });
  expect(await privateKeys()).not.toEqual([]);

  // The last one closes: the store, the run and its report go; the open page says the search ended.
  await sw((id) => chrome.windows.remove(id), second.windowId);
  await expect
    .poll(() => sw(() => (globalThis as unknown as Hook).__resemble.privateUsage()), { message: 'the private windows’ memory store' })
    .toBeUndefined();
  await expect.poll(privateKeys, { message: 'storage.session keys of private runs' }).toEqual([]);
  expect(Object.keys(await sw(() => chrome.storage.session.get('copies:regular-run'))), 'a regular window’s run stays').toEqual(['copies:regular-run']);
  expect(Object.keys(((await sw(() => chrome.storage.session.get('deadLooks'))).deadLooks ?? {}) as object), 'a regular tab’s look stays').toEqual([
    'https://public.example/gone',
  ]);
  await expect(page.getByTestId('private-ended')).toBeVisible();
  await expect(page.getByTestId('url')).toHaveCount(0);
});
