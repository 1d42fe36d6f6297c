/**
 * Results pages end to end: the content script reads the repo's own fixtures served at real results URLs,
 * the background records what it read for the tab (storage.session `results:<tabId>` and `tab:<tabId>`)
 * and keeps a snippet sketch per result in IndexedDB.
 *
 * 1. Google, Bing, DuckDuckGo (JS site and html.duckduckgo.com): what the background recorded equals what
 *    lib's extract() gives for the same HTML and URL in Node (linkedom), and the unit tests' pins.
 * 2. Results the page adds later (infinite scroll): only the new ones are sent, ranks continue, nothing
 *    twice; an unrelated change of the page sends nothing. Results added while the first batch is still
 *    being sketched: the tab state ends counting every recorded result (one tab's batches are handled
 *    in order).
 * 3. A page without results: reported once as unreadable after the content script's 4 s wait; the popup
 *    says so.
 * 4. An engine turned off in the settings: the tab is 'disabled', nothing read, nothing stored.
 * 5. Navigation: a tab loading another page forgets the last one; a pushState to another query is read
 *    afresh.
 *
 * The tab id of a page: the extension has neither the `tabs` permission nor host permissions, so
 * chrome.tabs.query() hides the tabs' URLs; a page's tab is the one tab that appeared when it was opened.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { parseHTML } from 'linkedom';
import type { Browser } from 'wxt/browser';
import { extract } from '../../lib/engines/extract';
import type { Extraction } from '../../lib/engines/types';
import type { ResultItem } from '../../lib/group/result-item';
import type { TabState } from '../../lib/tab/tab-state';
import type { EngineId } from '../../lib/settings';
import { decodeBytes } from '../../lib/text/decode';
import { type ResembleFixtures, expect, test } from './fixtures';
import { type HookScope, requireHook } from './hook';
import { stayTrue } from './wait';

/** The extension API, in functions evaluated in the service worker, extension pages and the content script. */
declare const chrome: typeof Browser;

type Sw = ResembleFixtures['sw'];
type EvalInContentScript = ResembleFixtures['evalInContentScript'];

// ---------------------------------------------------------------------------------------------------
// Helpers

const SERP_DIR = fileURLToPath(new URL('../fixtures/serp/', import.meta.url));

/** A fixture of test/fixtures/serp decoded the way the unit tests decode it. */
function fixture(file: string): string {
  const b = readFileSync(SERP_DIR + file);
  return decodeBytes(new Uint8Array(b.buffer, b.byteOffset, b.byteLength)).text;
}

/** lib's extract() over linkedom, as the unit tests and the CLI run it. */
function extractInNode(html: string, url: string, edit?: (doc: Document) => void): Extraction {
  const doc = parseHTML(html).document as unknown as Document;
  edit?.(doc);
  const x = extract(doc, url);
  if (!x) throw new Error(`extract() recognizes no results page at ${url}`);
  return x;
}

/** What the background keeps for a tab (entrypoints/background/tab/page-results.ts). */
interface TabResults {
  url: string;
  engine: string;
  query: string;
  results: ResultItem[];
}

interface Recorded {
  state?: TabState;
  record?: TabResults;
}

/** The tab's state and results as the background recorded them in storage.session. */
const recorded = (sw: Sw, tabId: number): Promise<Recorded> =>
  sw(async (id) => {
    const keys = [`results:${id}`, `tab:${id}`];
    const got = await chrome.storage.session.get(keys);
    return { record: got[keys[0]] as TabResults | undefined, state: got[keys[1]] as TabState | undefined };
  }, tabId);

const tabIds = (sw: Sw) => sw(async () => (await chrome.tabs.query({})).map((t) => t.id!));

/** Opens a new tab and finds its id: the one tab that was not there before. */
async function openTab(context: BrowserContext, sw: Sw): Promise<{ page: Page; tabId: number }> {
  const before = new Set(await tabIds(sw));
  const page = await context.newPage();
  const fresh = (await tabIds(sw)).filter((id) => !before.has(id));
  expect(fresh, 'exactly one new tab').toHaveLength(1);
  return { page, tabId: fresh[0] };
}

/** The store's view of a URL, through the background's test hook. */
const recall = (sw: Sw, urls: string[]) =>
  sw(async (urls) => {
    const h = (globalThis as unknown as HookScope).__resemble!;
    return Promise.all(urls.map((u) => h.recall(u)));
  }, urls);

const usage = (sw: Sw) => sw(() => (globalThis as unknown as HookScope).__resemble!.usage());

/** What a content script sent, as the spy below records it. */
interface Sent {
  type: string;
  payload: { engine: string; url: string; query: string; results: ResultItem[]; append?: boolean; disabled?: boolean };
}

/**
 * Wraps chrome.runtime.sendMessage in the content script's isolated world so that every message it sends
 * from now on is recorded (and still delivered). The content script calls browser.runtime.sendMessage,
 * which is the same object there.
 */
async function spyOnContentScript(evalIn: EvalInContentScript, page: Page): Promise<() => Promise<Sent[]>> {
  const replaced = await evalIn<boolean>(
    page,
    `(() => {
      const g = globalThis;
      if (!g.__e2eSent) {
        g.__e2eSent = [];
        const original = chrome.runtime.sendMessage;
        chrome.runtime.sendMessage = function (msg, ...rest) {
          g.__e2eSent.push(JSON.parse(JSON.stringify(msg)));
          return original.call(this, msg, ...rest);
        };
      }
      return typeof browser === 'undefined' || browser.runtime.sendMessage === chrome.runtime.sendMessage;
    })()`,
  );
  expect(replaced, 'the spy sits where the content script sends from').toBe(true);
  return () => evalIn<Sent[]>(page, 'globalThis.__e2eSent');
}

/** Opens the real popup with `page` as the active tab (the popup asks tab/state for the active tab) and returns its text. */
async function popupText(context: BrowserContext, extensionOrigin: string, page: Page, expected: RegExp): Promise<string> {
  const popup = await context.newPage(); // the new tab is active: bring the results page back to the front before the popup loads
  await page.bringToFront();
  await popup.goto(`${extensionOrigin}popup.html`);
  await expect(popup.locator('main')).toContainText(expected);
  const text = await popup.locator('main').innerText();
  await popup.close();
  return text;
}

const pin = (r: { url: string; title: string } | undefined) => ({ url: r?.url, title: r?.title });

// ---------------------------------------------------------------------------------------------------
// 1. Each engine's fixture, read in the browser and in Node

interface Pin {
  url: string;
  title: string;
}

interface Case {
  name: string;
  file: string;
  url: string;
  engine: EngineId;
  query: string;
  /** The pins of the unit test for this fixture (test/unit/serp-*.test.ts). */
  count: number;
  first: Pin;
  last: Pin;
}

// Copied from test/unit/serp-bing-ddg-yahoo-baidu.test.ts and test/unit/serp-google.test.ts.
const KA = { url: 'https://www.kingarthurbaking.com/recipes/sourdough-starter-recipe', title: 'Sourdough Starter Recipe | King Arthur Baking' };
const WIKI = { url: 'https://en.wikipedia.org/wiki/Sourdough', title: 'Sourdough - Wikipedia' };

const CASES: Case[] = [
  {
    name: 'Google',
    file: 'google-js.html',
    url: 'https://www.google.com/search?q=lighthouse+history&hl=en',
    engine: 'google',
    query: 'lighthouse history',
    count: 8,
    first: { url: 'https://www.lighthouse-atlas.example/history/ancient', title: 'Ancient Lighthouses: From Fires to Towers' },
    last: { url: 'https://www.nps.example/subjects/lighthouses/history.htm', title: 'Lighthouse History (U.S. National Park Service)' },
  },
  {
    name: 'Google (a country domain, 2025 markup)',
    file: 'google-js-2025.html',
    url: 'https://www.google.de/search?q=sauerteig+brot+rezept&hl=de',
    engine: 'google',
    query: 'sauerteig brot rezept',
    count: 4,
    first: { url: 'https://www.brotdoc.example/sauerteigbrot/', title: 'Sauerteigbrot backen: das Grundrezept' },
    last: { url: 'https://www.ploetzblog.example/2024/01/einfaches-sauerteigbrot/', title: 'Einfaches Sauerteigbrot – Plötzblog' },
  },
  {
    name: 'Bing',
    file: 'bing-web.html',
    url: 'https://www.bing.com/search?q=sourdough+starter&form=QBLH&sp=-1',
    engine: 'bing',
    query: 'sourdough starter',
    count: 4,
    first: KA,
    last: WIKI,
  },
  {
    name: 'DuckDuckGo (JS site)',
    file: 'duckduckgo-js.html',
    url: 'https://duckduckgo.com/?q=sourdough+starter&t=h_&ia=web',
    engine: 'duckduckgo',
    query: 'sourdough starter',
    count: 3,
    first: KA,
    last: WIKI,
  },
  {
    name: 'DuckDuckGo (html.duckduckgo.com)',
    file: 'duckduckgo-html.html',
    url: 'https://html.duckduckgo.com/html/?q=sourdough+starter',
    engine: 'duckduckgo',
    query: 'sourdough starter',
    count: 3,
    first: KA,
    last: WIKI,
  },
];

for (const c of CASES) {
  test(`${c.name}: the background records the results lib's extract() reads from ${c.file}, and sketches their snippets`, async ({
    context,
    sw,
    serveHtml,
  }) => {
    await requireHook(sw);
    const html = fixture(c.file);
    const node = extractInNode(html, c.url);
    // The library in Node agrees with the unit test's pins (so both sides below are pinned too).
    expect(
      { engine: node.engine, query: node.query, count: node.results.length, first: pin(node.results[0]), last: pin(node.results.at(-1)) },
      'extract() in Node',
    ).toEqual({
      engine: c.engine,
      query: c.query,
      count: c.count,
      first: c.first,
      last: c.last,
    });

    await serveHtml(c.url, html);
    const { page, tabId } = await openTab(context, sw);
    const t0 = Date.now();
    await page.goto(c.url);
    await expect.poll(async () => (await recorded(sw, tabId)).state?.status, { message: 'tab state', timeout: 10_000 }).toBe('done');
    const readMs = Date.now() - t0;

    const { state, record } = await recorded(sw, tabId);
    expect(record, 'results recorded for the tab').toBeDefined();
    const got = record!;
    expect({
      url: got.url,
      engine: got.engine,
      query: got.query,
      count: got.results.length,
      first: pin(got.results[0]),
      last: pin(got.results.at(-1)),
    }).toEqual({
      url: c.url,
      engine: c.engine,
      query: c.query,
      count: c.count,
      first: c.first,
      last: c.last,
    });
    // Every field of every result, as the library reads it in Node.
    expect(got.results, 'the content script reads what extract() reads in Node').toEqual(node.results);
    expect(state).toMatchObject({ tabId, url: c.url, engine: c.engine, query: c.query, results: c.count, status: 'done' });

    // The page gets its groups first; the snippet sketches are stored right after.
    await expect
      .poll(
        async () =>
          (
            await recall(
              sw,
              got.results.map((r) => r.url),
            )
          ).every((r) => r?.hasSnippet),
        { message: 'sketches stored', timeout: 10_000 },
      )
      .toBe(true);
    const stored = await recall(
      sw,
      got.results.map((r) => r.url),
    );
    for (const [i, r] of got.results.entries()) {
      expect(stored[i], `a snippet sketch for result ${r.rank} (${r.url})`).toMatchObject({ url: r.url, title: r.title, hasSnippet: true });
    }
    expect((await usage(sw)).entries).toBe(c.count);
    test.info().annotations.push({ type: 'timing', description: `${c.count} results read and grouped ${readMs} ms after navigation started` });
  });
}

// ---------------------------------------------------------------------------------------------------
// 2. Results the page adds later

interface AppendSpec {
  /** The results list the page appends to. */
  list: string;
  /** Items of the list that are organic results: the last one is cloned. */
  item: string;
  /** Within an item: the title link, its snippet and display URL. */
  link: string;
  snippet: string;
  displayUrl: string;
  add: { url: string; title: string; snippet: string }[];
}

/**
 * Appends results to the page as infinite scroll does: clones of the last organic item with their own
 * URL, title, snippet and display URL. Plain DOM code: runs in the page and over linkedom in Node.
 */
function appendResults(doc: Document, spec: AppendSpec): void {
  const list = doc.querySelector(spec.list);
  const items = doc.querySelectorAll(spec.item);
  const template = items[items.length - 1];
  if (!list || !template) throw new Error(`no ${spec.list} / ${spec.item} in the page`);
  for (const r of spec.add) {
    const clone = template.cloneNode(true) as Element;
    for (const el of [clone, ...Array.from(clone.querySelectorAll('[id]'))]) el.removeAttribute('id');
    for (const a of Array.from(clone.querySelectorAll('a[href]'))) a.setAttribute('href', r.url);
    const link = clone.querySelector(spec.link);
    if (link) link.textContent = r.title;
    const snippet = clone.querySelector(spec.snippet);
    if (snippet) snippet.textContent = r.snippet;
    for (const d of Array.from(clone.querySelectorAll(spec.displayUrl))) d.textContent = r.url.replace(/^https:\/\//, '');
    list.appendChild(clone);
  }
}

const runInPage = (page: Page, spec: AppendSpec) => page.evaluate(`(${appendResults.toString()})(document, ${JSON.stringify(spec)})`);

const more = (n: number, from: number) =>
  Array.from({ length: n }, (_, i) => ({
    url: `https://www.loaf-notes.example/starter/page-${from + i}`,
    title: `Starter notes, part ${from + i}`,
    snippet: `Part ${from + i}: feeding ratios, temperatures and the smell of a ripe starter on day ${from + i + 3}.`,
  }));

const APPEND_CASES: { name: string; engine: EngineId; file: string; url: string; spec: Omit<AppendSpec, 'add'> }[] = [
  {
    name: 'Bing',
    engine: 'bing',
    file: 'bing-web.html',
    url: 'https://www.bing.com/search?q=sourdough+starter&form=QBLH&sp=-1',
    spec: { list: 'ol#b_results', item: '#b_results > li.b_algo', link: 'h2 a', snippet: '.b_caption p', displayUrl: 'cite' },
  },
  {
    name: 'DuckDuckGo',
    engine: 'duckduckgo',
    file: 'duckduckgo-js.html',
    url: 'https://duckduckgo.com/?q=sourdough+starter&t=h_&ia=web',
    spec: {
      list: 'ol.react-results--main',
      item: 'ol.react-results--main > li[data-layout="organic"]',
      link: 'a[data-testid="result-title-a"]',
      snippet: '[data-result="snippet"]',
      displayUrl: 'a[data-testid="result-extras-url-link"]',
    },
  },
];

for (const c of APPEND_CASES) {
  test(`${c.name}: results the page adds later are sent once each, ranks continuing; other changes send nothing`, async ({
    context,
    sw,
    serveHtml,
    evalInContentScript,
  }) => {
    await requireHook(sw);
    const html = fixture(c.file);
    const first = extractInNode(html, c.url).results;
    await serveHtml(c.url, html);
    const { page, tabId } = await openTab(context, sw);
    await page.goto(c.url);
    await expect.poll(async () => (await recorded(sw, tabId)).state?.status, { message: 'first report', timeout: 10_000 }).toBe('done');
    expect((await recorded(sw, tabId)).record?.results).toEqual(first);
    const sent = await spyOnContentScript(evalInContentScript, page);

    // Two rounds of "more results": two, then one.
    const rounds = [more(2, 1), more(1, 3)];
    const added: AppendSpec['add'] = [];
    let expected = first;
    for (const add of rounds) {
      const spec = { ...c.spec, add };
      added.push(...add);
      const t0 = Date.now();
      await runInPage(page, spec);
      // In Node: the same fixture with everything appended so far.
      expected = extractInNode(html, c.url, (doc) => appendResults(doc, { ...c.spec, add: added })).results;
      expect(
        expected.slice(-add.length).map((r) => r.url),
        'the appended blocks are results for the library',
      ).toEqual(add.map((r) => r.url));
      await expect
        .poll(async () => (await recorded(sw, tabId)).state, { message: `results after appending ${add.length}`, timeout: 5_000 })
        .toMatchObject({ results: expected.length, status: 'done' });
      const ms = Date.now() - t0;
      const { record, state } = await recorded(sw, tabId);
      expect(record?.results, 'the recorded results grew by exactly the new ones, ranks continuing').toEqual(expected);
      expect(record?.results.map((r) => r.rank)).toEqual(expected.map((_, i) => i + 1));
      expect(new Set(record?.results.map((r) => r.url)).size, 'no URL twice').toBe(expected.length);
      expect(state).toMatchObject({ tabId, url: c.url, engine: c.engine, query: 'sourdough starter', results: expected.length, status: 'done' });
      test.info().annotations.push({ type: 'timing', description: `${add.length} appended result(s) recorded in ${ms} ms` });
    }
    // What went over the wire: one append per round, with only that round's results.
    const messages = await sent();
    expect(
      messages.map((m) => ({ type: m.type, append: m.payload.append, urls: m.payload.results.map((r) => r.url), ranks: m.payload.results.map((r) => r.rank) })),
    ).toEqual([
      { type: 'page/results', append: true, urls: rounds[0].map((r) => r.url), ranks: [first.length + 1, first.length + 2] },
      { type: 'page/results', append: true, urls: rounds[1].map((r) => r.url), ranks: [first.length + 3] },
    ]);
    const stored = await recall(
      sw,
      added.map((r) => r.url),
    );
    for (const [i, r] of added.entries()) expect(stored[i], r.url).toMatchObject({ url: r.url, title: r.title, hasSnippet: true });

    // An unrelated change of the page: nothing is sent again.
    const before = await recorded(sw, tabId);
    await page.evaluate(() => {
      const note = document.createElement('div');
      note.className = 'footer-note';
      note.textContent = 'Results are personalised. Learn more.';
      document.body.appendChild(note);
      document.body.appendChild(document.createElement('span')).textContent = 'ok';
    });
    // Only a window can show this: the watcher's read that finds nothing new leaves no trace (no message,
    // no state) to wait for. Watched throughout 1 s, four times the watcher's 250 ms settle time.
    await stayTrue(async () => (await sent()).length === 2, { ms: 1_000, message: 'something was sent after an unrelated change' });
    expect(await recorded(sw, tabId), 'results unchanged').toEqual(before);
  });
}

/**
 * Each page/results message is handled on its own (entrypoints/background/tab/page-results.ts): it records the
 * results, sketches, then writes the tab state with the count it saw when it recorded. A batch that
 * finishes after a later one (its sketches waited for the Worker) writes its older, smaller count last.
 */
test('Bing: results added while the first ones are still being sketched: the tab state ends with every result', async ({ context, sw, serveHtml }) => {
  await requireHook(sw);
  const c = APPEND_CASES[0];
  const html = fixture(c.file);
  const add = more(2, 1);
  const expected = extractInNode(html, c.url, (doc) => appendResults(doc, { ...c.spec, add })).results;
  // The appended results were seen on an earlier page (their snippet sketches are in the store), and the
  // Worker is busy for a moment (another tab's page, say): the first batch's sketches wait for the Worker
  // (its groups do not: a page's few snippets are grouped in the background) while the appended one,
  // with nothing to sketch, is done at once.
  await sw(async (add) => {
    const h = (globalThis as unknown as HookScope).__resemble!;
    for (const r of add) await h.remember(r.url, r.title, r.snippet, 'snippet');
    const g = globalThis as unknown as { __e2eBusy?: Promise<unknown> };
    g.__e2eBusy = h.diagnose('hang', 2_500, { timeoutMs: 10_000 }).catch((e: unknown) => e);
  }, add);
  await serveHtml(c.url, html);
  const { page, tabId } = await openTab(context, sw);
  await page.goto(c.url);
  await expect.poll(async () => (await recorded(sw, tabId)).state, { message: 'first batch in progress', timeout: 5_000 }).toMatchObject({ results: 4 });
  await runInPage(page, { ...c.spec, add });
  await expect
    .poll(async () => (await recorded(sw, tabId)).record?.results.length, { message: 'appended batch recorded', timeout: 5_000 })
    .toBe(expected.length);
  // Wait for the first batch to finish: its snippet sketches are stored right before its last state write.
  await expect
    .poll(
      async () =>
        (
          await recall(
            sw,
            expected.slice(0, 4).map((r) => r.url),
          )
        ).every((r) => r?.hasSnippet),
      { message: 'first batch sketched', timeout: 10_000 },
    )
    .toBe(true);
  // The first batch's last tab-state write lands right after its sketches: wait for the state to count every result.
  await expect
    .poll(async () => (await recorded(sw, tabId)).state, { message: 'the tab state after both batches', timeout: 10_000 })
    .toMatchObject({ results: expected.length, status: 'done' });
  const { state, record } = await recorded(sw, tabId);
  expect(record?.results, 'every result recorded').toEqual(expected);
  expect(state, 'the tab state counts every recorded result').toMatchObject({
    tabId,
    url: c.url,
    engine: 'bing',
    query: 'sourdough starter',
    results: expected.length,
    status: 'done',
  });
});

// ---------------------------------------------------------------------------------------------------
// 3. A results page without results

test('Google: a page without results is reported once as unreadable after 4 s, and the popup says so', async ({
  context,
  sw,
  serveHtml,
  evalInContentScript,
  extensionOrigin,
  openExtensionPage,
}) => {
  await requireHook(sw);
  const url = 'https://www.google.com/search?q=zzz';
  const html = fixture('google-no-results.html');
  expect(extractInNode(html, url)).toEqual({ engine: 'google', variant: 'js', query: 'zzz', results: [], reader: 'spec' });
  await serveHtml(url, html);
  const { page, tabId } = await openTab(context, sw);
  const t0 = Date.now();
  await page.goto(url);
  await expect(page.locator(':root')).toHaveAttribute('data-resemble-ready', 'true');
  const sent = await spyOnContentScript(evalInContentScript, page); // before the 4 s are up
  // Only the lower bound is the content script's (it waits 4 s for results); how soon after that the state
  // lands depends on the machine's load, so the poll waits for it without a deadline of its own.
  await expect.poll(async () => (await recorded(sw, tabId)).state?.status, { message: 'tab state', timeout: 20_000 }).toBe('unreadable');
  const ms = Date.now() - t0;
  expect(ms, 'not before the content script’s 4 s wait for results').toBeGreaterThanOrEqual(3_900);

  const { state, record } = await recorded(sw, tabId);
  expect(state).toEqual({ tabId, url, engine: 'google', query: 'zzz', results: 0, status: 'unreadable' });
  expect(record?.results ?? [], 'no results recorded').toEqual([]);
  expect((await usage(sw)).entries, 'nothing stored').toBe(0);

  // The popup, on the results tab.
  const text = await popupText(context, extensionOrigin, page, /could not read this Google page/);
  expect(text).toContain('Resemble could not read this Google page.');
  expect(text).toContain(url);
  // The same through the message the popup sends.
  const ext = await openExtensionPage('popup.html');
  const reply = await ext.evaluate((tabId) => chrome.runtime.sendMessage({ type: 'tab/state', payload: { tabId } }), tabId);
  expect(reply).toEqual({ ok: true, value: state });

  const messages = await sent();
  expect(messages, 'reported once, with no results').toEqual([{ type: 'page/results', payload: { engine: 'google', url, query: 'zzz', results: [] } }]);
  test.info().annotations.push({ type: 'timing', description: `unreadable recorded ${ms} ms after navigation started` });
});

// ---------------------------------------------------------------------------------------------------
// 4. An engine turned off

test('Bing turned off in the settings: the tab is disabled, nothing is read or stored', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  extensionOrigin,
  evalInContentScript,
}) => {
  await requireHook(sw);
  const ext = await openExtensionPage('popup.html');
  const set = await ext.evaluate(() => chrome.runtime.sendMessage({ type: 'settings/set', payload: { engines: { bing: false } } }));
  expect(set).toMatchObject({ ok: true, value: { engines: { bing: false, google: true, duckduckgo: true } } });
  await ext.close();

  const url = 'https://www.bing.com/search?q=sourdough+starter&form=QBLH&sp=-1';
  await serveHtml(url, fixture('bing-web.html'));
  const { page, tabId } = await openTab(context, sw);
  await page.goto(url);
  await expect.poll(async () => (await recorded(sw, tabId)).state?.status, { message: 'tab state', timeout: 10_000 }).toBe('disabled');
  // The barrier: one more batch from the tab, answered only after everything the background does for the
  // page's own batches (one tab's batches are handled in order, each to its end: tab/tab.ts inOrder).
  const again = await evalInContentScript(
    page,
    `chrome.runtime.sendMessage(${JSON.stringify({ type: 'page/results', payload: { engine: 'bing', url, query: 'sourdough starter', results: [] } })})`,
  );
  expect(again, 'a later batch is refused the same way').toEqual({ ok: true, value: { accepted: 0, disabled: true } });
  const { state, record } = await recorded(sw, tabId);
  expect(state).toEqual({ tabId, url, engine: 'bing', query: 'sourdough starter', results: 0, status: 'disabled' });
  expect(record, 'no results recorded').toBeUndefined();
  expect(await usage(sw), 'nothing stored').toEqual({ entries: 0, bytes: 0 });
  expect(await recall(sw, [KA.url, WIKI.url])).toEqual([undefined, undefined]);

  const text = await popupText(context, extensionOrigin, page, /turned off for Bing/);
  expect(text).toContain('Resemble is turned off for Bing.');
});

// ---------------------------------------------------------------------------------------------------
// 5. Navigation: what the popup shows belongs to the page the tab shows now

test('a tab that loads another page forgets the results page it showed before', async ({ context, sw, serveHtml }) => {
  await requireHook(sw);
  const c = CASES.find((x) => x.engine === 'bing')!;
  await serveHtml(c.url, fixture(c.file));
  await serveHtml('https://www.example.org/', '<!doctype html><title>Elsewhere</title><p>Not a results page.</p>');
  const { page, tabId } = await openTab(context, sw);
  await page.goto(c.url);
  await expect.poll(async () => (await recorded(sw, tabId)).state?.status, { timeout: 10_000 }).toBe('done');
  await page.goto('https://www.example.org/');
  await expect
    .poll(async () => recorded(sw, tabId), { message: 'state and results forgotten', timeout: 5_000 })
    .toEqual({ record: undefined, state: undefined });
});

test('a same-page navigation (pushState) to another query is read afresh, not appended', async ({ context, sw, serveHtml }) => {
  await requireHook(sw);
  const c = CASES.find((x) => x.engine === 'bing')!;
  const html = fixture(c.file);
  await serveHtml(c.url, html);
  const { page, tabId } = await openTab(context, sw);
  await page.goto(c.url);
  await expect.poll(async () => (await recorded(sw, tabId)).state?.status, { timeout: 10_000 }).toBe('done');

  const next = 'https://www.bing.com/search?q=rye+starter';
  const edit = (doc: Document) => {
    const a = doc.querySelector('li.b_algo h2 a')!;
    a.setAttribute('href', 'https://rye.example/starter');
    a.textContent = 'A Rye Starter in Five Days';
  };
  const expected = extractInNode(html, next, edit);
  await page.evaluate(
    ([url, href, title]) => {
      history.pushState({}, '', url);
      const a = document.querySelector('li.b_algo h2 a')!;
      a.setAttribute('href', href);
      a.textContent = title;
    },
    [next, 'https://rye.example/starter', 'A Rye Starter in Five Days'],
  );
  await expect.poll(async () => (await recorded(sw, tabId)).record?.url, { message: 'the new address recorded', timeout: 5_000 }).toBe(next);
  const { record, state } = await recorded(sw, tabId);
  expect(record?.query).toBe('rye starter');
  expect(record?.results, 'every result of the new view, ranked from 1').toEqual(expected.results);
  expect(state).toMatchObject({ url: next, query: 'rye starter', results: expected.results.length, status: 'done' });
});
