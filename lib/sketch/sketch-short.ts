import { finishFingerprint, powMod32, seedLanes } from './hash';
import type { SketchOptions } from './options';
import { SKETCH_FORMAT, type Sketch } from './format';
import { encodeBatch } from '../text/batch';
import { WordHashes, hashEncoded, hashWords } from '../text/tokenize';

/** Texts up to this many characters are tried on the short path (a snippet is ~200). */
export const SHORT_CHARS = 2048;

const words = new WordHashes();
let fps = new Float64Array(512);
let tmp = new Float64Array(512);
const counts = new Int32Array(257);

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
 * The distinct values of fps[0, n), ascending, into dest[base, base + u) (returns u). The values are
 * fingerprints, spread uniformly over [0, 2^52); their buckets (top bits) are keys[0, n) and the bucket
 * sizes counts[0, nb): a counting sort into `tmp`, then an insertion sort into `dest`, dropping
 * repeats, that has almost nothing to move. For a snippet's ~30 values it costs far less than the
 * insertion sort alone, whose every inner loop ended in a mispredicted branch. Leaves `counts` zero
 * (a loop: fill() before each sort cost as much as the prefix sums).
 */
function sortSpread(n: number, nb: number, dest: Float64Array, base: number): number {
  if (tmp.length < n) tmp = new Float64Array(fps.length);
  const a = fps;
  const t = tmp;
  const c = counts;
  const key = keys;
  // Bucket starts, the running sum in a register (c[b] += c[b - 1] waited on the store before it).
  let sum = 0;
  for (let b = 0; b < nb; b++) {
    const x = c[b];
    c[b] = sum;
    sum += x;
  }
  for (let i = 0; i < n; i++) t[c[key[i]]++] = a[i];
  for (let b = 0; b < nb; b++) c[b] = 0;
  const d = dest;
  let u = base;
  for (let i = 0; i < n; i++) {
    const v = t[i];
    let j = u - 1;
    while (j >= base && d[j] > v) j--;
    if (j >= base && d[j] === v) continue; // a repeated shingle
    for (let q = u; q > j + 1; q--) d[q] = d[q - 1];
    d[j + 1] = v;
    u++;
  }
  return u - base;
}

/**
 * A short text whose every distinct shingle fits in both MIN_s and MOD_1 (a search snippet): its
 * sketch is its whole shingle set, so there is nothing to select. Sorting the few fingerprints once
 * replaces the streaming machinery, whose fixed cost dominated at this size. Returns undefined when the
 * text has more distinct shingles than that (the caller streams it) or when `ignore` is set.
 * Fingerprints are those of the streaming scan (`finishFingerprint` on the seeded rolling lanes).
 * With `views`, the result's array is a view of a shared buffer (a batch: see `sketchTexts`).
 */
export function sketchShort(text: string, o: SketchOptions, views?: Views): Sketch | undefined {
  if (!shortCandidate(text, o)) return undefined;
  words.n = 0;
  hashWords(text, words);
  return fromWords(o, views);
}

function shortCandidate(text: string, o: SketchOptions): boolean {
  return o.ignore === undefined && text.length <= SHORT_CHARS && text.length <= o.maxChars;
}

/**
 * `sketchShort` of every text of a batch that takes the short path, into out[i] (others left
 * undefined): encoded together, in one native call, and the ASCII ones hashed from that one buffer
 * (see ./text/batch); the others one by one.
 */
export function sketchShortBatch(texts: readonly string[], o: SketchOptions, views: Views, out: (Sketch | undefined)[]): void {
  const pick: string[] = [];
  const at: number[] = [];
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i];
    if (typeof t === 'string' && shortCandidate(t, o)) {
      pick.push(t);
      at.push(i);
    }
  }
  if (pick.length === 0) return;
  const start: number[] = [];
  const buf = encodeBatch(pick, start);
  for (let j = 0; j < pick.length; j++) {
    const from = start[j];
    if (from < 0) {
      out[at[j]] = sketchShort(pick[j], o, views);
      continue;
    }
    words.n = 0;
    hashEncoded(buf, from, from + pick[j].length, words);
    out[at[j]] = fromWords(o, views);
  }
}

/** The short sketch of the word hashes in `words`, or undefined (see `sketchShort`). */
function fromWords(o: SketchOptions, views: Views | undefined): Sketch | undefined {
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
  const { a: A, b: B } = words;
  const powA = kPowA;
  const powB = kPowB;
  const sa = kSa;
  const sb = kSb;
  let ha = 0;
  let hb = 0;
  let wa = 0;
  let wb = 0;
  // The first window apart (its words added, nothing dropped), so the loop over the others has no
  // branch. Constants are literals (ROLL_*, WHOLE_* in ./hash), as in the streaming scan.
  for (let i = 0; i < win; i++) {
    const x = A[i];
    const y = B[i];
    wa = (Math.imul(wa, 0x2c1b3c6d) + x) | 0;
    wb = (Math.imul(wb, 0x297a2d39) + y) | 0;
    ha = (Math.imul(ha, 0x9e3779b1) + x) | 0;
    hb = (Math.imul(hb, 0x7feb352d) + y) | 0;
  }
  const first = finishFingerprint(ha ^ sa, hb ^ sb);
  K[0] = (first / 1048576) >>> shift;
  C[K[0]]++;
  F[0] = first;
  let k = 1;
  for (let i = win; i < n; i++) {
    const x = A[i];
    const y = B[i];
    wa = (Math.imul(wa, 0x2c1b3c6d) + x) | 0;
    wb = (Math.imul(wb, 0x297a2d39) + y) | 0;
    ha = (Math.imul(ha, 0x9e3779b1) + x - Math.imul(A[i - win], powA)) | 0;
    hb = (Math.imul(hb, 0x7feb352d) + y - Math.imul(B[i - win], powB)) | 0;
    // finishFingerprint(ha ^ sa, hb ^ sb), inlined.
    let m = ha ^ sa ^ Math.imul(hb ^ sb, 0x9e3779b1);
    m ^= m >>> 16;
    m = Math.imul(m, 0x85ebca6b);
    m ^= m >>> 13;
    m = Math.imul(m, 0xc2b2ae35);
    m ^= m >>> 16;
    const key = m >>> shift;
    K[k] = key;
    C[key]++;
    F[k++] = (m >>> 0) * 1048576 + ((hb ^ sb) >>> 12);
  }
  const base = views ? views.room(count) : 0;
  const u = sortSpread(count, 1 << bits, views ? views.buf : F, base);
  if (u > cap || u >= o.size) return undefined;
  const min = views ? views.take(u) : F.slice(0, u);
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

/**
 * A batch's short sketches' arrays: views of one buffer, one allocation per ~1024 values instead of one
 * per text (allocating a small typed array cost as much as hashing a snippet). A sketch is sorted
 * straight into the buffer (`room`), then its view taken (`take`). Buffers of 1024 values: batches of
 * 100 snippets measured 0.52 of the floor's rate with them, 0.48 with 4096 and 0.44 with 16384 (CPU
 * time, paired runs; a large buffer costs more than its share to allocate and collect).
 */
export class Views {
  buf = new Float64Array(0);
  private at = 0;

  /** Offset in `buf` where up to `count` values may be written. */
  room(count: number): number {
    if (this.at + count > this.buf.length) {
      this.buf = new Float64Array(Math.max(1024, count));
      this.at = 0;
    }
    return this.at;
  }

  /** The `length` values written at `room`'s offset, as their own array. */
  take(length: number): Float64Array {
    this.at += length;
    // The constructor, not subarray(): subarray looks up the species constructor (75 vs 45 ns a view).
    return new Float64Array(this.buf.buffer, 8 * (this.at - length), length);
  }
}
