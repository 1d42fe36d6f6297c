/**
 * How a results page's checked pages changed since they were last read, and which copies still hold
 * an earlier version (issue #40: the seed paper's "how pages change" and "updating widely distributed
 * information"). Pure: the store's records (lib/store: `page`, `versions`, `changedAt`, `fetchedAt`)
 * and the page groups come in, marks go out.
 */
import { resemblance } from '../sketch/estimate';
import type { Sketch } from '../sketch/sketch';
import { readCompactSketch } from '../store/compact';
import { wholePercent } from './describe';

/** A result whose page was checked: its record's page sketch and history (compact bytes, as stored). */
export interface CheckedPage {
  rank: number;
  page: Uint8Array;
  /** Earlier versions, newest first (PageRecord.versions). */
  versions?: readonly { at: number; page: Uint8Array }[];
  changedAt?: number;
  fetchedAt?: number;
}

/** A result whose page changed at its latest check: `resemblance` to the version before (0..0.99, two decimals), read at `since`. */
export interface PageChanged {
  rank: number;
  resemblance: number;
  since: number;
}

/** A copy in the group of `of` (a changed representative) that holds its version of `since`. */
export interface StaleCopy {
  rank: number;
  of: number;
  since: number;
}

export interface PageChanges {
  changed: PageChanged[];
  stale: StaleCopy[];
}

/** What a group needs to offer here: a PageGroup (./pages.ts) or any group of ranks. */
export interface RankGroup {
  representative: number;
  members: readonly { rank: number }[];
}

function read(bytes: Uint8Array): Sketch | undefined {
  try {
    return readCompactSketch(bytes);
  } catch {
    return undefined; // unreadable bytes mark nothing
  }
}

/** The estimate, when the two sketches can be compared (the same shingle size, seed and sketch size). */
function alike(a: Sketch, b: Sketch): number | undefined {
  return a.shingle === b.shingle && a.seed === b.seed && a.size === b.size ? resemblance(a, b) : undefined;
}

/**
 * Two decimals (the whole percent every page shows: ./describe.ts), below 1: a page whose sketch bytes changed is never shown as 100% alike (the sketch may
 * miss a small edit, or only the counts in its header changed), so 1.00 is reported as 0.99.
 */
const shown = (r: number) => Math.min(0.99, wholePercent(r) / 100);

/**
 * How much better a copy must match an earlier version than the current one to be called stale: about
 * two standard errors of a 128-value sketch's estimate near 0.5 (√(r(1 − r)/k) ≈ 0.044), so that a third
 * variant, about as far from both, is not labelled by the estimate's noise. A real stale copy (the old
 * text itself) clears it by far.
 */
export const STALE_MARGIN = 0.08;

/**
 * Changed: a page whose record has an earlier version and whose change was found by its latest check
 * (`changedAt === fetchedAt`: a later check finding the same version drops the mark). Stale: in a group
 * whose representative changed, a copy whose page resembles one of the representative's earlier
 * versions more than its current one (by STALE_MARGIN), dated by the best such version (the newest on a tie). Cost: one
 * estimate per changed page, and 1 + its versions (≤ 3) per copy of a changed representative.
 */
export function pageChanges(pages: readonly CheckedPage[], groups: readonly RankGroup[]): PageChanges {
  const byRank = new Map(pages.map((p) => [p.rank, p]));
  const sketches = new Map<number, Sketch | undefined>();
  const sketchOf = (p: CheckedPage) => {
    if (!sketches.has(p.rank)) sketches.set(p.rank, read(p.page));
    return sketches.get(p.rank);
  };
  const changed: PageChanged[] = [];
  const history = new Map<number, { at: number; sketch: Sketch }[]>();
  for (const p of [...pages].sort((a, b) => a.rank - b.rank)) {
    const v0 = p.versions?.[0];
    if (!v0 || p.changedAt === undefined || p.changedAt !== p.fetchedAt) continue;
    const now = sketchOf(p);
    const before = read(v0.page);
    const r = now && before ? alike(now, before) : undefined;
    if (!now || r === undefined) continue;
    changed.push({ rank: p.rank, resemblance: shown(r), since: v0.at });
    const olds = (p.versions ?? []).flatMap((v) => {
      const s = read(v.page);
      return s && alike(now, s) !== undefined ? [{ at: v.at, sketch: s }] : [];
    });
    history.set(p.rank, olds);
  }
  const stale: StaleCopy[] = [];
  for (const g of groups) {
    const olds = history.get(g.representative);
    const now = olds && sketchOf(byRank.get(g.representative)!);
    if (!olds || !now) continue;
    for (const m of g.members) {
      const copy = m.rank === g.representative ? undefined : byRank.get(m.rank);
      const s = copy && sketchOf(copy);
      const current = s && alike(s, now);
      if (!s || current === undefined) continue;
      let best: { at: number; r: number } | undefined;
      for (const v of olds) {
        const r = resemblance(s, v.sketch);
        if (r >= current + STALE_MARGIN && (!best || r > best.r)) best = { at: v.at, r };
      }
      if (best) stale.push({ rank: m.rank, of: g.representative, since: best.at });
    }
  }
  return { changed, stale };
}
