import { ResembleError } from '../errors';
import { sampleBits } from './hash';
import type { Sketch } from './sketch';

export function assertComparable(a: Sketch, b: Sketch): void {
  if (a.shingle !== b.shingle || a.seed !== b.seed) {
    throw new ResembleError(
      'INCOMPATIBLE_SKETCHES',
      `sketches differ in shingle size or seed (w=${a.shingle}/${b.shingle}, seed=${a.seed}/${b.seed}); compare sketches made with the same options`,
    );
  }
}

/**
 * Resemblance estimate exactly as the theorem states: of the s smallest values of MIN_s(A) ∪ MIN_s(B)
 * (which are the s smallest of F(A) ∪ F(B)), the fraction present in both sketches. One linear merge.
 * When both whole shingle sets fit in the sketches the result is the exact resemblance.
 */
export function resemblance(a: Sketch, b: Sketch): number {
  assertComparable(a, b);
  return minResemblance(a.min, b.min, Math.min(a.size, b.size));
}

/**
 * |MIN_s(X ∪ Y) ∩ X ∩ Y| / |MIN_s(X ∪ Y)| for sorted sketches. The merge is branch-free: which side
 * advances is data, not control flow, because a mispredicted branch per step tripled the cost.
 */
export function minResemblance(x: Float64Array, y: Float64Array, s: number): number {
  const nx = x.length;
  const ny = y.length;
  let i = 0;
  let j = 0;
  let taken = 0;
  let both = 0;
  while (i < nx && j < ny && taken < s) {
    const u = x[i];
    const v = y[j];
    const le = u <= v ? 1 : 0;
    const ge = u >= v ? 1 : 0;
    both += le & ge;
    i += le;
    j += ge;
    taken++;
  }
  taken += Math.min(s - taken, nx - i + ny - j);
  return taken === 0 ? 0 : both / taken;
}

export interface ContainmentEstimate {
  value: number;
  /**
   * 'mod': from the MOD samples at the larger document's modulus (the paper's estimator);
   * 'min': from A's MIN_s values at or below B's largest MIN_s value, all of whose membership in B
   *        the sketch of B settles; used when it samples more of A than the MOD sample does, as it
   *        does for a small document inside a much larger one;
   * 'sizes': from resemblance and the two set sizes, when neither sample holds any of A's values.
   */
  method: 'mod' | 'min' | 'sizes';
  /** Values of A the estimate rests on. */
  sample: number;
}

/**
 * Containment of A in B, c = |S(A) ∩ S(B)| / |S(A)|. Each of the two samples is a uniformly random
 * subset of S(A) (chosen by the hash, whatever the texts), so the fraction of it found in B is an
 * unbiased estimate with a hypergeometric spread; the larger sample is used.
 */
export function containmentEstimate(a: Sketch, b: Sketch): ContainmentEstimate {
  assertComparable(a, b);
  const mod = modContainment(a, b);
  const min = minContainment(a, b);
  const best = min.sample > mod.sample ? min : mod;
  if (best.sample > 0) return { value: best.hits / best.sample, method: best === min ? 'min' : 'mod', sample: best.sample };
  // |A ∩ B| = r (|A| + |B|) / (1 + r) for r = |A ∩ B| / |A ∪ B|.
  const r = resemblance(a, b);
  const inter = (r * (a.distinct + b.distinct)) / (1 + r);
  return { value: a.distinct === 0 ? 0 : Math.min(1, inter / a.distinct), method: 'sizes', sample: 0 };
}

let scratchA = new Float64Array(256);
let scratchB = new Float64Array(256);

/** Copies the values of `v` divisible by 2^bits into `into` (grown if needed); returns their count. */
function filterMod(v: Float64Array, bits: number, into: Float64Array): number {
  const mask = bits >= 32 ? -1 : (1 << bits) - 1;
  let n = 0;
  for (let i = 0; i < v.length; i++) if ((sampleBits(v[i]) & mask) === 0) into[n++] = v[i];
  return n;
}

/** MOD samples compared at the larger modulus: V_i filtered to multiples of 2^max(i, j) is MOD_{2^max}. */
export function modContainment(a: Sketch, b: Sketch): { hits: number; sample: number } {
  const bits = Math.max(a.modBits, b.modBits);
  if (scratchA.length < a.mod.length) scratchA = new Float64Array(a.mod.length);
  if (scratchB.length < b.mod.length) scratchB = new Float64Array(b.mod.length);
  const sameA = a.modBits === bits;
  const sameB = b.modBits === bits;
  const na = sameA ? a.mod.length : filterMod(a.mod, bits, scratchA);
  const nb = sameB ? b.mod.length : filterMod(b.mod, bits, scratchB);
  return { hits: commonCount(sameA ? a.mod : scratchA, na, sameB ? b.mod : scratchB, nb), sample: na };
}

/**
 * A's MIN_s values up to τ = min(max MIN_s(A), max MIN_s(B)) are all of S(A) below τ, and every value
 * of S(B) below τ is in MIN_s(B); so which of them are in B is known exactly. (A sketch holding fewer
 * than s values holds its whole set: no bound from it.)
 */
export function minContainment(a: Sketch, b: Sketch): { hits: number; sample: number } {
  const s = Math.min(a.size, b.size);
  const tau = Math.min(a.min.length >= s ? a.min[s - 1] : Infinity, b.min.length >= s ? b.min[s - 1] : Infinity);
  let sample = 0;
  while (sample < a.min.length && sample < s && a.min[sample] <= tau) sample++;
  return { hits: commonCount(a.min, sample, b.min, Math.min(s, b.min.length)), sample };
}

export function containment(a: Sketch, b: Sketch): number {
  return containmentEstimate(a, b).value;
}

/** Values common to x[0, nx) and y[0, ny), both sorted ascending and distinct (branch-free merge). */
export function commonCount(x: ArrayLike<number>, nx: number, y: ArrayLike<number>, ny: number): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < nx && j < ny) {
    const u = x[i];
    const v = y[j];
    const le = u <= v ? 1 : 0;
    const ge = u >= v ? 1 : 0;
    n += le & ge;
    i += le;
    j += ge;
  }
  return n;
}

export function intersectionSize(x: ArrayLike<number>, y: ArrayLike<number>): number {
  return commonCount(x, x.length, y, y.length);
}

/** Same canonical token sequence: the paper's lexically-equivalent documents. */
export function lexicallyEquivalent(a: Sketch, b: Sketch): boolean {
  return a.whole === b.whole && a.tokens === b.tokens;
}
