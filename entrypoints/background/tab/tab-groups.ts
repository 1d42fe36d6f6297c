import type { GroupInput, GroupOutcome } from '../../../lib/group/results';
import { fromSnippets } from '../../../lib/group/pages';
import { groupSnippets, snippetGroupOptions } from '../../../lib/group/snippet-groups';
import type { ResultItem } from '../../../lib/group/result-item';
import type { TabState } from '../../../lib/group/tab-state';
import type { Settings } from '../../../lib/settings';
import type { SketchService } from '../worker/sketch-service';

/** Results grouped in the background itself at most (more go to the Worker). */
const IN_PLACE_MAX = 60;

const input = (r: ResultItem): GroupInput => ({ rank: r.rank, url: r.url, title: r.title, snippet: r.snippet });

/**
 * Groups a tab's results (in the Worker when there are many), leaving out `boilerplate` (shingles
 * recurring on past results pages) and keeping the `apart` pairs apart ("not a copy"): lib's groupSnippets, the function the content script groups its
 * page with before asking (issue #17), so both agree. Should the Worker fail, the same lib code runs
 * here: a few dozen snippets cost well under a millisecond, and the page should not go without its groups.
 */
export async function groupTab(
  service: SketchService,
  results: ResultItem[],
  boilerplate: number[] | undefined,
  settings: Settings,
  apart: string[] = [],
): Promise<GroupOutcome> {
  // A results page's few dozen snippets group in about a millisecond, less than the round trip to
  // the Worker (8–30 ms measured). Long pages (infinite scroll) go to the Worker.
  if (results.length <= IN_PLACE_MAX) return groupSnippets(results, boilerplate, settings, apart);
  try {
    return await service.group(
      {
        items: results.map(input),
        ...(boilerplate?.length ? { boilerplate } : {}),
        ...(apart.length ? { apart } : {}),
        options: snippetGroupOptions(settings),
      },
      { timeoutMs: 5000 },
    );
  } catch {
    return groupSnippets(results, boilerplate, settings, apart);
  }
}

/** The tab state once grouped: the popup lists these (with the results named, added when it asks: tab-state.ts popupState). */
export function doneState(base: Omit<TabState, 'status' | 'results'>, results: ResultItem[], outcome: GroupOutcome, settings: Settings): TabState {
  return {
    ...base,
    results: results.length,
    status: 'done',
    groups: fromSnippets(outcome),
    threshold: settings.resemblanceThreshold,
  };
}

/** What the store keeps of a results page: enough to regroup it and to learn boilerplate from it. */
export function serpRecord(view: { url: string; engine: string; query: string; results: ResultItem[] }, outcome: GroupOutcome) {
  return { id: view.url, url: view.url, engine: view.engine, query: view.query, at: Date.now(), results: view.results.map(input), groups: outcome.groups };
}
