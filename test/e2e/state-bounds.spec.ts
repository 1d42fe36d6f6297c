/**
 * Issue #13, bounded state, end to end (storage.session holds 10 MB for everything):
 * 1. A results page of 1,000 results (infinite scroll, appended ≤ 200 at a time as a page does) is
 *    grouped, stored (under 1.5 MB for the tab) and listed in the popup. Before, every pair was kept:
 *    over the quota from ~400 results, and the tab stayed "working".
 * 2. State left by tabs that are gone makes room for a new tab's.
 * 3. A write that cannot fit is said in the popup, not swallowed.
 * 4. Lost and found whose report cannot be saved: before, each 800 ms poll found no report and started
 *    the search again (the dead URL fetched again each time); now one search runs and the page says so.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import type { TabState } from '../../lib/tab/tab-state';
import { decodeBytes } from '../../lib/text/decode';
import { GRANTED_EXTENSION_DIR, type ResembleFixtures, expect, test } from './fixtures';
import { BING_SPEC, appendResults, longResult } from '../../bench/long-page';

declare const chrome: typeof Browser;
type Sw = ResembleFixtures['sw'];

const BING = 'https://www.bing.com/search?q=sourdough+starter&form=QBLH&sp=-1';
const FIXTURE_RESULTS = 4;

function bingHtml(): string {
  const b = readFileSync(fileURLToPath(new URL('../fixtures/serp/bing-web.html', import.meta.url)));
  return decodeBytes(new Uint8Array(b.buffer, b.byteOffset, b.byteLength)).text;
}

const tabIds = (sw: Sw) => sw(async () => (await chrome.tabs.query({})).map((t) => t.id!));

/** Opens a new tab and finds its id: the one tab that was not there before (no `tabs` permission: URLs are hidden). */
async function openTab(context: BrowserContext, sw: Sw): Promise<{ page: Page; tabId: number }> {
  const before = new Set(await tabIds(sw));
  const page = await context.newPage();
  const fresh = (await tabIds(sw)).filter((id) => !before.has(id));
  expect(fresh, 'exactly one new tab').toHaveLength(1);
  return { page, tabId: fresh[0] };
}

/** How many results storage.session holds for the tab. */
const recordedResults = (sw: Sw, tabId: number) =>
  sw(async (id) => ((await chrome.storage.session.get(`results:${id}`))[`results:${id}`] as { results: unknown[] } | undefined)?.results.length, tabId);

const state = (sw: Sw, tabId: number) => sw(async (id) => (await chrome.storage.session.get(`tab:${id}`))[`tab:${id}`] as TabState | undefined, tabId);

/** Bytes of storage.session the tab's keys take (as Chrome counts them). */
const tabBytes = (sw: Sw, tabId: number) =>
  sw((id) => chrome.storage.session.getBytesInUse([`tab:${id}`, `results:${id}`, `groups:${id}`, `check:${id}`]), tabId);

async function popupText(context: BrowserContext, extensionOrigin: string, page: Page, expected: RegExp): Promise<string> {
  const popup = await context.newPage();
  await page.bringToFront();
  await popup.goto(`${extensionOrigin}popup.html`);
  await expect(popup.locator('main')).toContainText(expected, { timeout: 15_000 });
  const text = await popup.locator('main').innerText();
  await popup.close();
  return text;
}

test('a results page of 1,000 results (infinite scroll) is grouped, stored and listed in the popup', async ({ context, sw, serveHtml, extensionOrigin }) => {
  test.setTimeout(120_000);
  await serveHtml(BING, bingHtml());
  const { page, tabId } = await openTab(context, sw);
  await page.goto(BING);
  await expect.poll(async () => (await state(sw, tabId))?.status, { message: 'the first results', timeout: 10_000 }).toBe('done');
  // 996 more, at most 200 a time, each round once the last is recorded (a reader scrolling on).
  for (let from = FIXTURE_RESULTS + 1; from <= 1000; from += 200) {
    const add = Array.from({ length: Math.min(200, 1001 - from) }, (_, i) => longResult(from + i));
    await page.evaluate(appendResults, { ...BING_SPEC, add });
    const total = from + add.length - 1;
    await expect
      .poll(
        async () => {
          const s = await state(sw, tabId);
          return s && { results: s.results, status: s.status, saveError: s.saveError };
        },
        { message: `${total} results recorded`, timeout: 30_000 },
      )
      .toEqual({ results: total, status: 'done', saveError: undefined });
  }
  const s = (await state(sw, tabId))!;
  // Ranks 25, 50, … 1000 copy the result 10 before: 40 groups of two (the fixture's own results make none).
  const late = s.groups?.find((g) => g.representative === 990);
  expect(late?.members.map((m) => m.rank)).toEqual([1000]);
  expect(s.groups?.filter((g) => g.representative > FIXTURE_RESULTS)).toHaveLength(40);
  expect(await recordedResults(sw, tabId)).toBe(1000);
  const bytes = await tabBytes(sw, tabId);
  test.info().annotations.push({ type: 'size', description: `storage.session for a 1,000-result tab: ${bytes.toLocaleString('en')} bytes` });
  expect(bytes).toBeLessThan(1_500_000);
  // The page marks the copies too.
  await expect(page.locator('[data-resemble-rank="1000"]')).toHaveAttribute('data-resemble-role', 'copy');
  const text = await popupText(context, extensionOrigin, page, /Story 990 of the long page/);
  expect(text).toMatch(/1,?000 results/);
});

test("state left by tabs that are gone makes room for a new tab's", async ({ context, sw, serveHtml }) => {
  // Storage all but full (2 KB left) with a tab closed while the service worker was stopped (its onRemoved never handled).
  await sw(async () => {
    const results = [
      { rank: 1, url: 'https://old.example/', title: 'Old', snippet: 'y'.repeat(chrome.storage.session.QUOTA_BYTES - 2300), displayUrl: 'old.example' },
    ];
    await chrome.storage.session.set({
      'results:987654': { url: 'https://www.bing.com/search?q=old', engine: 'bing', query: 'old', results },
      'tab:987654': { tabId: 987654, results: 1, status: 'done' },
    });
  });
  expect(await sw(async () => chrome.storage.session.QUOTA_BYTES - (await chrome.storage.session.getBytesInUse(null)))).toBeLessThan(2500);
  await serveHtml(BING, bingHtml());
  const { page, tabId } = await openTab(context, sw);
  await page.goto(BING);
  await expect.poll(async () => (await state(sw, tabId))?.status, { message: 'the new tab is done', timeout: 15_000 }).toBe('done');
  // Room was made for the whole of it (the popup's state and the tab's results), not a note.
  await expect.poll(() => recordedResults(sw, tabId), { timeout: 15_000 }).toBe(FIXTURE_RESULTS);
  expect(await sw(async () => Object.keys(await chrome.storage.session.get(['results:987654', 'tab:987654'])))).toEqual([]);
  expect((await state(sw, tabId))?.saveError).toBeUndefined();
});

test('a tab state that cannot be saved is said in the popup', async ({ context, sw, serveHtml, extensionOrigin }) => {
  // Something that is no tab's state fills storage.session: nothing can be made room of.
  await sw(() => chrome.storage.session.set({ 'e2e-filler': 'z'.repeat(chrome.storage.session.QUOTA_BYTES - 1000) }));
  await serveHtml(BING, bingHtml());
  const { page } = await openTab(context, sw);
  await page.goto(BING);
  const text = await popupText(context, extensionOrigin, page, /could not save this tab's state/);
  expect(text).toMatch(/quota/i);
  // The groups are still listed from what the background holds.
  expect(text).toMatch(/4 results/);
});

test.describe('with access to sites', () => {
  test.use({ extensionDir: GRANTED_EXTENSION_DIR });

  test('lost and found whose report cannot be saved runs once, says so, and polls do not start it again', async ({ context, sw, extensionOrigin }) => {
    const DEAD = 'https://gone.example/essays/walking';
    let fetched = 0;
    await context.route(DEAD, (route) => {
      fetched++;
      return route.fulfill({ status: 404, contentType: 'text/html', body: '<h1>Not Found</h1>' });
    });
    await sw(() => chrome.storage.session.set({ 'e2e-filler': 'z'.repeat(chrome.storage.session.QUOTA_BYTES - 1000) }));
    // The lost-and-found page polls every 800 ms until the report is done.
    const page = await context.newPage();
    await page.goto(`${extensionOrigin}lost.html?url=${encodeURIComponent(DEAD)}`);
    await expect(page.getByTestId('save-error')).toContainText(/could not save this search: .*quota/i);
    await expect(page.getByRole('button', { name: 'Search again' }).first(), 'the search ends').toBeVisible({ timeout: 20_000 });
    expect(fetched, 'the dead URL checked again once, not once per poll').toBe(1);
  });
});
