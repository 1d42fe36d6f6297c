/**
 * The lost-and-found page (issue #7) lists verified live copies of a dead page, best first, end to end.
 *
 * A results page in Google's markup (the offline demo's, no ../shared needed) is page-checked while
 * rank 5 (Civil Disobedience on classictexts.example) still answers: its page sketch and phrases are
 * stored, and its snippet group with rank 9 (a mirror of it) is kept with the results page. Then rank 5
 * dies (404) and lost.html?url=<rank 5> is opened. The background checks the URL again (still 404),
 * then looks in (1) its group: the mirror, (2) the stored sketches, (3) a search on the engine it was
 * found on (Google), routed here to a Google results page (the demo's markup) listing the dead
 * URL itself, a decoy with the dead page's very title but another text, and a verbatim copy on another
 * site; the archive is off. Every candidate is fetched and measured against the stored sketch.
 *
 * Expected: the copy first, then the mirror (which has gained an editors' note since), each with its measured resemblance at or above the
 * threshold, in the order Node's own measure of the same pages gives (lib, not read off the extension);
 * the decoy fetched and measured but absent.
 */
import { DEFAULT_SETTINGS } from '../../lib/settings';
import { GRANTED_EXTENSION_DIR, expect, test } from './fixtures';
import { lostReportDone, measure, retitled, routeSearch } from './lost-kit';
import { PageServer, allChecked, applied, checkingDone, enablePageChecking, recallAll } from './page-check-kit';
import { demo, demoSerp } from './page-demo-serp';

test.use({ extensionDir: GRANTED_EXTENSION_DIR });

const page = (rank: number) => demo.results[rank - 1].html;
const THRESHOLD = DEFAULT_SETTINGS.resemblanceThreshold;
const EDITORS_NOTE = `<p>A reader's note from the Open Shelf editors. Thoreau wrote this lecture after a night in the Concord jail, where he was held for refusing to pay his poll tax; an aunt paid it the next morning, against his wishes. The essay was first printed in Elizabeth Peabody's Aesthetic Papers under the title Resistance to Civil Government, and took its later title only after his death, in the 1866 collection this mirror follows.</p>`;

test('lost and found lists the verified live copies of a dead page best first, and leaves out a decoy that bears its title only', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  takeScreenshot,
}) => {
  const DEAD = demo.results[4].url; // classictexts.example: Civil Disobedience
  const MIRROR = demo.results[8].url; // mirror.openshelf.example: the same text, in rank 5's group
  const COPY = 'https://essays.example/thoreau/resistance-to-civil-government';
  const DECOY = 'https://decoy.example/thoreau/civil-disobedience';
  const serp = demoSerp(
    'thoreau civil disobedience',
    demo.results.map((r) => r.url),
  );
  const deadTitle = serp.results[4].title; // what the store knows of it: its title on the results page
  // The mirror (rank 9) has since gained an editors' note: still a copy, less alike than a verbatim one.
  const mirrorHtml = page(9).replace('<p>Text from the 1866 edition.', `${EDITORS_NOTE}\n<p>Text from the 1866 edition.`);
  expect(mirrorHtml, 'the note added to the mirror').toContain(EDITORS_NOTE);
  const copyHtml = retitled(page(5), 'Resistance to Civil Government (1849) — Essays');
  const decoyHtml = retitled(page(7), deadTitle); // another page on the same theme, under the dead page's title

  let dead = false;
  const server = new PageServer();
  demo.results.forEach((r, i) =>
    i === 4
      ? server.on(r.url, () =>
          dead
            ? { status: 404, contentType: 'text/html; charset=utf-8', body: '<h1>Not Found</h1>' }
            : { contentType: 'text/html; charset=utf-8', body: page(5) },
        )
      : server.html(r.url, i === 8 ? mirrorHtml : page(i + 1)),
  );
  server.html(COPY, copyHtml).html(DECOY, decoyHtml);
  await server.install(context);
  // The user's engine (Google: the page was found on a Google results page) answers; DuckDuckGo, the
  // fallback, should not be needed.
  const ddgQueries = await routeSearch(context, () => []);
  const queries = await routeSearch(
    context,
    () => [
      { url: DEAD, title: deadTitle, snippet: 'I heartily accept the motto, “That government is best which governs least.”' },
      { url: DECOY, title: deadTitle, snippet: 'Thoreau on simplicity: our life is frittered away by detail.' },
      {
        url: COPY,
        title: 'Resistance to Civil Government (1849) — Essays',
        snippet: 'I heartily accept the motto, “That government is best which governs least;” and I should like to see it acted up to.',
      },
    ],
    'google',
  );

  // What Node measures of the same pages, as the extension stores and compares them.
  const lost = { html: page(5), url: DEAD };
  const expected = [
    { url: COPY, source: 'search', ...measure(lost, { html: copyHtml, url: COPY }) },
    { url: MIRROR, source: 'group', ...measure(lost, { html: mirrorHtml, url: MIRROR }) },
  ].sort((a, b) => b.resemblance - a.resemblance);
  expect(expected[0].resemblance, 'by Node: the verbatim copy more alike than the annotated mirror').toBeGreaterThan(expected[1].resemblance);
  const decoy = measure(lost, { html: decoyHtml, url: DECOY });
  for (const e of expected) expect(e.resemblance, `${e.url}: a copy by Node's measure`).toBeGreaterThanOrEqual(THRESHOLD);
  expect(decoy.resemblance, 'the decoy: no copy by resemblance').toBeLessThan(THRESHOLD);
  expect(decoy.containment, 'the decoy: no copy by containment').toBeLessThan(DEFAULT_SETTINGS.containmentThreshold);

  // 1. The results page is checked while rank 5 still answers: its page sketch is kept.
  await enablePageChecking(openExtensionPage);
  await serveHtml(serp.url, serp.html);
  const tab = await context.newPage();
  await tab.goto(serp.url);
  await applied(tab);
  await allChecked(sw, [DEAD]);
  await checkingDone(sw, serp.url, demo.results.length);
  const [rec] = await recallAll(sw, [DEAD]);
  expect([rec?.status, rec?.hasPage], 'rank 5 checked and its page sketch stored').toEqual(['ok', true]);

  // 2. It dies; lost and found is opened for it.
  dead = true;
  const started = Date.now();
  const lostPage = await openExtensionPage(`lost.html?url=${encodeURIComponent(DEAD)}`);
  await expect(lostPage.getByTestId('url')).toHaveText(DEAD);
  await expect(lostPage.getByRole('button', { name: 'Search again', exact: true }), 'the search finished').toBeVisible({ timeout: 25_000 });
  const tookMs = Date.now() - started;

  // What was known, and where it looked.
  await expect(lostPage.getByTestId('known')).toContainText(deadTitle);
  await expect(lostPage.getByTestId('recheck'), 'the check made just now: still 404').toHaveAttribute('data-status', 'gone');
  const sources = lostPage.getByTestId('sources').locator('li');
  await expect(sources).toHaveCount(4);
  expect(await sources.evaluateAll((els) => els.map((e) => [e.getAttribute('data-source'), e.getAttribute('data-state')]))).toEqual([
    ['group', 'done'],
    ['store', 'done'],
    ['search', 'done'],
    ['archive', 'skipped'],
  ]);
  await expect(lostPage.getByTestId('alive')).toHaveCount(0);
  await expect(lostPage.getByTestId('needs-access'), 'access granted: nothing to ask').toHaveCount(0);

  // The copies: best first, each measured; the decoy is not among them.
  const items = lostPage.getByTestId('alternates').locator('li');
  const shown = await items.evaluateAll((els) =>
    els.map((e) => ({
      url: e.getAttribute('data-url'),
      source: e.getAttribute('data-source'),
      basis: e.getAttribute('data-basis'),
      resemblance: Number(e.getAttribute('data-resemblance')),
    })),
  );
  expect(
    shown.map((a) => a.url),
    'the alternates, best first',
  ).toEqual(expected.map((e) => e.url));
  expect(shown[0], 'the first: the live copy found by the search').toMatchObject({ url: COPY, source: 'search', basis: 'page' });
  for (const [i, a] of shown.entries()) {
    expect(a.resemblance, `${a.url}: resemblance at the threshold or more`).toBeGreaterThanOrEqual(THRESHOLD);
    expect(a.resemblance, `${a.url}: about what Node measures`).toBeCloseTo(expected[i].resemblance, 1);
    expect(a.source).toBe(expected[i].source);
  }
  await expect(items.first().locator('a')).toHaveAttribute('href', COPY);
  await expect(lostPage.locator(`[data-testid="alternates"] li[data-url="${DECOY}"]`)).toHaveCount(0);

  // The decoy was a real candidate: fetched and measured, then refused. The dead URL was checked again.
  expect(server.count(DECOY), 'the decoy fetched').toBeGreaterThanOrEqual(1);
  expect(server.count(COPY), 'the copy fetched').toBeGreaterThanOrEqual(1);
  expect(server.count(DEAD), 'the dead URL: checked with the results page, and once more by lost and found').toBe(2);
  expect(queries.length, 'searches made').toBeGreaterThanOrEqual(1);
  expect(queries[0], 'the first search: a phrase remembered from the page, in quotes').toMatch(/^".{10,}"$/);
  expect(ddgQueries, 'the user’s engine answered: no fallback search').toEqual([]);
  await expect(sources.nth(2), 'the search says whom it asked').toContainText('asked Google');

  // The background's report says the same.
  const report = await lostReportDone(lostPage, DEAD);
  expect(report.hasSketch).toBe(true);
  expect(report.alternates.map((a) => a.url)).toEqual(expected.map((e) => e.url));
  expect(report.alternates.every((a) => a.basis === 'page')).toBe(true);

  await takeScreenshot(lostPage, 'lost-and-found-with-copies');
  test.info().annotations.push({
    type: 'lost and found',
    description: `done in ${tookMs} ms; queries ${JSON.stringify(queries)}; measured ${JSON.stringify(shown)}; decoy by Node ${JSON.stringify(decoy)}`,
  });
});

/**
 * The archive (opt-in): with archive lookups on, a dead page whose only copy is the Internet Archive's
 * snapshot gets that snapshot, in its raw form (web.archive.org/web/<ts>id_/<url>), as a measured
 * alternate. The availability API and the snapshot are routed here.
 */
test('with archive lookups on, the Internet Archive’s snapshot of a dead page is listed as a measured copy', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  takeScreenshot,
}) => {
  const DEAD = demo.results[1].url; // bookwiki.example: in no group, no copy anywhere else
  const TS = '20240115093000';
  const SNAPSHOT = `http://web.archive.org/web/${TS}/${DEAD}`;
  const RAW = `https://web.archive.org/web/${TS}id_/${DEAD}`;
  let dead = false;
  const server = new PageServer();
  demo.results.forEach((r, i) =>
    i === 1
      ? server.on(r.url, () =>
          dead ? { status: 410, contentType: 'text/html; charset=utf-8', body: '<h1>Gone</h1>' } : { contentType: 'text/html; charset=utf-8', body: page(2) },
        )
      : server.html(r.url, page(i + 1)),
  );
  // The snapshot as archived: the page itself (the archive's raw form adds nothing).
  server.html(RAW, page(2));
  await server.install(context);
  const availability: string[] = [];
  await context.route(
    (u) => u.href.startsWith('https://archive.org/wayback/available'),
    async (route) => {
      availability.push(route.request().url());
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ url: DEAD, archived_snapshots: { closest: { status: '200', available: true, url: SNAPSHOT, timestamp: TS } } }),
      });
    },
  );
  // The user's engine (Google) answers a cookieless request with a consent wall and no results; the
  // fallback (DuckDuckGo) finds nothing of it (an unrelated page).
  const wall = await routeSearch(
    context,
    () => '<!doctype html><title>Before you continue to Google Search</title><form action="https://consent.google.com/save"><button>Accept all</button></form>',
    'google',
  );
  const queries = await routeSearch(context, () => [{ url: demo.results[9].url, title: 'Walden Two by B. F. Skinner', snippet: 'A 1948 utopian novel.' }]);

  const ext = await enablePageChecking(openExtensionPage, { archiveLookups: true });
  const serp = demoSerp(
    'walden book wiki',
    demo.results.map((r) => r.url),
  );
  await serveHtml(serp.url, serp.html);
  const tab = await context.newPage();
  await tab.goto(serp.url);
  await applied(tab);
  await allChecked(sw, [DEAD]);
  await checkingDone(sw, serp.url, demo.results.length);
  dead = true;

  const lostPage = await openExtensionPage(`lost.html?url=${encodeURIComponent(DEAD)}`);
  await expect(lostPage.getByRole('button', { name: 'Search again', exact: true }), 'the search finished').toBeVisible({ timeout: 25_000 });
  const sources = lostPage.getByTestId('sources').locator('li');
  expect(await sources.evaluateAll((els) => els.map((e) => [e.getAttribute('data-source'), e.getAttribute('data-state')]))).toEqual([
    ['group', 'skipped'],
    ['store', 'done'],
    ['search', 'done'],
    ['archive', 'done'],
  ]);
  const items = lostPage.getByTestId('alternates').locator('li');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toHaveAttribute('data-source', 'archive');
  await expect(items.first()).toHaveAttribute('data-url', RAW);
  await expect(items.first()).toHaveAttribute('data-basis', 'page');
  expect(Number(await items.first().getAttribute('data-resemblance')), 'the snapshot: the page as it was').toBeGreaterThanOrEqual(0.95);
  await expect(items.first()).toContainText('archived copy from');
  expect(availability.length, 'one availability lookup').toBe(1);
  expect(new URL(availability[0]).searchParams.get('url')).toBe(DEAD);
  expect(server.count(RAW), 'the raw snapshot fetched').toBe(1);
  expect(queries.length, 'the search was made too (and found nothing)').toBeGreaterThanOrEqual(1);
  expect(wall[0], 'the user’s engine asked first, the same query').toBe(queries[0]);
  await expect(sources.nth(2)).toContainText('asked Google, then DuckDuckGo');
  const report = await lostReportDone(ext, DEAD);
  expect(report.alternates[0]?.archivedAt, 'the snapshot’s time').toBe(Date.UTC(2024, 0, 15, 9, 30, 0));
  await takeScreenshot(lostPage, 'lost-and-found-archived-copy');
  test.info().annotations.push({ type: 'availability lookup', description: availability[0] });
});
