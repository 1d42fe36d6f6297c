import type { GroupInput, GroupOutcome } from '../../lib/group/results';
import { groupPage } from '../../lib/group/page';
import type { PageGroups, ResultItem, TabState } from '../../lib/messages';
import type { Settings } from '../../lib/settings';
import type { SketchStore } from '../../lib/store';
import type { SketchService } from './sketch-service';

/** Past results pages read for boilerplate (the store keeps at most 20). */
const PAST_PAGES = 20;

const input = (r: ResultItem): GroupInput => ({ rank: r.rank, url: r.url, title: r.title, snippet: r.snippet });

/**
 * Groups a tab's results in the Worker, leaving out boilerplate that recurs on past results pages
 * (other than this one). Should the Worker fail, the same lib code runs here: a few dozen snippets
 * cost well under a millisecond, and the page should not go without its groups.
 */
export async function groupTab(
  service: SketchService,
  store: SketchStore,
  view: { url: string; results: ResultItem[] },
  settings: Settings,
): Promise<GroupOutcome> {
  const past = (await store.recentSerps(PAST_PAGES).catch(() => []))
    .filter((s) => s.url !== view.url)
    .map((s) => (s.results as GroupInput[]).map((r) => ({ rank: r.rank, url: r.url, title: r.title, snippet: r.snippet })));
  const req = {
    items: view.results.map(input),
    past,
    options: { threshold: settings.resemblanceThreshold, shingle: settings.snippetShingle, size: settings.sketchSize },
  };
  try {
    return await service.group(req, { timeoutMs: 5000 });
  } catch {
    return groupPage(req.items, req.past, req.options);
  }
}

export function pageGroups(outcome: GroupOutcome, settings: Settings): PageGroups {
  return { mode: settings.displayMode, threshold: settings.resemblanceThreshold, groups: outcome.groups };
}

/** The tab state once grouped: the popup lists these. */
export function doneState(base: Omit<TabState, 'status' | 'results'>, results: ResultItem[], outcome: GroupOutcome, settings: Settings): TabState {
  return {
    ...base,
    results: results.length,
    status: 'done',
    items: results.map((r) => ({ rank: r.rank, url: r.url, title: r.title, displayUrl: r.displayUrl })),
    groups: outcome.groups,
    threshold: settings.resemblanceThreshold,
  };
}

/** What the store keeps of a results page: enough to regroup it and to learn boilerplate from it. */
export function serpRecord(view: { url: string; engine: string; query: string; results: ResultItem[] }, outcome: GroupOutcome) {
  return { id: view.url, url: view.url, engine: view.engine, query: view.query, at: Date.now(), results: view.results.map(input), groups: outcome.groups };
}
