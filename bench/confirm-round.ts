/**
 * One round of "a page's results confirmed" (issue #6's figure, issue #14's realistic case): from an
 * empty store, navigate to the demo's results page and wait until every result has a stored page
 * record and the tab's state says checking is done (waited for in the service worker, the same way
 * for every case).
 */
import type { BrowserContext, Page, Worker as PwWorker } from '@playwright/test';

declare const chrome: typeof import('wxt/browser').Browser;

type Recall = { status?: string; bytes: number } | undefined;
type St = { checking?: { done: number; total: number }; groups?: { representative: number; members: { rank: number }[] }[] };
/** What the wait in the service worker saw: when (its wall clock, Node's too) the state said done, and the records. */
type Waited = { at?: number; state?: St; recs?: Recall[] };
type Hook = { recall(url: string): Promise<Recall> };

export interface Round {
  /** Navigation started (Date.now() in Node: the service worker's trace clock is the same wall clock). */
  t0: number;
  ms: number;
  bytes: number[];
  /** The tab's final groups (ranks per group), to tell that the case still groups as the demo does. */
  groups: number[][];
}

/** Fetches the budget admitted in the last minute, across rounds (lib/fetch/budget.ts: 120 a minute in all). */
const admitted: number[] = [];

/**
 * Each round in a tab of its own: the fetch budget (lib/fetch/budget.ts, issue #28) fetches a URL once
 * per view and 90 a tab in 10 minutes, so a second round in the same tab would fetch nothing. Rounds
 * wait, when they must, for the overall bound of 120 fetches a minute to have room for theirs.
 */
export async function confirmRound(context: BrowserContext, options: Page, sw: PwWorker, searchUrl: string, urls: string[]): Promise<Round> {
  for (;;) {
    // Counted from each round's end (the budget charges when the check plans, after the page has loaded).
    const since = Date.now() - 62_000;
    while (admitted.length && admitted[0] < since) admitted.shift();
    if (admitted.length + urls.length <= 120) break;
    await new Promise((r) => setTimeout(r, admitted[0] - since + 10));
  }
  await options.evaluate(() => chrome.runtime.sendMessage({ type: 'cache/clear', payload: {} }));
  const page = await context.newPage();
  try {
    // The newest tab is this page's (Chromium's tab ids only grow).
    const tabId = await sw.evaluate(async () => (await chrome.tabs.query({})).reduce((m, t) => Math.max(m, t.id ?? -1), -1));
    const key = `tab:${tabId}`;
    // Waited for in the service worker, on storage.onChanged (and every 200 ms besides): polling it
    // from Node every 10 ms was load on the service worker that the peers do not carry.
    const waited = sw.evaluate(
      ([k, u]) =>
        new Promise<Waited>((resolve) => {
          const hook = (globalThis as unknown as { __resemble: Hook }).__resemble;
          let busy = false;
          let again = false;
          let last: St | undefined;
          const check = async (): Promise<void> => {
            if (busy) return void (again = true);
            busy = true;
            try {
              const st = (await chrome.storage.session.get(k))[k] as St | undefined;
              last = st;
              if (st?.checking && st.checking.done === st.checking.total) {
                const recs = await Promise.all(u.map((x) => hook.recall(x)));
                if (recs.every((r) => r?.status)) return finish({ at: Date.now(), state: st, recs });
              }
            } finally {
              busy = false;
              if (again) {
                again = false;
                void check();
              }
            }
          };
          const onChange = (ch: Record<string, unknown>, area: string) => void (area === 'session' && k in ch && check());
          const tick = setInterval(() => void check(), 200);
          const timer = setTimeout(() => finish({ state: last }), 20_000);
          const finish = (w: Waited) => {
            clearInterval(tick);
            clearTimeout(timer);
            chrome.storage.onChanged.removeListener(onChange);
            resolve(w);
          };
          chrome.storage.onChanged.addListener(onChange);
          void check();
        }),
      [key, urls] as const,
    );
    const t0 = Date.now();
    await page.goto(searchUrl, { waitUntil: 'domcontentloaded' });
    const w = await waited;
    if (w.at === undefined || !w.recs) throw new Error(`the pages were not all checked within 20 s: checking ${JSON.stringify(w.state?.checking)}`);
    const groups = (w.state?.groups ?? []).map((g) => [g.representative, ...g.members.map((m) => m.rank)].sort((a, b) => a - b));
    return { t0, ms: w.at - t0, bytes: w.recs.map((r) => r!.bytes), groups };
  } finally {
    for (const _ of urls) admitted.push(Date.now());
    await page.close();
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
