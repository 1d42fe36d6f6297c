/**
 * Helpers for the end-to-end tests of page checking (issue #6, test/e2e/pages*.spec.ts): results pages
 * built from real Google markup whose result URLs are routed to files of ../shared's corpora (or to
 * misbehaving servers), a recorder of what the service worker fetched and when, and readers of what the
 * background stored and told the tab.
 *
 * Routing: the fixture's context aborts every request; `PageServer.install` adds one route, later so it
 * wins, answering exactly the URLs given to it (Playwright's context routes see the service worker's
 * fetches too). Each answer is a plain function of the request, so a test can delay it, never answer,
 * redirect, or serve bytes of any type.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page, Route } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import type { PageGroup } from '../../lib/group/pages';
import type { TabState } from '../../lib/tab/tab-state';
import { type ResembleFixtures, expect } from './fixtures';
import type { HookScope } from './hook';
import { RouteTable, sleep } from './route-table';
import { type BuiltResult, buildSerp, readText } from './serp-builder';
import { SHARED, SHARED_ABSENT_REASON } from '../helpers/shared-dir';
import { installDemoRoutes, loadDemo } from '../../scripts/start-demo.mjs';

const DEMO_SEARCH_URL = (loadDemo() as { searchUrl: string }).searchUrl;

declare const chrome: typeof Browser;

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export { SHARED, hasShared } from '../helpers/shared-dir';
export const SHARED_ABSENT = `${SHARED_ABSENT_REASON}: the page-checking tests built from its saved results pages and corpora are skipped`;

/** A saved Google results page (JS markup) with ten organic results. */
export const GOOGLE_TEMPLATE = 'fixtures/serp/google/2023-05_dell_zlurad.html';
/** One with many (95) organic results, for pages of more than ten. */
export const GOOGLE_TEMPLATE_MANY = 'fixtures/serp/google/2023-05_coffee_zlurad.html';

export const sharedPath = (rel: string) => path.join(SHARED, rel);
export const sharedBytes = (rel: string): Buffer => readFileSync(sharedPath(rel));

/** A results page at `https://www.google.com/search?q=<query>` saying `results`, from a saved Google page. */
export function googleSerp(
  query: string,
  results: readonly BuiltResult[],
  template = results.length > 10 ? GOOGLE_TEMPLATE_MANY : GOOGLE_TEMPLATE,
): { url: string; html: string } {
  const url = `https://www.google.com/search?q=${encodeURIComponent(query).replace(/%20/g, '+')}&hl=en`;
  const built = buildSerp(readText(sharedPath(template)), url, results);
  return { url, html: built.html };
}

/** The first `n` words of `text` (HTML read as text first), for a short snippet. */
export function firstWords(text: string, n: number, skip = 0): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .slice(skip, skip + n)
    .join(' ');
}

// ---------------------------------------------------------------------------------------------------
// Serving result pages

export type { Answer, Seen } from './route-table';

/** Serves a fixed set of URLs to the browser (the service worker's fetches included), recording every request. */
export class PageServer extends RouteTable {
  /** Every request this server saw, first to last (ms since the epoch). */
  get firstRequest(): number {
    return Math.min(...[...this.seen.values()].flatMap((s) => s.requests));
  }

  async install(context: BrowserContext): Promise<void> {
    await context.route(
      (u) => this.routes.has(u.href),
      async (route: Route) => {
        const key = route.request().url();
        const seen = this.seen.get(key)!;
        seen.requests.push(Date.now());
        const a = this.routes.get(key)!(seen.requests.length, new URL(key));
        if (a.never) return; // left pending on purpose
        if (a.hold) await a.hold;
        if (a.delayMs) await sleep(a.delayMs);
        try {
          await route.fulfill({
            status: a.status ?? 200,
            headers: { ...(a.contentType ? { 'content-type': a.contentType } : {}), ...a.headers },
            body: a.body ?? '',
          });
          seen.answered.push(Date.now());
        } catch {
          seen.lost++; // the fetch was aborted meanwhile (a stopped service worker, a cancelled check)
        }
      },
    );
  }
}

// ---------------------------------------------------------------------------------------------------
// The extension's side

/** Changes settings as the options page does (settings/set from an extension page); checks the reply. */
export async function setSettings(ext: Page, patch: Record<string, unknown>): Promise<void> {
  const reply = await ext.evaluate((p) => chrome.runtime.sendMessage({ type: 'settings/set', payload: p }), patch);
  expect(reply, `settings/set ${JSON.stringify(patch)}`).toMatchObject({ ok: true, value: patch });
}

/** Turns page checking on (as the popup's offer does once host access is granted); returns the extension page used. */
export async function enablePageChecking(openExtensionPage: ResembleFixtures['openExtensionPage'], extra: Record<string, unknown> = {}): Promise<Page> {
  const ext = await openExtensionPage('options.html');
  await setSettings(ext, { pageChecking: true, pageCheckingAsked: true, ...extra });
  return ext;
}

export type Recalled = Awaited<ReturnType<NonNullable<HookScope['__resemble']>['recall']>>;

/** What the store holds for each URL (the test hook's recall), in the same order. */
export function recallAll(sw: ResembleFixtures['sw'], urls: readonly string[]): Promise<Recalled[]> {
  return sw(async (us) => Promise.all(us.map((u) => (globalThis as unknown as HookScope).__resemble!.recall(u))), [...urls]);
}

export function storeUsage(sw: ResembleFixtures['sw']): Promise<{ entries: number; bytes: number }> {
  return sw(async () => (globalThis as unknown as HookScope).__resemble!.usage());
}

/** The background's state of the tab showing `serpUrl` (storage.session `tab:<id>`), if any. */
export async function tabStateOf(sw: ResembleFixtures['sw'], serpUrl: string): Promise<TabState | undefined> {
  const all = await sw(async () => chrome.storage.session.get(null));
  return Object.entries(all)
    .filter(([k]) => k.startsWith('tab:'))
    .map(([, v]) => v as TabState)
    .find((s) => s.url === serpUrl);
}

/** Waits until every URL has a record with a fetch status (a page sketch or a failure), up to `timeout`. */
export async function allChecked(sw: ResembleFixtures['sw'], urls: readonly string[], timeout = 25_000): Promise<Recalled[]> {
  await expect
    .poll(async () => (await recallAll(sw, urls)).map((r, i) => (r?.status ? '' : urls[i])).filter(Boolean), {
      timeout,
      message: 'results whose page is not checked yet',
    })
    .toEqual([]);
  return recallAll(sw, urls);
}

/** Waits until the tab's state says its checking is done (done == total, total == n). */
export async function checkingDone(sw: ResembleFixtures['sw'], serpUrl: string, n: number, timeout = 25_000): Promise<TabState> {
  await expect.poll(async () => (await tabStateOf(sw, serpUrl))?.checking, { timeout, message: 'the tab’s checking progress' }).toEqual({ done: n, total: n });
  return (await tabStateOf(sw, serpUrl))!;
}

/** Groups as ranks, representative first. */
export const ranksOf = (groups: readonly Pick<PageGroup, 'representative' | 'members'>[]) =>
  groups.map((g) => [g.representative, ...g.members.map((m) => m.rank)]);

/** Waits for the results page's groups to be applied once (the content script stamps <html data-resemble-applied>). */
export async function applied(page: Page): Promise<void> {
  await expect(page.locator(':root')).toHaveAttribute('data-resemble-applied', /^\d/, { timeout: 15_000 });
}

/** The offline demo's results page (npm start's), served by routes, once its groups are applied. */
export async function openDemo(context: BrowserContext): Promise<Page> {
  await installDemoRoutes(context, { abortOthers: false }); // the fixture already cuts the network off
  const page = await context.newPage();
  await page.goto(DEMO_SEARCH_URL);
  await applied(page);
  return page;
}

/** Every result root the content script marked: rank, cluster, role. */
export const marks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-resemble-rank]')].map((el) => ({
      rank: Number(el.getAttribute('data-resemble-rank')),
      cluster: el.getAttribute('data-resemble-cluster') ?? undefined,
      role: el.getAttribute('data-resemble-role') ?? undefined,
    })),
  );

/** The page's groups read off its marks: ranks, representative first, ordered by representative. */
export async function pageGroupsOf(page: Page): Promise<number[][]> {
  const by = new Map<string, { rank: number; role?: string }[]>();
  for (const m of await marks(page)) if (m.cluster) by.set(m.cluster, [...(by.get(m.cluster) ?? []), m]);
  return [...by.values()]
    .map((g) => [...g.filter((m) => m.role === 'representative'), ...g.filter((m) => m.role !== 'representative')].map((m) => m.rank))
    .sort((a, b) => a[0] - b[0]);
}

/**
 * Opens the real popup with `page` as the active tab (the popup asks tab/state for the active tab): the
 * popup's tab is opened first, the results page brought to the front, then the popup loaded.
 */
export async function openPopup(context: BrowserContext, extensionOrigin: string, page: Page): Promise<Page> {
  const popup = await context.newPage();
  await page.bringToFront();
  await popup.goto(`${extensionOrigin}popup.html`);
  return popup;
}

/**
 * Records, in the running service worker, every request of no tab (the extension's own fetches) as the
 * network layer sees it (webRequest): the URLs a fetch really went to, redirect hops included, which
 * Playwright's routes do not see (a redirect's next hop from the service worker is not routed: it goes
 * to the network, where the harness's host-resolver rules fail it). Lost if the service worker stops.
 */
export interface SeenRequest {
  url: string;
  event: 'request' | 'redirect' | 'error';
  /** The redirect's target, or the network error. */
  detail?: string;
}

export async function recordSwRequests(sw: ResembleFixtures['sw']): Promise<void> {
  await sw(() => {
    const g = globalThis as unknown as { __pagesSeen?: SeenRequest[] };
    if (g.__pagesSeen) return;
    const seen: SeenRequest[] = (g.__pagesSeen = []);
    // Requests of no tab started by this extension (its service worker's fetches), to web addresses.
    const filter = { urls: ['http://*/*', 'https://*/*'], tabId: -1 };
    const ours = (d: { initiator?: string; type: string }) => d.initiator === location.origin && d.type !== 'main_frame' && d.type !== 'sub_frame';
    chrome.webRequest.onBeforeRequest.addListener((d) => void (ours(d) && seen.push({ url: d.url, event: 'request' })), filter);
    chrome.webRequest.onBeforeRedirect.addListener((d) => void (ours(d) && seen.push({ url: d.url, event: 'redirect', detail: d.redirectUrl })), filter);
    chrome.webRequest.onErrorOccurred.addListener((d) => void (ours(d) && seen.push({ url: d.url, event: 'error', detail: d.error })), filter);
  });
}

/** What `recordSwRequests` saw so far. */
export function swRequests(sw: ResembleFixtures['sw']): Promise<SeenRequest[]> {
  return sw(() => (globalThis as unknown as { __pagesSeen?: SeenRequest[] }).__pagesSeen ?? []);
}

/** A 1×1 PNG image (served as text/html by a misconfigured server in the tests). */
export const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
