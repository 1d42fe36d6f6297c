/**
 * Issue #28, timing: a hostile results page that holds the fetch slots learnt which of its results the
 * store remembered (pages the user saw on other engines): a remembered result got its marks at the
 * first regroup (140 ms), an unseen one only once its fetch ended (10 s behind the held slots). Now a
 * check's outcomes are released in rank order (lib/fetch/check-view.ts): a remembered result ranked
 * below a held one is shown no sooner than the held one's outcome, as an unseen one would be.
 *
 * Scene: a first results page lists A, whose page is gone (404): the store remembers it dead. A second
 * results page lists H (its page held unanswered by the test) above A. While H is held, the tab's
 * state (what the page is told) marks nothing dead and counts nothing checked; once H answers, A is
 * marked dead on the page.
 */
import type { Page } from '@playwright/test';
import { GRANTED_EXTENSION_DIR, expect, test } from './fixtures';
import { PageServer, allChecked, applied, checkingDone, enablePageChecking, tabStateOf } from './page-check-kit';
import { demo, demoSerp } from './page-demo-serp';

test.use({ extensionDir: GRANTED_EXTENSION_DIR });

const A = 'https://remembered.example/essays/walking';
const H = 'https://holder.example/slow';

const deadMark = (page: Page, rank: number) => page.locator(`[data-resemble-rank="${rank}"]`).first().getAttribute('data-resemble-dead');

test('a result the store remembers is not marked before the fetches ranked above it end', async ({ context, sw, serveHtml, openExtensionPage }) => {
  await enablePageChecking(openExtensionPage);
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  const server = new PageServer();
  server.on(A, { status: 404, contentType: 'text/html', body: '<h1>Not found</h1>' });
  server.html(H, demo.results[0].html, { hold: held });
  await server.install(context);

  // 1. Seen once on another results page: the store remembers A as gone.
  const seen = demoSerp('walden seen before', [A]);
  await serveHtml(seen.url, seen.html);
  const first = await context.newPage();
  await first.goto(seen.url);
  await applied(first);
  const [rec] = await allChecked(sw, [A]);
  expect(rec?.status).toBe('gone');
  await checkingDone(sw, seen.url, 1);
  expect(server.count(A)).toBe(1);

  // 2. The hostile page: H (held) above A.
  const probe = demoSerp('walden probe', [H, A]);
  await serveHtml(probe.url, probe.html);
  const tab = await context.newPage();
  await tab.goto(probe.url);
  await applied(tab);
  await expect.poll(() => server.count(H), { message: 'H is being fetched' }).toBe(1);
  // The check's first regroup has run (its progress is in the tab's state): A, remembered, is not shown yet.
  await expect.poll(async () => (await tabStateOf(sw, probe.url))?.checking, { message: 'the check’s first progress' }).toBeDefined();
  const during = (await tabStateOf(sw, probe.url))!;
  expect(during.dead ?? [], 'no dead mark while H, ranked above A, is held').toEqual([]);
  expect(during.checking, 'nothing counted as checked yet').toEqual({ done: 0, total: 2 });
  expect(await deadMark(tab, 2)).toBeNull();
  expect(server.count(A), 'A was not fetched again: the store answered').toBe(1);

  // 3. H answers: A's outcome is released, and the page marks it dead.
  release();
  const after = await checkingDone(sw, probe.url, 2);
  expect(after.dead?.map((d) => d.rank)).toEqual([2]);
  await expect.poll(() => deadMark(tab, 2), { message: 'A marked dead on the page', timeout: 15_000 }).not.toBeNull();
});
