/**
 * The tab's groups once its pages are checked: the background's alone (the Public Suffix List it needs
 * to trust a canonical link within one site stays out of the content script: lib-imports.test.ts).
 */
import { siteOf } from '../copycat/site';
import { linkable } from '../group/linkable';
import { type PageEvidence, type PageGroup, fromSnippets, groupWithPages } from '../group/pages';
import type { GroupOutcome } from '../group/results';
import { apartIn } from './compose';
import type { GroupingInputs } from './inputs';
import type { TabView } from './view';

/** Two addresses of one site (the Public Suffix List's registrable domain): a canonical link is trusted there. */
function oneSite(a: string, b: string): boolean {
  const sa = siteOf(a);
  return sa !== undefined && sa === siteOf(b);
}

/**
 * The tab's groups with what its checked pages say (`pages`: by rank, only those the page may be told
 * of); the snippet groups alone when no page is known and no opaque link was followed.
 */
export function withPages(view: TabView, outcome: GroupOutcome, pages: ReadonlyMap<number, PageEvidence>, inputs: GroupingInputs): PageGroup[] {
  // Opaque links followed since the snippets were grouped (issue #27) may have led to the same address:
  // grouping with the addresses as they are now says so, pages or not.
  if (!pages.size && !view.resolved) return fromSnippets(outcome);
  const { settings } = inputs;
  const apart = apartIn(view.results, inputs);
  return groupWithPages(linkable(view.results, outcome, pages, settings.resemblanceThreshold), outcome, pages, {
    threshold: settings.resemblanceThreshold,
    containment: settings.containmentThreshold,
    ...(apart.length ? { apart: new Set(apart) } : {}),
    sameSite: oneSite,
  });
}
