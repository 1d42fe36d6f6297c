import { copiesLabel } from '../../words/groups';
import { plural, t } from '../../shared/i18n';
import type { PageGroup as Group } from '../../lib/group/pages';
import { hideableMembers } from '../../lib/group/visible';
import type { TabState } from '../../lib/tab/tab-state';

/**
 * Results that are copies of another: every member of every group but the representatives and the
 * fuller pages (a member that contains its representative is not a copy of it, issue #14), as the
 * results page counts its "near-copies".
 */
export function copiesCount(groups: readonly Group[]): number {
  return groups.reduce((n, g) => n + hideableMembers(g.members).length, 0);
}

/** The line at the top of a finished page: "10 results · 3 groups · 4 near-copies". */
export function countsText(results: number, groups: readonly Group[]): string {
  return [plural('results', results), plural('groups', groups.length), copiesLabel(copiesCount(groups))].join(' · ');
}

/** The clear state of a finished page without groups. */
export function noGroupsText(results: number): string {
  if (results === 0) return t('popup_noResults');
  return results === 1 ? t('popup_oneResult') : plural('popup_noGroups', results);
}

/**
 * What a page in progress says. `progress` counts steps (results grouped now, pages checked later),
 * so the words stay general; without it the work has only started.
 */
export function progressText(progress: TabState['progress']): string {
  if (!progress || progress.total <= 0) return t('popup_reading');
  const done = Math.min(Math.max(0, progress.done), progress.total);
  return t('popup_grouping', done, progress.total);
}
