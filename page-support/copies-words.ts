import { percent } from '../lib/group/describe';
import type { CopiesReport, PageCopy } from '../lib/copies/report';
import { plural } from './format';

/**
 * The words of "copies of this page" (issue #19): pure functions, so the page and its tests read the
 * same sentences. Every argument may come from a newer background: anything unexpected still reads.
 */

/** The run the copies page shows: `?run=` of its own location. */
export function parseCopiesRun(search: string): { ok: true; id: string } | { ok: false; error: string } {
  const id = new URLSearchParams(search).get('run')?.trim();
  if (!id || id.length > 64) return { ok: false, error: 'No search was named: “Find copies of this page” is started from a page’s context menu or from the popup.' };
  return { ok: true, id };
}

const isFraction = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 1;

/** Whether a copy carries its three measures (none is listed without them). */
export const measuredCopy = (c: PageCopy): boolean => isFraction(c.resemblance) && isFraction(c.pageInCopy) && isFraction(c.copyInPage);

/** Both directions: "contains 92% of this page", "this page holds 40% of it". */
export function copyDirections(c: Pick<PageCopy, 'pageInCopy' | 'copyInPage'>): [string, string] {
  return [`contains ${percent(c.pageInCopy)} of this page`, `this page holds ${percent(c.copyInPage)} of it`];
}

export const alikeText = (c: Pick<PageCopy, 'resemblance'>): string => `${percent(c.resemblance)} alike`;

export const COPIES_NEEDS_ACCESS =
  'To find copies, Resemble fetches this page, the search results and each candidate page itself (without cookies) and measures how alike they are. It needs your permission to read sites for that; it is the same access page checking uses.';

/** The run's progress: searches done of the bound, pages fetched of those chosen. */
export function copiesProgress(r: Pick<CopiesReport, 'state' | 'searches' | 'fetches' | 'copies' | 'needsAccess' | 'error'>): string {
  const found = r.copies.filter(measuredCopy).length;
  const n = plural(found, 'copy', 'copies');
  switch (r.state) {
    case 'reading':
      return 'Reading this page…';
    case 'searching':
      return `Searching: ${r.searches.done} of ${r.searches.max} searches done…`;
    case 'measuring':
      return `Measuring: ${r.fetches.done} of ${r.fetches.total} pages fetched; ${n} so far…`;
    case 'cancelled':
      return `Cancelled: ${n} found before it stopped.`;
    case 'failed':
      return r.needsAccess ? 'Stopped: Resemble needs access to sites to look for copies.' : `Stopped: ${r.error ?? 'the search failed'}.`;
    case 'done':
      return found ? `Done: ${n} found.` : 'Done: no copy of this page was found.';
    default:
      return 'Looking for copies…';
  }
}

/** What was searched and fetched, for the record under the list. */
export function copiesWork(r: Pick<CopiesReport, 'searches' | 'fetches'>): string {
  const engines = r.searches.engines.length ? ` (${r.searches.engines.join(', then ')})` : '';
  return `${plural(r.searches.done, 'search', 'searches')} of at most ${r.searches.max}${engines}; ${plural(r.fetches.done, 'page')} fetched of ${r.fetches.total} candidates (at most ${r.fetches.max}).`;
}
