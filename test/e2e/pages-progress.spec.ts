/**
 * Page checking as the user sees it (issue #6): while the pages of a results page are checked, the
 * popup shows the progress and the page a quiet indicator ("Resemble: checking pages, 6 of 10") that
 * goes away when the check ends; afterwards the popup says of each group whether it rests on the pages
 * ("Checked against the pages") or on the snippets only ("From the snippets only").
 *
 * The offline demo's results page (demo/: groups [1, 3, 6], [4, 8], [5, 9] by snippets) with its pages
 * served slowly (1.2 s each, so the check lasts a few seconds) and the page of rank 9 gone (404): the
 * mirror group [5, 9] cannot be checked against its pages and stays on the snippets. No ../shared needed.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { GRANTED_EXTENSION_DIR, type ResembleFixtures, expect, test } from './fixtures';
import { PageServer, applied, checkingDone, enablePageChecking, openPopup, ranksOf, setSettings, tabStateOf } from './page-check-kit';
import { demo, demoSerp } from './page-demo-serp';
import { pageUi } from './page-ui-kit';

declare const chrome: typeof Browser;

test.use({ extensionDir: GRANTED_EXTENSION_DIR });

const DELAY_MS = 1_200;
const GONE = 9;

/** `hold`: the pages of ranks 6 to 10 answer only once it settles (the test sees the check under way first, however loaded the machine). */
async function slowDemo(context: BrowserContext, serveHtml: (u: string, h: string) => Promise<void>, query: string, hold?: Promise<unknown>) {
  const server = new PageServer();
  demo.results.forEach((r, i) => {
    const slow = { delayMs: DELAY_MS, ...(hold && i + 1 > 5 ? { hold } : {}) };
    if (i + 1 === GONE) server.on(r.url, { status: 404, contentType: 'text/html', body: '<h1>Not found</h1>', ...slow });
    else server.html(r.url, r.html, slow);
  });
  await server.install(context);
  const serp = demoSerp(
    query,
    demo.results.map((r) => r.url),
  );
  await serveHtml(serp.url, serp.html);
  return { server, serp };
}

test('popup: progress while the pages are checked, then for each group whether it rests on the pages or on the snippets only', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  extensionOrigin,
  takeScreenshot,
}) => {
  await enablePageChecking(openExtensionPage);
  let release = () => {};
  const { serp } = await slowDemo(context, serveHtml, 'walden popup progress', new Promise<void>((r) => (release = r)));
  const tab = await context.newPage();
  await tab.goto(serp.url);
  await applied(tab);
  const popup = await openPopup(context, extensionOrigin, tab);

  // While checking: a status line with "done of total" and a progress bar, and the snippet groups.
  const status = popup.locator('.checking[role="status"]');
  await expect(status).toBeVisible();
  await expect(status).toHaveText(/^Checking pages: \d+ of 10$/);
  const shown = Number((await status.textContent())!.match(/(\d+) of/)![1]);
  expect(shown, 'pages checked when the popup first showed the progress').toBeLessThan(10);
  await expect(status.locator('progress')).toHaveAttribute('max', '10');
  await takeScreenshot(popup, 'popup-checking');
  release();
  // The progress moves on (the popup asks again every second while checking).
  await expect
    .poll(async () => Number(((await status.textContent().catch(() => null)) ?? 'Checking pages: 10 of').match(/(\d+) of/)![1]), { timeout: 15_000 })
    .toBeGreaterThan(shown);

  // Done: the status line goes, each group says what it rests on.
  await expect(status).toHaveCount(0, { timeout: 15_000 });
  const state = await checkingDone(sw, serp.url, 10);
  // Rank 9's page is gone: the mirror group [5, 9] rests on the snippets; the others were checked.
  const groups = ranksOf(state.groups ?? []);
  expect(groups, 'the tab’s groups after checking').toContainEqual([5, 9]);
  expect(groups).toContainEqual([4, 8]);
  const evidence = (rep: number) => state.groups!.find((g) => g.representative === rep)?.evidence;
  expect(evidence(5)).toBe('snippets');
  expect(evidence(4)).toBe('pages');
  expect(evidence(1)).toBe('pages');
  const groupOf = (rep: number) => popup.locator('.group').filter({ has: popup.locator('.group-rep', { hasText: `#${rep}` }) });
  await expect(popup.locator('.group')).toHaveCount(state.groups!.length);
  await expect(groupOf(5).locator('.evidence')).toHaveText('From the snippets only');
  await expect(groupOf(4).locator('.evidence')).toHaveText('Checked against the pages');
  await expect(groupOf(1).locator('.evidence')).toHaveText('Checked against the pages');
  await takeScreenshot(popup, 'popup-checked');
});

/**
 * Records every text the page's checking indicator shows, and when it is gone. Its shadow root is closed:
 * the recorder runs in the content script's world, which reaches in with chrome.dom (./page-ui-kit).
 */
async function watchIndicator(page: Page, evalIn: EvalIn): Promise<() => Promise<string[]>> {
  await evalIn(
    page,
    `(() => {
      const w = globalThis;
      w.__indicator = [];
      const look = () => {
        const host = document.querySelector('resemble-checking');
        const root = host && chrome.dom.openOrClosedShadowRoot(host);
        const text = host ? (root?.querySelector('[data-resemble-checking]')?.textContent ?? '(no text)') : '(none)';
        if (w.__indicator.at(-1) !== text) w.__indicator.push(text);
      };
      look();
      new MutationObserver(look).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
      setInterval(look, 25);
    })()`,
  );
  return () => evalIn<string[]>(page, 'globalThis.__indicator');
}

type EvalIn = ResembleFixtures['evalInContentScript'];
const indicatorOf = (page: Page, evalIn: EvalIn) => pageUi(page, evalIn)('resemble-checking', '[data-resemble-checking]');

test('results page: a quiet indicator while the pages are checked, counting up, removed when done', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  takeScreenshot,
  evalInContentScript,
}) => {
  await enablePageChecking(openExtensionPage);
  const { serp } = await slowDemo(context, serveHtml, 'walden page indicator');
  const tab = await context.newPage();
  await tab.goto(serp.url);
  await applied(tab);
  const recorded = await watchIndicator(tab, evalInContentScript);

  const indicator = indicatorOf(tab, evalInContentScript);
  await expect.poll(() => indicator.text()).toMatch(/^Resemble: checking pages, \d of 10$/);
  const shown = (await indicator.node())!;
  expect(shown.attrs.role).toBe('status');
  expect(shown.mode, 'a closed shadow root').toBe('closed');
  // Quiet: fixed in a corner, small, not in the results' flow.
  const host = tab.locator('resemble-checking');
  expect(await host.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  const box = shown.box;
  const view = tab.viewportSize()!;
  expect(box.x + box.width, 'at the right edge').toBeGreaterThan(view.width - 40);
  expect(box.y + box.height, 'at the bottom').toBeGreaterThan(view.height - 40);
  expect(box.height, 'one line').toBeLessThan(40);
  await takeScreenshot(tab, 'page-checking-indicator');

  await checkingDone(sw, serp.url, 10);
  await expect(tab.locator('resemble-checking'), 'the indicator is removed when the check ends').toHaveCount(0);
  const seen = await recorded();
  test.info().annotations.push({ type: 'indicator', description: JSON.stringify(seen) });
  expect(seen.at(-1), 'last: gone').toBe('(none)');
  const counts = seen.filter((s) => s.startsWith('Resemble:')).map((s) => Number(s.match(/(\d+) of 10$/)![1]));
  expect(counts.length, `texts shown: ${JSON.stringify(seen)}`).toBeGreaterThanOrEqual(2);
  expect(
    [...counts].sort((a, b) => a - b),
    'counting up',
  ).toEqual(counts);
  expect(Math.max(...counts)).toBeLessThan(10);
  // Nothing is left behind: after the check the state says done, and the page shows no indicator.
  expect((await tabStateOf(sw, serp.url))?.checking).toEqual({ done: 10, total: 10 });
});

test('turning page checking off mid-run stops the fetches, and the page’s indicator and the popup’s progress go', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  extensionOrigin,
  evalInContentScript,
}) => {
  const ext = await enablePageChecking(openExtensionPage);
  const { server, serp } = await slowDemo(context, serveHtml, 'walden turned off');
  const tab = await context.newPage();
  await tab.goto(serp.url);
  await applied(tab);
  await expect.poll(() => indicatorOf(tab, evalInContentScript).text()).toMatch(/^Resemble: checking pages, \d of 10$/);
  // The tab's run is marked in storage.session while it goes on (a restarted worker resumes from it) and
  // unmarked when it returns: once its queue is idle, which a cancelled queue is when nothing is left to fetch.
  const { tabId } = (await tabStateOf(sw, serp.url))!;
  const runMarked = () => sw(async (key) => key in (await chrome.storage.session.get(key)), `check:${tabId}`);
  await expect.poll(runMarked, { message: 'the run is marked while it goes on' }).toBe(true);

  await setSettings(ext, { pageChecking: false });
  const asked = () => demo.results.reduce((n, r) => n + server.count(r.url), 0);
  await expect(tab.locator('resemble-checking'), 'the indicator goes').toHaveCount(0, { timeout: 10_000 });
  const stoppedAt = asked();
  expect(stoppedAt, 'not every page was fetched').toBeLessThan(10);
  // The barrier: the run has ended (a run that went on fetching would still be marked, for as long as
  // the rest of its pages take); nothing is left to fetch the pages it did not get to.
  await expect.poll(runMarked, { message: 'the run is over', timeout: 10_000 }).toBe(false);
  expect(asked(), 'no fetch after page checking was turned off').toBe(stoppedAt);
  const left = (await tabStateOf(sw, serp.url))?.checking;
  expect(left === undefined || left.done === left.total, `no progress left in the tab’s state: ${JSON.stringify(left)}`).toBe(true);
  const popup = await openPopup(context, extensionOrigin, tab);
  await expect(popup.locator('.group').first()).toBeVisible();
  await expect(popup.locator('.checking[role="status"]')).toHaveCount(0);
});
