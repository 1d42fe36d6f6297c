/**
 * A tab's snippet grouping in the background: lib/tab's, in place for a results page's few dozen
 * results and in the Worker for long ones (infinite scroll); and what the tab's state and the store
 * keep of it.
 */
import type { GroupOutcome } from '../../../lib/group/results';
import { fromSnippets } from '../../../lib/group/pages';
import type { ResultItem } from '../../../lib/group/result-item';
import type { TabState } from '../../../lib/tab/tab-state';
import type { Settings } from '../../../lib/settings';
import { IN_PLACE_MAX, groupRequest, groupView } from '../../../lib/tab/compose';
import type { GroupingInputs } from '../../../lib/tab/inputs';
import type { SketchService } from '../worker/sketch-service';

/**
 * Groups a tab's results (in the Worker when there are many). Should the Worker fail, the same lib code
 * runs here: the page should not go without its groups.
 */
export async function groupTab(service: Pick<SketchService, 'group'>, results: ResultItem[], inputs: GroupingInputs): Promise<GroupOutcome> {
  if (results.length <= IN_PLACE_MAX) return groupView(results, inputs);
  try {
    return await service.group(groupRequest(results, inputs), { timeoutMs: 5000 });
  } catch {
    return groupView(results, inputs);
  }
}

/** The tab state once grouped: the popup lists these (with the results named, added when it asks: lib/tab/popup-view.ts). */
export function doneState(base: Omit<TabState, 'status' | 'results'>, results: ResultItem[], outcome: GroupOutcome, settings: Settings): TabState {
  return { ...base, results: results.length, status: 'done', groups: fromSnippets(outcome), threshold: settings.resemblanceThreshold };
}

/** What the store keeps of a results page: enough to regroup it and to learn boilerplate from it. */
export function serpRecord(view: { url: string; engine: string; query: string; results: ResultItem[] }, outcome: GroupOutcome) {
  const results = view.results.map((r) => ({ rank: r.rank, url: r.url, title: r.title, snippet: r.snippet }));
  return { id: view.url, url: view.url, engine: view.engine, query: view.query, at: Date.now(), results, groups: outcome.groups };
}
