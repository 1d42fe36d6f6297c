/**
 * Lost and found where the user looks (issue #15), end to end: a dead result's live copy is found at
 * once, from the sources that send nothing anywhere, and shown beside "dead link" on the results page.
 *
 * The offline demo's results page (Google markup; no ../shared needed): rank 5 (Civil Disobedience on
 * classictexts.example) is in one group with rank 9, its mirror. The store already holds rank 5's page
 * sketch (a past visit, seeded through the test hook), but rank 5 now answers 404, so page checking
 * marks it dead. Rank 10 is a decoy: another page under rank 5's very title and snippet (so it lands in
 * rank 5's group by its snippet), whose text is another. Every search engine and the archive are routed
 * here, to count what is asked of them.
 *
 * Expected, with no user action: "live copy: mirror.openshelf.example (N% alike)" beside rank 5's
 * "dead link", linking to the mirror, with its measure on focus; the decoy fetched and measured but not
 * listed; no search and no archive request made; and in collapse mode the mirror (the best-ranked live
 * member) shown in place of the dead representative, not hidden under it.
 */
import type { Route } from '@playwright/test';
import { parseHTML } from 'linkedom';
import type { Browser } from 'wxt/browser';
import type { TabState } from '../../lib/tab/tab-state';
import { mainText } from '../../lib/page/main-text';
import { GRANTED_EXTENSION_DIR, expect, test } from './fixtures';
import type { HookScope } from './hook';
import { deadLabel, findCopyButton, measure, retitled, routeSearch, tabIdOf } from './lost-kit';
import { PageServer, allChecked, applied, checkingDone, enablePageChecking, recallAll, tabStateOf } from './page-check-kit';
import { pageUi } from './page-ui-kit';
import { demo, demoSerp } from './page-demo-serp';
import { buildSerp } from './serp-builder';
import { DEAD, MIRROR, openDeadPage } from './dead-page-scene';

/** The extension API, in functions evaluated in the service worker. */
declare const chrome: typeof Browser;

test.use({ extensionDir: GRANTED_EXTENSION_DIR });

const page = (rank: number) => demo.results[rank - 1].html;

test('a dead result shows its group’s live mirror beside "dead link" at once, with no search; a title-only decoy is not listed; collapse shows the mirror', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  takeScreenshot,
  evalInContentScript,
  restartServiceWorker,
}) => {
  const DECOY = 'https://decoy.example/thoreau/civil-disobedience';
  const base = demoSerp(
    'thoreau civil disobedience live copy',
    demo.results.map((r) => r.url),
  );
  // Rank 10: the decoy, under rank 5's title and snippet.
  const results = base.results.map((r, i) => (i === 9 ? { ...base.results[4], url: DECOY, displayUrl: 'decoy.example' } : r));
  const serp = { url: base.url, html: buildSerp(demo.resultsHtml, base.url, results).html };
  const deadTitle = base.results[4].title;
  const decoyHtml = retitled(page(7), deadTitle);

  const server = new PageServer();
  demo.results.forEach((r, i) =>
    i === 4
      ? server.on(r.url, { status: 404, contentType: 'text/html; charset=utf-8', body: '<h1>Not Found</h1>' })
      : i === 9
        ? undefined
        : server.html(r.url, page(i + 1)),
  );
  server.html(DECOY, decoyHtml);
  await server.install(context);
  // Every search lost and found could make, and the archive: counted (none may be made).
  const ddgQueries = await routeSearch(context, () => []);
  const googleQueries = await routeSearch(context, () => [], 'google');
  const archive: string[] = [];
  await context.route(
    (u) => /(^|\.)archive\.org$/.test(u.hostname),
    (route: Route) => (archive.push(route.request().url()), route.fulfill({ status: 404, body: '' })),
  );

  // Rank 5's page as a past visit kept it: its main text's sketch, as page checking stores it.
  const deadText = mainText(parseHTML(page(5)).document as unknown as Document, DEAD).text;
  await sw(async ([u, t, x]) => (globalThis as unknown as HookScope).__resemble!.remember(u, t, x, 'page'), [DEAD, deadTitle, deadText] as const);
  const mirror = measure({ html: page(5), url: DEAD }, { html: page(9), url: MIRROR });
  const decoy = measure({ html: page(5), url: DEAD }, { html: decoyHtml, url: DECOY });
  expect(decoy.resemblance, 'by Node: the decoy is no copy').toBeLessThan(0.5);

  await enablePageChecking(openExtensionPage);
  await serveHtml(serp.url, serp.html);
  const tab = await context.newPage();
  await tab.goto(serp.url);
  await applied(tab);
  await allChecked(sw, [DEAD, MIRROR, DECOY]);

  // On the page, with no action: the live copy beside "dead link", a link to the mirror with its measure.
  await expect.poll(() => deadLabel(tab, evalInContentScript, 5).text(), { timeout: 25_000 }).toBe('dead link');
  const live = pageUi(tab, evalInContentScript)('[data-resemble-rank="5"] resemble-ui', 'a.live');
  await expect
    .poll(() => live.text(), { timeout: 25_000, message: 'the live copy beside the dead result' })
    .toMatch(/^live copy: mirror\.openshelf\.example \(\d+% alike\)$/);
  const pct = Number((await live.text())!.match(/\((\d+)%/)![1]);
  expect(pct / 100, 'the measure shown: about what Node measures').toBeCloseTo(mirror.resemblance, 1);
  expect(await live.attr('href')).toBe(MIRROR);
  expect(await live.attr('rel')).toBe('noopener noreferrer');
  // Read through the link's aria-describedby each time: a later update of the page (a regroup as the
  // check's outcomes are released) may draw the label again, with a new tooltip id.
  const tipText = async () => pageUi(tab, evalInContentScript)('[data-resemble-rank="5"] resemble-ui', `#${await live.attr('aria-describedby')}`).text();
  await expect.poll(tipText, { message: 'the live copy’s tooltip' }).toContain('Found in another result of its group');
  expect(await findCopyButton(tab, evalInContentScript, 5).text(), 'lost and found, for more').toBe('more copies');

  // The tab's state: the mirror only; the decoy was a candidate, fetched and measured, and refused.
  const state = await checkingDone(sw, serp.url, demo.results.length);
  await expect.poll(async () => (await tabStateOf(sw, serp.url))?.dead?.map((d) => [d.rank, d.alternates?.map((a) => a.url)])).toEqual([[5, [MIRROR]]]);
  expect(state.dead?.[0]?.kind).toBe('gone');
  expect(server.count(DECOY), 'the decoy checked, and measured as a candidate').toBeGreaterThanOrEqual(1);
  expect(await pageUi(tab, evalInContentScript)('[data-resemble-rank="10"] resemble-ui', 'a.live').count(), 'the decoy shows no live copy').toBe(0);

  // Nothing asked of any engine or the archive.
  expect(ddgQueries, 'DuckDuckGo searches').toEqual([]);
  expect(googleQueries, 'Google searches (the results page itself aside)').toEqual([]);
  expect(archive, 'archive requests').toEqual([]);

  // Collapse mode: the dead representative does not hide its live mirror.
  const at = (rank: number) => tab.locator(`[data-resemble-rank="${rank}"]`);
  await expect(at(5)).toHaveAttribute('data-resemble-role', 'representative');
  await expect(at(5)).toHaveAttribute('data-resemble-dead', 'gone');
  await expect(at(9)).toHaveAttribute('data-resemble-cluster', (await at(5).getAttribute('data-resemble-cluster'))!);
  await expect(at(9)).toHaveAttribute('data-resemble-role', 'copy');
  await expect(at(9), 'the mirror is shown').not.toHaveAttribute('data-resemble-hidden', 'true');
  await expect(at(9)).toBeVisible();
  await live.box(); // scrolled into view
  await takeScreenshot(tab, 'results-page-dead-result-with-live-copy');

  // Kept with the dead page's record: a later visit, even by a restarted service worker, shows the copy
  // without fetching it again.
  await expect.poll(async () => (await recallAll(sw, [DEAD]))[0]?.alternates).toEqual([MIRROR]);
  const mirrorFetches = server.count(MIRROR);
  await restartServiceWorker();
  const later = await context.newPage();
  await later.goto(serp.url);
  await applied(later);
  await expect
    .poll(() => pageUi(later, evalInContentScript)('[data-resemble-rank="5"] resemble-ui', 'a.live').text(), {
      timeout: 25_000,
      message: 'the live copy on a later visit',
    })
    .toMatch(/^live copy: mirror\.openshelf\.example/);
  expect(server.count(MIRROR), 'the mirror not fetched again').toBe(mirrorFetches);
  test.info().annotations.push({ type: 'live copy', description: `mirror by Node ${JSON.stringify(mirror)}; decoy by Node ${JSON.stringify(decoy)}` });
});

/**
 * The tab's own page (issue #15): a page the user opens that stays dead when checked again gets its
 * copies looked for at once in the same local sources, kept with the tab's state (the popup's), with
 * no search made. Rank 5's URL was seen in a group with its mirror on a results page kept earlier.
 */
test('a page the user opens that stays dead has its group’s live mirror in the tab’s state at once, with no search', async ({ context, sw, serveHtml }) => {
  const { deadPage, ddg: ddgQueries, google: googleQueries } = await openDeadPage({ context, sw, serveHtml }, 'thoreau civil disobedience dead page');
  await expect
    .poll(async () => (await deadPage())?.alternates?.map((a) => [a.url, a.source]), { timeout: 15_000, message: 'the dead page’s alternates' })
    .toEqual([[MIRROR, 'group']]);
  const [alt] = (await deadPage())!.alternates!;
  expect(alt.basis).toBe('page');
  expect(alt.resemblance, 'about what Node measures').toBeCloseTo(measure({ html: page(5), url: DEAD }, { html: page(9), url: MIRROR }).resemblance, 1);
  expect(ddgQueries, 'DuckDuckGo searches').toEqual([]);
  expect(googleQueries, 'Google searches (the results page itself aside)').toEqual([]);
});

/**
 * A service worker stopped while looking resumes (issue #15): the tab's own dead page's look is cut off
 * while its one candidate, the group's mirror, is being fetched (the first request never answers). The
 * restarted worker finds the look under way in storage.session and makes it again: the mirror is
 * fetched a second time and listed.
 */
test('a look for a dead page’s copies cut off by a stopped service worker resumes after the restart', async ({
  context,
  sw,
  serveHtml,
  restartServiceWorker,
}) => {
  // The mirror's first request never answers: the look is under way when the service worker stops.
  const {
    server,
    deadPage,
    ddg: ddgQueries,
  } = await openDeadPage({ context, sw, serveHtml }, 'thoreau civil disobedience resumed look', (n) =>
    n === 1 ? { never: true } : { contentType: 'text/html; charset=utf-8', body: page(9) },
  );
  await expect.poll(() => server.count(MIRROR), { timeout: 15_000, message: 'the look under way: the mirror is being fetched' }).toBe(1);
  await restartServiceWorker();
  await expect.poll(async () => (await deadPage())?.alternates?.map((a) => a.url), { timeout: 20_000, message: 'the resumed look’s copy' }).toEqual([MIRROR]);
  expect(server.count(MIRROR), 'fetched again by the resumed look').toBe(2);
  expect(ddgQueries, 'no search').toEqual([]);
});

/**
 * A dead result never hides a live copy (issue #15), in collapse mode: the demo's group [1, 3, 6] whose
 * representative, rank 1, now answers 404. Rank 3, the best-ranked live member, is shown in its place
 * with the toggle of the rest (rank 6, hidden); rank 1 stays, labelled dead, still the representative.
 */
test('collapse mode: when a group’s representative is dead, its best-ranked live copy is shown in its place, with the toggle of the rest', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  evalInContentScript,
}) => {
  const urls = demo.results.map((r) => r.url);
  const server = new PageServer();
  urls.forEach((u, i) =>
    i === 0 ? server.on(u, { status: 404, contentType: 'text/html; charset=utf-8', body: '<h1>Not Found</h1>' }) : server.html(u, page(i + 1)),
  );
  await server.install(context);
  await enablePageChecking(openExtensionPage);
  const serp = demoSerp('thoreau walden dead representative', urls);
  await serveHtml(serp.url, serp.html);
  const tab = await context.newPage();
  await tab.goto(serp.url);
  await applied(tab);
  await checkingDone(sw, serp.url, urls.length);

  const at = (rank: number) => tab.locator(`[data-resemble-rank="${rank}"]`);
  await expect(at(1)).toHaveAttribute('data-resemble-dead', 'gone');
  await expect(at(1)).toHaveAttribute('data-resemble-role', 'representative');
  const cluster = (await at(1).getAttribute('data-resemble-cluster'))!;
  for (const r of [3, 6]) await expect(at(r)).toHaveAttribute('data-resemble-cluster', cluster);
  await expect(at(3), 'the live copy shown in place of the dead one').not.toHaveAttribute('data-resemble-hidden', 'true');
  await expect(at(3)).toBeVisible();
  await expect(at(3)).toHaveAttribute('data-resemble-role', 'copy');
  await expect(at(6)).toHaveAttribute('data-resemble-hidden', 'true');
  await expect(at(1), 'the dead one stays, labelled').toBeVisible();

  // The toggle of the rest sits on the shown copy, none on the dead representative.
  const ui = pageUi(tab, evalInContentScript);
  const toggle = ui('[data-resemble-rank="3"] resemble-ui', 'button:not(.find)');
  await expect.poll(() => toggle.text()).toBe('1 near-copy');
  expect(await ui('[data-resemble-rank="1"] resemble-ui', 'button:not(.find)').count()).toBe(0);
  await toggle.click();
  await expect(at(6)).not.toHaveAttribute('data-resemble-hidden', 'true');
  await expect(at(6)).toBeVisible();
  await toggle.click();
  await expect(at(6)).toHaveAttribute('data-resemble-hidden', 'true');

  // The dead representative is collapsible too: "hide" beside "dead link" tucks it behind the live
  // copy's toggle, which then counts it; showing the group brings it back.
  const tuck = ui('[data-resemble-rank="1"] resemble-ui', 'button.hide');
  await expect.poll(() => tuck.text()).toBe('hide');
  await tuck.click();
  await expect(at(1)).toHaveAttribute('data-resemble-hidden', 'true');
  await expect(at(1)).toBeHidden();
  await expect(at(1), 'still the dead representative').toHaveAttribute('data-resemble-dead', 'gone');
  await expect.poll(() => toggle.text()).toBe('2 near-copies');
  await expect(at(3)).toBeVisible();
  await toggle.click();
  await expect(at(1)).not.toHaveAttribute('data-resemble-hidden', 'true');
  await expect(at(1)).toBeVisible();
  await expect(at(6)).toBeVisible();
});

/**
 * The bounds of the look made at once (issue #15): at most 5 candidates a dead page, 2 fetched at a
 * time. Eight stored pages hold the dead page's very text (the store's candidate index offers all of
 * them); each answers after a moment, so that fetches overlap if they may.
 */
test('the look made at once fetches at most 5 candidates, 2 at a time', async ({ context, sw }) => {
  const DEAD = 'https://classictexts.example/thoreau/civil-disobedience-moved';
  const copies = Array.from({ length: 8 }, (_, i) => `https://copy${i + 1}.example/thoreau/civil-disobedience`);
  const server = new PageServer();
  server.on(DEAD, { status: 404, contentType: 'text/html; charset=utf-8', body: '<h1>Not Found</h1>' });
  for (const u of copies) server.html(u, page(5), { delayMs: 400 });
  await server.install(context);
  const ddgQueries = await routeSearch(context, () => []);
  const text = mainText(parseHTML(page(5)).document as unknown as Document, demo.results[4].url).text;
  for (const u of [DEAD, ...copies])
    await sw(async ([url, x]) => (globalThis as unknown as HookScope).__resemble!.remember(url, 'Civil Disobedience', x, 'page'), [u, text] as const);

  const tab = await context.newPage();
  await tab.goto(DEAD).catch(() => undefined);
  const tabId = await tabIdOf(sw, DEAD);
  const deadPage = () => sw(async (id) => ((await chrome.storage.session.get(`tab:${id}`))[`tab:${id}`] as TabState | undefined)?.deadPage, tabId);
  await expect.poll(async () => (await deadPage())?.alternates?.length, { timeout: 20_000, message: 'the dead page’s alternates' }).toBe(5);

  const seen = copies.map((u) => server.seen.get(u)!);
  expect(
    seen.reduce((n, s) => n + s.requests.length, 0),
    'candidates fetched',
  ).toBe(5);
  // Fetches in flight when each one started: never more than 2 (this one included), and 2 at some point.
  const spans = seen.flatMap((s) => s.requests.map((t, i) => [t, s.answered[i] ?? Infinity] as const));
  const inFlight = spans.map(([start]) => spans.filter(([s, e]) => s <= start && e > start).length);
  expect(Math.max(...inFlight), 'fetches at a time').toBe(2);
  expect(ddgQueries, 'no search').toEqual([]);
});
