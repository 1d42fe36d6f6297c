/**
 * Issue #17 end to end: the page groups itself without waiting for the background. The service worker
 * is stopped (CDP Target.closeTarget, and seen gone: stopped, not restarting) before the results page
 * is opened, as Chromium stops it after 30 s idle. The page's groups must be on it before the background
 * even has its results: the page's `data-resemble-applied` against the time the background recorded the
 * results (`results:<tab>`.at), both as Unix time; the content script sends them only after applying.
 * (The navigation itself may wake the worker, as it would for a user: its tab and request listeners.)
 *
 * 1. Collapse (defaults, a fresh profile): the demo's exact groups; the background then agrees.
 * 2. Flag mode, read from storage.sync at document_start: labelled, none hidden.
 * 3. An engine turned off: the page is not touched, neither before nor after the background answers.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { installDemoRoutes } from '../../scripts/start-demo.mjs';
import { type ResembleFixtures, expect, test } from './fixtures';
import { type Mark, expectedMarks, readMarks } from './groups-kit';
import { demo } from './page-demo-serp';
import { tabStateOf } from './page-check-kit';

declare const chrome: typeof Browser;

const DEMO_GROUPS = demo.groups.map((g) => g.ranks);
const N = demo.results.length;

/** Stops the extension's service worker and waits until its target is gone (stopped, not restarting). */
async function stopWorker(context: BrowserContext, origin: string): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  try {
    const target = async () => (await cdp.send('Target.getTargets')).targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(origin));
    // Closed again while one is there: an event still in flight (the page just closed after a settings
    // change, a storage change) may start a new one right after the first close. This test needs none
    // running when the results page loads, so a new one is closed too.
    const stopped = async () => {
      const t = await target();
      if (t) await cdp.send('Target.closeTarget', { targetId: t.targetId }).catch(() => undefined);
      return t === undefined;
    };
    await expect.poll(stopped, { message: 'the service worker stopped', timeout: 20_000, intervals: [100, 250, 500] }).toBe(true);
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/** Settings as the options page sets them (wakes the worker: stop it afterwards). */
async function setSettings(context: BrowserContext, origin: string, patch: Record<string, unknown>): Promise<void> {
  const ext = await context.newPage();
  await ext.goto(`${origin}popup.html`);
  const reply = await ext.evaluate((p) => chrome.runtime.sendMessage({ type: 'settings/set', payload: p }), patch);
  expect(reply).toMatchObject({ ok: true });
  await ext.close();
}

/** Loads the demo with the worker stopped; returns when the groups were applied, as Unix ms. */
async function coldDemo(context: BrowserContext, origin: string, grouped = true): Promise<{ page: Page; appliedAt: number | undefined }> {
  await installDemoRoutes(context, { abortOthers: false });
  const page = await context.newPage();
  await stopWorker(context, origin);
  await page.goto(demo.searchUrl, { waitUntil: 'domcontentloaded' });
  await expect(page.locator(':root')).toHaveAttribute('data-resemble-ready', 'true');
  if (grouped) await expect(page.locator(':root')).toHaveAttribute('data-resemble-applied', /^\d/);
  const appliedAt = await page.evaluate(() => {
    const a = document.documentElement.dataset.resembleApplied;
    return a === undefined ? undefined : performance.timeOrigin + Number(a);
  });
  return { page, appliedAt };
}

/** The page's paint is let go once grouped (or when there is nothing to group): paint-gate.ts. */
async function expectPainted(page: Page): Promise<void> {
  await expect(page.locator('#resemble-paint-gate')).toHaveCount(0);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).visibility)).toBe('visible');
}

/** When the background recorded the page's results (page-results.ts merge: Date.now()), as Unix ms. */
async function receivedAt(sw: ResembleFixtures['sw'], url: string): Promise<number | undefined> {
  const all = await sw(async () => chrome.storage.session.get(null));
  const r = Object.entries(all).find(([k, v]) => k.startsWith('results:') && (v as { url?: string }).url === url);
  return (r?.[1] as { at?: number } | undefined)?.at;
}

/** The groups were on the page before the background had the results, so they are the page's own. */
async function expectBeforeBackground(sw: ResembleFixtures['sw'], appliedAt: number | undefined): Promise<void> {
  expect(appliedAt, 'groups applied').toBeDefined();
  await expect.poll(() => receivedAt(sw, demo.searchUrl), { message: 'the background has the results', timeout: 15_000 }).toBeDefined();
  const at = (await receivedAt(sw, demo.searchUrl))!;
  test.info().annotations.push({ type: 'times', description: `groups applied at ${appliedAt}, the background had the results at ${at}` });
  // Both are wall-clock times of two processes: a millisecond of rounding between them.
  expect(appliedAt!).toBeLessThanOrEqual(at + 1);
}

test('collapse, the service worker stopped: the demo’s groups are on the page before the background has the results', async ({
  context,
  extensionOrigin,
  sw,
}) => {
  const { page, appliedAt } = await coldDemo(context, extensionOrigin);
  expect(await page.evaluate(readMarks)).toEqual(expectedMarks(N, DEMO_GROUPS, true));
  await expectPainted(page);
  await expectBeforeBackground(sw, appliedAt);
  // The background, woken by the results, agrees: the tab is done with the same groups, and the page is unchanged.
  await expect.poll(async () => (await tabStateOf(sw, demo.searchUrl))?.status, { timeout: 15_000 }).toBe('done');
  const groups = (await tabStateOf(sw, demo.searchUrl))?.groups?.map((g) => [g.representative, ...g.members.map((m) => m.rank)]);
  expect(groups).toEqual(DEMO_GROUPS);
  expect(await page.evaluate(readMarks)).toEqual(expectedMarks(N, DEMO_GROUPS, true));
});

test('flag mode from storage, the service worker stopped: copies labelled, none hidden, before the background has the results', async ({
  context,
  extensionOrigin,
  sw,
}) => {
  await setSettings(context, extensionOrigin, { displayMode: 'flag' });
  const { page, appliedAt } = await coldDemo(context, extensionOrigin);
  const marks: Mark[] = await page.evaluate(readMarks);
  expect(marks).toEqual(expectedMarks(N, DEMO_GROUPS, false));
  await expectBeforeBackground(sw, appliedAt);
});

test('an engine turned off, the service worker stopped: the page is not touched, before or after the worker answers', async ({
  context,
  extensionOrigin,
  sw,
}) => {
  await setSettings(context, extensionOrigin, { engines: { google: false } });
  const { page, appliedAt } = await coldDemo(context, extensionOrigin, false);
  expect(appliedAt, 'nothing applied').toBeUndefined();
  expect(await page.evaluate(readMarks)).toEqual([]);
  // The page told the background it is turned off (the popup offers to turn it on).
  await expect.poll(async () => (await tabStateOf(sw, demo.searchUrl))?.status, { timeout: 15_000 }).toBe('disabled');
  expect(await page.evaluate(readMarks)).toEqual([]);
  await expect(page.locator('[data-resemble-hidden], resemble-ui')).toHaveCount(0);
  await expectPainted(page);
});
