import { readCompactSketch } from './compact';
import type { PageRecord } from './types';

/** Failures worth remembering until the record ages out; others (a timeout, a network blip) are tried again next time. */
const LASTING: ReadonlySet<string> = new Set(['gone', 'soft404', 'wrong-type', 'too-large', 'redirect', 'blocked', 'unreadable']);

export interface FreshnessSettings {
  cacheMaxAgeDays: number;
  /** A page read longer ago than this is read again on a new visit, to see whether it changed (issue #40); 0: every visit. */
  recheckHours: number;
  pageShingle: number;
  sketchSize: number;
}

const HOUR_MS = 3_600_000;

/**
 * Whether a page's record may stand for the page instead of fetching it again (issue #6): younger than
 * the cache's age limit, and either a lasting failure or a page sketch made with the current shingle
 * and sketch sizes (one made with others cannot be compared with new ones: the page is sketched anew)
 * read at most `recheckHours` ago (issue #40: pages change; 0 reads them on every visit).
 */
export function isFresh(rec: PageRecord | undefined, settings: FreshnessSettings, now = Date.now()): boolean {
  if (!rec?.fetchedAt || now - rec.fetchedAt > settings.cacheMaxAgeDays * 86_400_000) return false;
  if (rec.page === undefined) return LASTING.has(rec.status ?? '');
  if (settings.recheckHours === 0 || now - rec.fetchedAt > settings.recheckHours * HOUR_MS) return false;
  try {
    const s = readCompactSketch(rec.page);
    return s.shingle === settings.pageShingle && s.size === settings.sketchSize;
  } catch {
    return false; // unreadable bytes: fetched and sketched again
  }
}
