/**
 * A live copy for a dead result never seen alive (issue #28), end to end: no past visit is seeded, so
 * no sketch of the dead page exists. The offline demo's results page (Google markup): rank 5 (Civil
 * Disobedience) now answers 404; rank 9, its mirror, holds the text of rank 5's snippet in its page;
 * rank 10 is a decoy listed under rank 5's very title and snippet (so it lands in rank 5's group) whose
 * page is another text under that title. What the engine showed is the evidence: the mirror holds the
 * snippet and is shown as such, on the page ("live copy: mirror.openshelf.example, holds the snippet")
 * and in the popup; the decoy is fetched and refused. No search, no archive request.
 */
import type { Route } from '@playwright/test';
import { GRANTED_EXTENSION_DIR, expect, test } from './fixtures';
import { deadLabel, retitled, routeSearch } from './lost-kit';
import { PageServer, allChecked, applied, checkingDone, enablePageChecking, openPopup, tabStateOf } from './page-check-kit';
import { pageUi } from './page-ui-kit';
import { demo, demoSerp } from './page-demo-serp';
import { buildSerp } from './serp-builder';

test.use({ extensionDir: GRANTED_EXTENSION_DIR });

const page = (rank: number) => demo.results[rank - 1].html;
const DEAD = demo.results[4].url;
const MIRROR = demo.results[8].url;
const DECOY = 'https://decoy.example/thoreau/civil-disobedience';

test('a 404 result never visited shows its group’s live mirror that holds the snippet, on the page and in the popup; a title-only decoy is not offered', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  extensionOrigin,
  evalInContentScript,
  takeScreenshot,
}) => {
  const base = demoSerp(
    'thoreau civil disobedience never seen',
    demo.results.map((r) => r.url),
  );
  const results = base.results.map((r, i) => (i === 9 ? { ...base.results[4], url: DECOY, displayUrl: 'decoy.example' } : r));
  const serp = { url: base.url, html: buildSerp(demo.resultsHtml, base.url, results).html };
  const deadTitle = base.results[4].title;
  // The premise: the mirror's page holds the dead result's snippet (its first sentence), the decoy's does not.
  const opening = 'I heartily accept the motto';
  expect(base.results[4].snippet).toContain(opening);
  expect(page(9)).toContain(opening);
  expect(page(7)).not.toContain(opening);

  const server = new PageServer();
  demo.results.forEach((r, i) =>
    i === 4
      ? server.on(r.url, { status: 404, contentType: 'text/html; charset=utf-8', body: '<h1>Not Found</h1>' })
      : i === 9
        ? undefined
        : server.html(r.url, page(i + 1)),
  );
  server.html(DECOY, retitled(page(7), deadTitle));
  await server.install(context);
  const ddg = await routeSearch(context, () => []);
  const google = await routeSearch(context, () => [], 'google');
  const archive: string[] = [];
  await context.route(
    (u) => /(^|\.)archive\.org$/.test(u.hostname),
    (route: Route) => (archive.push(route.request().url()), route.fulfill({ status: 404, body: '' })),
  );

  await enablePageChecking(openExtensionPage);
  await serveHtml(serp.url, serp.html);
  const tab = await context.newPage();
  await tab.goto(serp.url);
  await applied(tab);
  await allChecked(sw, [DEAD, MIRROR, DECOY]);
  await checkingDone(sw, serp.url, demo.results.length);

  // On the page: the live copy beside "dead link", said to hold the snippet.
  await expect.poll(() => deadLabel(tab, evalInContentScript, 5).text(), { timeout: 25_000 }).toBe('dead link');
  const live = pageUi(tab, evalInContentScript)('[data-resemble-rank="5"] resemble-ui', 'a.live');
  await expect
    .poll(() => live.text(), { timeout: 25_000, message: 'the live copy beside the dead result' })
    .toBe('live copy: mirror.openshelf.example, holds the snippet');
  expect(await live.attr('href')).toBe(MIRROR);
  // Through the link's aria-describedby each time: a later update may draw the label again, with a new tooltip id.
  const tipText = async () => pageUi(tab, evalInContentScript)('[data-resemble-rank="5"] resemble-ui', `#${await live.attr('aria-describedby')}`).text();
  await expect.poll(tipText, { message: 'the live copy’s tooltip' }).toMatch(/It holds \d+% of the snippet the search engine showed for the dead result/);

  // The tab's state: the mirror only, on the snippet's evidence; the decoy was fetched and refused.
  await expect
    .poll(async () => (await tabStateOf(sw, serp.url))?.dead?.map((d) => [d.rank, d.alternates?.map((a) => [a.url, a.basis])]), { timeout: 25_000 })
    .toEqual([[5, [[MIRROR, 'snippet']]]]);
  expect(server.count(DECOY), 'the decoy fetched and measured').toBeGreaterThanOrEqual(1);

  // The popup lists it the same way.
  const popup = await openPopup(context, extensionOrigin, tab);
  const copies = popup.locator('li[data-rank="5"] [data-testid="alternates"]');
  const line = copies.locator(`li.alternate[data-url="${MIRROR}"]`);
  await expect(line).toBeVisible({ timeout: 15_000 });
  await expect(line).toHaveAttribute('data-basis', 'snippet');
  await expect(line.locator('.measures')).toHaveText('holds the snippet');
  await expect(copies.locator(`li.alternate[data-url="${DECOY}"]`), 'the decoy is not listed').toHaveCount(0);
  await expect(copies.locator('li.alternate')).toHaveCount(1);

  expect([...ddg, ...google], 'no search made').toEqual([]);
  expect(archive, 'no archive request').toEqual([]);
  await takeScreenshot(popup, 'popup-dead-result-never-seen-snippet-copy');
});
