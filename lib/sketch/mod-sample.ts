import { sampleBits } from './hash';
import { sortRange } from './sort';

/**
 * MOD_{2^i} with the paper's size classes, kept in a small open-addressing hash set: start with i = 0
 * (keep every distinct fingerprint) and, whenever more than `max` values are kept, go to i + 1 by
 * keeping only those divisible by 2^(i+1) (V_{i+1} derived from V_i). The final i is the smallest
 * whose sample has at most `max` values, whatever the order the shingles come in. A hash set rather
 * than sorting on every step: sorting the early, large samples cost a fifth of sketching a page.
 */
export class ModSample {
  bits = 0;
  /** Mask the fingerprint's mixed bits must clear to be sampled: 2^bits − 1. */
  mask = 0;
  count = 0;
  private table = new Float64Array(256).fill(-1);

  constructor(private max = 100) {
    this.reset(max);
  }

  /**
   * Empty, with at most `max` values. Starting at `bits` > 0 skips the early levels: right only when
   * the sample ends above `bits` (then V_{bits−1} held more than `max`); the caller checks `bits`.
   */
  reset(max: number, bits = 0): void {
    this.max = max;
    let size = 256;
    while (size < 2 * (max + 1)) size *= 2;
    if (this.table.length !== size) this.table = new Float64Array(size);
    this.table.fill(-1);
    this.bits = bits;
    this.mask = bits === 0 ? 0 : bits >= 32 ? -1 : (1 << bits) - 1;
    this.count = 0;
  }

  /** Offers a fingerprint whose low lane clears the mask; returns the mask from now on. */
  add(f: number): number {
    if (this.insert(f)) {
      while (this.count > this.max && this.bits < 32) this.raise();
    }
    return this.mask;
  }

  private insert(f: number): boolean {
    const t = this.table;
    const m = t.length - 1;
    // The mixed bits above the ones sampling forces to zero, with the tail.
    let h = (((f / 1048576) >>> 12) ^ f) & m;
    for (;;) {
      const v = t[h];
      if (v === f) return false;
      if (v === -1) {
        t[h] = f;
        this.count++;
        return true;
      }
      h = (h + 1) & m;
    }
  }

  private raise(): void {
    this.bits++;
    this.mask = this.bits === 32 ? -1 : (1 << this.bits) - 1;
    if (this.scratch.length < this.count) this.scratch = new Float64Array(this.table.length);
    const keep = this.scratch;
    const t = this.table;
    let k = 0;
    for (let i = 0; i < t.length; i++) {
      const v = t[i];
      if (v !== -1 && (sampleBits(v) & this.mask) === 0) keep[k++] = v;
    }
    t.fill(-1);
    this.count = 0;
    for (let i = 0; i < k; i++) this.insert(keep[i]);
  }

  private scratch = new Float64Array(256);

  /** The sample, ascending. */
  sorted(): Float64Array {
    const out = new Float64Array(this.count);
    let k = 0;
    for (const v of this.table) if (v !== -1) out[k++] = v;
    sortRange(out, 0, out.length);
    return out;
  }
}
