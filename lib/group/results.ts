import { clusterGreedy } from '../sketch/cluster';
import { isPlaceholder } from '../engines/placeholders';
import { ResembleError, isResembleError } from '../errors';
import { minResemblance } from '../sketch/estimate';
import { SNIPPET_OPTIONS, resolveOptions } from '../sketch/options';
import { Sketcher, canonicalSource } from '../sketch/sketch';
import { normalizeUrl } from '../url/normalize';
import { inPageBoilerplate } from './in-page-boilerplate';
import { pairKey } from './not-a-copy';

/** One search result as grouping needs it (a `ResultItem` fits). */
export interface GroupInput {
  rank: number;
  url: string;
  title: string;
  snippet: string;
}

/** Why a member is in its group: shown to the user. */
export type GroupReason =
  /** Its target normalizes to `url`, as another result of the group does (the representative or the first of that page in it). */
  | { kind: 'same-page'; url: string }
  /** Its title + snippet resembles the representative's at `resemblance` (boilerplate shingles left out). */
  | { kind: 'snippet'; resemblance: number };

export interface Group {
  /** 1, 2, … in order of the representatives' ranks. */
  id: number;
  /** Rank of the best-ranked result of the group. */
  representative: number;
  /** The other results, in rank order. */
  members: { rank: number; reason: GroupReason }[];
}

export interface GroupOptions {
  /** Snippet resemblance at or above which a result joins a representative: in (0, 1]. */
  threshold: number;
  /** Words per shingle (default SNIPPET_OPTIONS.shingle, 2). */
  shingle?: number;
  /** MIN_s size (default SNIPPET_OPTIONS.size, 128: a snippet's whole shingle set fits). */
  size?: number;
  /** Fingerprints from past results pages (`boilerplateFrom`), made with the same `shingle`. */
  boilerplate?: ReadonlySet<number>;
  /**
   * A shingle in results of this many different pages (normalized URLs) of this results page is
   * boilerplate when those results are otherwise unrelated (default 3; Infinity turns this off).
   */
  minBoilerplateDocs?: number;
  /**
   * Pairs listed in the outcome: only those at or above this resemblance (default 0: every pair).
   * A long page's pairs grow as n²/2 (500,000 for 1,000 results); who keeps an outcome needs the
   * strong ones only. Each group's representative–member pairs are always listed.
   */
  pairFloor?: number;
  /** At most this many pairs besides the groups' own (the strongest; default: no limit). */
  maxPairs?: number;
  /**
   * A pair's title + snippet is evidence only when the two share at least this many distinct
   * shingles that are neither boilerplate nor a placeholder's (default MIN_SHARED_SHINGLES); below it
   * their resemblance counts as 0.
   */
  minShared?: number;
  /**
   * Pairs the user said are not copies (lib/group/not-a-copy `pairKey` of their normalized URLs): never
   * grouped together, whatever their snippets say.
   */
  apart?: ReadonlySet<string>;
}

/**
 * The evidence floor (issue #14), measured by `npx tsx scripts/measure-evidence-floor.ts` on the 48
 * saved results pages (28 in ../shared/fixtures/serp, 20 in test/fixtures/serp) at the default
 * threshold 0.5 and w = 2: the 27 snippet pairs that group there share 8 to 39 distinct shingles
 * that are neither boilerplate nor a placeholder's, so any floor up to 8 loses none of their groups.
 * 4 (about five words in common beyond boilerplate) leaves room for short true snippets the pages do
 * not hold, while two results alike only in a short title ("Sign in - Google Accounts": 3 shingles)
 * or a few words no longer group.
 */
export const MIN_SHARED_SHINGLES = 4;

export interface GroupOutcome {
  /** Groups of two or more results. */
  groups: Group[];
  /**
   * Snippet resemblance of every pair of results, once each: a < b by rank, ordered by a then b.
   * With `pairFloor` / `maxPairs`, only the pairs kept; a pair not listed is below the floor or among
   * the weakest left out.
   */
  pairs: { a: number; b: number; resemblance: number }[];
  /** Pairs left out by `pairFloor` / `maxPairs` (absent when every pair is listed). */
  omitted?: number;
  /** Distinct shingles of this page's results that were ignored as boilerplate (from this page or the past ones). */
  boilerplate: number;
}

const text = (it: { title: string; snippet: string }) => `${it.title}\n${it.snippet}`;

/**
 * Every distinct shingle fingerprint of a result's title + snippet (empty when it has no words): lib/exact's
 * shingleSet, with one sketcher for a page's results (the page's own script groups them before they are
 * painted: an allocation per result shows there). `size` is only checked.
 */
function resultShingler(shingle: number, size: number = SNIPPET_OPTIONS.size): (it: { title: string; snippet: string }) => Float64Array {
  const o = { ...resolveOptions({ ...SNIPPET_OPTIONS, shingle, size }), size: Infinity };
  const exact = new Sketcher(o);
  return (it) => {
    try {
      exact.reset(o);
      // format 'text': a snippet such as "if a < b then" is not markup.
      exact.update(canonicalSource(text(it), 'text'));
      return exact.finish().min;
    } catch (e) {
      if (isResembleError(e, 'EMPTY_INPUT')) return new Float64Array(0);
      throw e;
    }
  };
}

function checkOptions(opts: GroupOptions): { shingle: number; size: number; minDocs: number; minShared: number } {
  const { threshold } = opts;
  if (typeof threshold !== 'number' || !(threshold > 0 && threshold <= 1)) {
    throw new ResembleError('BAD_OPTION', `threshold must be a number in (0, 1], got ${String(threshold)}`);
  }
  const minDocs = opts.minBoilerplateDocs ?? 3;
  // Infinity turns in-page boilerplate detection off; 1 would make every shingle boilerplate.
  if (typeof minDocs !== 'number' || !(minDocs >= 2) || (Number.isFinite(minDocs) && !Number.isInteger(minDocs))) {
    throw new ResembleError('BAD_OPTION', `minBoilerplateDocs must be an integer of at least 2 (or Infinity), got ${String(minDocs)}`);
  }
  if (opts.pairFloor !== undefined && !(opts.pairFloor >= 0 && opts.pairFloor <= 1)) {
    throw new ResembleError('BAD_OPTION', `pairFloor must be a number in [0, 1], got ${String(opts.pairFloor)}`);
  }
  if (opts.maxPairs !== undefined && !(Number.isInteger(opts.maxPairs) && opts.maxPairs >= 0)) {
    throw new ResembleError('BAD_OPTION', `maxPairs must be a non-negative integer, got ${String(opts.maxPairs)}`);
  }
  const minShared = opts.minShared ?? MIN_SHARED_SHINGLES;
  if (!(Number.isInteger(minShared) && minShared >= 1)) {
    throw new ResembleError('BAD_OPTION', `minShared must be a positive integer, got ${String(minShared)}`);
  }
  // shingle and size are checked by resolveOptions.
  return { shingle: opts.shingle ?? SNIPPET_OPTIONS.shingle, size: opts.size ?? SNIPPET_OPTIONS.size, minDocs, minShared };
}

/**
 * Groups one results page's results (issue #5):
 * 1. results whose targets normalize alike (`normalizeUrl`) are the same page, whatever their text;
 * 2. a result whose snippet is an engine's placeholder ("No information is available for this
 *    page.", `isPlaceholder`) cannot match by text, title included (issue #14); shingles of title +
 *    snippet found in results of ≥ minBoilerplateDocs different pages of this results page, or in
 *    `opts.boilerplate`, are left out of the sketches; a result with nothing left cannot match by text;
 *    a pair sharing fewer than `minShared` distinct shingles besides those resembles at 0;
 * 3. greedy clustering with the best-ranked result as representative (`clusterGreedy`): in rank order,
 *    each page joins the representative it resembles most at ≥ threshold, else starts a group.
 * Same-page wins over resemblance: the first-ranked result of each page takes part in the greedy
 * step, and the page's other results follow it into its group (as members, or its members when it
 * is a representative). Output is by rank and deterministic for the same input in any order.
 */
export function groupResults(items: readonly GroupInput[], opts: GroupOptions): GroupOutcome {
  const { shingle, size, minDocs, minShared } = checkOptions(opts);
  // Rank order; equal ranks (not expected) keep their input order.
  const order = items
    .map((it, i) => ({ it, i }))
    .sort((x, y) => x.it.rank - y.it.rank || x.i - y.i)
    .map((x) => x.it);
  const n = order.length;

  // 1. Pages: index of the page's first-ranked result; an unnormalizable URL is a page of its own.
  const keys = order.map((it) => normalizeUrl(it.url));
  const leaderOf = new Int32Array(n);
  const firstByKey = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const k = keys[i];
    const first = k === undefined ? undefined : firstByKey.get(k);
    leaderOf[i] = first ?? i;
    if (k !== undefined && first === undefined) firstByKey.set(k, i);
  }

  // 2. Boilerplate: document frequency over pages (a page's results counted once), plus past pages.
  // A placeholder snippet ("No information is available for this page.") is no evidence, and with it
  // the title alone is too little (a site's generic title): such a result groups by its page only.
  const none = new Float64Array(0);
  const shingles = resultShingler(shingle, size);
  const sets = order.map((it) => (isPlaceholder(it.snippet) ? none : shingles(it)));
  const pageSets = new Map<number, Set<number>>();
  for (let i = 0; i < n; i++) {
    let s = pageSets.get(leaderOf[i]);
    if (!s) pageSets.set(leaderOf[i], (s = new Set()));
    for (const f of sets[i]) s.add(f);
  }
  const pages = [...pageSets.values()];
  const docs = new Map<number, number[]>(); // fingerprint → pages (indices into `pages`) holding it
  pages.forEach((s, p) => {
    for (const f of s) {
      const d = docs.get(f);
      if (d) d.push(p);
      else docs.set(f, [p]);
    }
  });
  const ignore = new Set<number>(); // only this page's fingerprints: small however many past ones there are
  if (opts.boilerplate) for (const f of docs.keys()) if (opts.boilerplate.has(f)) ignore.add(f);
  if (Number.isFinite(minDocs)) inPageBoilerplate(pages, docs, minDocs, ignore);

  // What each result has left that is neither boilerplate nor a placeholder's, ascending (the set is).
  // Its first `size` values are its MIN_s sketch with the boilerplate ignored: what sketchText(text,
  // { shingle, size, ignore }) keeps, without hashing the text a second time. Empty: all boilerplate,
  // nothing to compare.
  const kept = sets.map((s) => (ignore.size ? s.filter((f) => !ignore.has(f)) : s));
  const mins = kept.map((k) => k.subarray(0, size));
  const r = (i: number, j: number): number => {
    const v = mins[i].length && mins[j].length ? minResemblance(mins[i], mins[j], size) : 0;
    return v > 0 && sharedAtLeast(kept[i], kept[j], minShared) ? v : 0;
  };
  const floor = opts.pairFloor ?? 0;
  const strong: [number, number, number][] = []; // i, j, resemblance of the pairs at or above the floor
  const sim: number[][] = order.map(() => []);
  const apart = opts.apart?.size ? opts.apart : undefined;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const v = apart && keys[i] && keys[j] && apart.has(pairKey(keys[i]!, keys[j]!)) ? 0 : r(i, j);
      sim[i][j] = v;
      if (v >= floor) strong.push([i, j, v]);
    }
  }

  // 3. Greedy over each page's first result; `leaders` is in rank order, so representatives are the best-ranked.
  const leaders: number[] = [];
  for (let i = 0; i < n; i++) if (leaderOf[i] === i) leaders.push(i);
  const greedy = clusterGreedy(leaders.length, (g, x) => sim[leaders[g]][leaders[x]], opts.threshold);
  const groupOfLeader = new Map<number, { rep: number; members: Map<number, GroupReason> }>();
  const built = greedy.map((g) => {
    const grp = { rep: leaders[g.representative], members: new Map<number, GroupReason>() };
    groupOfLeader.set(grp.rep, grp);
    for (const m of g.members) {
      grp.members.set(leaders[m.index], { kind: 'snippet', resemblance: m.similarity });
      groupOfLeader.set(leaders[m.index], grp);
    }
    return grp;
  });
  for (let i = 0; i < n; i++) {
    if (leaderOf[i] !== i) groupOfLeader.get(leaderOf[i])!.members.set(i, { kind: 'same-page', url: keys[i]! });
  }

  const groups: Group[] = built
    .filter((g) => g.members.size > 0)
    .map((g, k) => ({
      id: k + 1,
      representative: order[g.rep].rank,
      members: [...g.members].sort(([x], [y]) => x - y).map(([i, reason]) => ({ rank: order[i].rank, reason })),
    }));
  const pairs = keptPairs(strong, built, opts.maxPairs).map(([i, j, v]) => ({ a: order[i].rank, b: order[j].rank, resemblance: v }));
  const all = (n * (n - 1)) / 2;
  return { groups, pairs, boilerplate: ignore.size, ...(pairs.length < all ? { omitted: all - pairs.length } : {}) };
}

/** Whether two sorted fingerprint arrays share at least `min` values. */
function sharedAtLeast(a: Float64Array, b: Float64Array, min: number): boolean {
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else if (++n >= min) return true;
    else i++, j++;
  }
  return false;
}

/**
 * The pairs an outcome lists, by index and in (i, j) order: the groups' representative–member links
 * (what later regrouping with pages falls back on), then the strongest others up to `max` (equal ones
 * by rank). Only `strong` pairs (at or above the floor) are candidates.
 */
function keptPairs(
  strong: [number, number, number][],
  built: { rep: number; members: Map<number, GroupReason> }[],
  max: number | undefined,
): [number, number, number][] {
  if (max === undefined || strong.length <= max) return strong;
  const links = new Set<string>();
  for (const g of built) for (const m of g.members.keys()) links.add(g.rep < m ? `${g.rep}:${m}` : `${m}:${g.rep}`);
  const own = strong.filter(([i, j]) => links.has(`${i}:${j}`));
  const rest = strong.filter(([i, j]) => !links.has(`${i}:${j}`)).sort((x, y) => y[2] - x[2] || x[0] - y[0] || x[1] - y[1]);
  return [...own, ...rest.slice(0, Math.max(0, max))].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}

/**
 * Shingles recurring across past results pages (for the background to keep and pass as
 * `boilerplate`): a fingerprint of some result's title + snippet counts once per results page, and
 * is kept when it occurs in ≥ minPages pages and in results of ≥ minPages different pages
 * (normalized URLs), so the same query searched again does not make its own results boilerplate.
 */
export function boilerplateFrom(
  pages: readonly (readonly { url: string; title: string; snippet: string }[])[],
  minPages: number,
  shingle: number = SNIPPET_OPTIONS.shingle,
): Set<number> {
  if (!(minPages >= 1) || !Number.isInteger(minPages)) {
    throw new ResembleError('BAD_OPTION', `minPages must be a positive integer, got ${String(minPages)}`);
  }
  const pageCount = new Map<number, number>();
  const urls = new Map<number, Set<string>>();
  let unnormalizable = 0;
  const shingles = resultShingler(shingle);
  for (const page of pages) {
    const seen = new Set<number>();
    for (const it of page) {
      const key = normalizeUrl(it.url) ?? `#${unnormalizable++}`;
      for (const f of shingles(it)) {
        if (!seen.has(f)) {
          seen.add(f);
          pageCount.set(f, (pageCount.get(f) ?? 0) + 1);
        }
        let u = urls.get(f);
        if (!u) urls.set(f, (u = new Set()));
        u.add(key);
      }
    }
  }
  const out = new Set<number>();
  for (const [f, count] of pageCount) if (count >= minPages && urls.get(f)!.size >= minPages) out.add(f);
  return out;
}
