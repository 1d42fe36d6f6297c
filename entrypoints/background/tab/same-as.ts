import type { Tab } from './tab';

/**
 * The ranks a results page's cards of other verticals are the same pages as (issue #41), as the page
 * says them: kept with the tab's view while it shows that page (a later page's view is not this one's),
 * in the tab's queue so that a batch being merged is not overwritten. Only ranks the view holds count.
 */
export function sameAsCards(tab: Tab, url: string, ranks: readonly number[]): Promise<{ kept: boolean }> {
  return tab.inOrder(async () => {
    const view = await tab.view();
    if (!view || view.url !== url) return { kept: false };
    const known = new Set(view.results.map((r) => r.rank));
    const sameAs = [...new Set(ranks)].filter((r) => known.has(r)).sort((a, b) => a - b);
    if (JSON.stringify(sameAs) === JSON.stringify(view.sameAs ?? [])) return { kept: true };
    const { sameAs: _old, ...rest } = view;
    await tab.saveView(sameAs.length ? { ...rest, sameAs } : rest);
    return { kept: true };
  });
}
