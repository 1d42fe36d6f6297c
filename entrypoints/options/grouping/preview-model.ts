import { DEFAULT_MIN_PAST_PAGES } from '../../../lib/group/snippet-groups';
import { type GroupInput, type GroupOutcome, boilerplateFrom, groupResults } from '../../../lib/group/results';
import { date, plural, t, uiLanguage } from '../../../shared/i18n';

export interface PreviewOptions {
  shingle: number;
  size: number;
}

/**
 * A results page grouped with its past pages' boilerplate left out, at any threshold, fast enough to
 * follow a slider. The past boilerplate costs ~250 ms for 20 past pages of 100 results and does not
 * depend on the threshold, so it is worked out once here (a unit test holds this to grouping from
 * scratch at every threshold); outcomes are kept per threshold, as a slider goes back and forth over
 * the same values.
 */
export function previewGrouper(items: readonly GroupInput[], past: readonly (readonly GroupInput[])[], o: PreviewOptions): (threshold: number) => GroupOutcome {
  const boilerplate = past.length >= DEFAULT_MIN_PAST_PAGES ? boilerplateFrom(past, DEFAULT_MIN_PAST_PAGES, o.shingle) : undefined;
  const outcomes = new Map<number, GroupOutcome>();
  return (threshold) => {
    let out = outcomes.get(threshold);
    if (!out) {
      out = groupResults(items, { threshold, shingle: o.shingle, size: o.size, ...(boilerplate ? { boilerplate } : {}) });
      outcomes.set(threshold, out);
    }
    return out;
  };
}

/** "just now", "5 minutes ago", "yesterday"; after a week the date, which then says more than "9 days ago". */
export function timeAgo(at: number, now: number): string {
  const minutes = Math.round(Math.max(0, now - at) / 60_000);
  const hours = Math.round(minutes / 60);
  const days = Math.round(hours / 24);
  const rtf = new Intl.RelativeTimeFormat(uiLanguage(), { numeric: 'auto' });
  if (minutes < 1) return t('options_preview_justNow');
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  if (hours < 24) return rtf.format(-hours, 'hour');
  if (days < 7) return rtf.format(-days, 'day');
  return t('options_preview_onDate', date(at, { year: 'numeric', month: 'short', day: 'numeric' }));
}

/** "3 groups, 5 copies" / "no groups": the line above the groups, also announced as the value moves. */
export function outcomeLine(outcome: GroupOutcome): string {
  const copies = outcome.groups.reduce((n, g) => n + g.members.length, 0);
  if (copies === 0) return t('options_preview_noOutcome');
  return t('options_preview_outcome', plural('groups', outcome.groups.length), plural('copies', copies));
}
