import { finishFingerprint, powMod32, seedLanes } from './hash';
import type { SketchOptions } from './options';
import { SKETCH_FORMAT, type Sketch } from './sketch';
import { WordHashes, hashWords } from '../text/tokenize';

/** Texts up to this many characters are tried on the short path (a snippet is ~200). */
export const SHORT_CHARS = 2048;

const words = new WordHashes();
let fps = new Float64Array(512);
let tmp = new Float64Array(512);
const counts = new Int32Array(257);

/** Where a short sketch's fingerprints go: a fresh array by default, a view of a shared one in a batch. */
export type Alloc = (length: number) => Float64Array;
const fresh: Alloc = (length) => new Float64Array(length);

// Per-options constants, kept for the last seed and window (a batch, or a run of snippets, shares them).
let kSeed = -1;
let kWin = -1;
let kSa = 0;
let kSb = 0;
let kPowA = 0;
let kPowB = 0;

/** Buckets of the counting sort: the top bits of each fingerprint, noted as it is made. */
let keys = new Int32Array(512);

/** Bits of the counting sort's buckets for n values: about one bucket per value, at most 256. */
function bucketBits(n: number): number {
  let bits = 1;
  while (bits < 8 && 1 << bits < n) bits++;
  return bits;
}

/**
 * The distinct values of fps[0, n), ascending, into fps[0, u) (returns u). The values are fingerprints,
 * spread uniformly over [0, 2^52); their buckets (top bits) are keys[0, n) and the bucket sizes
 * counts[1, nb]: a counting sort into `tmp`, then an insertion sort back, dropping repeats, that has
 * almost nothing to move. For a snippet's ~30 values it costs far less than the insertion sort alone,
 * whose every inner loop ended in a mispredicted branch.
 */
function sortSpread(n: number, nb: number): number {
  if (tmp.length < n) tmp = new Float64Array(fps.length);
  const a = fps;
  const t = tmp;
  const c = counts;
  const key = keys;
  for (let b = 1; b <= nb; b++) c[b] += c[b - 1];
  for (let i = 0; i < n; i++) t[c[key[i]]++] = a[i];
  let u = 0;
  for (let i = 0; i < n; i++) {
    const v = t[i];
    let j = u - 1;
    while (j >= 0 && a[j] > v) j--;
    if (j >= 0 && a[j] === v) continue; // a repeated shingle
    for (let q = u; q > j + 1; q--) a[q] = a[q - 1];
    a[j + 1] = v;
    u++;
  }
  return u;
}

/**
 * A short text whose every distinct shingle fits in both MIN_s and MOD_1 (a search snippet): its
 * sketch is its whole shingle set, so there is nothing to select. Sorting the few fingerprints once
 * replaces the streaming machinery, whose fixed cost dominated at this size. Returns undefined when the
 * text has more distinct shingles than that (the caller streams it) or when `ignore` is set.
 * Fingerprints are those of the streaming scan (`finishFingerprint` on the seeded rolling lanes).
 * `alloc` gives the result's array (a batch hands out views of one buffer: see `sketchTexts`).
 */
export function sketchShort(text: string, o: SketchOptions, alloc: Alloc = fresh): Sketch | undefined {
  if (o.ignore !== undefined || text.length > SHORT_CHARS || text.length > o.maxChars) return undefined;
  words.n = 0;
  hashWords(text, words);
  const n = words.n;
  if (n === 0) return undefined; // the streaming path reports EMPTY_INPUT
  const win = Math.min(o.shingle, n);
  const count = n - win + 1;
  const cap = Math.min(o.size, o.modMax);
  if (count > 4 * cap) return undefined;
  if (fps.length < count) {
    fps = new Float64Array(count);
    keys = new Int32Array(count);
  }
  if (o.seed !== kSeed) {
    [kSa, kSb] = seedLanes(o.seed);
    kSeed = o.seed;
  }
  if (win !== kWin) {
    kPowA = powMod32(0x9e3779b1 | 0, win);
    kPowB = powMod32(0x7feb352d, win);
    kWin = win;
  }
  // Module-level buffers read through locals: a `let` binding is reloaded on every access.
  const F = fps;
  const K = keys;
  const C = counts;
  const bits = bucketBits(count);
  const shift = 32 - bits;
  C.fill(0, 0, (1 << bits) + 1);
  const { a: A, b: B } = words;
  const powA = kPowA;
  const powB = kPowB;
  const sa = kSa;
  const sb = kSb;
  let ha = 0;
  let hb = 0;
  let wa = 0;
  let wb = 0;
  let k = 0;
  // Constants are literals (ROLL_*, WHOLE_* in ./hash), as in the streaming scan.
  for (let i = 0; i < n; i++) {
    const x = A[i];
    const y = B[i];
    wa = (Math.imul(wa, 0x2c1b3c6d) + x) | 0;
    wb = (Math.imul(wb, 0x297a2d39) + y) | 0;
    ha = (Math.imul(ha, 0x9e3779b1) + x) | 0;
    hb = (Math.imul(hb, 0x7feb352d) + y) | 0;
    if (i >= win) {
      ha = (ha - Math.imul(A[i - win], powA)) | 0;
      hb = (hb - Math.imul(B[i - win], powB)) | 0;
    }
    if (i >= win - 1) {
      // finishFingerprint(ha ^ sa, hb ^ sb), inlined.
      let m = ha ^ sa ^ Math.imul(hb ^ sb, 0x9e3779b1);
      m ^= m >>> 16;
      m = Math.imul(m, 0x85ebca6b);
      m ^= m >>> 13;
      m = Math.imul(m, 0xc2b2ae35);
      m ^= m >>> 16;
      const key = m >>> shift;
      K[k] = key;
      C[key + 1]++;
      F[k++] = (m >>> 0) * 1048576 + ((hb ^ sb) >>> 12);
    }
  }
  const u = sortSpread(count, 1 << bits);
  if (u > cap || u >= o.size) return undefined;
  const min = alloc(u);
  for (let i = 0; i < u; i++) min[i] = F[i];
  return {
    format: SKETCH_FORMAT,
    shingle: o.shingle,
    size: o.size,
    seed: o.seed,
    min,
    mod: min,
    modBits: 0,
    tokens: n,
    shingles: count,
    distinct: u,
    whole: finishFingerprint(wa ^ n, wb),
    truncated: false,
  };
}

/** Hands out views of one buffer for a batch's short sketches: one allocation per ~4096 values. */
export function viewAllocator(): Alloc {
  let buf = new Float64Array(0);
  let at = 0;
  return (length) => {
    if (at + length > buf.length) {
      buf = new Float64Array(Math.max(4096, length));
      at = 0;
    }
    at += length;
    return buf.subarray(at - length, at);
  };
}
