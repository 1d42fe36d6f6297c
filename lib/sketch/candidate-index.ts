import { minResemblance } from './estimate';
import type { Sketch } from './sketch';

/**
 * How many of a sketch's smallest values must be looked up (or indexed) so that no pair whose
 * estimated resemblance is at least t is missed. If r̂(A,B) ≥ t, at least k = ⌈t·max(|a|,|b|)⌉ values
 * are common to the two MIN_s sketches (every value counted by r̂ is in both), and two sets sharing k
 * values under one global order (here: ascending value, the order sketches are stored in) have
 * intersecting prefixes of length |a| − k + 1 and |b| − k + 1: the prefix filter of similarity joins.
 */
export function prefixLength(sketchLength: number, threshold: number): number {
  if (sketchLength === 0) return 0;
  const k = Math.max(1, Math.ceil(threshold * sketchLength - 1e-9));
  return Math.min(sketchLength, sketchLength - k + 1);
}

export interface IndexedMatch<K> {
  key: K;
  resemblance: number;
}

/**
 * Candidate index over MIN_s sketches for "which stored sketches resemble this one": Broder's
 * on-the-fly resemblance without comparing against every stored sketch. Each stored sketch is indexed
 * under its prefix for the lowest threshold it will be queried with; a query looks up its own prefix
 * and verifies the few candidates found. By the prefix argument above its recall is exactly that of a
 * full comparison (a test checks this against brute force), unlike banded LSH, which trades recall
 * for fewer keys.
 */
export class CandidateIndex<K> {
  private postings = new Map<number, K[]>();
  private sketches = new Map<K, Sketch>();

  constructor(readonly minThreshold = 0.3) {}

  get size(): number {
    return this.sketches.size;
  }

  /** Values under which a sketch is indexed (also what a persistent store keeps as index keys). */
  keysOf(s: Sketch): Float64Array {
    return s.min.subarray(0, prefixLength(s.min.length, this.minThreshold));
  }

  private shape: { shingle: number; seed: number; size: number } | undefined;

  /** All sketches of one index share shingle size, seed and sketch size (the prefix bound needs one s). */
  add(key: K, s: Sketch): void {
    this.shape ??= { shingle: s.shingle, seed: s.seed, size: s.size };
    if (!this.fits(s)) throw new RangeError(`sketch (w=${s.shingle}, seed=${s.seed}, s=${s.size}) does not match the index's`);
    if (this.sketches.has(key)) this.remove(key);
    this.sketches.set(key, s);
    for (const v of this.keysOf(s)) {
      const list = this.postings.get(v);
      if (list) list.push(key);
      else this.postings.set(v, [key]);
    }
  }

  remove(key: K): void {
    const s = this.sketches.get(key);
    if (!s) return;
    this.sketches.delete(key);
    for (const v of this.keysOf(s)) {
      const list = this.postings.get(v);
      if (!list) continue;
      const rest = list.filter((k) => k !== key);
      if (rest.length) this.postings.set(v, rest);
      else this.postings.delete(v);
    }
  }

  private fits(s: Sketch): boolean {
    const t = this.shape;
    return t === undefined || (t.shingle === s.shingle && t.seed === s.seed && t.size === s.size);
  }

  /** Stored keys that may resemble `s` at `threshold` or more: a superset of the true answers. */
  candidates(s: Sketch, threshold: number): Set<K> {
    if (!this.fits(s)) return new Set();
    if (threshold < this.minThreshold) throw new RangeError(`threshold ${threshold} is below the index's ${this.minThreshold}`);
    const out = new Set<K>();
    const p = prefixLength(s.min.length, threshold);
    for (let i = 0; i < p; i++) {
      const list = this.postings.get(s.min[i]);
      if (list) for (const k of list) out.add(k);
    }
    return out;
  }

  /** Stored sketches with estimated resemblance ≥ threshold, most similar first. */
  query(s: Sketch, threshold: number): IndexedMatch<K>[] {
    const out: IndexedMatch<K>[] = [];
    for (const key of this.candidates(s, threshold)) {
      const r = minResemblance(s.min, this.sketches.get(key)!.min, s.size);
      if (r >= threshold) out.push({ key, resemblance: r });
    }
    return out.sort((x, y) => y.resemblance - x.resemblance);
  }
}
