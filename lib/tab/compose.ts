/**
 * The one composition of a tab's groups, called by the content script and the background alike: the
 * snippet grouping (in place, or the same request for the Worker on a long page), the page-level
 * grouping once pages are checked, and what the page is told. Pure: the callers read storage and the store.
 */
import { apartAmong } from '../group/not-a-copy';
import { type PageExtras, type PageGroups, pageGroups } from './page-groups';
import { type PageGroup, fromSnippets } from '../group/pages';
import type { GroupInput, GroupOutcome } from '../group/results';
import { groupSnippets, snippetGroupOptions } from '../group/snippet-groups';
import type { Settings } from '../settings';
import type { GroupingInputs } from './inputs';

/**
 * Results the content script groups on the page's main thread at most: pairs grow as n², and longer
 * pages (infinite scroll) wait for the background, which groups them in its Worker.
 */
export const PAGE_GROUPS_MAX = 100;
/** Results the background groups in place at most: a few dozen group in about a millisecond, less than the Worker's round trip (8–30 ms measured). */
export const IN_PLACE_MAX = 60;

/** The "not a copy" keys among these results: the pairs grouping must keep apart. */
export function apartIn(results: readonly { url: string }[], inputs: Pick<GroupingInputs, 'notACopy'>): string[] {
  return apartAmong(
    inputs.notACopy,
    results.map((r) => r.url),
  );
}

const input = (r: GroupInput): GroupInput => ({ rank: r.rank, url: r.url, title: r.title, snippet: r.snippet });

/** The snippet grouping of these results under these inputs (lib's groupSnippets). */
export function groupView(results: readonly GroupInput[], inputs: GroupingInputs): GroupOutcome {
  return groupSnippets(results, inputs.boilerplate, inputs.settings, apartIn(results, inputs));
}

/** The same grouping asked of the Worker (a long page): its request's fields. */
export function groupRequest(results: readonly GroupInput[], inputs: GroupingInputs) {
  const apart = apartIn(results, inputs);
  const boilerplate = inputs.boilerplate;
  return {
    items: results.map(input),
    ...(boilerplate?.length ? { boilerplate } : {}),
    ...(apart.length ? { apart } : {}),
    options: snippetGroupOptions(inputs.settings),
  };
}

/** What the page is told of a grouping: its groups, and while pages are checked how far, and dead results. */
export function tellPage(
  settings: Pick<Settings, 'displayMode' | 'resemblanceThreshold'>,
  groups: PageGroup[] | GroupOutcome,
  more: PageExtras = {},
): PageGroups {
  return pageGroups(settings, Array.isArray(groups) ? groups : fromSnippets(groups), more);
}
