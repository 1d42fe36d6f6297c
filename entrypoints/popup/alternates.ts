import { plural, t } from '../../shared/i18n';
import { measured } from '../../words/lost';
import type { Alternate, LostReport } from '../../lib/lost/report';
import { basisRank } from '../../lib/lost/rank';

/**
 * The tab state's alternates (found at once, locally) and a "search for more" report's, as one list:
 * one line per URL (the later check wins: it is the fresher measure), none without a measure, best
 * first (page evidence before a snippet held before titles alike, then resemblance, containment, and
 * the earlier-found order).
 */
export function mergeAlternates(...lists: readonly (readonly Alternate[] | undefined)[]): Alternate[] {
  const byUrl = new Map<string, Alternate>();
  for (const list of lists)
    for (const a of list ?? []) {
      if (!measured(a)) continue;
      const had = byUrl.get(a.url);
      if (!had || (a.checkedAt ?? 0) > (had.checkedAt ?? 0)) byUrl.set(a.url, a);
    }
  const order = [...byUrl.values()];
  return order
    .map((a, i) => ({ a, i }))
    .sort(
      (x, y) =>
        basisRank(x.a.basis) - basisRank(y.a.basis) || y.a.resemblance - x.a.resemblance || (y.a.containment || 0) - (x.a.containment || 0) || x.i - y.i,
    )
    .map((x) => x.a);
}

/** The popup's state line for one dead URL: looking, found (n), none found yet, or no access to sites. */
export type AlternatesState = 'looking' | 'found' | 'none' | 'no-access';

export function alternatesState(
  shown: number,
  report: Pick<LostReport, 'needsAccess'> | undefined,
  running: boolean,
  access: boolean | undefined,
): AlternatesState {
  // Without access nothing can be fetched and measured, locally or by searching: say so first.
  if (report?.needsAccess || access === false) return 'no-access';
  if (running) return 'looking';
  return shown > 0 ? 'found' : 'none';
}

export function alternatesStateText(state: AlternatesState, shown: number): string {
  switch (state) {
    case 'looking':
      return shown > 0 ? plural('popup_alt_lookingMore', shown) : t('popup_alt_looking');
    case 'found':
      return plural('popup_alt_found', shown);
    case 'none':
      return t('popup_alt_none');
    case 'no-access':
      return t('popup_alt_noAccess');
  }
}
