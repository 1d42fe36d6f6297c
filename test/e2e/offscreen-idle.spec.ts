/**
 * Issue #29, idle footprint: the offscreen document (and the sketch Worker in it) closes after an idle
 * period and is made again on demand. The period is shortened through the test hook (a minute in use);
 * the results page afterwards still gets its groups, and its pages checked (which reopens the Worker).
 * Covered twice: with the service worker alive (it closes the document when told idle) and stopped
 * (the document closes by itself).
 */
import type { BrowserContext } from '@playwright/test';
import { GRANTED_EXTENSION_DIR, type ResembleFixtures, expect, test } from './fixtures';
import type { HookScope } from './hook';
import { PageServer, applied, checkingDone, enablePageChecking, pageGroupsOf, ranksOf } from './page-check-kit';
import { DEMO_CHECKED_GROUPS, demo, demoSerp } from './page-demo-serp';

test.use({ extensionDir: GRANTED_EXTENSION_DIR });

const IDLE_MS = 1500;

type IdleHook = { offscreenIdle(ms: number): Promise<void>; ping(): Promise<void>; offscreenCount(): Promise<number> };
/** Functions run in the service worker cannot close over `hook`: they read the global themselves. */
const offscreenCount = (sw: ResembleFixtures['sw']) => sw(() => ((globalThis as unknown as HookScope).__resemble as unknown as IdleHook).offscreenCount());

async function openShortIdle(sw: ResembleFixtures['sw']) {
  await sw((ms) => ((globalThis as unknown as HookScope).__resemble as unknown as IdleHook).offscreenIdle(ms), IDLE_MS);
  await sw(() => ((globalThis as unknown as HookScope).__resemble as unknown as IdleHook).ping());
  expect(await offscreenCount(sw), 'the document a Worker request opened').toBe(1);
}

async function checkedPage(context: BrowserContext, serveHtml: ResembleFixtures['serveHtml'], query: string) {
  const server = new PageServer();
  for (const r of demo.results) server.html(r.url, r.html);
  await server.install(context);
  const serp = demoSerp(
    query,
    demo.results.map((r) => r.url),
  );
  await serveHtml(serp.url, serp.html);
  const tab = await context.newPage();
  await tab.goto(serp.url);
  return { tab, serp };
}

/** The demo's groups, [1, 3, 6], [4, 8], [5, 9] by snippets, then the pages' (DEMO_CHECKED_GROUPS) once checked. */
async function groupsStillCome(context: BrowserContext, serveHtml: ResembleFixtures['serveHtml'], sw: ResembleFixtures['sw'], query: string) {
  const { tab, serp } = await checkedPage(context, serveHtml, query);
  await applied(tab);
  const state = await checkingDone(sw, serp.url, 10);
  expect(ranksOf(state.groups ?? [])).toEqual(DEMO_CHECKED_GROUPS);
  await expect.poll(() => pageGroupsOf(tab), { message: 'the groups on the page', timeout: 15_000 }).toEqual(DEMO_CHECKED_GROUPS);
  expect(
    state.groups?.every((g) => g.evidence === 'pages'),
    'each group checked against the pages',
  ).toBe(true); // so the Worker was there again for them
}

test('the offscreen document closes when idle (the service worker closes it) and a later results page is grouped and checked', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
}) => {
  await enablePageChecking(openExtensionPage);
  await openShortIdle(sw);
  await expect.poll(() => offscreenCount(sw), { message: 'offscreen documents after the idle period', timeout: 20_000 }).toBe(0);
  await groupsStillCome(context, serveHtml, sw, 'walden idle document');
  await expect.poll(() => offscreenCount(sw), { message: 'closed again once idle', timeout: 20_000 }).toBe(0);
});

test('with the service worker stopped, the offscreen document closes by itself', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  restartServiceWorker,
}) => {
  await enablePageChecking(openExtensionPage);
  await openShortIdle(sw);
  await restartServiceWorker(); // its port to the document goes with it
  await expect.poll(() => offscreenCount(sw), { message: 'offscreen documents after the idle period', timeout: 20_000 }).toBe(0);
  await groupsStillCome(context, serveHtml, sw, 'walden idle alone');
});
