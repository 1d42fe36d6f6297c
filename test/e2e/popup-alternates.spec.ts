/**
 * Lost and found in the popup (issue #15), end to end in the build granted access to sites: a dead
 * result's live copies listed in the popup without any user action (from the local look the background
 * makes at once), the tab's own dead page's likewise, and "search for more" running the on-request
 * sources in place.
 *
 * The offline demo's results page (Google markup): rank 5 is in one group with rank 9, its mirror; the
 * store holds rank 5's page sketch (a past visit, seeded through the test hook) and rank 5 now answers
 * 404, so page checking marks it dead. A decoy shares only rank 5's title (and snippet): as rank 10 of
 * the results page, and as a result of the routed engine search. Only measured copies may be listed.
 */
import { parseHTML } from 'linkedom';
import type { Page } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { mainText } from '../../lib/page/main-text';
import { GRANTED_EXTENSION_DIR, expect, test } from './fixtures';
import type { HookScope } from './hook';
import { measure, retitled, routeSearch } from './lost-kit';
import { PageServer, allChecked, applied, checkingDone, enablePageChecking, openPopup, tabStateOf } from './page-check-kit';
import { demo, demoSerp } from './page-demo-serp';
import { buildSerp } from './serp-builder';
import { openDeadPage } from './dead-page-scene';

/** The extension API, in functions evaluated in the service worker. */
declare const chrome: typeof Browser;

test.use({ extensionDir: GRANTED_EXTENSION_DIR });

const page = (rank: number) => demo.results[rank - 1].html;
const DEAD = demo.results[4].url;
const MIRROR = demo.results[8].url;
const DECOY = 'https://decoy.example/thoreau/civil-disobedience';
const COPY = 'https://essays.example/resistance-to-civil-government';

/** The popup's list of live copies under dead result #5. */
const copiesOf = (popup: Page) => popup.locator('li[data-rank="5"] [data-testid="alternates"]');
const lineOf = (popup: Page, url: string) => copiesOf(popup).locator(`li.alternate[data-url="${url}"]`);
/** "87% alike · 93% inside" as fractions. */
async function shownMeasure(popup: Page, url: string): Promise<{ resemblance: number; containment: number }> {
  const m = (await lineOf(popup, url).locator('.measures').textContent())!.match(/^(\d+)% alike · (\d+)% inside$/);
  expect(m, 'the measures shown').not.toBeNull();
  return { resemblance: Number(m![1]) / 100, containment: Number(m![2]) / 100 };
}

type Fixtures = Pick<Parameters<Parameters<typeof test>[2]>[0], 'context' | 'sw' | 'serveHtml' | 'openExtensionPage'>;

/** The pages answered (rank 5 dead), rank 5's sketch kept, page checking on. Searches are routed by each test first. */
async function scene({ context, sw, openExtensionPage }: Fixtures) {
  const base = demoSerp(
    'thoreau civil disobedience popup',
    demo.results.map((r) => r.url),
  );
  const results = base.results.map((r, i) => (i === 9 ? { ...base.results[4], url: DECOY, displayUrl: 'decoy.example' } : r));
  const serp = { url: base.url, html: buildSerp(demo.resultsHtml, base.url, results).html };
  const deadTitle = base.results[4].title;
  const server = new PageServer();
  demo.results.forEach((r, i) =>
    i === 4
      ? server.on(r.url, { status: 404, contentType: 'text/html; charset=utf-8', body: '<h1>Not Found</h1>' })
      : i === 9
        ? undefined
        : server.html(r.url, page(i + 1)),
  );
  server.html(DECOY, retitled(page(7), deadTitle)).html(COPY, retitled(page(5), 'Resistance to Civil Government (1849) — Essays'));
  await server.install(context);
  const deadText = mainText(parseHTML(page(5)).document as unknown as Document, DEAD).text;
  await sw(async ([u, t, x]) => (globalThis as unknown as HookScope).__resemble!.remember(u, t, x, 'page'), [DEAD, deadTitle, deadText] as const);
  await enablePageChecking(openExtensionPage);
  return { serp, deadTitle };
}

/** The results page opened and checked: rank 5 dead, with its mirror in the tab's state (the local look). */
async function openDeadResults({ context, sw, serveHtml }: Fixtures, serp: { url: string; html: string }): Promise<Page> {
  await serveHtml(serp.url, serp.html);
  const tab = await context.newPage();
  await tab.goto(serp.url);
  await applied(tab);
  await allChecked(sw, [DEAD, MIRROR, DECOY]);
  await checkingDone(sw, serp.url, demo.results.length);
  await expect
    .poll(async () => (await tabStateOf(sw, serp.url))?.dead?.map((d) => [d.rank, d.alternates?.map((a) => a.url)]), { timeout: 25_000 })
    .toEqual([[5, [MIRROR]]]);
  return tab;
}

test('the popup lists a dead result’s live mirror with its measure, with no action and no search; the title-only decoy is not listed', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  extensionOrigin,
  takeScreenshot,
}) => {
  const f = { context, sw, serveHtml, openExtensionPage };
  const { serp } = await scene(f);
  const ddg = await routeSearch(context, () => []);
  const google = await routeSearch(context, () => [], 'google');
  const tab = await openDeadResults(f, serp);
  const popup = await openPopup(context, extensionOrigin, tab);

  await expect(lineOf(popup, MIRROR)).toBeVisible({ timeout: 15_000 });
  await expect(lineOf(popup, MIRROR).locator('a')).toHaveText('mirror.openshelf.example');
  await expect(lineOf(popup, MIRROR).locator('a')).toHaveAttribute('href', MIRROR);
  await expect(lineOf(popup, MIRROR)).toContainText('in its group on the results page · checked');
  const node = measure({ html: page(5), url: DEAD }, { html: page(9), url: MIRROR });
  const shown = await shownMeasure(popup, MIRROR);
  expect(shown.resemblance, 'about what Node measures').toBeCloseTo(node.resemblance, 1);
  expect(shown.containment).toBeCloseTo(node.containment, 1);
  await expect(copiesOf(popup)).toHaveAttribute('data-state', 'found');
  await expect(copiesOf(popup).getByRole('status')).toHaveText('Found 1 copy');
  await expect(copiesOf(popup).locator('li.alternate')).toHaveCount(1);
  await expect(lineOf(popup, DECOY), 'the decoy is not listed').toHaveCount(0);
  await expect(popup.getByRole('button', { name: 'Find a copy of result #5' }), 'the full report one click away').toBeVisible();
  expect([...ddg, ...google], 'no search made').toEqual([]);
  await takeScreenshot(popup, 'popup-dead-result-live-copy');
});

test('"search for more" in the popup finds a copy through the engine’s results page and lists it with its measure; the decoy is not listed', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  extensionOrigin,
  takeScreenshot,
}) => {
  const f = { context, sw, serveHtml, openExtensionPage };
  const { serp, deadTitle } = await scene(f);
  const ddg = await routeSearch(context, () => []);
  const google = await routeSearch(
    context,
    () => [
      { url: DECOY, title: deadTitle, snippet: 'Thoreau on simplicity: our life is frittered away by detail.' },
      {
        url: COPY,
        title: 'Resistance to Civil Government (1849) — Essays',
        snippet: 'I heartily accept the motto, “That government is best which governs least.”',
      },
    ],
    'google',
  );
  const tab = await openDeadResults(f, serp);
  const popup = await openPopup(context, extensionOrigin, tab);
  await expect(lineOf(popup, MIRROR)).toBeVisible({ timeout: 15_000 });
  expect([...ddg, ...google], 'nothing searched before the click').toEqual([]);

  await copiesOf(popup).getByRole('button', { name: 'Search for more copies of result #5' }).click();
  await expect(lineOf(popup, COPY), 'the copy the search found').toBeVisible({ timeout: 30_000 });
  await expect(copiesOf(popup)).toHaveAttribute('data-state', 'found', { timeout: 30_000 });
  expect(google.length + ddg.length, 'the engine was asked').toBeGreaterThan(0);
  await expect(lineOf(popup, COPY).locator('a')).toHaveText('essays.example');
  await expect(lineOf(popup, COPY)).toContainText('found by searching phrases');
  const node = measure({ html: page(5), url: DEAD }, { html: retitled(page(5), 'x'), url: COPY });
  expect((await shownMeasure(popup, COPY)).resemblance, 'about what Node measures').toBeCloseTo(node.resemblance, 1);
  // Both listed once (the mirror from the tab's state, the copy from the search), best first.
  await expect(copiesOf(popup).locator('li.alternate')).toHaveCount(2);
  const order = await copiesOf(popup)
    .locator('li.alternate')
    .evaluateAll((ls) => ls.map((l) => l.getAttribute('data-url')!));
  expect([...order].sort()).toEqual([COPY, MIRROR].sort());
  const alike = await Promise.all(order.map(async (u) => (await shownMeasure(popup, u)).resemblance));
  expect(alike, 'best first').toEqual([...alike].sort((a, b) => b - a));
  await expect(lineOf(popup, DECOY), 'the decoy is not listed').toHaveCount(0);
  await expect(copiesOf(popup).getByRole('status')).toHaveText('Found 2 copies');
  await takeScreenshot(popup, 'popup-search-for-more');
});

test('the tab’s own dead page shows its group’s live mirror in the popup, with its measure, with no search', async ({
  context,
  sw,
  serveHtml,
  extensionOrigin,
}) => {
  const { tab, deadPage, ddg, google } = await openDeadPage({ context, sw, serveHtml }, 'thoreau civil disobedience popup dead page');
  await expect.poll(async () => (await deadPage())?.alternates?.map((a) => a.url), { timeout: 15_000 }).toEqual([MIRROR]);

  const popup = await openPopup(context, extensionOrigin, tab);
  const copies = popup.getByTestId('dead-page').getByTestId('alternates');
  const line = copies.locator(`li.alternate[data-url="${MIRROR}"]`);
  await expect(line).toBeVisible({ timeout: 15_000 });
  await expect(line.locator('a')).toHaveText('mirror.openshelf.example');
  await expect(line).toContainText('in its group on the results page');
  const m = (await line.locator('.measures').textContent())!.match(/^(\d+)% alike · (\d+)% inside$/);
  expect(Number(m![1]) / 100, 'about what Node measures').toBeCloseTo(measure({ html: page(5), url: DEAD }, { html: page(9), url: MIRROR }).resemblance, 1);
  await expect(copies.getByRole('status')).toHaveText('Found 1 copy');
  await expect(popup.getByRole('button', { name: 'Find a copy', exact: true }), 'the full report one click away').toBeVisible();
  expect([...ddg, ...google], 'no search made').toEqual([]);
});
