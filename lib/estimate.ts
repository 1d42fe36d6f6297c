import { ResembleError } from './errors';
import { TWO_32 } from './hash';
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

export function minResemblance(x: Float64Array, y: Float64Array, s: number): number {
  let i = 0;
  let j = 0;
  let taken = 0;
  let both = 0;
  const nx = x.length;
  const ny = y.length;
  while (taken < s && (i < nx || j < ny)) {
    const u = i < nx ? x[i] : Infinity;
    const v = j < ny ? y[j] : Infinity;
    if (u === v) {
      both++;
      i++;
      j++;
    } else if (u < v) i++;
    else j++;
    taken++;
  }
  return taken === 0 ? 0 : both / taken;
}

export interface ContainmentEstimate {
  value: number;
  /** 'mod': from the MOD samples at the larger modulus; 'min': derived from resemblance and sizes
   * because the smaller document kept too few values at that modulus to be read on its own. */
  method: 'mod' | 'min';
  /** Values of A's sample at the common modulus. */
  sample: number;
}

/** Values below this make the MOD estimate too coarse to use alone (standard error over 0.125). */
const MIN_MOD_SAMPLE = 16;

/**
 * Containment of A in B, c = |S(A) ∩ S(B)| / |S(A)|, from MOD samples compared at the larger document's
 * modulus: V_i filtered to multiples of 2^max(i, j) is exactly that document's MOD_{2^max} sample.
 */
export function containmentEstimate(a: Sketch, b: Sketch): ContainmentEstimate {
  assertComparable(a, b);
  const bits = Math.max(a.modBits, b.modBits);
  const mask = bits >= 32 ? -1 : (1 << bits) - 1;
  const keep = (v: number) => ((v % TWO_32) & mask) === 0;
  const sa = a.modBits === bits ? a.mod : a.mod.filter(keep);
  const sb = b.modBits === bits ? b.mod : b.mod.filter(keep);
  if (sa.length >= MIN_MOD_SAMPLE || (a.modBits === 0 && b.modBits === 0 && sa.length > 0)) {
    return { value: intersectionSize(sa, sb) / sa.length, method: 'mod', sample: sa.length };
  }
  // |A ∩ B| = r (|A| + |B|) / (1 + r) for r = |A ∩ B| / |A ∪ B|.
  const r = resemblance(a, b);
  const inter = (r * (a.distinct + b.distinct)) / (1 + r);
  return { value: Math.min(1, inter / a.distinct), method: 'min', sample: sa.length };
}

export function containment(a: Sketch, b: Sketch): number {
  return containmentEstimate(a, b).value;
}

export function intersectionSize(x: ArrayLike<number>, y: ArrayLike<number>): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      n++;
      i++;
      j++;
    } else if (x[i] < y[j]) i++;
    else j++;
  }
  return n;
}

/** Same canonical token sequence: the paper's lexically-equivalent documents. */
export function lexicallyEquivalent(a: Sketch, b: Sketch): boolean {
  return a.whole === b.whole && a.tokens === b.tokens;
}
