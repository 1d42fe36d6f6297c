import { ROLL_A, ROLL_B, powMod32, seedLanes } from './hash';
import type { WordHashes } from './text/tokenize';

/** Fingerprints of every w-shingle of a text, in text order (duplicates included), with their low lanes. */
export class ShingleFingerprints {
  fp = new Float64Array(1024);
  lo = new Int32Array(1024);
  n = 0;

  /** Room for n values; the previous contents are dropped. */
  reserve(n: number): void {
    if (this.fp.length < n) {
      const size = Math.max(n, this.fp.length * 2);
      this.fp = new Float64Array(size);
      this.lo = new Int32Array(size);
    }
    this.n = 0;
  }
}

/**
 * One pass over the word hashes: a polynomial rolling hash of the last w words in each of two lanes
 * (Rabin-Karp: add the incoming word, subtract the outgoing one), so the cost is O(n), not O(wn).
 * Each window is finished into a 52-bit fingerprint with a seeded mix; the seed picks the permutation
 * of the min-hash. Only windows of w whole words are emitted, so a caller streaming a long text keeps
 * the last w − 1 words in `words` before appending the next chunk's.
 */
export function fingerprintShingles(words: WordHashes, w: number, seed: number, out: ShingleFingerprints): ShingleFingerprints {
  const n = words.n;
  const A = words.a;
  const B = words.b;
  const win = w;
  const count = Math.max(0, n - win + 1);
  out.reserve(count);
  const fp = out.fp;
  const loOut = out.lo;
  const powA = powMod32(ROLL_A, win);
  const powB = powMod32(ROLL_B, win);
  const [sa, sb] = seedLanes(seed);
  let ha = 0;
  let hb = 0;
  let k = 0;
  // Literal constants and an inlined finalizer: module bindings are reloaded on every iteration.
  for (let i = 0; i < n; i++) {
    ha = (Math.imul(ha, 0x9e3779b1) + A[i]) | 0; // ROLL_A
    hb = (Math.imul(hb, 0x7feb352d) + B[i]) | 0; // ROLL_B
    if (i >= win) {
      ha = (ha - Math.imul(A[i - win], powA)) | 0;
      hb = (hb - Math.imul(B[i - win], powB)) | 0;
    } else if (i < win - 1) continue;
    let lo = ha ^ sa ^ Math.imul(hb ^ sb, 0x9e3779b1);
    lo ^= lo >>> 16;
    lo = Math.imul(lo, 0x85ebca6b);
    lo ^= lo >>> 13;
    lo = Math.imul(lo, 0xc2b2ae35);
    lo ^= lo >>> 16;
    let hi = hb ^ sb ^ Math.imul(lo, 0x85ebca77);
    hi ^= hi >>> 16;
    hi = Math.imul(hi, 0x85ebca6b);
    hi ^= hi >>> 13;
    hi = Math.imul(hi, 0xc2b2ae35);
    hi ^= hi >>> 16;
    fp[k] = (hi >>> 12) * 4294967296 + (lo >>> 0); // 52 bits: HI_SHIFT = 12
    loOut[k] = lo;
    k++;
  }
  out.n = k;
  return out;
}

/** The w-shingles of a token sequence as strings (the paper's option B: a set). For exact checks and tests. */
export function stringShingles(tokens: readonly string[], w: number): Set<string> {
  const out = new Set<string>();
  const win = Math.max(1, Math.min(w, tokens.length));
  for (let i = 0; i + win <= tokens.length; i++) out.add(tokens.slice(i, i + win).join(' '));
  return out;
}
