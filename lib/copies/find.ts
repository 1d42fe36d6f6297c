/**
 * "Find copies of this page" (issue #19): the page read under the fetch policy, its distinctive phrases
 * (lost and found's choice, ../lost/phrases.ts) and its title searched on the user's engine and the
 * fallback as lost and found searches (../lost/ask-engines.ts), every candidate fetched and measured
 * both ways (./measure.ts). Bounded, cancellable, and saving its report as it goes.
 */
import { FetchQueue } from '../fetch/queue';
import { askEngines } from '../lost/ask-engines';
import { sketchOf } from '../lost/measure';
import { searchQueries, searchTargets } from '../lost/search';
import { looksLikeErrorPage } from '../lost/soft404';
import { normalizeUrl } from '../url/normalize';
import type { CopiesDeps, CopyPair } from './deps';
import { measureCopy, rankCopies } from './measure';
import type { CopiesFailureCode, CopiesReport, PageCopy } from './report';

export type { CopiesDeps, CopyPair, PairPage } from './deps';

/** Requests to search engines a run makes at most. */
export const MAX_SEARCHES = 6;
/** Candidate pages a run fetches at most (the page itself and the searches are not counted). */
export const MAX_FETCHES = 20;
/** Queries at most: the page's phrases (three, as lost and found keeps them) in quotes, then its title. */
export const COPY_QUERIES = 4;
/** Results read per search: more than lost and found's five, since MAX_FETCHES bounds the fetches anyway. */
export const PER_COPY_SEARCH = 10;
/** Candidates fetched at a time. */
export const COPIES_AT_ONCE = 4;

export const BOUNDS = { searches: MAX_SEARCHES, fetches: MAX_FETCHES } as const;

const NO_ACCESS = 'Resemble has no access to sites, so it cannot read this page or its copies';

/** A failure the UI can name by its code (lib's words stay English). */
class RunFailure extends Error {
  constructor(
    readonly code: CopiesFailureCode,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

const keyOf = (u: string) => normalizeUrl(u) ?? u;

/** Fills `r` in (r.url: the page, chosen by the caller); `signal` cancels it, fetches included. Never throws. */
export async function findPageCopies(d: CopiesDeps, r: CopiesReport, signal: AbortSignal): Promise<void> {
  try {
    await run(d, r, signal);
  } catch (e) {
    r.state = 'failed';
    r.error = e instanceof Error ? e.message : String(e);
    if (e instanceof RunFailure) r.failure = { code: e.code, ...(e.detail ? { detail: e.detail.slice(0, 64) } : {}) };
  }
  if (signal.aborted) r.state = 'cancelled';
  else if (r.state !== 'failed') r.state = 'done';
  r.done = true;
  await d.save(r);
}

async function run(d: CopiesDeps, r: CopiesReport, signal: AbortSignal): Promise<void> {
  if (!(await d.hasAccess())) {
    r.needsAccess = true;
    r.error = NO_ACCESS;
    r.state = 'failed';
    return;
  }
  delete r.needsAccess;
  if (!r.url) throw new RunFailure('no-url', 'the page’s address is not known');
  r.state = 'reading';
  await d.save(r);
  const me = await sketchOf(d, r.url, signal, { phrases: true });
  if (signal.aborted) return;
  if (!me.ok) throw new RunFailure('unreadable', `this page could not be read (${me.kind})`, me.kind);
  r.title = me.title;
  const queries = searchQueries({ title: me.title, phrases: me.phrases }, COPY_QUERIES);
  if (!queries.length) throw new RunFailure('no-words', 'this page has no words to search for');
  r.queries = queries;
  r.state = 'searching';
  await d.save(r);

  const asked = await askEngines(d, searchTargets(await d.store.recentSerps(), r.url), queries, {
    maxSearches: MAX_SEARCHES,
    perSearch: PER_COPY_SEARCH,
    signal,
    onSearch: (n) => {
      r.searches.done = n;
      void d.save(r);
    },
  });
  r.searches.engines = asked.answered;
  if (signal.aborted) return;

  // The page itself (as asked, as answered after redirects, as its canonical link names it) is no copy of itself.
  const self = [r.url, me.url, me.canonical].filter((u): u is string => !!u);
  const seen = new Set(self.map(keyOf));
  const picked: { url: string; title: string; rank: number }[] = [];
  for (const c of asked.results) {
    const k = keyOf(c.url);
    if (seen.has(k) || !/^https?:\/\//i.test(c.url)) continue;
    seen.add(k);
    if (picked.length < MAX_FETCHES) picked.push({ url: c.url, title: c.title, rank: picked.length + 1 });
  }
  r.fetches.total = picked.length;
  r.state = 'measuring';
  await d.save(r);

  const page = { url: r.url, title: me.title };
  const options = { threshold: d.settings.resemblanceThreshold, containment: d.settings.containmentThreshold };
  const q = new FetchQueue<void, { url: string; title: string; rank: number }>(
    async (c, qs) => {
      const got = await sketchOf(d, c.url, qs);
      if (!got.ok || qs.aborted) return;
      if (self.some((u) => keyOf(u) === keyOf(got.url))) return; // it redirected to this page
      if (got.short !== undefined && looksLikeErrorPage(got.title, got.short)) return;
      const m = measureCopy(me.sketch, got.sketch, options);
      if (!m.isCopy) return;
      // Listed under the address that answered: two leads redirecting to one page are one copy.
      const copy: PageCopy = {
        url: got.url,
        title: got.title || c.title,
        resemblance: m.resemblance,
        pageInCopy: m.pageInCopy,
        copyInPage: m.copyInPage,
        checkedAt: Date.now(),
      };
      r.copies = rankCopies([...r.copies, copy], self);
      await note(d, { a: page, b: { url: copy.url, title: copy.title }, resemblance: m.resemblance, aInB: m.pageInCopy, bInA: m.copyInPage });
    },
    { perTab: COPIES_AT_ONCE },
  );
  q.onDone((_, outcome) => {
    // Those a cancel dropped were not fetched.
    if (outcome.status === 'cancelled') return;
    r.fetches.done++;
    void d.save(r);
  });
  const cancel = () => q.cancel();
  signal.addEventListener('abort', cancel);
  try {
    if (signal.aborted) return;
    q.add(picked);
    await q.idle();
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/** Feeds a found copy to the evidence (outside private windows); a failure there loses no copy shown. */
async function note(d: CopiesDeps, pair: CopyPair): Promise<void> {
  if (d.incognito || !d.onCopies) return;
  try {
    await d.onCopies([pair]);
  } catch {
    // the evidence is the other feature's; this run goes on
  }
}
