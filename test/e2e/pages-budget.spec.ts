/**
 * Issue #28, fetches and regrouping: a results page of 2,000 results (infinite scroll on Bing's markup,
 * as test/e2e/state-bounds.spec.ts builds it) with page checking on. Before, the page chose what the
 * background fetched (613 pages in a minute) and the regroups after each page kept the background busy
 * for most of it. Now:
 * (a) only the view's first 30 results are checked (lib/fetch/budget.ts): the route handler counts the
 *     extension's fetches, and the popup says the rest are beyond the budget;
 * (b) while the check runs, an extension page's settings/get is answered (the fetches of ranks 20 to 30
 *     are held, never answered: the check is still running when the answer comes; they end by the fetch
 *     policy's 10 s timeout).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'wxt/browser';
import type { TabState } from '../../lib/tab/tab-state';
import { CHECK_BUDGET } from '../../lib/fetch/budget';
import { decodeBytes } from '../../lib/text/decode';
import { BING_SPEC, appendResults, longResult } from '../../bench/long-page';
import type { BrowserContext, Page } from '@playwright/test';
import { GRANTED_EXTENSION_DIR, type ResembleFixtures, expect, test } from './fixtures';
import { enablePageChecking, openPopup } from './page-check-kit';

declare const chrome: typeof Browser;

test.use({ extensionDir: GRANTED_EXTENSION_DIR });

const BING = 'https://www.bing.com/search?q=sourdough+starter+budget&form=QBLH';
const N = 2000;
const FIXTURE_RESULTS = 4;
const HELD_FROM = 20;

function bingHtml(): string {
  const b = readFileSync(fileURLToPath(new URL('../fixtures/serp/bing-web.html', import.meta.url)));
  return decodeBytes(new Uint8Array(b.buffer, b.byteOffset, b.byteLength)).text;
}

type Sw = ResembleFixtures['sw'];
const tabIds = (sw: Sw) => sw(async () => (await chrome.tabs.query({})).map((t) => t.id!));

/** Opens a new tab and finds its id (as state-bounds.spec.ts does): its state is then read alone, not all of storage.session (2,000 results). */
async function openTab(context: BrowserContext, sw: Sw): Promise<{ page: Page; tabId: number }> {
  const before = new Set(await tabIds(sw));
  const page = await context.newPage();
  const fresh = (await tabIds(sw)).filter((id) => !before.has(id));
  expect(fresh, 'exactly one new tab').toHaveLength(1);
  return { page, tabId: fresh[0] };
}

const stateOf = (sw: Sw, tabId: number) => sw(async (id) => (await chrome.storage.session.get(`tab:${id}`))[`tab:${id}`] as TabState | undefined, tabId);

/** A result's own page: its words, enough main text to sketch. */
const pageOf = (rank: number) =>
  `<!doctype html><html><head><title>Story ${rank}</title></head><body><article><h1>Story ${rank}</h1><p>${Array.from({ length: 120 }, (_, w) => `s${rank}w${w}`).join(' ')}</p></article></body></html>`;

test('a 2,000-result page: only the first 30 results are checked, said in the popup, and the background answers meanwhile', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  extensionOrigin,
}) => {
  test.setTimeout(420_000);
  const ext = await enablePageChecking(openExtensionPage);
  // Every fetch of a result's page, by rank; ranks from HELD_FROM are held (the fetch policy's 10 s timeout ends them first).
  const asked: number[] = [];
  let answered = 0;
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await context.route(/^https:\/\/site\d+\.example\//, async (route) => {
    const rank = Number(new URL(route.request().url()).hostname.match(/^site(\d+)/)![1]);
    asked.push(rank);
    if (rank >= HELD_FROM) await held;
    await route.fulfill({ status: 200, contentType: 'text/html', body: pageOf(rank) }).catch(() => undefined);
    if (rank >= HELD_FROM) answered++;
  });
  await serveHtml(BING, bingHtml());
  const { page, tabId } = await openTab(context, sw);
  const tabStateOf = (_url: string) => stateOf(sw, tabId);
  await page.goto(BING);
  await expect.poll(async () => (await tabStateOf(BING))?.status, { message: 'the first results', timeout: 15_000 }).toBe('done');
  await page.evaluate(appendResults, { ...BING_SPEC, add: Array.from({ length: N - FIXTURE_RESULTS }, (_, i) => longResult(FIXTURE_RESULTS + 1 + i)) });

  // (b) The check is under way (a held page was asked for), and the background answers an extension page.
  await expect.poll(() => asked.some((r) => r >= HELD_FROM), { message: 'a held page is being fetched', timeout: 30_000 }).toBe(true);
  const settings = await ext.evaluate(() => chrome.runtime.sendMessage({ type: 'settings/get', payload: {} }));
  expect(settings, 'settings/get answered').toMatchObject({ ok: true, value: { pageChecking: true } });
  // Still running when it answered: no held page was answered, and the run's mark (removed when the run
  // ends, tab/check-pages.ts startChecks) is still there, read after the answer.
  expect(answered, 'no held page answered before settings/get did').toBe(0);
  expect(await sw((key) => chrome.storage.session.get(key).then((g) => key in g), `check:${tabId}`), 'the check still runs').toBe(true);

  // (a) The check ends within the budget: the first 30 results by rank, the rest said to be beyond it.
  await expect.poll(async () => (await tabStateOf(BING))?.results, { message: `${N} results recorded`, timeout: 200_000 }).toBe(N);
  await expect
    .poll(async () => (await tabStateOf(BING))?.checking, { message: 'the check ends', timeout: 60_000 })
    .toEqual({ done: CHECK_BUDGET.perView, total: CHECK_BUDGET.perView, beyond: N - CHECK_BUDGET.perView });
  const ranks = [...new Set(asked)].sort((a, b) => a - b);
  expect(asked.length, `pages fetched: ${asked.length}`).toBeLessThanOrEqual(CHECK_BUDGET.perView);
  expect(ranks, 'the first results, each once').toEqual(Array.from({ length: CHECK_BUDGET.perView - FIXTURE_RESULTS }, (_, i) => FIXTURE_RESULTS + 1 + i));
  expect(asked).toHaveLength(ranks.length);
  const state = (await tabStateOf(BING)) as TabState;
  expect(state.status).toBe('done');

  release();
  const popup = await openPopup(context, extensionOrigin, page);
  await expect(popup.locator('.budget')).toHaveText('Page checking looks at 30 of 2,000 results: the rest are beyond its budget.', { timeout: 15_000 });
});
