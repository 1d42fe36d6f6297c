import type { TabView } from '../../../lib/tab/view';
import type { Tab } from './tab';

/** The view with the cards' ranks it holds (none: the field goes). */
export function withSameAs(view: TabView, ranks: readonly number[]): TabView {
  const known = new Set(view.results.map((r) => r.rank));
  const sameAs = [...new Set(ranks)].filter((r) => known.has(r)).sort((a, b) => a - b);
  const { sameAs: _old, ...rest } = view;
  return sameAs.length ? { ...rest, sameAs } : rest;
}

/**
 * The ranks a results page's cards of other verticals are the same pages as (issue #41), as the page
 * says them: kept with the tab's view while it shows that page (a later page's view is not this one's),
 * in the tab's queue so that a batch being merged is not overwritten. Only ranks the view holds count.
 */
export function sameAsCards(tab: Tab, url: string, ranks: readonly number[]): Promise<{ kept: boolean }> {
  return tab.inOrder(async () => {
    const view = await tab.view();
    // Said before the page's results arrived (both go through the second content script at once): held
    // for the batch of that page (page-results.ts).
    if (!view || view.url !== url) {
      tab.sameAsWaiting = { url, ranks: [...ranks] };
      return { kept: false };
    }
    const next = withSameAs(view, ranks);
    if (JSON.stringify(next.sameAs ?? []) !== JSON.stringify(view.sameAs ?? [])) await tab.saveView(next);
    return { kept: true };
  });
}
