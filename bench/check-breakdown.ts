/**
 * Where a round of page checking spent its time, from the service worker's spans
 * (entrypoints/background/debug/trace.ts): moments after navigation, and per-page and per-regroup durations.
 * Rounds are summarised by medians of each figure.
 */
import { median } from './timing';

export interface Span {
  name: string;
  key: string;
  start: number;
  end: number;
}

/** Every figure in ms. `at*`: after navigation; the rest: medians of the spans of that name. */
export interface Breakdown {
  atResultsIn: number;
  atAnswered: number;
  atChecksStart: number;
  atFirstFetch: number;
  atLastFetched: number;
  atLastStored: number;
  atLastRegroup: number;
  fetchMs: number;
  pageMs: number;
  putMs: number;
  refreshMs: number;
  refreshWaitMs: number;
  regroupMs: number;
  /** Per regroup: from its start to its grouping (the tab's results, grouping, settings and state read from storage). */
  readMs: number;
  stateMs: number;
  sendMs: number;
  refreshes: number;
  /** Page checking itself: from its start to the tab told of its last page (the last regroup's end). */
  checkMs: number;
  /** From the check's start to the last page stored. */
  storedMs: number;
  /** From the last page stored to the start of the regroup that tells the tab of it (pacing, queue). */
  lastRegroupWaitMs: number;
  /** Summed over the 10 pages / refreshes: how much serial work each stage is. */
  sumPageMs: number;
  sumPutMs: number;
  sumRefreshMs: number;
}

export function breakdown(spans: Span[], t0: number): Breakdown {
  const of = (n: string) => spans.filter((s) => s.name === n);
  const dur = (n: string) => of(n).map((s) => s.end - s.start);
  const med = (n: string) => (of(n).length ? median(dur(n)) : NaN);
  const sum = (n: string) => dur(n).reduce((a, b) => a + b, 0);
  const first = (n: string) => Math.min(...of(n).map((s) => s.start)) - t0;
  const last = (n: string) => Math.max(...of(n).map((s) => s.end)) - t0;
  // One ask is marked per regroup run (asks joining a waiting regroup are not): paired in order.
  const asks = of('refresh-asked')
    .map((s) => s.start)
    .sort((a, b) => a - b);
  const waits = of('refresh')
    .sort((a, b) => a.start - b.start)
    .map((s, i) => s.start - (asks[i] ?? s.start));
  // A regroup, from its run's start (after the pacing) to its message to the tab sent: paired in order
  // (the 'refresh' span of one background version, absent in another, is not needed for it).
  const sends = of('send').sort((a, b) => a.start - b.start);
  const runs = sends.map((s, i) => s.end - (asks[i] ?? s.start));
  const reads = of('refresh').flatMap((r) => {
    const g = of('regroup').find((x) => x.start >= r.start && x.end <= r.end);
    return g ? [g.start - r.start] : [];
  });
  return {
    atResultsIn: first('results-in'),
    atAnswered: first('answered'),
    atChecksStart: first('checks-start'),
    atFirstFetch: first('fetch'),
    atLastFetched: last('fetch'),
    atLastStored: last('put'),
    atLastRegroup: last('send'),
    fetchMs: med('fetch'),
    pageMs: med('page'),
    putMs: med('put'),
    refreshMs: runs.length ? median(runs) : NaN,
    refreshWaitMs: waits.length ? median(waits) : NaN,
    regroupMs: med('regroup'),
    readMs: reads.length ? median(reads) : NaN,
    stateMs: med('state'),
    sendMs: med('send'),
    refreshes: sends.length,
    checkMs: last('send') - first('checks-start'),
    storedMs: last('put') - first('checks-start'),
    lastRegroupWaitMs: Math.max(...asks) - t0 - last('put'),
    sumPageMs: sum('page'),
    sumPutMs: sum('put'),
    sumRefreshMs: runs.reduce((a, b) => a + b, 0),
  };
}

/** Each figure's median over the rounds, rounded to 0.1 ms. */
export function medianBreakdown(rounds: Breakdown[]): Breakdown {
  const keys = Object.keys(rounds[0]) as (keyof Breakdown)[];
  return Object.fromEntries(keys.map((k) => [k, Math.round(10 * median(rounds.map((r) => r[k]))) / 10])) as unknown as Breakdown;
}

export function describeBreakdown(b: Breakdown): string[] {
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(x >= 100 ? 0 : 1) : '–');
  return [
    `    after navigation: results in ${f(b.atResultsIn)} ms, snippet groups answered ${f(b.atAnswered)}, checks start ${f(b.atChecksStart)},` +
      ` first fetch ${f(b.atFirstFetch)}, last fetched ${f(b.atLastFetched)}, last stored ${f(b.atLastStored)}, last regroup done ${f(b.atLastRegroup)}`,
    `    per page (median): fetch ${f(b.fetchMs)} ms, main text + sketch (offscreen round trip) ${f(b.pageMs)}, store put ${f(b.putMs)};` +
      ` summed over the pages: round trips ${f(b.sumPageMs)}, puts ${f(b.sumPutMs)}`,
    `    per regroup (median of ${f(b.refreshes)}): ${f(b.refreshMs)} ms (reads ${f(b.readMs)}, regroup ${f(b.regroupMs)}, state ${f(b.stateMs)}, message to the tab ${f(b.sendMs)}),` +
      ` waited in the tab's queue ${f(b.refreshWaitMs)}; summed ${f(b.sumRefreshMs)}`,
    `    page checking from its start: last page stored ${f(b.storedMs)} ms, the tab told of it ${f(b.checkMs)} (the last regroup began ${f(b.lastRegroupWaitMs)} after the last store)`,
  ];
}
