/**
 * The extension's runtime, end to end in Chromium: background → offscreen document → sketch Worker →
 * background, the IndexedDB store across a service worker restart, Worker failures, message checking,
 * and the extension pages. Uses the background's test hook (test/e2e/hook.ts) where it needs to reach
 * inside the service worker; the UI checks do not.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_OPTIONS, SNIPPET_OPTIONS, type SketchOptions, deserializeSketch, serializeSketch, sketch } from '../../lib/index';
import { extensionSeed, nodePageOptions } from './extension-seed';

/** The sketch service stamps the install's secret seed on every sketch (issue #28): lib's under the same seed. */
const snippetOptions = (): SketchOptions => ({ ...SNIPPET_OPTIONS, seed: extensionSeed() });
import { DEFAULT_SETTINGS } from '../../lib/settings';
import { EXTENSION_DIR } from '../../scripts/start-browser.mjs';
import type { Browser } from 'wxt/browser';
import { expect, test } from './fixtures';
import { type HookItem, type HookScope, type Rejection, type WireResult, requireHook } from './hook';
import { tabStateOf } from './page-check-kit';

/** The extension API, in functions evaluated in the service worker, extension pages and the content script. */
declare const chrome: typeof Browser;

// ---------------------------------------------------------------------------------------------------
// Inputs

/** Ten results-page snippets: three copies of one paragraph, unrelated text, markup, non-ASCII. */
const SNIPPETS: HookItem[] = [
  {
    text: 'I went to the woods because I wished to live deliberately, to front only the essential facts of life, and see if I could not learn what it had to teach.',
  },
  {
    text: '“I went to the woods because I wished to live deliberately, to front only the essential facts of life, and see if I could not learn what it had to teach.” — Thoreau',
  },
  {
    text: 'I went to the woods because I wished to live deliberately, to front only the essential facts of life and see if I could not learn what it had to teach',
    format: 'text',
  },
  { text: 'Walden Two is a 1948 utopian novel by the behaviourist B. F. Skinner about a planned community run on the principles of operant conditioning.' },
  {
    text: '<b>Walden</b>; or, Life in the Woods is Henry David <em>Thoreau&#39;s</em> 1854 account of two years in a cabin beside Walden Pond.',
    format: 'html',
  },
  {
    text: 'The pond was frozen a foot thick the morning we walked the shoreline path, and the cove below the house site held the only open water.',
    format: 'auto',
  },
  { text: 'Größe, Straße und Maßstab: Thoreaus „Walden“ erschien 1854 in Boston und wurde erst nach seinem Tod viel gelesen.' },
  { text: 'ウォールデン 森の生活 は ヘンリー・デイヴィッド・ソロー の 著作 です' },
  {
    text: 'I heartily accept the motto, “That government is best which governs least;” and I should like to see it acted up to more rapidly and systematically.',
  },
  { text: 'Our life is frittered away by detail. Simplify, simplify.' },
];

/** A deterministic ~200 KB HTML page: many paragraphs of varied words, plus script, style and comments to drop. */
function bigHtmlPage(targetChars = 200_000): string {
  const vocab = (
    'pond woods cabin winter ice morning shore path spring water stars stream fish bottom sand current eternity ' +
    'simplicity detail affairs accounts thumb ants cranes error virtue wretchedness fingers toes million dozen sea ' +
    'civilized clouds storms quicksands items founder port reckoning calculator government motto expedient army ' +
    'people will tool war tradition posterity integrity vitality machinery din idea advantage nature innocence ' +
    'aurora greeks exercise characters bathing renew marrow sturdily swath corner terms meanness sublime excursion'
  ).split(' ');
  let seed = 0x2545f491;
  const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % vocab.length;
  const parts: string[] = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A long page</title>',
    '<style>p { margin: 1em } .x::before { content: "styled away" }</style>',
    '</head><body>',
  ];
  let n = 0;
  while (parts.reduce((s, p) => s + p.length, 0) < targetChars) {
    const words = Array.from({ length: 60 + (n % 40) }, next).map((i) => vocab[i]);
    parts.push(`<div class="para" id="p${n}"><p>${words.join(' ')} &amp; ${n}.</p></div>\n`);
    if (n % 25 === 0) parts.push(`<script>var noise${n} = "${words.slice(0, 10).join(' ')}";</script><!-- comment ${n} -->\n`);
    n++;
  }
  parts.push('</body></html>');
  return parts.join('');
}

// ---------------------------------------------------------------------------------------------------
// Comparing with lib

/** The sketch lib computes for the same text and options, in its serialized-then-read form. */
function libSketch(item: HookItem, options: SketchOptions) {
  const s = sketch(item.text, { ...options, format: item.format ?? 'auto' });
  return { sketch: s, read: deserializeSketch(serializeSketch(s)) };
}

function expectSameSketch(got: WireResult, item: HookItem, options: SketchOptions, label: string) {
  expect(got, `${label}: ${JSON.stringify(got).slice(0, 200)}`).toMatchObject({ ok: true });
  if (!got.ok) return;
  const theirs = deserializeSketch(new Uint8Array(got.bytes)); // throws if the bytes do not parse
  const ours = libSketch(item, options);
  expect(theirs, label).toEqual(ours.read);
  expect(Array.from(theirs.min), `${label}: MIN_s`).toEqual(Array.from(ours.sketch.min));
  expect({ shingle: theirs.shingle, size: theirs.size, seed: theirs.seed }).toEqual({ shingle: options.shingle, size: options.size, seed: options.seed });
  expect(got.tokens, `${label}: tokens`).toBe(ours.sketch.tokens);
  expect(got.truncated, `${label}: truncated`).toBe(false);
}

// ---------------------------------------------------------------------------------------------------

test.describe('sketching through the offscreen document and its Worker', () => {
  test('a batch of 10 snippets comes back as sketches equal to lib’s (SNIPPET_OPTIONS)', async ({ sw }) => {
    await requireHook(sw);
    const started = Date.now();
    const results = await sw(async (items) => {
      const h = (globalThis as unknown as HookScope).__resemble!;
      const out = await h.sketch(items, 'snippet');
      return out.map((r) => (r.ok ? { ...r, bytes: Array.from(r.bytes) } : r)) as WireResult[];
    }, SNIPPETS);
    test.info().annotations.push({ type: 'timing', description: `10 snippets, first request (starts the offscreen document): ${Date.now() - started} ms` });
    expect(results).toHaveLength(SNIPPETS.length);
    results.forEach((r, i) => expectSameSketch(r, SNIPPETS[i], snippetOptions(), `snippet ${i}`));
  });

  test('one ~200 KB HTML page comes back as a sketch equal to lib’s (PAGE_OPTIONS)', async ({ sw }) => {
    await requireHook(sw);
    const html = bigHtmlPage();
    expect(html.length).toBeGreaterThanOrEqual(200_000);
    const items: HookItem[] = [{ text: html }, { text: html, format: 'html' }];
    const started = Date.now();
    const results = await sw(async (items) => {
      const h = (globalThis as unknown as HookScope).__resemble!;
      const out = await h.sketch(items, 'page');
      return out.map((r) => (r.ok ? { ...r, bytes: Array.from(r.bytes) } : r)) as WireResult[];
    }, items);
    test.info().annotations.push({ type: 'timing', description: `2 × ${Math.round(html.length / 1000)} KB HTML: ${Date.now() - started} ms` });
    expect(results).toHaveLength(2);
    results.forEach((r, i) => expectSameSketch(r, items[i], nodePageOptions(), `page ${i}`));
    // The markup was read as HTML: script, style and comment text is not in the sketch.
    const ours = libSketch(items[0], PAGE_OPTIONS).sketch;
    const asText = sketch(html, { ...PAGE_OPTIONS, format: 'text' });
    expect(ours.tokens).toBeLessThan(asText.tokens);
  });

  test('concurrent requests share exactly one offscreen document', async ({ sw }) => {
    await requireHook(sw);
    const job = (tag: string) =>
      sw(async (tag) => {
        const h = (globalThis as unknown as HookScope).__resemble!;
        const replies = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            h.sketch(
              [{ text: `${tag} request ${i}: still we live meanly, like ants, though the fable tells us we were long ago changed into men` }],
              i % 2 ? 'page' : 'snippet',
            ),
          ),
        );
        return replies.map((r) => r.map((x) => x.ok));
      }, tag);
    // Twelve requests from two evaluations at once, starting from no offscreen document in a fresh profile.
    const [a, b] = await Promise.all([job('a'), job('b')]);
    expect([...a, ...b].flat()).toEqual(Array(12).fill(true));
    const counts = await sw(async () => {
      const h = (globalThis as unknown as HookScope).__resemble!;
      const contexts = await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] });
      return { hook: await h.offscreenCount(), runtime: contexts.length };
    });
    expect(counts).toEqual({ hook: 1, runtime: 1 });
  });
});

test('a remembered sketch is in IndexedDB and is read back after the service worker restarts', async ({ sw, restartServiceWorker }) => {
  await requireHook(sw);
  const walden = 'https://www.gutenberg.org/files/205/205-h/205-h.htm';
  const quotes = 'https://www.quotegarden.example/thoreau/live-deliberately';
  const text = SNIPPETS.map((s) => s.text).join('\n');
  const stored = await sw(
    async ({ walden, quotes, text }) => {
      const h = (globalThis as unknown as HookScope).__resemble!;
      const page = await h.remember(walden, 'Walden', text, 'page');
      const snippet = await h.remember(walden, 'Walden', text.slice(0, 200), 'snippet');
      const other = await h.remember(quotes, 'Quote Garden', text.slice(0, 150), 'snippet');
      (globalThis as { __e2eMarker?: string }).__e2eMarker = 'before restart';
      return { page, snippet, other, usage: await h.usage() };
    },
    { walden, quotes, text },
  );
  expect(stored.page.bytes).toBeGreaterThan(48);
  expect(stored.usage.entries).toBeGreaterThanOrEqual(2);
  expect(stored.usage.bytes).toBeGreaterThan(0);

  await restartServiceWorker();
  expect(await sw(() => (globalThis as { __e2eMarker?: string }).__e2eMarker ?? 'fresh'), 'the service worker really restarted').toBe('fresh');
  await requireHook(sw);

  const back = await sw(
    async ({ walden, quotes }) => {
      const h = (globalThis as unknown as HookScope).__resemble!;
      return {
        walden: await h.recall(walden),
        quotes: await h.recall(quotes),
        never: await h.recall('https://never-stored.example/page'),
        usage: await h.usage(),
      };
    },
    { walden, quotes },
  );
  // With its page sketch stored, a page keeps no snippet sketch beside it (the page speaks for it).
  expect(back.walden).toMatchObject({ url: stored.page.url, title: 'Walden', hasPage: true, hasSnippet: false });
  expect(back.quotes).toMatchObject({ url: stored.other.url, title: 'Quote Garden', hasSnippet: true, hasPage: false });
  expect(back.never).toBeUndefined();
  expect(back.usage).toEqual(stored.usage);
  if (back.walden?.tokens !== undefined) expect(back.walden.tokens).toBe(sketch(text, PAGE_OPTIONS).tokens);
});

test('after a service worker restart, sketching goes on through the one existing offscreen document', async ({ sw, restartServiceWorker }) => {
  await requireHook(sw);
  const item: HookItem = { text: 'I would drink deeper; fish in the sky, whose bottom is pebbly with stars. I cannot count one.' };
  const sketchOnce = () =>
    sw(async (item) => {
      const h = (globalThis as unknown as HookScope).__resemble!;
      const [r] = await h.sketch([item], 'snippet');
      return { result: (r.ok ? { ...r, bytes: Array.from(r.bytes) } : r) as WireResult, offscreen: await h.offscreenCount() };
    }, item);
  const before = await sketchOnce();
  expect(before.offscreen).toBe(1);
  await restartServiceWorker();
  await requireHook(sw);
  const after = await sketchOnce();
  expectSameSketch(after.result, item, snippetOptions(), 'after the restart');
  expect(after.offscreen, 'the restarted background reuses the offscreen document').toBe(1);
});

test('a Worker crash fails with WORKER_CRASHED, a hang with WORKER_TIMEOUT, and the next request succeeds', async ({ sw }) => {
  await requireHook(sw);
  const item: HookItem = {
    text: 'Time is but the stream I go a-fishing in. I drink at it; but while I drink I see the sandy bottom and detect how shallow it is.',
  };
  const r = await sw(async (item) => {
    const h = (globalThis as unknown as HookScope).__resemble!;
    const settle = async (p: Promise<unknown>) => {
      const t0 = Date.now();
      try {
        const value = JSON.stringify(await p);
        return { ms: Date.now() - t0, outcome: { rejected: false as const, value } };
      } catch (e) {
        const err = e as Error & { code?: string };
        return { ms: Date.now() - t0, outcome: { rejected: true as const, name: err.name, code: err.code, message: String(err.message) } as Rejection };
      }
    };
    const warm = await h.sketch([item], 'snippet'); // the Worker is up before it is made to fail
    const crash = await settle(h.diagnose('crash'));
    const afterCrash = await h.sketch([item], 'snippet');
    const hang = await settle(h.diagnose('hang', 20_000, { timeoutMs: 400 }));
    const afterHang = await h.sketch([item], 'snippet');
    const wire = (rs: typeof warm) => rs.map((x) => (x.ok ? { ...x, bytes: Array.from(x.bytes) } : x)) as WireResult[];
    return { warm: wire(warm), crash, afterCrash: wire(afterCrash), hang, afterHang: wire(afterHang), offscreen: await h.offscreenCount() };
  }, item);

  expectSameSketch(r.warm[0], item, snippetOptions(), 'before the crash');
  expect(r.crash.outcome, JSON.stringify(r.crash)).toMatchObject({ rejected: true, code: 'WORKER_CRASHED' });
  expectSameSketch(r.afterCrash[0], item, snippetOptions(), 'after the crash');
  expect(r.hang.outcome, JSON.stringify(r.hang)).toMatchObject({ rejected: true, code: 'WORKER_TIMEOUT' });
  expect(r.hang.ms, 'the hang is cut off at its timeout, not when the Worker finishes').toBeLessThan(5_000);
  expectSameSketch(r.afterHang[0], item, snippetOptions(), 'after the hang');
  expect(r.offscreen).toBe(1);
  test.info().annotations.push({ type: 'timing', description: `crash reported in ${r.crash.ms} ms; 400 ms timeout reported in ${r.hang.ms} ms` });
});

test('malformed, unknown and forbidden messages from a content script are refused and change nothing', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  evalInContentScript,
}) => {
  await requireHook(sw);
  await serveHtml(
    'https://www.google.com/search?q=test',
    '<!doctype html><html><head><title>test - Google Search</title></head><body><div id="search"><div id="rso"></div></div></body></html>',
  );
  // Something in the store, so that a cache/clear that got through would show.
  await sw(async () => {
    const h = (globalThis as unknown as HookScope).__resemble!;
    await h.remember('https://www.gutenberg.org/files/205/205-h/205-h.htm', 'Walden', 'I went to the woods because I wished to live deliberately.', 'snippet');
  });
  const tab = await context.newPage();
  await tab.goto('https://www.google.com/search?q=test'); // a results page with no results: the content script reads nothing
  await expect(tab.locator(':root')).toHaveAttribute('data-resemble-ready', 'true');
  // The "before" picture once the content script's own report has been handled: it reports a page with no
  // results once, after 4 s (entrypoints/results/watcher.ts), and the background records the tab as
  // unreadable last (having read its inputs: settings, past pages' boilerplate).
  await expect
    .poll(async () => (await tabStateOf(sw, 'https://www.google.com/search?q=test'))?.status, {
      message: 'the content script’s own report handled',
      timeout: 15_000,
    })
    .toBe('unreadable');

  const extPage = await openExtensionPage('popup.html');
  const getSettings = () => extPage.evaluate(() => chrome.runtime.sendMessage({ type: 'settings/get', payload: {} }));
  const usage = () => sw(() => (globalThis as unknown as HookScope).__resemble!.usage());
  const settingsBefore = await getSettings();
  expect(settingsBefore).toEqual({ ok: true, value: DEFAULT_SETTINGS });
  const usageBefore = await usage();
  expect(usageBefore.entries).toBeGreaterThanOrEqual(1);

  const send = (msg: unknown) =>
    evalInContentScript<{ ok: boolean; error?: { code: string; message: string } }>(tab, `chrome.runtime.sendMessage(${JSON.stringify(msg)})`);
  const cases: [string, unknown, string][] = [
    ['an unknown type', { type: 'no/such-message', payload: {} }, 'UNKNOWN_MESSAGE'],
    ['a malformed page/results payload', { type: 'page/results', payload: { engine: 'google', url: 42, query: 'test', results: 'not a list' } }, 'BAD_MESSAGE'],
    [
      'page/results with a malformed result',
      { type: 'page/results', payload: { engine: 'google', url: 'https://www.google.com/search?q=test', query: 'test', results: [{ rank: 0, url: '' }] } },
      'BAD_MESSAGE',
    ],
    ['no envelope', 'settings/set', 'BAD_MESSAGE'],
    ['settings/set', { type: 'settings/set', payload: { displayMode: 'off', resemblanceThreshold: 0.9 } }, 'FORBIDDEN'],
    ['cache/clear', { type: 'cache/clear', payload: {} }, 'FORBIDDEN'],
  ];
  for (const [what, msg, code] of cases) {
    const reply = await send(msg);
    expect(reply, what).toMatchObject({ ok: false, error: { code } });
    expect(typeof reply.error?.message, `${what}: a message for people`).toBe('string');
  }

  expect(await getSettings(), 'settings unchanged').toEqual(settingsBefore);
  expect(await usage(), 'store unchanged').toEqual(usageBefore);
});

test('a well-formed page/results from a content script is accepted', async ({ context, sw, serveHtml, evalInContentScript }) => {
  await requireHook(sw);
  await serveHtml(
    'https://www.google.com/search?q=walden',
    '<!doctype html><html><head><title>walden - Google Search</title></head><body><div id="rso"></div></body></html>',
  );
  const tab = await context.newPage();
  await tab.goto('https://www.google.com/search?q=walden');
  await expect(tab.locator(':root')).toHaveAttribute('data-resemble-ready', 'true');
  const results = SNIPPETS.slice(0, 3).map((s, i) => ({
    rank: i + 1,
    url: `https://site${i}.example/walden`,
    title: `Walden ${i}`,
    snippet: s.text,
    displayUrl: `site${i}.example › walden`,
  }));
  const msg = { type: 'page/results', payload: { engine: 'google', url: 'https://www.google.com/search?q=walden', query: 'walden', results } };
  const reply = await evalInContentScript<{ ok: boolean; value?: { accepted: number }; error?: unknown }>(
    tab,
    `chrome.runtime.sendMessage(${JSON.stringify(msg)})`,
  );
  expect(reply, JSON.stringify(reply)).toMatchObject({ ok: true, value: { accepted: 3 } });
});

/** What the extension pages show while their first messages to the background are unanswered (public/_locales/en). */
function loadingWords(): string[] {
  const messages = JSON.parse(readFileSync(fileURLToPath(new URL('../../public/_locales/en/messages.json', import.meta.url)), 'utf8')) as Record<
    string,
    { message: string }
  >;
  return ['popup_loading', 'options_loading', 'options_usage_reading', 'options_preview_loading', 'options_reading', 'options_copycats_loading'].map(
    (k) => messages[k].message,
  );
}

test.describe('extension pages render', () => {
  // Loose on purpose: the pages are being built; this checks that they load, show something and throw nothing.
  for (const [name, viewport] of [
    ['popup', { width: 400, height: 600 }],
    ['options', { width: 1280, height: 900 }],
  ] as const) {
    test(`${name}.html renders`, async ({ context, extensionOrigin, takeScreenshot }) => {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      expect(existsSync(path.join(EXTENSION_DIR, `${name}.html`)), `${name}.html is in the build`).toBe(true);
      await page.goto(`${extensionOrigin}${name}.html`);
      const shown = page.locator('h1, h2, [role="heading"], #app > *, #root > *').first();
      await expect(shown).toBeVisible();
      await expect.poll(() => page.evaluate(() => document.body.innerText.trim().length)).toBeGreaterThan(0);
      // The picture once the page's first messages are answered: every "loading" placeholder replaced.
      await expect
        .poll(() => page.evaluate((words) => words.filter((w) => document.body.innerText.includes(w)), loadingWords()), { message: 'placeholders still shown' })
        .toEqual([]);
      const file = await takeScreenshot(page, name);
      expect(errors, `uncaught errors in ${name}.html`).toEqual([]);
      test.info().annotations.push({ type: 'screenshot', description: file });
    });
  }
});
