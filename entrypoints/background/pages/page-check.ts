import { fetchPage } from '../../../lib/fetch/fetch-page';
import { FetchQueue } from '../../../lib/fetch/queue';
import { CHECK_BUDGET, FetchBudget } from '../../../lib/fetch/budget';
import { CheckView } from '../../../lib/fetch/check-view';
import type { ResultItem } from '../../../lib/group/result-item';
import type { Settings } from '../../../lib/settings';
import type { PageRecord, SketchStore } from '../../../lib/store';
import { isFresh } from '../../../lib/store/fresh';
import { decodeBytes } from '../../../lib/text/decode';
import { pickPhrases } from '../../../lib/lost/phrases';
import { type PageSample, isSoft404, looksLikeErrorPage, probeUrl } from '../../../lib/lost/soft404';
import { deserializeSketch } from '../../../lib/sketch/serialize';
import { fetchPolicy } from '../net/fetch-policy';
import { traced } from '../debug/trace';
import type { CheckOutcome, CheckProgress, TabCheck } from './tab-check';

export type { CheckOutcome, CheckProgress };
import type { SketchService } from '../worker/sketch-service';

/** Every origin (lib/fetch): which sites a results page lists is not known in advance (asked for when page checking is turned on). */

/**
 * Fetches one result's page under the policy of issue #6 (lib/fetch: no cookies, HTML or plain text,
 * 2 MB, 10 s, 3 redirects each re-checked), sketches its main text in the offscreen document and the
 * Worker, and records the outcome in the store at once, so a service worker stopped mid-run loses
 * nothing it finished. A failure is recorded with its kind.
 */
export async function checkOne(
  service: SketchService,
  store: SketchStore,
  given: ResultItem,
  settings: Settings,
  signal: AbortSignal,
  release = () => {},
  resolved?: (from: string, to: string) => Promise<void>,
  /** A private tab's page: fetched past the browser's HTTP cache (issue #28: nothing of it stays on disk). */
  noStore = false,
): Promise<CheckOutcome> {
  const got = await traced('fetch', given.url, async () => fetchPage(given.url, { ...(await fetchPolicy(signal)), noStore }));
  // The page is read: its fetch slot goes to the next result while this one is sketched and stored
  // (the queue's limits are on connections). A suspected soft 404's probe, rare, is made outside it.
  release();
  // An opaque link (issue #27) was followed under the same policy: where it ended is the result's
  // address from now on (the tab's results say so before its regroup); one that ended nowhere else
  // (the engine refused, or kept it on its own pages) stays unchecked: the engine's failure is not the result's.
  const to = given.unresolved ? resolvedTarget(given.url, got) : given.url;
  if (to === undefined) return { url: given.url, status: got.ok ? 'unreadable' : got.kind };
  const r = to === given.url ? given : { ...given, url: to, unresolved: undefined };
  if (to !== given.url) await resolved?.(given.url, to);
  const now = Date.now();
  const record = (status: string, extra: Partial<PageRecord> = {}) =>
    traced('put', r.url, () => store.put({ url: r.url, title: r.title, firstSeen: now, lastSeen: now, fetchedAt: now, status, ...extra }));
  if (!got.ok) {
    if (got.kind !== 'cancelled') await record(got.kind);
    return { url: r.url, status: got.kind };
  }
  const options = { shingle: settings.pageShingle, size: settings.sketchSize };
  try {
    const { text } = decodeBytes(got.body);
    if (got.contentType === 'text/plain') {
      const [res] = await service.sketch([{ text, format: 'auto' }], options, { timeoutMs: 15_000 });
      if (!res?.ok) throw new Error(res?.error.message ?? 'no sketch');
      await record('ok', { page: res.bytes, phrases: pickPhrases(text) });
    } else {
      const { result, page } = await traced('page', r.url, () => service.page(text, got.url, options, { timeoutMs: 15_000 }));
      if (!result.ok) throw new Error(result.error.message);
      // Only a short page can be an error page (the main text comes back whole under SHORT_TEXT characters).
      if (
        page.short !== undefined &&
        (await soft404(service, r.url, { title: page.title, text: page.short ?? '', sketch: deserializeSketch(result.bytes) }, options, signal, noStore))
      ) {
        await record('soft404');
        return { url: r.url, status: 'soft404' };
      }
      await record('ok', {
        page: result.bytes,
        ...(page.phrases?.length ? { phrases: page.phrases } : {}),
        ...(page.canonical ? { canonical: page.canonical } : {}),
      });
    }
    return { url: r.url, status: 'ok' };
  } catch {
    // Binary after all, empty main text, or a Worker failure: the page cannot speak for the result.
    await record('unreadable');
    return { url: r.url, status: 'unreadable' };
  }
}

/**
 * Where an opaque link ended (issue #27): the last address reached, when it is another host than the
 * engine's redirect (a redirect refused or followed to the engine's own pages says nothing of the result).
 */
export function resolvedTarget(from: string, got: { ok: boolean; url: string; kind?: string }): string | undefined {
  if (!got.ok && got.kind === 'cancelled') return undefined;
  try {
    const a = new URL(from);
    const b = new URL(got.url);
    return (b.protocol === 'http:' || b.protocol === 'https:') && b.hostname !== a.hostname ? b.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A tiny "Page not found" served as a normal page (issue #7): error-like, and like what the site
 * answers for an address that surely does not exist (or that address is a real 404).
 */
async function soft404(
  service: SketchService,
  url: string,
  page: PageSample,
  options: { shingle: number; size: number },
  signal: AbortSignal,
  noStore: boolean,
): Promise<boolean> {
  if (!looksLikeErrorPage(page.title, page.text)) return false;
  const probe = await fetchPage(probeUrl(url, Math.random().toString(36).slice(2, 10)), { ...(await fetchPolicy(signal)), noStore });
  if (!probe.ok) return isSoft404(page, probe.kind === 'gone' ? { status: 404 } : undefined);
  try {
    const { result, page: p } = await service.page(decodeBytes(probe.body).text, probe.url, options, { timeoutMs: 15_000 });
    return isSoft404(page, result.ok ? { title: p.title, text: p.short ?? '', sketch: deserializeSketch(result.bytes) } : undefined);
  } catch {
    return isSoft404(page);
  }
}

/** Fetches per view, per tab and per minute across tabs (lib/fetch/budget.ts says how many and why). Its per-tab windows outlive a page on purpose: a page must not reset its budget by reloading. */
const budget = new FetchBudget();

/** Fetches a tab may make outside its view's plan (a dead result's local look), charged to the same per-tab and overall bounds. */
export const takeFetches = (tabId: number, n: number): number => budget.take(tabId, n);

/** The tab loaded a page: its next check is a new view, even at the same address (its per-tab window stays). */
export const viewEnded = (tabId: number): void => budget.endView(tabId);

export interface CheckHooks {
  /** After each page: released of checked (cached ones count as done once released), and what the budget left out. */
  progress(p: CheckProgress): Promise<void> | void;
  /** An opaque link was followed to `to` (issue #27): waited for before that page's progress. */
  resolved?(from: string, to: string): Promise<void>;
  /** The tab is private: its pages are fetched with cache: 'no-store'. */
  incognito?: boolean;
}

/**
 * Checks the pages of a tab's view `view` (its results page address) in rank order (4 at a time, 2 per
 * host), within the fetch budget, skipping results whose record is fresh. Resolves when every page
 * admitted is checked or the tab's checking is cancelled.
 */
export async function checkTab(
  service: SketchService,
  store: SketchStore,
  tab: { id: number; check: TabCheck },
  view: string,
  results: ResultItem[],
  settings: Settings,
  hooks: CheckHooks,
): Promise<void> {
  const tc = tab.check;
  // Only a view's first results can be checked (lib/fetch/budget.ts): the store is asked about those alone.
  const first = [...results].sort((a, b) => a.rank - b.rank).slice(0, CHECK_BUDGET.perView);
  const known = await store.getMany(first.map((r) => r.url));
  const now = Date.now();
  let cv = tc.view;
  if (cv?.view !== view) {
    // A new view (pushState included): the last one's fetches stop; the tab's budget goes on.
    if (cv) tc.cancelQueue();
    tc.view = cv = new CheckView(view);
  }
  // An opaque link (Google's /goto, Baidu's link?url=: issue #27) is followed to learn where it leads.
  const plan = budget.plan(tab.id, view, results, (r) => r.unresolved === true || !isFresh(known.get(r.url), settings, now));
  cv.update(
    plan.checked,
    plan.fetch.map((r) => r.url),
    plan.beyond,
  );
  const checked = cv;
  // The first progress (a regroup) is not waited for before the fetches start: later ones queue behind it.
  const told = Promise.resolve(hooks.progress(checked.progress));
  told.catch(() => undefined); // awaited below: not an unhandled rejection meanwhile
  if (hooks.resolved) tc.resolver = hooks.resolved;
  let q = tc.queue;
  // Nothing to fetch and nothing of this view still fetching: done.
  if (!plan.fetch.length && !q) return told;
  if (!q) {
    q = new FetchQueue<CheckOutcome, ResultItem & { rank: number }>((job, signal, release) =>
      checkOne(service, store, job, settings, signal, release, (from, to) => tc.resolver?.(from, to) ?? Promise.resolve(), hooks.incognito === true),
    );
    // First of the listeners: a page's outcome is in before its progress is told. A view's queue is
    // cancelled before the next view replaces it, so the view here is the job's.
    q.onDone((job) => tc.view?.done(job.url));
    tc.queue = q;
  }
  const off = q.onDone(() => void hooks.progress(checked.progress));
  q.add(plan.fetch);
  try {
    await told;
    await q.idle();
  } finally {
    off();
    if (tc.queue === q && q.progress.running === 0 && q.progress.pending === 0) tc.queue = undefined;
  }
}
