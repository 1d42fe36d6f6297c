import type { CopiesReport, PageCopy } from '../lib/copies/report';
import { pct, plural, t } from '../shared/i18n';
import { deadKindShort } from './lost';

/**
 * The words of "copies of this page" (issue #19): pure functions, so the page and its tests read the
 * same sentences. Every argument may come from a newer background: anything unexpected still reads.
 */

/** The run the copies page shows: `?run=` of its own location. */
export function parseCopiesRun(search: string): { ok: true; id: string } | { ok: false; error: string } {
  const id = new URLSearchParams(search).get('run')?.trim();
  if (!id || id.length > 64) return { ok: false, error: t('copies_noRun') };
  return { ok: true, id };
}

const isFraction = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 1;

/** Whether a copy carries its three measures (none is listed without them). */
export const measuredCopy = (c: PageCopy): boolean => isFraction(c.resemblance) && isFraction(c.pageInCopy) && isFraction(c.copyInPage);

/** Both directions: "contains 92% of this page", "this page holds 40% of it". */
export function copyDirections(c: Pick<PageCopy, 'pageInCopy' | 'copyInPage'>): [string, string] {
  return [t('copies_pageInCopy', pct(c.pageInCopy)), t('copies_copyInPage', pct(c.copyInPage))];
}

export const alikeText = (c: Pick<PageCopy, 'resemblance'>): string => t('copies_alike', pct(c.resemblance));

/** Why the run needs access to sites (a function: the words are looked up in the language of the moment). */
export const copiesNeedsAccess = (): string => t('copies_needsAccess');

/** The run's progress: searches done of the bound, pages fetched of those chosen. */
export function copiesProgress(r: Pick<CopiesReport, 'state' | 'searches' | 'fetches' | 'copies' | 'needsAccess' | 'error' | 'failure'>): string {
  const found = r.copies.filter(measuredCopy).length;
  switch (r.state) {
    case 'reading':
      return t('copies_reading');
    case 'searching':
      return plural('copies_searching', r.searches.max, r.searches.done);
    case 'measuring':
      return plural('copies_measuring', r.fetches.total, r.fetches.done, plural('copies_copies', found));
    case 'cancelled':
      return plural('copies_cancelled', found);
    case 'failed':
      return r.needsAccess ? t('copies_stopped_access') : t('copies_stopped', failureWords(r));
    case 'done':
      return found ? plural('copies_done', found) : t('copies_done_none');
    default:
      return t('copies_looking');
  }
}

/** What was searched and fetched, for the record under the list. */
export function copiesWork(r: Pick<CopiesReport, 'searches' | 'fetches'>): string {
  const engines = r.searches.engines.reduce((a, b) => (a ? t('copies_work_then', a, b) : b), '');
  const searches = r.searches.engines.length
    ? plural('copies_work_searchesVia', r.searches.done, r.searches.max, engines)
    : plural('copies_work_searches', r.searches.done, r.searches.max);
  return t('copies_work', searches, plural('copies_work_fetched', r.fetches.done, r.fetches.total, r.fetches.max));
}

/** Why a run failed, in the UI language when lib named it by code; else its English words, or "the search failed". */
function failureWords(r: Pick<CopiesReport, 'error' | 'failure'>): string {
  switch (r.failure?.code) {
    case 'no-url':
      return t('copies_fail_noUrl');
    case 'no-words':
      return t('copies_fail_noWords');
    case 'restarts':
      return plural('copies_fail_restarts', Number(r.failure.detail) || 0);
    case 'unreadable':
      return t('copies_fail_unreadable', deadKindShort(r.failure.detail ?? ''));
    default:
      return r.error ?? t('copies_failed');
  }
}
