import { prefixLength } from '../sketch/candidate-index';
import type { ChangeColumns } from './change-columns';
import { PASS_ENTRIES } from './corpus-cluster';
import { mergeResemblance } from './sketch-columns';

/**
 * Lost and found between two snapshots (issue #40): each `from` document (an OLD document whose id is
 * not in NEW) gets at most one `to` document (a NEW one no id claimed), the one it most resembles at
 * the threshold or above, one to one. Same text first (whole-text fingerprint, exact), then the prefix
 * filter of corpus-cluster.ts, bipartite: (prefix value, document) entries of both sides are sorted in
 * passes of at most PASS_ENTRIES by the value's top 16 bits, and a run of equal values compares each
 * of its `from` members with each of its `to` members. Every pair whose estimate reaches the threshold
 * shares a prefix value (candidate-index.ts), so recall is a full comparison's, except:
 * - a value more than MOVE_RUN documents of one side share (boilerplate: a footer, a licence) is left
 *   out (`boundedSkips`); a pair found only through such values is missed. So a run costs at most
 *   MOVE_RUN² comparisons, and many moved copies of one text are still matched by the exact step;
 * - each `from` document keeps its MOVE_CANDIDATES best; the assignment then takes pairs best first
 *   (resemblance, then input order), so a document all of whose candidates went to better pairs is lost.
 * Memory: the entries' pass (at most 128 MB, as cluster's), 4 bytes a `to` document for the exact
 * step, 12 bytes a candidate (MOVE_CANDIDATES a `from` document); never a text.
 */
export const MOVE_RUN = 64;
export const MOVE_CANDIDATES = 8;
const LOW = 4294967296;

export interface MoveOptions {
  threshold: number;
  /** `to` documents already matched (found under their id): never matched again. */
  taken?: Uint8Array;
  /** `from` documents to leave out (found under their id). */
  skip?: Uint8Array;
  /** Entries a pass (default PASS_ENTRIES); tests cross passes with a small one. */
  passEntries?: number;
}

export interface MoveStats {
  candidatePairs: number;
  verifiedPairs: number;
  /** `from` documents matched, and of them by the same text. */
  matched: number;
  identical: number;
  boundedSkips: number;
  /** Peak bytes of the step's own arrays. */
  indexBytes: number;
}

export interface Moves {
  /** For each `from` document, its `to` document, or -1. */
  target: Int32Array;
  /** The estimated resemblance of each matched pair (1 for the same text). */
  resemblance: Float64Array;
  stats: MoveStats;
}

export function matchMoved(from: ChangeColumns, to: ChangeColumns, opts: MoveOptions): Moves {
  if (from.size !== to.size) throw new RangeError(`sketch sizes differ (${from.size}, ${to.size})`);
  const nf = from.count;
  const nt = to.count;
  const target = new Int32Array(nf).fill(-1);
  const resemblance = new Float64Array(nf);
  const used = new Uint8Array(nt);
  if (opts.taken) used.set(opts.taken.subarray(0, nt));
  const stats: MoveStats = { candidatePairs: 0, verifiedPairs: 0, matched: 0, identical: 0, boundedSkips: 0, indexBytes: 0 };
  const skip = (i: number) => opts.skip !== undefined && opts.skip[i] === 1;
  stats.indexBytes = sameText(from, to, target, resemblance, used, skip);
  stats.identical = target.reduce((n, j) => n + (j >= 0 ? 1 : 0), 0);
  const cands = new Candidates(nf, MOVE_CANDIDATES);
  const join = new PrefixJoin(
    from,
    to,
    opts,
    (i) => skip(i) || target[i] >= 0,
    (j) => used[j] === 1,
    cands,
    stats,
  );
  join.run();
  stats.indexBytes = Math.max(stats.indexBytes, join.bytes + cands.bytes);
  cands.assign(target, resemblance, used);
  stats.matched = target.reduce((n, j) => n + (j >= 0 ? 1 : 0), 0);
  return { target, resemblance, stats };
}

/** Same canonical text, one to one in input order; returns the bytes it held. */
function sameText(from: ChangeColumns, to: ChangeColumns, target: Int32Array, r: Float64Array, used: Uint8Array, skip: (i: number) => boolean): number {
  let n = 0;
  const order = new Uint32Array(to.count);
  for (let j = 0; j < to.count; j++) if (!used[j]) order[n++] = j;
  const sorted = order.subarray(0, n).sort((a, b) => to.wholeOf(a) - to.wholeOf(b) || to.tokensOf(a) - to.tokensOf(b) || a - b);
  for (let i = 0; i < from.count; i++) {
    if (skip(i)) continue;
    const w = from.wholeOf(i);
    const t = from.tokensOf(i);
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const j = sorted[mid];
      if (to.wholeOf(j) < w || (to.wholeOf(j) === w && to.tokensOf(j) < t)) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < n && to.wholeOf(sorted[k]) === w && to.tokensOf(sorted[k]) === t; k++) {
      if (used[sorted[k]]) continue;
      used[sorted[k]] = 1;
      target[i] = sorted[k];
      r[i] = 1;
      break;
    }
  }
  return order.byteLength + used.byteLength;
}

/** Each `from` document's best `k` candidates at the threshold, then the best-first one-to-one assignment. */
class Candidates {
  readonly to: Int32Array;
  readonly r: Float64Array;
  constructor(
    n: number,
    readonly k: number,
  ) {
    this.to = new Int32Array(n * k).fill(-1);
    this.r = new Float64Array(n * k);
  }

  has(i: number, j: number): boolean {
    const a = i * this.k;
    for (let s = a; s < a + this.k && this.to[s] >= 0; s++) if (this.to[s] === j) return true;
    return false;
  }

  /** Keeps (j, r) among i's best k (a later equal one does not displace an earlier). */
  offer(i: number, j: number, r: number): void {
    const a = i * this.k;
    let worst = a;
    for (let s = a; s < a + this.k; s++) {
      if (this.to[s] < 0) {
        this.to[s] = j;
        this.r[s] = r;
        return;
      }
      if (this.r[s] < this.r[worst]) worst = s;
    }
    if (r > this.r[worst]) {
      this.to[worst] = j;
      this.r[worst] = r;
    }
  }

  assign(target: Int32Array, resemblance: Float64Array, used: Uint8Array): void {
    const slots: number[] = [];
    for (let s = 0; s < this.to.length; s++) if (this.to[s] >= 0) slots.push(s);
    const k = this.k;
    slots.sort((x, y) => this.r[y] - this.r[x] || Math.floor(x / k) - Math.floor(y / k) || this.to[x] - this.to[y]);
    for (const s of slots) {
      const i = Math.floor(s / k);
      const j = this.to[s];
      if (target[i] >= 0 || used[j]) continue;
      target[i] = j;
      resemblance[i] = this.r[s];
      used[j] = 1;
    }
  }

  get bytes(): number {
    return this.to.byteLength + this.r.byteLength;
  }
}

/** The bipartite prefix join: `from` documents are entries 0..nf-1, `to` documents nf..nf+nt-1. */
class PrefixJoin {
  private counts = new Uint32Array(65537);
  private packed = new Float64Array(0);
  private readonly cap: number;
  private readonly t: number;

  constructor(
    private from: ChangeColumns,
    private to: ChangeColumns,
    opts: MoveOptions,
    private fromOut: (i: number) => boolean,
    private toOut: (j: number) => boolean,
    private cands: Candidates,
    private stats: MoveStats,
  ) {
    this.cap = Math.max(1, opts.passEntries ?? PASS_ENTRIES);
    this.t = opts.threshold;
  }

  get bytes(): number {
    return this.packed.byteLength + this.counts.byteLength;
  }

  /** Calls `each(doc, values, start, end)` for every document's prefix, `from` then `to`. */
  private prefixes(each: (doc: number, v: Uint32Array, a: number, e: number) => void): void {
    const sides: [ChangeColumns, (i: number) => boolean, number][] = [
      [this.from, this.fromOut, 0],
      [this.to, this.toOut, this.from.count],
    ];
    for (const [side, out, base] of sides) {
      const cols = side.cols;
      for (let i = 0; i < cols.count; i++) {
        if (out(i)) continue;
        const a = cols.startOf(i);
        each(base + i, cols.chunkOf(i), a, a + prefixLength(cols.lengthOf(i), this.t));
      }
    }
  }

  run(): void {
    const counts = this.counts;
    this.prefixes((_d, v, a, e) => {
      for (let k = a; k < e; k++) counts[v[k] >>> 16]++;
    });
    let b0 = 0;
    while (b0 < 65536) {
      let b1 = b0;
      let m = 0;
      while (b1 < 65536 && (b1 === b0 || m + counts[b1] <= this.cap)) m += counts[b1++];
      if (m > 0) this.pass(b0, b1, m);
      b0 = b1;
    }
  }

  private pass(b0: number, b1: number, m: number): void {
    const counts = this.counts;
    if (this.packed.length < m) this.packed = new Float64Array(Math.max(m, Math.min(this.cap, this.packed.length * 2)));
    const packed = this.packed;
    let at = 0;
    for (let b = b0; b < b1; b++) {
      const c = counts[b];
      counts[b] = at;
      at += c;
    }
    this.prefixes((doc, v, a, e) => {
      for (let k = a; k < e; k++) {
        const b = v[k] >>> 16;
        if (b >= b1) break; // values ascend
        if (b >= b0) packed[counts[b]++] = (v[k] & 0xffff) * LOW + doc;
      }
    });
    let start = 0;
    for (let b = b0; b < b1; b++) {
      const end = counts[b];
      if (end - start > 1) this.bucket(packed.subarray(start, end).sort());
      start = end;
    }
  }

  private bucket(run: Float64Array): void {
    const nf = this.from.count;
    let r = 0;
    while (r < run.length) {
      const key = Math.floor(run[r] / LOW);
      const base = key * LOW;
      let e = r + 1;
      while (e < run.length && Math.floor(run[e] / LOW) === key) e++;
      let split = r;
      while (split < e && run[split] - base < nf) split++;
      const f = split - r;
      const g = e - split;
      if (f > 0 && g > 0) {
        this.stats.candidatePairs += f * g;
        if (f > MOVE_RUN || g > MOVE_RUN) this.stats.boundedSkips += f * g;
        else for (let p = r; p < split; p++) for (let q = split; q < e; q++) this.verify(run[p] - base, run[q] - base - nf);
      }
      r = e;
    }
  }

  private verify(i: number, j: number): void {
    if (this.cands.has(i, j)) return;
    this.stats.verifiedPairs++;
    const x = this.from.cols;
    const y = this.to.cols;
    const r = mergeResemblance(x.chunkOf(i), x.startOf(i), x.lengthOf(i), y.chunkOf(j), y.startOf(j), y.lengthOf(j), x.size);
    if (r >= this.t) this.cands.offer(i, j, r);
  }
}
