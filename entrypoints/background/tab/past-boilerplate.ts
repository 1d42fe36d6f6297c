import { browser } from 'wxt/browser';
import type { GroupInput } from '../../../lib/group/results';
import { DEFAULT_MIN_PAST_PAGES, PAST_BOILERPLATE_KEY, type PastBoilerplate } from '../../../lib/group/snippet-groups';
import type { SketchStore } from '../../../lib/store';
import type { SketchService } from '../worker/sketch-service';

/** Past results pages read for boilerplate (the store keeps at most 20). */
const PAST_PAGES = 20;
// In storage.local (lib/group/snippet-groups.ts): the content script reads it at document_start and
// groups its page without the background (issue #17); the background reads it on the same critical
// path instead of 20 past pages from IndexedDB and ~20 ms of counting. Fingerprints only, no text;
// cleared with the cache it is counted from.
const KEY = PAST_BOILERPLATE_KEY;
type Cached = PastBoilerplate;

/**
 * Boilerplate changes slowly (it needs the same shingles on ≥ 3 of the last 20 pages), so it is
 * recounted at most this often: a burst of searches does not keep the Worker busy counting.
 */
export const REFRESH_MS = 60_000;

/** Whether the cached count is missing or old enough to be recounted. */
export function isStale(got: Record<string, unknown>, shingle: number, now = Date.now()): boolean {
  const c = got[KEY] as Cached | undefined;
  return !c || c.shingle !== shingle || !(now - c.at < REFRESH_MS);
}

/** Forgets the count (the cache it came from was cleared). */
export const forgetBoilerplate = (): Promise<void> => browser.storage.local.remove(KEY);

const strip = (results: unknown[]): GroupInput[] => (results as GroupInput[]).map((r) => ({ rank: r.rank, url: r.url, title: r.title, snippet: r.snippet }));

/**
 * Recounts the shingles recurring on the past results pages (of the store on disk: incognito pages
 * never teach boilerplate) in the Worker, and caches them. Run after a results page is stored, off
 * the critical path, and when nothing is cached yet.
 */
export async function refreshBoilerplate(service: SketchService, store: SketchStore, shingle: number): Promise<number[]> {
  const past = (await store.recentSerps(PAST_PAGES)).map((s) => strip(s.results));
  const fingerprints =
    past.length >= DEFAULT_MIN_PAST_PAGES ? await service.boilerplate({ past, minPages: DEFAULT_MIN_PAST_PAGES, shingle }, { timeoutMs: 10_000 }) : [];
  await browser.storage.local.set({ [KEY]: { shingle, fingerprints, at: Date.now() } satisfies Cached });
  return fingerprints;
}
