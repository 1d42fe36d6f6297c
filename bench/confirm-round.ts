/**
 * One round of "a page's results confirmed" (issue #6's figure, issue #14's realistic case): from an
 * empty store, navigate to the demo's results page and wait until every result has a stored page
 * record and the tab's state says checking is done. Polled from Node every 10 ms (the same way for
 * every case, so the polling's cost falls on all of them alike).
 */
import type { BrowserContext, Page, Worker as PwWorker } from '@playwright/test';

declare const chrome: typeof import('wxt/browser').Browser;

type Recall = { status?: string; bytes: number } | undefined;
type Hook = { recall(url: string): Promise<Recall> };

export interface Round {
  /** Navigation started (Date.now() in Node: the service worker's trace clock is the same wall clock). */
  t0: number;
  ms: number;
  bytes: number[];
  /** The tab's final groups (ranks per group), to tell that the case still groups as the demo does. */
  groups: number[][];
}

export async function confirmRound(page: Page, options: Page, sw: PwWorker, searchUrl: string, urls: string[]): Promise<Round> {
  await options.evaluate(() => chrome.runtime.sendMessage({ type: 'cache/clear', payload: {} }));
  await page.goto('about:blank');
  const t0 = Date.now();
  await page.goto(searchUrl, { waitUntil: 'domcontentloaded' });
  for (;;) {
    const recs = await sw.evaluate(async (u: string[]) => {
      const hook = (globalThis as unknown as { __resemble: Hook }).__resemble;
      return Promise.all(u.map((x) => hook.recall(x)));
    }, urls);
    const states = await sw.evaluate(() => chrome.storage.session.get(null));
    type St = { checking?: { done: number; total: number }; groups?: { representative: number; members: { rank: number }[] }[] };
    const state = Object.entries(states).find(([k]) => k.startsWith('tab:'))?.[1] as St | undefined;
    if (recs.every((r) => r?.status) && state?.checking && state.checking.done === state.checking.total) {
      const ms = Date.now() - t0;
      const groups = (state.groups ?? []).map((g) => [g.representative, ...g.members.map((m) => m.rank)].sort((a, b) => a - b));
      return { t0, ms, bytes: recs.map((r) => r!.bytes), groups };
    }
    if (Date.now() - t0 > 20_000) throw new Error('the pages were not all checked within 20 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Which set of pages the result URLs serve: the demo's own, or the same at real size. */
export async function routePages(context: BrowserContext, real: Map<string, string>): Promise<{ use(which: 'demo' | 'real'): void }> {
  let which: 'demo' | 'real' = 'demo';
  // Registered after the demo's routes, so it is asked first; 'demo' falls back to them.
  await context.route(
    (url) => real.has(url.href),
    (route) => {
      if (which === 'demo') return route.fallback();
      return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: real.get(new URL(route.request().url()).href) });
    },
  );
  return { use: (w) => void (which = w) };
}
