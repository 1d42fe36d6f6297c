/**
 * A service worker stopped in the middle of page checking (issue #6) loses no finished sketch and
 * duplicates none: the background records each page as it is checked, marks the tab's run in
 * storage.session, and a restarted service worker resumes it (entrypoints/background/index.ts: resumeChecks)
 * from what is not stored yet. Pages finished before the stop are not fetched again.
 *
 * Uses the offline demo's Google markup and pages (demo/): no ../shared needed.
 */
import { GRANTED_EXTENSION_DIR, expect, test } from './fixtures';
import { requireHook } from './hook';
import { PageServer, applied, allChecked, checkingDone, enablePageChecking, recallAll, storeUsage } from './page-check-kit';
import { demo, demoSerp } from './page-demo-serp';

test.use({ extensionDir: GRANTED_EXTENSION_DIR });

const FAST = 4;
const SLOW_MS = 2_500;

test('stopping the service worker mid-run: the check resumes, finished pages are not fetched again, every page ends stored exactly once', async ({
  context,
  sw,
  restartServiceWorker,
  serveHtml,
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  // Ten results on ten hosts (the per-host limit does not get in the way): the first four answer at once,
  // the others after 2.5 s, so that the stop finds four pages stored and four in flight.
  const urls = demo.results.map((r, i) => `https://site${i + 1}.example/walden/${new URL(r.url).pathname.split('/').filter(Boolean).at(-1)}`);
  const server = new PageServer();
  urls.forEach((u, i) => server.html(u, demo.results[i].html, { delayMs: i < FAST ? 0 : SLOW_MS }));
  await server.install(context);
  await enablePageChecking(openExtensionPage);
  const serp = demoSerp('walden resume', urls);
  await serveHtml(serp.url, serp.html);
  const tab = await context.newPage();
  await tab.goto(serp.url);
  await applied(tab);

  // The four fast pages stored, the slow ones not yet: stop the service worker now.
  await expect
    .poll(async () => (await recallAll(sw, urls.slice(0, FAST))).map((r) => r?.status), { timeout: 10_000, message: 'the fast pages stored' })
    .toEqual(Array(FAST).fill('ok'));
  const before = await recallAll(sw, urls);
  const inFlight = urls.filter((u) => server.count(u) === 1 && !server.seen.get(u)!.answered.length);
  const storedBefore = before.filter((r) => r?.status).map((r) => r!.url);
  expect(storedBefore, 'stored before the stop: exactly the fast pages').toEqual(urls.slice(0, FAST));
  expect(inFlight.length, 'pages in flight when the service worker stops').toBeGreaterThan(0);
  const stoppedAt = Date.now();
  await restartServiceWorker();
  await requireHook(sw);

  // The run resumes by itself and ends with every page checked.
  const after = await allChecked(sw, urls, 25_000);
  expect(after.map((r) => [r?.status, r?.hasPage])).toEqual(urls.map(() => ['ok', true]));
  // Finished pages: the same record (not fetched or stored again).
  for (let i = 0; i < FAST; i++) {
    expect(server.count(urls[i]), `${urls[i]} (stored before the stop) fetched once`).toBe(1);
    expect(after[i]!.fetchedAt, `${urls[i]}'s record is the one stored before the stop`).toBe(before[i]!.fetchedAt);
  }
  // Unfinished pages: fetched again after the restart (at most once more each), stored after it.
  for (let i = FAST; i < urls.length; i++) {
    expect(server.count(urls[i]), `${urls[i]} fetched at most twice`).toBeLessThanOrEqual(2);
    expect(after[i]!.fetchedAt!, `${urls[i]} stored after the restart`).toBeGreaterThan(stoppedAt);
  }
  for (const u of inFlight) expect(server.count(u), `${u} (in flight at the stop) fetched again`).toBe(2);
  // One record per result: none lost, none duplicated.
  const usage = await storeUsage(sw);
  expect(usage.entries, 'store entries: one per distinct result').toBe(new Set(urls).size);
  const state = await checkingDone(sw, serp.url, urls.length);
  const ranks = (state.groups ?? []).flatMap((g) => [g.representative, ...g.members.map((m) => m.rank)]);
  expect(new Set(ranks).size, 'no result in two groups').toBe(ranks.length);
  // The page got the regrouped state from the restarted service worker too.
  await expect(tab.locator('resemble-checking')).toHaveCount(0);
  test.info().annotations.push({
    type: 'fetches',
    description: `${JSON.stringify(urls.map((u) => [u, server.count(u)]))}; in flight at the stop: ${inFlight.length}; store ${JSON.stringify(usage)}`,
  });
});
