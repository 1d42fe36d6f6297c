import { plural } from '../../page-support/format';
import { copiesLabel } from '../../lib/group/describe';
import type { PageGroup as Group } from '../../lib/group/pages';
import { hideableMembers } from '../../lib/group/visible';
import type { TabState } from '../../lib/group/tab-state';

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
  return [plural(results, 'result'), plural(groups.length, 'group'), copiesLabel(copiesCount(groups))].join(' · ');
}

/** The clear state of a finished page without groups. */
export function noGroupsText(results: number): string {
  if (results === 0) return 'No results were read on this page.';
  return results === 1 ? 'Only one result was read: nothing to compare.' : `No near-duplicates among ${results} results.`;
}

/**
 * What a page in progress says. `progress` counts steps (results grouped now, pages checked later),
 * so the words stay general; without it the work has only started.
 */
export function progressText(progress: TabState['progress']): string {
  if (!progress || progress.total <= 0) return 'Reading the results…';
  const done = Math.min(Math.max(0, progress.done), progress.total);
  return `Grouping: ${done} of ${progress.total} done…`;
}
