/**
 * "Copies of this page" (issue #19): what a run found and how far it got, as the background keeps it
 * (storage.session) and the copies page reads it. Checked with lib/validate wherever it is read back
 * (a stored report may be older than this code; a reply crosses a context boundary).
 */
import { type Check, type Infer, arr, bool, fields, num, oneOf, optional, str } from '../validate';

/** A page measured to be a copy of this one: never listed without its measures. */
export interface PageCopy {
  url: string;
  title: string;
  /** Resemblance of the two main texts' sketches. */
  resemblance: number;
  /** How much of this page the copy contains ("contains 92% of this page"). */
  pageInCopy: number;
  /** How much of the copy this page holds ("this page holds 40% of it"). */
  copyInPage: number;
  /** When it was fetched and measured (ms since the epoch). */
  checkedAt: number;
}

export type CopiesState = 'reading' | 'searching' | 'measuring' | 'done' | 'cancelled' | 'failed';

export interface CopiesReport {
  /** The run's id (the copies page's address names it, never a URL). */
  id: string;
  /** The page, as the background read it from the tab (undefined until it could: no access yet). */
  url?: string;
  title?: string;
  state: CopiesState;
  /** Ended: done, cancelled, failed or stopped for access. */
  done: boolean;
  /** Resemble may not fetch sites: nothing could be read; the page asks for access. */
  needsAccess?: boolean;
  /** The queries asked, in order (quoted phrases of the page, then its title). */
  queries: string[];
  /** Requests to engines made, of `max`; the engines that answered. */
  searches: { done: number; max: number; engines: string[] };
  /** Candidate pages fetched and measured, of `total` chosen (at most `max`). */
  fetches: { done: number; total: number; max: number };
  /** Measured copies, best first. */
  copies: PageCopy[];
  /** Why it failed (the page could not be read, say), in English. */
  error?: string;
  /** The same by code, for the UI's own words; `detail` is the fetch failure's kind for `unreadable`, the number of stops for `restarts`. */
  failure?: { code: CopiesFailureCode; detail?: string };
  startedAt: number;
  /** Times a stopped background started the run over. */
  restarts?: number;
  /** Why the report could not be saved (storage.session full): the run goes on, held in memory. */
  saveError?: string;
}

/** Why a run failed: no address, the page could not be read, it has no words to search for, or the background kept stopping. */
export const COPIES_FAILURE_CODES = ['no-url', 'unreadable', 'no-words', 'restarts'] as const;
export type CopiesFailureCode = (typeof COPIES_FAILURE_CODES)[number];

const share = num({ min: 0, max: 1 });
const count = num({ min: 0, int: true });

export const pageCopyCheck: Check<PageCopy> = fields({
  url: str({ min: 1, max: 8192 }),
  title: str({ max: 2000 }),
  resemblance: share,
  pageInCopy: share,
  copyInPage: share,
  checkedAt: num({ min: 0 }),
});

const reportShape = fields({
  id: str({ min: 1, max: 64 }),
  url: optional(str({ min: 1, max: 8192 })),
  title: optional(str({ max: 2000 })),
  state: oneOf('reading', 'searching', 'measuring', 'done', 'cancelled', 'failed'),
  done: bool(),
  needsAccess: optional(bool()),
  queries: arr(str({ max: 400 }), { max: 20 }),
  searches: fields({ done: count, max: count, engines: arr(str({ max: 64 }), { max: 10 }) }),
  fetches: fields({ done: count, total: count, max: count }),
  copies: arr(pageCopyCheck, { max: 100 }),
  error: optional(str({ max: 2000 })),
  failure: optional(fields({ code: oneOf(...COPIES_FAILURE_CODES), detail: optional(str({ max: 64 })) })),
  startedAt: num({ min: 0 }),
  restarts: optional(count),
  saveError: optional(str({ max: 2000 })),
});

/** The check of a report read back: every field of CopiesReport, with sane bounds. */
export const copiesReportCheck: Check<CopiesReport> = reportShape as Check<Infer<typeof reportShape>> as Check<CopiesReport>;

/** A run's report before anything is known. */
export function newCopiesReport(id: string, bounds: { searches: number; fetches: number }, now = Date.now()): CopiesReport {
  return {
    id,
    state: 'reading',
    done: false,
    queries: [],
    searches: { done: 0, max: bounds.searches, engines: [] },
    fetches: { done: 0, total: 0, max: bounds.fetches },
    copies: [],
    startedAt: now,
  };
}
