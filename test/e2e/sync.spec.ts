/**
 * Issue #30, sync: a choice made in one browser profile reaches a second profile and applies there
 * without a restart, and "keep my choices on this device only" stops it.
 *
 * How sync is simulated: a test browser has no signed-in account, so Chrome's sync never runs here.
 * The test plays its part: it reads profile A's storage.sync (the `c:` chunks of choices and the
 * `settings` item) in A's service worker and writes them into profile B's storage.sync from B's
 * service worker (chrome.storage.sync.get/set/remove), as Chrome's sync would deliver another
 * machine's write: B sees storage.onChanged in area 'sync', as it would then.
 */
import { type BrowserContext, type Page, type Worker, chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'wxt/browser';
import { EXTENSION_DIR, chromiumArgs, findChromium } from '../../scripts/start-browser.mjs';
import { expect, isNetworkUrl, test, welcomePage } from './fixtures';
import { DEMO_N, expectedMarks, readMarks } from './groups-kit';
import { openDemo, setSettings } from './page-check-kit';
import { pageUi } from './page-ui-kit';
import { notACopy, pairKey } from '../../lib/group/not-a-copy';
import { groupResults } from '../../lib/group/results';
import { DEMO_GROUPS, demoResults, libGroups } from './groups-kit';
import { withTimeout } from './wait';

declare const chrome: typeof Browser;

const marks = (page: Page) => page.evaluate(readMarks);
const apart = (x: number, y: number) => {
  const c = notACopy(demoResults[x - 1], demoResults[y - 1], 0)!;
  return libGroups(groupResults(demoResults, { threshold: 0.5, apart: new Set([pairKey(c.a, c.b)]) }).groups);
};

/** A second profile (its own user-data dir) with the same build, as the fixture launches the first. */
async function secondProfile(): Promise<{ context: BrowserContext; sw: Worker; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'resemble-e2e-b-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: findChromium(),
    headless: true,
    args: chromiumArgs(EXTENSION_DIR, { mapHosts: [] }),
    viewport: { width: 1280, height: 900 },
  });
  await context.route(isNetworkUrl, (route) => route.abort('internetdisconnected'));
  await (await welcomePage(context)).close();
  const sw =
    context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ??
    (await context.waitForEvent('serviceworker', { predicate: (w) => w.url().startsWith('chrome-extension://') }));
  return {
    context,
    sw,
    close: async () => {
      await withTimeout(context.close(), 10_000);
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/**
 * What Chrome's sync would do: A's synced items (choices' chunks and settings) delivered to B. With
 * `heard`, resolves once B's own listeners have had the change of that key (a listener added after
 * theirs is called after them) and B's sync has done every step it queued.
 */
async function deliver(from: Worker, to: Worker, heard?: string): Promise<Record<string, unknown>> {
  const items = await from.evaluate(async () => chrome.storage.sync.get(null));
  const ours = Object.fromEntries(Object.entries(items).filter(([k]) => k.startsWith('c:') || k === 'settings'));
  await to.evaluate(
    async ({ got, heard }) => {
      const gone = Object.keys(await chrome.storage.sync.get(null)).filter((k) => k.startsWith('c:') && !(k in got));
      if (gone.length) await chrome.storage.sync.remove(gone);
      const had = new Promise<void>((resolve) => {
        const l = (changes: Record<string, unknown>, area: string) => {
          if (area !== 'sync' || !heard || !(heard in changes)) return;
          chrome.storage.onChanged.removeListener(l);
          resolve();
        };
        chrome.storage.onChanged.addListener(l);
      });
      await chrome.storage.sync.set(got);
      if (!heard) return;
      await had;
      await (globalThis as unknown as { __resemble: { syncSettled: () => Promise<void> } }).__resemble.syncSettled();
    },
    { got: ours, heard },
  );
  return ours;
}
const syncedKeys = (w: Worker) => w.evaluate(async () => Object.keys(await chrome.storage.sync.get(null)).sort());

test('a "not a copy" pair and a copycat verdict reach a second profile through sync and apply there at once; kept on the device, nothing applies', async ({
  context,
  serviceWorker: swA,
  openExtensionPage,
  evalInContentScript,
}) => {
  const b = await secondProfile();
  try {
    // A: results flagged rather than collapsed (a setting: it travels too).
    const optionsA = await openExtensionPage('options.html');
    await setSettings(optionsA, { displayMode: 'flag' });
    const pageA = await openDemo(context);
    await expect.poll(() => marks(pageA)).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, false));

    // B: the same results page open, under its own settings (collapsed) until A's arrive.
    const pageB = await openDemo(b.context);
    await deliver(swA, b.sw);
    await expect.poll(() => marks(pageB), { message: "A's settings apply on B" }).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, false));

    // A: #3 is not a copy of #1, said on the page; A's sync gets the pair (written after a short wait).
    const ui = pageUi(pageA, evalInContentScript);
    await pageA.bringToFront();
    await ui('[data-resemble-rank="3"] resemble-ui', 'button.action').click();
    await expect.poll(() => marks(pageA)).toEqual(expectedMarks(DEMO_N, apart(3, 1), false));
    await expect.poll(() => syncedKeys(swA), { message: "the pair in A's storage.sync" }).toContain('c:p:0');
    await deliver(swA, b.sw);
    await expect.poll(() => marks(pageB), { message: 'B regroups its open page, no reload' }).toEqual(expectedMarks(DEMO_N, apart(3, 1), false));
    const pairsB = await b.sw.evaluate(async () => (await chrome.storage.local.get('notACopy')).notACopy as { a: string; b: string }[]);
    expect(pairsB).toHaveLength(1);

    // A: bookwiki.example (result #2) marked as a copycat in the options; B's page labels it, B's options list it.
    const mark = optionsA.locator('#copycat-mark');
    await mark.fill('bookwiki.example');
    await mark.press('Enter');
    await expect(optionsA.locator('.copycat-site[data-site="bookwiki.example"] .copycat-status')).toHaveText('Copycat: marked by you');
    await expect.poll(() => syncedKeys(swA)).toContain('c:v:0');
    const optionsB = await b.context.newPage();
    await optionsB.goto(new URL('options.html', b.sw.url()).href);
    await deliver(swA, b.sw);
    const labelB = pageB.locator('[data-resemble-rank="2"]');
    await expect(labelB, "the verdict's label on B's page").toHaveAttribute('data-resemble-copycat', /.+/);
    await expect(optionsB.locator('.copycat-site[data-site="bookwiki.example"] .copycat-status')).toHaveText('Copycat: marked by you');
    await expect(optionsB.getByTestId('sync-status')).toContainText("Choices in the browser's sync: 2");

    // B keeps its choices on the device: A's undo of the verdict arrives but does not apply.
    await optionsB.getByRole('switch', { name: 'Keep my choices on this device only' }).check();
    await expect(optionsB.getByTestId('sync-status')).toHaveText('Your choices and settings stay on this device.');
    await optionsA
      .locator('.copycat-site[data-site="bookwiki.example"]')
      .getByRole('button', { name: /^Not a copycat/ })
      .click();
    await expect
      .poll(async () => JSON.stringify(await swA.evaluate(async () => chrome.storage.sync.get('c:v:0'))), { message: "the undo in A's sync" })
      .toContain('"bookwiki.example",0');
    await setSettings(optionsA, { displayMode: 'collapse' });
    // B's listeners have had the change and B's sync is done with it: still marked, still flagged.
    await deliver(swA, b.sw, 'c:v:0');
    expect(await b.sw.evaluate(async () => (await chrome.storage.local.get('copycat:user'))['copycat:user'])).toMatchObject({ marked: ['bookwiki.example'] });
    await expect(labelB).toHaveAttribute('data-resemble-copycat', /.+/);
    expect(await marks(pageB)).toEqual(expectedMarks(DEMO_N, apart(3, 1), false));

    // Sync on again on B: the undo from A applies (the latest change), and B's page drops the label.
    await optionsB.getByRole('switch', { name: 'Keep my choices on this device only' }).uncheck();
    await expect(labelB).not.toHaveAttribute('data-resemble-copycat', /.+/);
    await expect(optionsB.locator('.copycat-site[data-site="bookwiki.example"] .copycat-status')).not.toHaveText('Copycat: marked by you');
  } finally {
    await b.close();
  }
});
