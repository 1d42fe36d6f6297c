/**
 * A tab's results page as it has shown so far, and the one merge of a batch into it: the content script
 * (grouping its own page at once) and the background (keeping the tab in storage.session) both call
 * `mergeBatch`, so both hold the same results in the same order.
 */
import type { Reader } from '../engines/types';
import { type ResultItem, type Resolutions, withResolutions } from '../group/result-item';

export interface TabView {
  url: string;
  engine: string;
  query: string;
  results: ResultItem[];
  /** How the page's results were read (issue #27): by the engine's definition or by its structure. */
  reader?: Reader;
  /** When the page last sent results (ms): the least recent tabs make room first when storage is full. */
  at?: number;
  /**
   * Opaque links page checking followed (issue #27): the engine's redirect → where it ended. `results`
   * already carry the addresses; kept so that the page's next batch (which sends the redirects again) gets them too.
   */
  resolved?: Resolutions;
  /** Ranks of results a card of another vertical on the page is the same page as (issue #41), as the page last said. */
  sameAs?: number[];
}

/** One batch the content script read: an `append` continues the view at `url`; anything else starts it over. */
export interface ViewBatch {
  url: string;
  engine: string;
  query: string;
  results: ResultItem[];
  append?: boolean;
  reader?: Reader;
}

/** What the page showed before this batch plus this batch (a new view starts over). */
export function mergeBatch(prev: TabView | undefined, b: ViewBatch, at = Date.now()): TabView {
  const sameView = prev !== undefined && b.append === true && prev.url === b.url;
  // A batch asked again (its answer was lost with a stopped service worker) carries ranks already kept.
  const known = new Set(sameView ? prev.results.map((r) => r.rank) : []);
  const fresh = b.results.filter((r) => !known.has(r.rank));
  const reader = b.reader ?? (sameView ? prev.reader : undefined);
  // Opaque links already followed on this results page (issue #27) keep where they lead.
  const resolved = prev && prev.url === b.url ? prev.resolved : undefined;
  // The page's "same as" cards (issue #41) stay with its view until it says them again.
  const sameAs = prev && prev.url === b.url ? prev.sameAs : undefined;
  const results = sameView ? [...prev.results, ...withResolutions(fresh, resolved)] : withResolutions(b.results, resolved);
  return {
    url: b.url,
    engine: b.engine,
    query: b.query,
    results,
    ...(reader ? { reader } : {}),
    at,
    ...(resolved ? { resolved } : {}),
    ...(sameAs ? { sameAs } : {}),
  };
}

/** The view once an opaque link was followed to `to` (unchanged when it already was). */
export function withResolved(view: TabView, from: string, to: string): TabView {
  if (view.resolved?.[from] === to) return view;
  const resolved = { ...view.resolved, [from]: to };
  return { ...view, resolved, results: withResolutions(view.results, resolved) };
}
