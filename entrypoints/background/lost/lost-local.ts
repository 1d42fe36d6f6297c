import { type Candidate, type LostDeps, candidates, lastKnown, shownOf, verifyAll } from '../../../lib/lost/find';
import type { Alternate, LostReport } from '../../../lib/lost/report';
import { MAX_PAGE_ALTERNATES } from '../../../lib/tab/page-groups';
import { normalizeUrl } from '../../../lib/url/normalize';
import { ended, localLooks, requestedLooks } from './lost-jobs';
import { hasPageAccess } from '../net/page-access';
import type { Settings } from '../../../lib/settings';
import type { SketchStore } from '../../../lib/store';

/** Lost and found's reach in this browser for one look (lost-deps.ts's `lostDeps`, made by the caller: a private window's its own). */
export type LocalReach = () => Promise<LostDeps & { settings: Settings; store: SketchStore }>;

/** Bounds of the look made at once when a page dies (issue #15): candidates a dead page, fetched at a time. */
export const LOCAL_CANDIDATES = 5;
export const LOCAL_AT_ONCE = 2;
/** Local looks under way, by URL: a URL found dead twice at once (two tabs, a regroup) is looked for once. */
const localJobs = localLooks as Map<string, Promise<Alternate[]>>;

/**
 * The verified alternates of a dead URL from the sources that send nothing anywhere (issue #15): the
 * other members of its groups and the store's candidate index, each candidate fetched and measured
 * under the fetch policy, as lost and found does (the same `candidates` and `verifyAll`), at most
 * LOCAL_CANDIDATES of them, LOCAL_AT_ONCE at a time. Searching an engine or the archive stays on request
 * (`findCopies`). Without access to sites nothing can be measured: nothing is found. Copies found are
 * kept with the page's store record, and a later look answers from there while they are fresh.
 * `shown`: the dead result as its engine showed it (title, snippet): a page never seen alive, of which
 * no sketch was kept, is verified by its snippet (lib/lost/confirm.ts); without it the store's recent
 * results pages are asked.
 */
export function findLocalCopies(reach: LocalReach, url: string, shown?: { title: string; snippet: string }, max = LOCAL_CANDIDATES): Promise<Alternate[]> {
  const running = localJobs.get(url);
  if (running) return running;
  // Lost and found asked for on this URL goes first: its verified copies are not fetched twice at once.
  const job = ended(requestedLooks.get(url))
    .then(() => lookLocally(reach, url, shown, max))
    .finally(() => localJobs.delete(url));
  localJobs.set(url, job);
  return job;
}

async function lookLocally(reach: LocalReach, url: string, shown: { title: string; snippet: string } | undefined, max: number): Promise<Alternate[]> {
  if (max <= 0 || !(await hasPageAccess())) return [];
  // A report of its own, never shown: nothing to save.
  const d = await reach();
  const { settings, store } = d;
  const { rec, lost } = await lastKnown(store, url);
  const r: LostReport = {
    url,
    hasSketch: lost !== undefined,
    alternates: [],
    sources: (['group', 'store'] as const).map((source) => ({ source, state: 'pending' })),
    done: false,
  };
  // Found on an earlier visit and kept with the page's record: shown without fetching again while
  // younger than the cache's age limit.
  const kept = rec?.alternates?.filter((a) => Date.now() - a.checkedAt <= settings.cacheMaxAgeDays * 86_400_000);
  if (kept?.length) return kept;
  const title = rec?.title ?? '';
  const seen = new Set([normalizeUrl(url) ?? url]);
  const picked: Candidate[] = [];
  for (const src of r.sources) {
    const found = await candidates(d, src, r, lost, title).catch(() => 'failed');
    if (typeof found === 'string') continue;
    for (const c of found) {
      const k = normalizeUrl(c.url) ?? c.url;
      if (!seen.has(k)) seen.add(k), picked.push(c);
    }
  }
  const page = { sketch: lost, title, phrases: rec?.phrases ?? [], shown: lost ? undefined : shown?.snippet.trim() ? shown : await shownOf(store, url) };
  await verifyAll(d, r, picked.slice(0, Math.min(max, LOCAL_CANDIDATES)), page, LOCAL_AT_ONCE);
  const alternates = r.alternates.slice(0, MAX_PAGE_ALTERNATES).map((a) => ({ ...a, title: a.title.slice(0, 300) }));
  // Kept with the page's record (its title and dates untouched): a failure to keep them loses nothing shown.
  if (rec && alternates.length) await store.put({ url, title: '', firstSeen: rec.firstSeen, lastSeen: rec.lastSeen, alternates }).catch(() => undefined);
  return alternates;
}
