// The prefix join cut in ranges of keys (issue #42: a second thread does one): the ranges, the
// counts that place the cut, and the log a range done apart keeps for its replay (./corpus-cluster.ts).
import { prefixLength } from '../sketch/candidate-index';
import type { SketchColumns } from './sketch-columns';

/** Buckets of the top 16 bits of a candidate key: a prefix join can be cut into ranges of them. */
export const BUCKETS = 65536;

/** Prefix entries per bucket (the first pass of a prefix join; BUCKETS + 1 long, the last for the join's use). */
export function prefixCounts(cols: SketchColumns, threshold: number): Uint32Array {
  const counts = new Uint32Array(BUCKETS + 1);
  for (let i = 0; i < cols.count; i++) {
    const v = cols.chunkOf(i);
    const a = cols.startOf(i);
    const e = a + prefixLength(cols.lengthOf(i), threshold);
    for (let k = a; k < e; k++) counts[v[k] >>> 16]++;
  }
  return counts;
}

/** prefixCounts made as documents arrive (the same counts, off the join's path). */
export class PrefixCounter {
  readonly counts = new Uint32Array(BUCKETS + 1);
  constructor(private readonly threshold: number) {}
  add(values: Uint32Array): void {
    const e = prefixLength(values.length, this.threshold);
    for (let k = 0; k < e; k++) this.counts[values[k] >>> 16]++;
  }
}

/** The bucket that cuts the entries `counts` (prefixCounts) at `share` (0..1): ranges of about equal work for two threads. */
export function prefixSplit(counts: Uint32Array, share: number): number {
  let total = 0;
  for (let b = 0; b < BUCKETS; b++) total += counts[b];
  let b = 0;
  for (let seen = 0; b < BUCKETS && seen + counts[b] <= total * share; b++) seen += counts[b];
  return b;
}

/**
 * What a range done apart found, in order: a join as [i, j] (i ≥ 0), a long run as [−m, its m members].
 * Growable; `view()` is what is sent back.
 */
export class RunLog {
  private a = new Int32Array(4096);
  private n = 0;
  private room(k: number): void {
    if (this.n + k <= this.a.length) return;
    const next = new Int32Array(Math.max(this.a.length * 2, this.n + k));
    next.set(this.a.subarray(0, this.n));
    this.a = next;
  }
  join(i: number, j: number): void {
    this.room(2);
    this.a[this.n++] = i;
    this.a[this.n++] = j;
  }
  run(packed: Float64Array, r: number, e: number, base: number): void {
    this.room(e - r + 1);
    this.a[this.n++] = -(e - r);
    for (let q = r; q < e; q++) this.a[this.n++] = packed[q] - base;
  }
  view(): Int32Array {
    return this.a.subarray(0, this.n);
  }
}
