/**
 * Issue #13, "hold under attack and load", on the results page, end to end:
 *
 * 1. A page script that forges WXT's `<id>:results:wxt:content-script-started` event does not switch
 *    the content script off: the copies keep their reveal controls and settings still regroup the page.
 * 2. When the extension really leaves the page (reloaded), the page is given back: every copy shown,
 *    every control and mark gone.
 * 3. A page script cannot reach into Resemble's UI (closed shadow roots).
 * 4. The service worker stopped while a 200-result page is grouped: the content script asks again, the
 *    page ends grouped and the tab "done".
 * 5. Bad page input drops nothing: 450 results in one read, a 5,001-character snippet, a 1,001-character
 *    title and a 5,000-character URL; the page is grouped and the tab counts every result but the URL.
 *
 * The results pages of 4 and 5 are Mojeek's markup (the plainest of the engines read), built here.
 */
import type { Page } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { loadDemo } from '../../scripts/start-demo.mjs';
import { expect, test } from './fixtures';
import { pageUi } from './page-ui-kit';
import { applied, openDemo, tabStateOf } from './page-check-kit';

declare const chrome: typeof Browser;

const demo = loadDemo();
const DEMO_GROUPS = demo.groups.map((g) => g.ranks);

/** Ranks hidden by Resemble, and results laid out, in document order. */
const pageView = (page: Page) =>
  page.evaluate(() => ({
    hidden: [...document.querySelectorAll('[data-resemble-hidden]')].map((e) => Number(e.getAttribute('data-resemble-rank'))),
    uis: document.querySelectorAll('resemble-ui, resemble-checking').length,
    marked: [...document.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => a.name.startsWith('data-resemble-'))).length,
  }));

const hiddenCopies = DEMO_GROUPS.flatMap((g) => g.slice(1)).sort((a, b) => a - b);

test('a page script forging WXT’s content-script-started event does not switch the script off', async ({
  context,
  extensionId,
  evalInContentScript,
  openExtensionPage,
}) => {
  const page = await openDemo(context);
  const ui = pageUi(page, evalInContentScript);
  await expect.poll(() => ui('resemble-ui', 'button:not(.action)').count()).toBe(DEMO_GROUPS.length);
  // What a page can do once it knows the extension's id (it is in every chrome-extension:// URL the
  // extension exposes): the event a newer copy of a WXT content script sends to stop older ones.
  await page.evaluate((id) => {
    const type = `${id}:results:wxt:content-script-started`;
    document.dispatchEvent(new CustomEvent(type, { detail: { contentScriptName: 'results', messageId: 'forged' } }));
    window.postMessage({ type, contentScriptName: 'results', messageId: 'forged' }, '*');
  }, extensionId);
  // Still there (WXT's listener runs as the event is dispatched, so it has run by now): the hidden copies
  // keep their reveal controls, and one still reveals them.
  expect(await ui('resemble-ui', 'button:not(.action)').count(), 'reveal controls after the forged event').toBe(DEMO_GROUPS.length);
  expect((await pageView(page)).hidden).toEqual(hiddenCopies);
  await ui('[data-resemble-rank="1"] resemble-ui', 'button').click();
  await expect.poll(async () => (await pageView(page)).hidden, 'the copies of #1 revealed').toEqual(hiddenCopies.filter((r) => r !== 3 && r !== 6));
  // And still listening: flag mode from the settings relabels the page.
  const ext = await openExtensionPage('options.html');
  await ext.evaluate(() => chrome.runtime.sendMessage({ type: 'settings/set', payload: { displayMode: 'flag' } }));
  await expect.poll(async () => (await pageView(page)).hidden, 'flag mode hides nothing').toEqual([]);
  await expect.poll(() => ui('resemble-ui', '.label').count()).toBe(hiddenCopies.length);
});

test('when the extension leaves the page (reloaded), the page is given back: every copy shown, every control and mark gone', async ({ context, sw }) => {
  const page = await openDemo(context);
  expect((await pageView(page)).hidden).toEqual(hiddenCopies);
  await sw(() => void setTimeout(() => chrome.runtime.reload(), 50));
  await expect.poll(() => pageView(page), { message: 'the page after the extension left', timeout: 15_000 }).toEqual({ hidden: [], uis: 0, marked: 0 });
  await expect(page.locator('#resemble-hidden-style')).toHaveCount(0);
  for (const r of demo.results) await expect(page.locator(`a[href="${r.url}"]`).first()).toBeVisible();
});

test('a page script cannot reach into Resemble’s UI: its shadow roots are closed', async ({ context }) => {
  const page = await openDemo(context);
  const seen = await page.evaluate(() => {
    const hosts = [...document.querySelectorAll('resemble-ui')];
    return { hosts: hosts.length, open: hosts.filter((h) => h.shadowRoot).length };
  });
  expect(seen.hosts).toBeGreaterThan(0);
  expect(seen.open, 'shadow roots a page script can open').toBe(0);
});

// ---------------------------------------------------------------------------------------------------
// Pages built here: Mojeek's markup

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Row {
  url: string;
  title: string;
  snippet: string;
}

function mojeekPage(rows: readonly Row[]): string {
  const items = rows.map(
    (r) =>
      `<li><a class="ob" href="${esc(r.url)}"><p class="url">${esc(r.url.slice(8, 70))}</p></a><h2><a class="title" href="${esc(r.url)}">${esc(r.title)}</a></h2><p class="s">${esc(r.snippet)}</p></li>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mojeek</title></head><body><ul class="results-standard">${items.join('\n')}</ul></body></html>`;
}

/** Seeded words: every result's snippet its own, but #k and #k+half say the same for k ≤ pairs. */
function rowsWithPairs(n: number, pairs: number): Row[] {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const vocab = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}x`);
  const text = () => Array.from({ length: 30 }, () => vocab[Math.floor(rnd() * vocab.length)]).join(' ');
  const rows = Array.from({ length: n }, (_, i) => ({
    url: `https://site${i + 1}.example/article/${i + 1}`,
    title: `Article ${i + 1} ${text().slice(0, 30)}`,
    snippet: text(),
  }));
  const half = Math.floor(n / 2);
  for (let k = 0; k < pairs; k++) rows[half + k] = { ...rows[half + k], title: rows[k].title, snippet: rows[k].snippet };
  return rows;
}

const mojeekUrl = (q: string) => `https://www.mojeek.com/search?q=${encodeURIComponent(q).replace(/%20/g, '+')}`;

const clusters = (page: Page) =>
  page.evaluate(() => new Set([...document.querySelectorAll('[data-resemble-cluster]')].map((e) => e.getAttribute('data-resemble-cluster'))).size);

test('the service worker stopped while a 200-result page is grouped: the content script asks again; the page ends grouped, the tab done', async ({
  context,
  sw,
  serveHtml,
  restartServiceWorker,
}) => {
  const url = mojeekUrl('two hundred results');
  await serveHtml(url, mojeekPage(rowsWithPairs(200, 8)));
  await sw(() => true); // running, so that the stop below falls in the grouping
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  // The ranks are marked as the results are sent: the background is grouping them from then on.
  await page.waitForSelector('[data-resemble-rank="200"]', { state: 'attached' });
  const sentAt = Date.now();
  await restartServiceWorker();
  const restartMs = Date.now() - sentAt;
  test.info().annotations.push({ type: 'restart', description: `service worker stopped and started ${restartMs} ms after the results were sent` });
  await applied(page);
  await expect.poll(() => clusters(page), { message: 'groups on the page' }).toBe(8);
  await expect.poll(async () => (await tabStateOf(sw, url))?.status, { message: 'the tab’s state', timeout: 15_000 }).toBe('done');
  const state = (await tabStateOf(sw, url))!;
  expect(state.results).toBe(200);
  expect(state.groups).toHaveLength(8);
});

test('bad page input drops nothing: 450 results at once, a 5,001-character snippet, a 1,001-character title, a 5,000-character URL; a refused batch is said in the popup', async ({
  context,
  sw,
  serveHtml,
  extensionOrigin,
  evalInContentScript,
}) => {
  const rows = rowsWithPairs(450, 5);
  rows[10] = { ...rows[10], snippet: `${rows[10].snippet} ${'long snippet words '.repeat(300)}`.slice(0, 5001) };
  rows[20] = { ...rows[20], title: `${rows[20].title} ${'t'.repeat(1001)}`.slice(0, 1001) };
  rows[30] = { ...rows[30], url: `https://long.example/${'a'.repeat(5000 - 21)}` };
  expect([rows[10].snippet.length, rows[20].title.length, rows[30].url.length]).toEqual([5001, 1001, 5000]);
  const url = mojeekUrl('bad input');
  await serveHtml(url, mojeekPage(rows));
  const page = await context.newPage();
  await page.goto(url);
  await applied(page);
  // Every result but the one whose URL cannot be clipped is read (the clipped ones included), and the
  // five pairs are grouped.
  await expect.poll(async () => (await tabStateOf(sw, url))?.results, { message: 'results the tab counts', timeout: 20_000 }).toBe(449);
  await expect.poll(async () => (await tabStateOf(sw, url))?.status, { timeout: 20_000 }).toBe('done');
  await expect.poll(() => clusters(page), { message: 'groups on the page' }).toBe(5);
  expect(await page.locator('[data-resemble-rank]').count()).toBe(449);
  for (const r of [11, 21])
    await expect(
      page
        .locator(`a[href="${rows[r - 1].url}"]`)
        .first()
        .locator('xpath=ancestor::li'),
    ).toHaveAttribute('data-resemble-rank', String(r));
  await expect(page.locator('a[href^="https://long.example/"]').first().locator('xpath=ancestor::li')).not.toHaveAttribute('data-resemble-rank', /./);

  // A batch past the limits (as a content script of an older version might send) is refused: the
  // popup says so, and the results already read stay grouped.
  const refused = await evalInContentScript<{ ok: boolean }>(
    page,
    `chrome.runtime.sendMessage({ type: 'page/results', payload: { engine: 'mojeek', url: location.href, query: 'bad input', append: true, results: [{ rank: 451, url: 'https://x.example/', title: 't'.repeat(1001), snippet: '', displayUrl: '' }] } })`,
  );
  expect(refused.ok).toBe(false);
  const popup = await context.newPage();
  await page.bringToFront();
  await popup.goto(`${extensionOrigin}popup.html`);
  await expect(popup.getByTestId('refused')).toContainText('could not be read');
  expect((await tabStateOf(sw, url))?.results).toBe(449);
});
