/**
 * "Find copies of this page" (issue #19), end to end in Chromium with routed sites and searches.
 *
 * An ordinary page (not a results page) is open in a tab; the popup's "Find copies of this page" opens
 * copies.html?run=<id>, where the background's run is shown: the page read, its phrases and title searched
 * on DuckDuckGo's html endpoint (no results page was kept, so the fallback is the only engine), routed
 * here to a results page listing the page itself, a decoy under the page's very title but with another
 * text, a mirror (the same text with an editors' note) and a verbatim copy on another site. Every
 * candidate is fetched and measured both ways; expected: the copy, then the mirror, in the order Node's
 * own measure of the same pages gives, each with its measures; the decoy fetched but absent; the page
 * itself never fetched as a candidate. Then: a run cancelled mid-way aborts its fetches and starts no
 * other (and chose at most 20 candidates); a run cut off by a stopped service worker starts over on the
 * page's next poll; and without access to sites the popup asks for it before anything starts, and the
 * context menu's run says it needs it. The context menu is clicked through the test hook (a native
 * menu cannot be clicked in tests); its entry's existence is checked as lost-menu.spec.ts checks its own.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { containment } from '../../lib/sketch/estimate';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import { GRANTED_EXTENSION_DIR, expect, test } from './fixtures';
import { requireHook } from './hook';
import { measure, menuEntry, nextPage, retitled, routeSearch, storedPageSketch, tabIdOf } from './lost-kit';
import { PageServer, openPopup, recordSwRequests, swRequests } from './page-check-kit';
import { demo } from './page-demo-serp';

declare const chrome: typeof Browser;

type CopiesHook = { __resemble?: { findPageCopies?: (tabId: number) => Promise<{ id: string }> } };

const page = (rank: number) => demo.results[rank - 1].html;
const THRESHOLD = DEFAULT_SETTINGS.resemblanceThreshold;
const ORIG = demo.results[4].url; // classictexts.example: Civil Disobedience
const MIRROR = demo.results[8].url; // mirror.openshelf.example: the same text
const COPY = 'https://essays.example/thoreau/resistance-to-civil-government';
const DECOY = 'https://decoy.example/thoreau/civil-disobedience';
const EDITORS_NOTE = `<p>A reader's note from the Open Shelf editors. Thoreau wrote this lecture after a night in the Concord jail, where he was held for refusing to pay his poll tax; an aunt paid it the next morning, against his wishes. The essay was first printed in Elizabeth Peabody's Aesthetic Papers under the title Resistance to Civil Government, and took its later title only after his death, in the 1866 collection this mirror follows.</p>`;
const origTitle = /<title>([\s\S]*?)<\/title>/i.exec(page(5))![1].trim();

async function openTab(context: BrowserContext, url: string): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto(url);
  return tab;
}

const shownCopies = (p: Page) =>
  p
    .getByTestId('copies')
    .locator('li')
    .evaluateAll((els) =>
      els.map((e) => ({
        url: e.getAttribute('data-url'),
        resemblance: Number(e.getAttribute('data-resemblance')),
        pageInCopy: Number(e.getAttribute('data-page-in-copy')),
        copyInPage: Number(e.getAttribute('data-copy-in-page')),
      })),
    );

test.describe('with access to sites', () => {
  test.use({ extensionDir: GRANTED_EXTENSION_DIR });

  test('"Find copies of this page" from the popup lists the real copies best first with both measures, and leaves out a page sharing only the title', async ({
    context,
    sw,
    extensionOrigin,
    takeScreenshot,
  }) => {
    await requireHook(sw);
    // The page's context menu has the entry too (made on install, like the link menu).
    await expect.poll(() => menuEntry(sw, 'resemble-find-page-copies'), { message: 'the page context-menu entry' }).toBe('exists');

    const mirrorHtml = page(9).replace('<p>Text from the 1866 edition.', `${EDITORS_NOTE}\n<p>Text from the 1866 edition.`);
    expect(mirrorHtml, 'the note added to the mirror').toContain(EDITORS_NOTE);
    const copyHtml = retitled(page(5), 'Resistance to Civil Government (1849) — Essays');
    const decoyHtml = retitled(page(7), origTitle);
    const server = new PageServer().html(ORIG, page(5)).html(MIRROR, mirrorHtml).html(COPY, copyHtml).html(DECOY, decoyHtml);
    await server.install(context);
    const queries = await routeSearch(context, () => [
      { url: ORIG, title: origTitle, snippet: 'I heartily accept the motto.' },
      { url: DECOY, title: origTitle, snippet: 'Our life is frittered away by detail.' },
      { url: MIRROR, title: 'Civil Disobedience (mirror)', snippet: 'I heartily accept the motto.' },
      { url: COPY, title: 'Resistance to Civil Government (1849) — Essays', snippet: 'I heartily accept the motto.' },
    ]);

    // What Node measures of the same pages, as the extension stores and compares them (lib, not the extension).
    const me = { html: page(5), url: ORIG };
    const backwards = (c: { html: string; url: string }) => containment(storedPageSketch(c.html, c.url), storedPageSketch(me.html, me.url));
    const expected = [
      { url: COPY, ...measure(me, { html: copyHtml, url: COPY }), copyInPage: backwards({ html: copyHtml, url: COPY }) },
      { url: MIRROR, ...measure(me, { html: mirrorHtml, url: MIRROR }), copyInPage: backwards({ html: mirrorHtml, url: MIRROR }) },
    ].sort((a, b) => b.resemblance - a.resemblance);
    expect(expected[0].resemblance, 'by Node: the verbatim copy more alike than the annotated mirror').toBeGreaterThan(expected[1].resemblance);
    for (const e of expected) expect(e.resemblance, `${e.url}: a copy by Node's measure`).toBeGreaterThanOrEqual(THRESHOLD);
    const decoy = measure(me, { html: decoyHtml, url: DECOY });
    expect(decoy.resemblance, 'the decoy: no copy by resemblance').toBeLessThan(THRESHOLD);
    expect(decoy.containment, 'the decoy: no copy by containment').toBeLessThan(DEFAULT_SETTINGS.containmentThreshold);

    const tab = await openTab(context, ORIG);
    const popup = await openPopup(context, extensionOrigin, tab);
    await expect(popup.locator('main'), 'not a results page, yet the offer is there').toContainText('This is not a search results page Resemble reads.');
    const button = popup.getByRole('button', { name: 'Find copies of this page' });
    await expect(button).toBeEnabled();
    const started = Date.now();
    const copies = await nextPage(context, `${extensionOrigin}copies.html`, () => button.click());
    await expect(copies.getByTestId('url')).toHaveText(ORIG);
    await expect(copies.getByRole('button', { name: 'Search again', exact: true }), 'the run finished').toBeVisible({ timeout: 30_000 });
    const tookMs = Date.now() - started;
    await expect(copies.getByTestId('progress')).toHaveText('Done: 2 copies found.');

    const shown = await shownCopies(copies);
    expect(
      shown.map((c) => c.url),
      'the copies, best first',
    ).toEqual(expected.map((e) => e.url));
    for (const [i, c] of shown.entries()) {
      expect(c.resemblance, `${c.url}: about what Node measures`).toBeCloseTo(expected[i].resemblance, 1);
      expect(c.pageInCopy, `${c.url}: share of this page in it`).toBeCloseTo(expected[i].containment, 1);
      expect(c.copyInPage, `${c.url}: share of it in this page`).toBeCloseTo(expected[i].copyInPage, 1);
    }
    // Each with its measures in words, both directions.
    const first = copies.getByTestId('copies').locator('li').first();
    await expect(first.locator('.page-in-copy')).toHaveText(/^contains \d+% of this page$/);
    await expect(first.locator('.copy-in-page')).toHaveText(/^this page holds \d+% of it$/);
    await expect(first.locator('.measures-text')).toHaveText(/^\d+% alike$/);
    await expect(first.locator('a')).toHaveAttribute('href', COPY);
    await expect(copies.locator(`[data-testid="copies"] li[data-url="${DECOY}"]`)).toHaveCount(0);

    // The decoy was a real candidate (fetched, measured, refused); the page itself was read once by the
    // run (besides the tab's own load), never as a candidate of itself.
    expect(server.count(DECOY), 'the decoy fetched').toBe(1);
    expect(server.count(COPY), 'the copy fetched').toBe(1);
    expect(server.count(ORIG), 'the page: the tab’s load and the run’s read').toBe(2);
    expect(queries.length, 'searches made').toBeGreaterThanOrEqual(1);
    expect(queries.length, 'searches bounded').toBeLessThanOrEqual(6);
    expect(queries[0], 'the first search: a phrase of the page, in quotes').toMatch(/^".{10,}"$/);
    await expect(copies.getByTestId('work')).toContainText(`${queries.length === 1 ? '1 search' : `${queries.length} searches`} of at most 6 (DuckDuckGo)`);
    await takeScreenshot(copies, 'copies-of-this-page');
    test.info().annotations.push({
      type: 'copies',
      description: `done in ${tookMs} ms (click to report); queries ${JSON.stringify(queries)}; measured ${JSON.stringify(shown)}; decoy by Node ${JSON.stringify(decoy)}`,
    });
  });

  test('Cancel stops a run: the fetches under way are aborted and no other starts; at most 20 candidates are chosen', async ({
    context,
    sw,
    extensionOrigin,
  }) => {
    await requireHook(sw);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // Ten results for each query (a results page holds ten), another ten each time: more than the bound.
    const cands = (q: number) => Array.from({ length: 10 }, (_, i) => `https://slow${q}-${i}.example/essay`);
    const ALL = [0, 1, 2, 3].flatMap(cands);
    const server = new PageServer().html(ORIG, page(5));
    for (const u of ALL) server.on(u, { contentType: 'text/html; charset=utf-8', body: page(5), hold: held });
    await server.install(context);
    const asked: string[] = [];
    const queries = await routeSearch(context, (q) => {
      if (!asked.includes(q)) asked.push(q);
      return cands(asked.indexOf(q) % 4).map((url) => ({ url, title: origTitle, snippet: 'I heartily accept the motto.' }));
    });
    await recordSwRequests(sw);
    try {
      await openTab(context, ORIG);
      const tabId = await tabIdOf(sw, ORIG);
      // The context menu's click, through the hook (a native menu cannot be clicked in tests).
      const copies = await nextPage(context, `${extensionOrigin}copies.html`, () =>
        sw((id) => (globalThis as unknown as CopiesHook).__resemble!.findPageCopies!(id), tabId),
      );
      const progress = copies.getByTestId('progress');
      await expect(progress).toHaveText(/^Measuring: 0 of \d+ pages fetched/, { timeout: 20_000 });
      const total = Number(/of (\d+) pages/.exec((await progress.textContent()) ?? '')![1]);
      expect(total, 'candidates chosen: ten a query, at most 20').toBe(Math.min(20, 10 * queries.length));
      const requested = () => ALL.filter((u) => server.count(u) > 0);
      await expect.poll(() => requested().length, { message: 'candidate fetches under way' }).toBeGreaterThan(0);
      await copies.getByRole('button', { name: 'Cancel' }).click();
      await expect(progress).toHaveText('Cancelled: 0 copies found before it stopped.');
      await expect(copies.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
      const started = requested();
      expect(started.length, 'not every candidate was asked for').toBeLessThan(total);
      // Each fetch under way was aborted (its AbortSignal), as the network layer saw it.
      await expect
        .poll(
          async () =>
            (await swRequests(sw))
              .filter((e) => e.event === 'error' && /ABORTED/.test(e.detail ?? '') && started.includes(e.url))
              .map((e) => e.url)
              .sort(),
          { message: 'the aborted fetches' },
        )
        .toEqual([...started].sort());
      release();
      // The report read again (a new poll) is the same, and nothing more was asked for after the cancel.
      await copies.reload();
      await expect(progress).toHaveText('Cancelled: 0 copies found before it stopped.');
      expect(requested(), 'no fetch started after the cancel').toEqual(started);
    } finally {
      release();
    }
  });
  test('a run cut off by a stopped service worker starts over on the next poll and finishes', async ({
    context,
    sw,
    extensionOrigin,
    restartServiceWorker,
  }) => {
    await requireHook(sw);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const CANDS = [1, 2, 3].map((i) => `https://copy${i}.example/essay`);
    const server = new PageServer().html(ORIG, page(5));
    for (const u of CANDS) server.on(u, (n) => ({ contentType: 'text/html; charset=utf-8', body: page(5), ...(n === 1 && { hold: held }) }));
    await server.install(context);
    await routeSearch(context, () => CANDS.map((url) => ({ url, title: origTitle, snippet: 'I heartily accept the motto.' })));
    try {
      await openTab(context, ORIG);
      const tabId = await tabIdOf(sw, ORIG);
      const copies = await nextPage(context, `${extensionOrigin}copies.html`, () =>
        sw((id) => (globalThis as unknown as CopiesHook).__resemble!.findPageCopies!(id), tabId),
      );
      const progress = copies.getByTestId('progress');
      await expect(progress).toHaveText(/^Measuring: 0 of 3 pages fetched/, { timeout: 20_000 });
      await expect.poll(() => CANDS.filter((u) => server.count(u) > 0).length, { message: 'candidate fetches under way' }).toBeGreaterThan(0);
      // Stopped mid-run (its fetches held): the page's next poll finds the stored run unfinished.
      await restartServiceWorker();
      await expect(copies.getByTestId('restarted')).toBeVisible({ timeout: 20_000 });
      release();
      await expect(progress).toHaveText('Done: 3 copies found.', { timeout: 30_000 });
      expect((await shownCopies(copies)).map((c) => c.url).sort()).toEqual([...CANDS].sort());
      expect(server.count(ORIG), 'the page: the tab, the first run and the run started over').toBe(3);
    } finally {
      release();
    }
  });
});

test.describe('without access to sites (as installed)', () => {
  test('the popup asks for access before anything starts; the context menu’s run says it needs it and offers to allow it', async ({
    context,
    sw,
    extensionOrigin,
  }) => {
    await requireHook(sw);
    const server = new PageServer().html(ORIG, page(5));
    await server.install(context);
    const queries = await routeSearch(context, () => [{ url: COPY, title: origTitle, snippet: '' }]);
    const tab = await openTab(context, ORIG);
    const popup = await openPopup(context, extensionOrigin, tab);
    const offer = popup.getByTestId('find-copies');
    await expect(offer).toContainText('Resemble will ask to read sites');
    // The browser's own prompt cannot be answered from a test: the request is recorded and refused here.
    await popup.evaluate(() => {
      const g = globalThis as unknown as { __asked: unknown[] };
      g.__asked = [];
      chrome.permissions.request = (async (p: unknown) => (g.__asked.push(p), false)) as typeof chrome.permissions.request;
    });
    const pagesBefore = context.pages().length;
    await offer.getByRole('button', { name: 'Find copies of this page' }).click();
    await expect(offer.getByRole('alert')).toHaveText('Access to sites was not granted: Resemble cannot fetch pages to find copies.');
    expect(await popup.evaluate(() => (globalThis as unknown as { __asked: unknown[] }).__asked)).toEqual([{ origins: ['https://*/*', 'http://*/*'] }]);
    expect(context.pages().length, 'no copies page opened').toBe(pagesBefore);

    // The context menu's run (the hook's click): the page says access is needed and offers to allow it; nothing is fetched.
    // Without access the tabs' addresses are hidden: the tab is the active one.
    await tab.bringToFront();
    const tabId = await sw(async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id);
    expect(tabId).toBeDefined();
    const copies = await nextPage(context, `${extensionOrigin}copies.html`, () =>
      sw((id) => (globalThis as unknown as CopiesHook).__resemble!.findPageCopies!(id), tabId!),
    );
    await expect(copies.getByTestId('progress')).toHaveText('Stopped: Resemble needs access to sites to look for copies.', { timeout: 20_000 });
    const access = copies.getByTestId('needs-access');
    await expect(access).toContainText('It needs your permission to read sites');
    await expect(access.getByRole('button', { name: 'Allow access to sites' })).toBeEnabled();
    expect(queries, 'no search made').toEqual([]);
    expect(server.count(ORIG), 'the page: only the tab’s own load').toBe(1);
  });
});
