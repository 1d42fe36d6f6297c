/**
 * Charikar's SimHash (STOC 2002) over the same shingle fingerprints the min-hash sketches sample, as
 * Manku, Jain and Das Sarma fingerprinted web pages at Google (WWW 2007): each shingle's 64-bit hash
 * votes +1 or −1 on every bit, and the fingerprint keeps the sign of each sum. Near-duplicates differ
 * in few bits (they took at most 3 of 64 for 8 billion pages); unrelated documents in about 32.
 *
 * Issue #31's groundwork, not yet used by the CLI or the extension. Written by hand for the reason the
 * sketch core is: it must read the shingle fingerprints lib already makes (no package takes those), and
 * the whole method is a loop and a popcount.
 */

/** A 64-bit fingerprint as two unsigned 32-bit halves (numbers, not BigInt: cheaper to store and compare). */
export interface SimHash {
  hi: number;
  lo: number;
}

/** MurmurHash3's 32-bit finalizer: every input bit reaches every output bit. */
function fmix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const TWO_32 = 4294967296;

/** The SimHash of a set of shingle fingerprints (lib/sketch/exact.ts shingleSet; up to 2^53, as lib makes them). */
export function simhash(shingles: ArrayLike<number>): SimHash {
  const votes = new Int32Array(64);
  for (let i = 0; i < shingles.length; i++) {
    const f = shingles[i];
    const lo = (f % TWO_32) >>> 0;
    const hi = Math.floor(f / TWO_32) >>> 0;
    // 64 well-mixed bits from the fingerprint's 53: two finalizer rounds over both halves.
    const a = fmix32(lo ^ fmix32(hi ^ 0x9e3779b9));
    const b = fmix32(a ^ hi ^ 0x7feb352d);
    for (let bit = 0; bit < 32; bit++) {
      votes[bit] += (a >>> bit) & 1 ? 1 : -1;
      votes[32 + bit] += (b >>> bit) & 1 ? 1 : -1;
    }
  }
  let hi = 0;
  let lo = 0;
  for (let bit = 0; bit < 32; bit++) {
    if (votes[bit] > 0) lo |= 1 << bit;
    if (votes[32 + bit] > 0) hi |= 1 << bit;
  }
  return { hi: hi >>> 0, lo: lo >>> 0 };
}

/** Set bits of a 32-bit value (Hacker's Delight 5-1). */
function popcount32(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** How many of the 64 bits differ. */
export const hamming = (x: SimHash, y: SimHash): number => popcount32((x.hi ^ y.hi) >>> 0) + popcount32((x.lo ^ y.lo) >>> 0);

/** The fingerprint as 16 hex digits (for JSON and logs). */
export const simhashHex = (s: SimHash): string => s.hi.toString(16).padStart(8, '0') + s.lo.toString(16).padStart(8, '0');
