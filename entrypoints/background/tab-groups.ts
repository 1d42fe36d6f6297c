import type { GroupInput, GroupOutcome } from '../../lib/group/results';
import { fromSnippets } from '../../lib/group/pages';
import { groupResults } from '../../lib/group/results';
import type { PageGroups, ResultItem, TabState } from '../../lib/messages';
import type { Settings } from '../../lib/settings';
import type { SketchService } from './sketch-service';

/** Results grouped in the background itself at most (more go to the Worker). */
const IN_PLACE_MAX = 60;
/**
 * The pairs a tab's outcome keeps (storage.session, `groups:<tabId>`): regrouping with checked pages
 * reads only pairs at or above the threshold, and 0.3 is the lowest threshold the settings allow, so
 * a change of threshold never needs a pair left out. Every pair would be n²/2 of them: 10 MB, the
 * whole session quota, at 300 results. Beyond the groups' own pairs, the 2,000 strongest (≈ 90 KB).
 */
export const PAIR_FLOOR = 0.3;
export const MAX_PAIRS = 2000;

const input = (r: ResultItem): GroupInput => ({ rank: r.rank, url: r.url, title: r.title, snippet: r.snippet });

/**
 * Groups a tab's results (in the Worker when there are many), leaving out `boilerplate` (shingles recurring on past
 * results pages). Should the Worker fail, the same lib code runs here: a few dozen snippets cost
 * well under a millisecond, and the page should not go without its groups.
 */
export async function groupTab(service: SketchService, results: ResultItem[], boilerplate: number[] | undefined, settings: Settings): Promise<GroupOutcome> {
  const items = results.map(input);
  const options = { threshold: settings.resemblanceThreshold, shingle: settings.snippetShingle, size: settings.sketchSize, pairFloor: PAIR_FLOOR, maxPairs: MAX_PAIRS };
  // A results page's few dozen snippets group in about a millisecond, less than the round trip to
  // the Worker (8–30 ms measured): the page waits for this, so it is done here. Long pages (infinite
  // scroll) go to the Worker.
  if (items.length <= IN_PLACE_MAX) return groupResults(items, { ...options, ...(boilerplate?.length ? { boilerplate: new Set(boilerplate) } : {}) });
  try {
    return await service.group({ items, ...(boilerplate?.length ? { boilerplate } : {}), options }, { timeoutMs: 5000 });
  } catch {
    return groupResults(items, { ...options, ...(boilerplate?.length ? { boilerplate: new Set(boilerplate) } : {}) });
  }
}

export function pageGroups(outcome: GroupOutcome, settings: Settings): PageGroups {
  return { mode: settings.displayMode, threshold: settings.resemblanceThreshold, groups: fromSnippets(outcome) };
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
