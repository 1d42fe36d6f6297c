/**
 * Page checking and lost and found in Firefox, end to end, with the test build (host access granted at
 * install, as a user grants it; 127.0.0.1 counted as a site's address because every site is served
 * from one local server: ./build.ts). Firefox's own-network protection runs as it does for users: each
 * name is resolved with dns.resolve before it is fetched, the answering address is judged in a
 * blocking webRequest listener, and a URL naming this machine is refused by its text.
 *
 * 4. The offline demo's results page (Google's markup) with its pages served: the background fetches
 *    every result's page (one through a redirect; one redirecting to this machine, never followed),
 *    extracts and sketches their main text, and regroups the tab by its pages: the groups lib finds in
 *    Node from the same pages, each resting on the pages, shown on the page.
 * 5. A result answering 404 is marked dead on the page (data-resemble-dead) and in the popup; lost and
 *    found for its URL looks in its group and searches the engine it was found on, fetches and
 *    measures the candidates, and lists the verified copy; opening the dead URL itself badges the
 *    toolbar button and the popup offers lost and found.
 * 6. Every name resolving to another loopback address (127.0.0.2, which no build lets through): no
 *    result page is requested at all, the groups stay on the snippets.
 */
import type { Browser as Ext } from 'wxt/browser';
import { type PageEvidence, groupWithPages } from '../../lib/group/pages';
import { groupResults } from '../../lib/group/results';
import { verify } from '../../lib/lost/rank';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import { DEMO_GROUPS, DEMO_N, demoResults, expectedMarks, groupsOf } from '../e2e/groups-kit';
import { retitled, storedPageSketch } from '../e2e/lost-kit';
import { followExtensionSeed } from '../e2e/extension-seed';
import { INSTALL_SEED_KEY } from '../../lib/sketch/install-seed';
import { ranksOf } from '../e2e/page-check-kit';
import { demo, demoSerp } from '../e2e/page-demo-serp';
import { buildSerp } from '../e2e/serp-builder';
import { FIREFOX_TEST_EXTENSION_DIR } from './build';
import { expect, test, until } from './fixtures';
import { applied, checkingDone, deadMarks, marks, setSettings, serveDemo, tabStateOf, textOf, textsOf } from './kit';

/** The extension API, in functions evaluated in extension pages. */
declare const browser: typeof Ext;

test.use({ extensionDir: FIREFOX_TEST_EXTENSION_DIR });

const OPTS = { threshold: DEFAULT_SETTINGS.resemblanceThreshold, containment: DEFAULT_SETTINGS.containmentThreshold };
const pageOf = (rank: number) => demo.results[rank - 1].html;
const titleOf = (html: string) => /<title>([^<]*)<\/title>/i.exec(html)?.[1].trim() ?? '';

// ---------------------------------------------------------------------------------------------------
// 4. Page checking confirms the groups with the fetched pages

test('page checking fetches the results’ pages (redirects re-checked, this machine refused) and confirms the groups with them', async ({
  server,
  openPage,
  ext,
}) => {
  // Node sketches pages under the extension's own seed (issue #28: each install draws one).
  await followExtensionSeed(() => ext(async (k) => (await browser.storage.local.get(k))[k], INSTALL_SEED_KEY));
  const MOVED = 10; // answers 301 to its new address on the same site
  const MOVED_TO = 'https://bookshelf.example/books/walden-two-1948';
  // Redirect to this machine, by name and by address: refused before anything is sent there.
  const LOCAL: Record<number, string> = { 2: 'https://127.0.0.1/admin', 7: 'https://localhost/admin' };

  // In Node: the pages the extension will get, sketched as it stores them (ranks 2 and 7 are never read).
  const items = demoResults.map((r, i) => ({ ...r, rank: i + 1 }));
  const snippets = groupResults(items, { threshold: OPTS.threshold });
  const pages = new Map<number, PageEvidence>(
    demo.results.flatMap((r, i) => (LOCAL[i + 1] ? [] : [[i + 1, { sketch: storedPageSketch(r.html, r.url) }] as const])),
  );
  const expected = ranksOf(groupWithPages(items, snippets, pages, OPTS));
  expect(expected, 'lib, in Node: the groups the pages confirm (#3 only quotes #1’s page)').toEqual([
    [1, 6],
    [4, 8],
    [5, 9],
  ]);

  serveDemo(server);
  server.redirect(demo.results[MOVED - 1].url, MOVED_TO, 301).html(MOVED_TO, pageOf(MOVED));
  for (const [rank, to] of Object.entries(LOCAL)) server.redirect(demo.results[Number(rank) - 1].url, to);
  await setSettings(ext, { pageChecking: true, pageCheckingAsked: true });
  expect(await ext(() => browser.permissions.contains({ origins: ['https://*/*', 'http://*/*'] })), 'host access granted at install').toBe(true);

  const page = await openPage(demo.searchUrl);
  await applied(page);
  const state = await checkingDone(ext, demo.searchUrl, DEMO_N);
  expect(ranksOf(state.groups ?? []), 'the tab’s groups after checking').toEqual(expected);
  for (const g of state.groups ?? []) expect(g.evidence, `the group of #${g.representative} rests on the pages`).toBe('pages');
  // The page shows them (regrouped in place).
  await expect.poll(async () => groupsOf(await marks(page)), { message: 'groups on the page' }).toEqual(expected);
  await expect.poll(() => marks(page)).toEqual(expectedMarks(DEMO_N, expected, true));

  // Every page fetched once; the moved one at its new address after the redirect was checked.
  for (const [i, r] of demo.results.entries()) expect(server.count(r.url), `#${i + 1} fetched once`).toBe(1);
  expect(server.count(MOVED_TO), 'the redirect followed once').toBe(1);
  // The hops to this machine were refused by their addresses before anything was sent there.
  expect(server.requestsTo('localhost'), 'nothing asked of localhost').toEqual([]);
  expect(server.requestsTo('127.0.0.1'), 'nothing asked of 127.0.0.1').toEqual([]);
});

// ---------------------------------------------------------------------------------------------------
// 5. A dead result, and lost and found for it

test('a result answering 404 is marked dead; lost and found for its URL lists the verified copy; opening it badges the button', async ({
  server,
  openPage,
  openPopup,
  openExtensionPage,
  ext,
}) => {
  test.setTimeout(45_000);
  // Node sketches pages under the extension's own seed (issue #28: each install draws one).
  await followExtensionSeed(() => ext(async (k) => (await browser.storage.local.get(k))[k], INSTALL_SEED_KEY));
  // Rank 5 (Civil Disobedience, in a snippet group with its mirror at rank 9) is gone.
  const DEAD = 5;
  const deadUrl = demo.results[DEAD - 1].url;
  const MIRROR = demo.results[8];
  const COPY = 'https://essays.example/thoreau/on-the-duty-of-civil-disobedience';
  const serp = demoSerp(
    'thoreau civil disobedience',
    demo.results.map((r) => r.url),
  );
  const deadTitle = serp.results[DEAD - 1].title;
  const copyHtml = retitled(pageOf(DEAD), `${deadTitle} — Essays`);

  // In Node: what lost and found will find. Never fetched alive, the dead page has no sketch: the
  // candidates are measured by title, at a high bar (lib/lost/rank). The copy passes, the mirror not.
  const verdict = (html: string, url: string) => verify({ title: deadTitle }, { url, title: titleOf(html), sketch: storedPageSketch(html, url) }, OPTS);
  const copyVerdict = verdict(copyHtml, COPY);
  expect(copyVerdict, 'lib: the copy, by its title').toMatchObject({ accepted: true, basis: 'title' });
  expect(verdict(MIRROR.html, MIRROR.url).accepted, 'lib: the mirror, by its title').toBe(false);

  const queries: string[] = [];
  serveDemo(server, { pages: true });
  server.on(deadUrl, { status: 404, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Not Found</title><h1>Not Found</h1>' });
  server.html(serp.url, serp.html).html(COPY, copyHtml);
  // Any other search on Google (lost and found's): a Google results page listing the dead URL and the copy.
  server.host('www.google.com', (_, url) => {
    if (url.pathname !== '/search') return { status: 404, body: '' };
    queries.push(url.searchParams.get('q') ?? '');
    const results = [
      { url: deadUrl, title: deadTitle, snippet: 'I heartily accept the motto, “That government is best which governs least.”' },
      {
        url: COPY,
        title: `${deadTitle} — Essays`,
        snippet: 'I heartily accept the motto, “That government is best which governs least;” and I should like to see it acted up to.',
      },
    ];
    return { contentType: 'text/html; charset=utf-8', body: buildSerp(demo.resultsHtml, url.href, results).html };
  });
  await setSettings(ext, { pageChecking: true, pageCheckingAsked: true });

  // 1. Checked: the dead result is marked on the page, and only it.
  const tab = await openPage(serp.url);
  await applied(tab);
  const state = await checkingDone(ext, serp.url, DEMO_N);
  expect(
    state.dead?.map(({ rank, kind }) => ({ rank, kind })),
    'the tab’s dead results',
  ).toEqual([{ rank: DEAD, kind: 'gone' }]);
  // Never seen alive, it has no sketch; the mirror on the same results page holds the snippet the engine
  // showed for it: a live copy "holding the snippet" (issue #28), found among the page's own results.
  await expect
    .poll(async () => (await tabStateOf(ext, serp.url))?.dead?.[0]?.alternates?.map((a) => [a.url, a.basis, a.source]), {
      message: 'the dead result’s live copy',
    })
    .toEqual([[MIRROR.url, 'snippet', 'group']]);
  await expect.poll(() => deadMarks(tab), { message: 'dead marks on the page' }).toEqual([{ rank: DEAD, kind: 'gone' }]);
  const popup = await openPopup(tab);
  await expect.poll(() => textOf(popup, '[data-testid="dead-results"]')).toContain('1 result on this page seems dead');
  expect(await textsOf(popup, '[data-testid="dead-results"] li[data-rank]')).toHaveLength(1);
  await popup.close();

  // 2. Lost and found for its URL.
  const lost = await openExtensionPage(`lost.html?url=${encodeURIComponent(deadUrl)}`, { front: true });
  expect(await textOf(lost, '[data-testid="url"]')).toBe(deadUrl);
  await until('lost and found to finish (its "Search again" button)', 25_000, async () =>
    (await lost.evaluate(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Search again'))) ? true : undefined,
  );
  const report = await lost.evaluate(() => ({
    recheck: document.querySelector('[data-testid="recheck"]')?.getAttribute('data-status'),
    sources: [...document.querySelectorAll('[data-testid="sources"] li')].map((e) => [e.getAttribute('data-source'), e.getAttribute('data-state')]),
    alternates: [...document.querySelectorAll('[data-testid="alternates"] li')].map((e) => ({
      url: e.getAttribute('data-url'),
      source: e.getAttribute('data-source'),
      basis: e.getAttribute('data-basis'),
      resemblance: Number(e.getAttribute('data-resemblance')),
      href: e.querySelector('a')?.getAttribute('href'),
    })),
  }));
  expect(report.recheck, 'checked again just now: still 404').toBe('gone');
  expect(report.sources, 'where it looked').toEqual([
    ['group', 'done'],
    ['store', 'skipped'],
    ['search', 'done'],
    ['archive', 'skipped'],
  ]);
  // Both hold the snippet the results page showed for the dead URL (issue #28): verified against it, the
  // retitled copy (its title alike too) first; without that snippet the mirror's title alone would not pass.
  expect(report.alternates, 'the verified copies').toEqual([
    { url: COPY, source: 'search', basis: 'snippet', resemblance: copyVerdict.resemblance, href: COPY },
    { url: MIRROR.url, source: 'group', basis: 'snippet', resemblance: expect.any(Number), href: MIRROR.url },
  ]);
  // Both candidates were fetched and measured; the search was Google's, for the title.
  expect(server.count(COPY), 'the copy fetched').toBeGreaterThanOrEqual(1);
  expect(server.count(MIRROR.url), 'the mirror: checked with the page, fetched again as a candidate').toBeGreaterThanOrEqual(2);
  expect(server.count(deadUrl), 'the dead URL: checked with the page, and again by lost and found').toBe(2);
  expect(queries.length, 'searches made on Google').toBeGreaterThanOrEqual(1);

  // 3. The dead URL opened in a tab: rechecked, the toolbar button badged, the popup offers lost and found.
  const opened = await openPage(deadUrl);
  const tabId = await until('the dead page’s tab', 5_000, async () => ext(async (u) => (await browser.tabs.query({ url: u }))[0]?.id, deadUrl));
  await expect
    .poll(() => ext((id) => (browser as unknown as { browserAction: typeof browser.action }).browserAction.getBadgeText({ tabId: id }), tabId), {
      message: 'the badge of the dead page’s tab',
    })
    .toBe('!');
  const popup2 = await openPopup(opened);
  await expect
    .poll(() => textOf(popup2, '[data-testid="dead-page"]'), { message: 'the popup’s offer' })
    .toMatch(/^This page did not load \(.+\)\..*Find a copy/);
});

// ---------------------------------------------------------------------------------------------------
// 6. The own-network protection: names that resolve to this machine are never fetched

test.describe('every name resolving to 127.0.0.2 (this machine, and no test exception)', () => {
  test.use({ resolveTo: '127.0.0.2' });

  test('no result page is requested: each name is resolved first (dns.resolve) and refused, its host remembered; the groups stay on the snippets', async ({
    server,
    openPage,
    ext,
  }) => {
    serveDemo(server);
    await setSettings(ext, { pageChecking: true, pageCheckingAsked: true });
    const page = await openPage(demo.searchUrl);
    await applied(page);
    const state = await checkingDone(ext, demo.searchUrl, DEMO_N);
    expect(ranksOf(state.groups ?? []), 'the snippets’ groups').toEqual(DEMO_GROUPS);
    for (const g of state.groups ?? []) expect(g.evidence, `the group of #${g.representative}`).toBe('snippets');
    // Nothing was sent to any result's host: refused on the address its name resolved to.
    for (const [i, r] of demo.results.entries()) expect(server.count(r.url), `#${i + 1} never requested`).toBe(0);
    const hosts = [...new Set(demo.results.map((r) => new URL(r.url).hostname))].sort();
    expect(
      (((await ext(() => browser.storage.session.get('blockedHosts'))).blockedHosts as string[] | undefined) ?? []).sort(),
      'hosts remembered as on this machine',
    ).toEqual(hosts);
    expect(await marks(page)).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, true));
  });
});
