import type { PageGroups } from '../../lib/tab/page-groups';
import type { CheckingIndicator } from './checking-indicator';
import type { GroupsOnPage } from './groups-on-page';

/**
 * What the page shows: groups are applied only when they differ from what is shown (no work, no
 * flicker), so the page's controls are rebuilt only on a change. Which groups may replace which is the
 * state machine's to say (machine.ts); this only applies them.
 */
export class Shown {
  private key = '';

  constructor(
    private page: Pick<GroupsOnPage, 'apply'>,
    private indicator: Pick<CheckingIndicator, 'show'>,
  ) {}

  /** A new view (in-page navigation): whatever comes next is applied, even if it equals what was shown. */
  forget(): void {
    this.key = '';
  }

  /** The page as it came: no groups, no marks, no checking indicator. */
  async clear(): Promise<void> {
    this.key = '';
    void this.indicator.show(undefined);
    await this.page.apply(undefined);
  }

  /** How far the background's check of the results' pages is (the quiet indicator). */
  progress(checking: PageGroups['checking']): void {
    void this.indicator.show(checking);
  }

  async apply(groups: PageGroups): Promise<void> {
    const { checking: _, ...what } = groups;
    const key = JSON.stringify(what);
    if (key === this.key) return;
    this.key = key;
    await this.page.apply(groups);
    // For the benchmark and for tests: when the groups were last applied (ms since navigation start).
    document.documentElement.dataset.resembleApplied = performance.now().toFixed(1);
  }
}
