/**
 * Helpers for the end-to-end tests of lost and found (issue #7, test/e2e/lost*.spec.ts): a DuckDuckGo
 * html results page (real markup from ../shared when it is there, else the repo's own fixture) built
 * to link to the test's candidate pages and routed as the search lost and found makes, routes answering
 * every address of a host (soft-404 probes), and readers of the dead marks, the badge and the
 * lost-and-found report.
 *
 * The results pages, page servers and readers of what the background stored come from the page-checking
 * helpers (./page-check-kit.ts, ./page-demo-serp.ts), reused as they are.
 */
import { nodePageOptions } from './extension-seed';
import path from 'node:path';
import type { BrowserContext, Page, Route } from '@playwright/test';
import { parseHTML } from 'linkedom';
import type { Browser } from 'wxt/browser';
import { containment, resemblance, sketch } from '../../lib/index';
import type { LostReport } from '../../lib/lost/report';
import { mainText } from '../../lib/page/main-text';
import { compactSketch, readCompactSketch } from '../../lib/store/compact';
import { type ResembleFixtures, expect } from './fixtures';
import { REPO } from './page-check-kit';
import { sharedFileIfPresent } from '../helpers/shared-dir';
import { pageUi } from './page-ui-kit';
import { demo } from './page-demo-serp';
import { type BuiltResult, buildSerp, readText } from './serp-builder';

declare const chrome: typeof Browser;

// ---------------------------------------------------------------------------------------------------
// The search lost and found makes (DuckDuckGo's html endpoint)

/**
 * Real html.duckduckgo.com markup (../shared, 10 results), or the repo's hand-written fixture in its
 * structure with its last result repeated up to 10 (it has 3, and a search of "copies of this page"
 * asks for more): the same room for results with ../shared or without.
 */
const DDG_TEMPLATE_HTML = ((): string => {
  const shared = sharedFileIfPresent('fixtures/serp/duckduckgo/html_2026-02_openclaw_glassfox.html');
  if (shared) return readText(shared);
  const { document } = parseHTML(readText(path.join(REPO, 'test/fixtures/serp/duckduckgo-html.html')));
  const results = document.querySelectorAll('.web-result');
  const last = results[results.length - 1];
  for (let n = results.length; n < 10; n++) last.after(last.cloneNode(true));
  return document.toString();
})();

export const DDG_SEARCH = 'https://html.duckduckgo.com/html/';
export const GOOGLE_SEARCH = 'https://www.google.com/search';

/** A DuckDuckGo html results page for `query` whose results say `results`, in order. */
export function ddgSerp(query: string, results: readonly BuiltResult[]): string {
  const url = `${DDG_SEARCH}?q=${encodeURIComponent(query)}`;
  return buildSerp(DDG_TEMPLATE_HTML, url, results).html;
}

/** The searches lost and found makes: the engine where the page was seen (Google, in the demo's markup) or DuckDuckGo's html endpoint. */
const SEARCHES = {
  duckduckgo: { prefix: DDG_SEARCH, page: ddgSerp },
  google: { prefix: `${GOOGLE_SEARCH}?`, page: (query: string, results: readonly BuiltResult[]) => demoSerpFor(query, results) },
};

function demoSerpFor(query: string, results: readonly BuiltResult[]): string {
  return buildSerp(demo.resultsHtml, `${GOOGLE_SEARCH}?q=${encodeURIComponent(query)}`, results).html;
}

/**
 * Answers every search on `engine` with the page `results(query)` builds (a page in the engine's markup,
 * or `results` itself when it is a string: a consent wall, say); returns the queries asked, in order.
 * Registered before the results page a test serves, whose own route then wins for its address.
 */
export async function routeSearch(
  context: BrowserContext,
  results: (query: string) => readonly BuiltResult[] | string,
  engine: keyof typeof SEARCHES = 'duckduckgo',
): Promise<string[]> {
  const queries: string[] = [];
  const { prefix, page } = SEARCHES[engine];
  await context.route(
    (u) => u.href.startsWith(prefix),
    async (route: Route) => {
      const q = new URL(route.request().url()).searchParams.get('q') ?? '';
      queries.push(q);
      const got = results(q);
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: typeof got === 'string' ? got : page(q, got) });
    },
  );
  return queries;
}

/**
 * Answers every address on `host` not answered by a later route (a site's catch-all: what a soft-404
 * probe for a surely-missing address gets); returns the URLs asked for.
 */
export async function routeHost(context: BrowserContext, host: string, answer: { status?: number; contentType?: string; body: string }): Promise<string[]> {
  const asked: string[] = [];
  await context.route(
    (u) => u.host === host,
    async (route: Route) => {
      asked.push(route.request().url());
      await route.fulfill({ status: answer.status ?? 200, contentType: answer.contentType ?? 'text/html; charset=utf-8', body: answer.body });
    },
  );
  return asked;
}

// ---------------------------------------------------------------------------------------------------
// Pages measured in Node as the extension measures them

/** A page's sketch as the extension stores it: its main text (lib/page/main-text), page options, cut to 32 bits. */
export function storedPageSketch(html: string, url: string) {
  const text = mainText(parseHTML(html).document as unknown as Document, url).text;
  return readCompactSketch(compactSketch(sketch(text, { ...nodePageOptions(), format: 'text' })));
}

/** Resemblance and containment (of `lost` in `candidate`) of two pages' stored sketches. */
export function measure(lost: { html: string; url: string }, candidate: { html: string; url: string }): { resemblance: number; containment: number } {
  const a = storedPageSketch(lost.html, lost.url);
  const b = storedPageSketch(candidate.html, candidate.url);
  return { resemblance: resemblance(a, b), containment: containment(a, b) };
}

/** `html` with its <title> replaced. */
export const retitled = (html: string, title: string) =>
  html.replace(/<title>[\s\S]*?<\/title>/i, `<title>${title.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</title>`);

/** A tiny "not found" page as many sites serve it with status 200. */
export function notFoundPage(site: string, path: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page not found | ${site}</title></head>
<body><header><a href="/">${site}</a></header>
<main><h1>Page not found</h1><p>Sorry, the page ${path} could not be found. It may have been moved or deleted.</p>
<p><a href="/">Go to the home page</a></p></main></body></html>`;
}

// ---------------------------------------------------------------------------------------------------
// The results page's dead marks

/** Every result root marked dead: rank and kind. */
export const deadMarks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-resemble-dead]')].map((el) => ({
      rank: Number(el.getAttribute('data-resemble-rank')),
      kind: el.getAttribute('data-resemble-dead'),
    })),
  );

/** The "find a copy" button on result `rank` (inside its resemble-ui closed shadow root: read through ./page-ui-kit). */
export const findCopyButton = (page: Page, evalIn: ResembleFixtures['evalInContentScript'], rank: number) =>
  pageUi(page, evalIn)(`[data-resemble-rank="${rank}"] resemble-ui`, 'button.find');
export const deadLabel = (page: Page, evalIn: ResembleFixtures['evalInContentScript'], rank: number) =>
  pageUi(page, evalIn)(`[data-resemble-rank="${rank}"] resemble-ui`, '.label.dead');

// ---------------------------------------------------------------------------------------------------
// Tabs, badge, lost and found

/** The id of the tab showing `url` (as the service worker sees the tabs). */
export async function tabIdOf(sw: ResembleFixtures['sw'], url: string): Promise<number> {
  let id: number | undefined;
  await expect
    .poll(
      async () => {
        id = await sw(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u || t.pendingUrl === u)?.id, url);
        return id;
      },
      { message: `a tab showing ${url}`, timeout: 5_000 },
    )
    .toBeDefined();
  return id!;
}

export const badgeText = (sw: ResembleFixtures['sw'], tabId: number) => sw(async (id) => chrome.action.getBadgeText({ tabId: id }), tabId);

/** chrome-extension://<id>/lost.html?url=<url> as the extension opens it. */
export const lostPageUrl = (extensionOrigin: string, url: string) => `${extensionOrigin}lost.html?url=${encodeURIComponent(url)}`;

/** Waits for the next page of `context` whose URL starts with `prefix` (a tab the extension opens). */
export async function nextPage(context: BrowserContext, prefix: string, action: () => Promise<unknown>, timeout = 10_000): Promise<Page> {
  const opened = context.waitForEvent('page', { predicate: (p) => p.url().startsWith(prefix), timeout });
  // The new tab's URL may be about:blank at the 'page' event: then wait for its navigation.
  const anyPage = context.waitForEvent('page', { timeout }).then(async (p) => {
    await p.waitForURL((u) => u.href.startsWith(prefix), { timeout }).catch(() => undefined);
    return p;
  });
  await action();
  const page = await Promise.any([opened, anyPage]);
  await page.waitForLoadState('domcontentloaded');
  return page;
}

/** The background's report for `url` (lost/find from an extension page), waited for until done. */
export async function lostReportDone(ext: Page, url: string, timeout = 20_000): Promise<LostReport> {
  let report: LostReport | undefined;
  await expect
    .poll(
      async () => {
        report = (await ext.evaluate((u) => chrome.runtime.sendMessage({ type: 'lost/find', payload: { url: u } }), url)) as unknown as LostReport;
        return (report as unknown as { ok?: boolean; value?: LostReport }).value?.done ?? report?.done;
      },
      { message: `lost and found for ${url} done`, timeout },
    )
    .toBe(true);
  const r = report as unknown as { ok?: boolean; value?: LostReport };
  return r.value ?? (report as LostReport);
}

/** Whether the menu entry `id` exists: updating it with nothing resolves, or rejects with the browser's message. */
export const menuEntry = (sw: ResembleFixtures['sw'], id: string) =>
  sw(
    (menuId) =>
      new Promise<string>((resolve) => {
        try {
          chrome.contextMenus.update(menuId, {}, () => resolve(chrome.runtime.lastError ? `error: ${chrome.runtime.lastError.message}` : 'exists'));
        } catch (e) {
          resolve(`error: ${(e as Error).message}`);
        }
      }),
    id,
  );
