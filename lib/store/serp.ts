import { StoreError } from './errors';
import type { SerpRecord } from './types';

/** A stored results page, or undefined when the value is not one (such values are deleted). */
export function readSerp(raw: unknown): SerpRecord | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const s = raw as Record<string, unknown>;
  const ok =
    typeof s.id === 'string' &&
    typeof s.url === 'string' &&
    typeof s.engine === 'string' &&
    typeof s.query === 'string' &&
    typeof s.at === 'number' &&
    Number.isFinite(s.at) &&
    Array.isArray(s.results) &&
    Array.isArray(s.groups);
  return ok ? (raw as SerpRecord) : undefined;
}

/** Checks a results page before it is written. */
export function checkSerp(s: SerpRecord): SerpRecord {
  if (readSerp(s) === undefined || s.id === '')
    throw new StoreError('BAD_RECORD', 'not a results-page record (id, url, engine, query, at, results[], groups[])');
  return s;
}

/** Newest first; ties by id, descending (the order of IndexedDB's `at` index walked backwards). */
export function newestFirst(a: SerpRecord, b: SerpRecord): number {
  return b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
