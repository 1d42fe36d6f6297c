import { ResembleError, isResembleError } from '../errors';
import { ROLL_A, ROLL_B, finishFingerprint, powMod32, sampleBits, seedLanes } from './hash';
import { type SketchOptions, resolveOptions } from './options';
import { ModSample } from './mod-sample';
import { SHORT_CHARS, Views, sketchShort, sketchShortBatch } from './sketch-short';
import { sortRange, sortSpread, sortSpreadHead } from './sort';
import { htmlToText } from '../text/html-to-text';
import { assertTextual } from '../text/decode';
import { looksLikeMarkup } from '../text/markup';
import { WordHashes, hashEncoded, hashWords } from '../text/tokenize';
import { SKETCH_FORMAT, type Sketch } from './format';

// The sketch's shape lives in ./format, which sketch-short (the short path, called from here) shares.
export { SKETCH_FORMAT, type Sketch } from './format';

/** 'html' reads the input as markup of any kind (HTML or XML: one converter reads both). */
export type InputFormat = 'auto' | 'text' | 'html';

/**
 * The canonical text of a document: markup removed when it is markup, HTML or XML (decided by content
 * under 'auto': see ./text/markup).
 */
export function canonicalSource(input: string, format: InputFormat = 'auto'): string {
  assertTextual(input);
  const markup = format === 'html' || (format === 'auto' && looksLikeMarkup(input));
  return markup ? htmlToText(input) : input;
}

/** Sketch of a document (plain text, HTML or XML, decided by content unless `format` says). */
export function sketch(input: string, opts?: Partial<SketchOptions> & { format?: InputFormat }): Sketch {
  return sketchText(canonicalSource(input, opts?.format), opts);
}

let shared: Sketcher | undefined;

/** Sketch of text that is already free of markup. */
export function sketchText(text: string, opts?: Partial<SketchOptions>): Sketch {
  const o = resolveOptions(opts);
  const short = sketchShort(text, o);
  if (short) return short;
  // One reused sketcher keeps its buffers warm: sketching then allocates only the result arrays.
  const sk = shared && !shared.busy ? shared.reset(o) : (shared = new Sketcher(o));
  return sk.sketchWhole(text);
}

/**
 * MIN_s alone: equal, value for value, to `sketchText(text, opts).min`, for callers that keep nothing
 * else (the CLI's corpus columns, issue #42). No MOD sample (half a page's shingles were noted for it, a
 * hash set raised level by level, then sorted) and no whole-text hash, and fewer candidates kept: 32 µs
 * for a 5 KB page where the whole sketch takes 57 (bench/corpus-stages.ts). The array may be a view of
 * the sketcher's own buffer, good until the next call: copy what you keep.
 */
export function sketchMin(text: string, opts?: Partial<SketchOptions>): Float64Array {
  const o = resolveOptions(opts);
  if (text.length <= SHORT_CHARS || o.ignore !== undefined) return sketchText(text, o).min;
  const sk = sharedMin && !sharedMin.busy ? sharedMin.reset(o) : (sharedMin = new Sketcher(o, true));
  return sk.minWhole(text);
}
let sharedMin: Sketcher | undefined;

/**
 * `sketchMin` of a pure ASCII text given as its bytes, bytes[0, len), followed by at least 9 separator
 * bytes: the CLI's JSONL texts, hashed where they were read, without the string JSON.parse would build
 * (issue #42). `chars` is the text's length. Undefined when the string path must be taken: a text
 * `sketchMin` would not read whole at once (short, longer than a chunk or the read limit) or with
 * shingles to ignore.
 */
export function sketchMinAscii(bytes: Uint8Array, len: number, chars: number, opts?: Partial<SketchOptions>): Float64Array | undefined {
  const o = resolveOptions(opts);
  if (chars <= SHORT_CHARS || chars > CHUNK || chars > o.maxChars || o.ignore !== undefined) return undefined;
  const sk = sharedMin && !sharedMin.busy ? sharedMin.reset(o) : (sharedMin = new Sketcher(o, true));
  return sk.minWholeBytes(bytes, len, chars);
}

const emptyInput = () => new ResembleError('EMPTY_INPUT', 'no words in the input after canonicalization');

/**
 * Sketches of many texts free of markup (search snippets, a results page's worth), equal value for value
 * to `sketchText` of each: options are resolved once, the short texts are encoded together into one
 * buffer (one native call for the batch, not one a text) and hashed from it, and the short sketches'
 * arrays are views of shared buffers (one allocation per thousand fingerprints or so
 * instead of one per text: allocating a small typed array cost as much as hashing a snippet). A text
 * that fails (no words, bad input) gets its ResembleError in its place; other errors are thrown.
 */
export function sketchTexts(texts: readonly string[], opts?: Partial<SketchOptions>): (Sketch | ResembleError)[] {
  const o = resolveOptions(opts);
  const out: (Sketch | ResembleError | undefined)[] = new Array(texts.length);
  sketchShortBatch(texts, o, new Views(), out as (Sketch | undefined)[]);
  for (let i = 0; i < texts.length; i++) {
    if (out[i] !== undefined) continue;
    const text = texts[i];
    try {
      out[i] = sketchText(text, o);
    } catch (e) {
      if (!isResembleError(e)) throw e;
      out[i] = e;
    }
  }
  return out as (Sketch | ResembleError)[];
}

/** Characters hashed per step: bounds the working memory for any input size (~2.5 MB per MB of text). */
export const CHUNK = 1 << 20;

/** Index at or after `at` where a chunk may end without cutting a word: an ASCII space or newline. */
export function chunkEnd(text: string, at: number): number {
  if (at >= text.length) return text.length;
  for (let i = at; i < Math.min(text.length, at + 4096); i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13) return i + 1;
  }
  const c = text.charCodeAt(at - 1);
  return c >= 0xd800 && c <= 0xdbff ? at + 1 : at;
}

/**
 * Why hand-written: no library computes Broder's sketches this way. The npm MinHash packages (`minhash`,
 * the k-permutation textbook form in bench/kperm.ts) hash every shingle k times from a string (hundreds
 * of times slower in bench/sketch.bench.ts); general hashing libraries give one hash per call, and a
 * call per word or shingle costs more than the hashing itself here. The kernel (./text/tokenize: UTF-8
 * bytes folded and hashed branch-free; `scan` below: a rolling hash over word hashes, one finishing mix
 * per shingle, candidates noted without calls) runs at a large fraction of the tokenize-and-hash floor
 * (bench/floor.ts), which no per-shingle abstraction can.
 *
 * Streaming sketcher: `update` with successive pieces of a text (each piece boundary is a word
 * boundary), then `finish`. Long texts are hashed in chunks, keeping the last w − 1 words between them,
 * so memory stays bounded while MIN_s, the MOD sample and the whole-text hash are built incrementally.
 */
export class Sketcher {
  busy = false;
  private o!: SketchOptions;
  private words = new WordHashes();
  /** MIN_s candidates: values below `thr`, compacted to the s smallest distinct when full. */
  private buf = new Float64Array(512);
  private len = 0;
  /** buf[0, len) is already what compactMin leaves (no candidate since): finish skips a second sort. */
  private compacted = false;
  private thr = Infinity;
  private modSample = new ModSample();
  /** Candidates of one block of shingles (see `scan`): 512 shingles, each at most twice. */
  private cand = new Float64Array(1024);
  /** Guessed starting points for a whole text (see `sketchWhole`): MIN_s's threshold, MOD's bits. */
  private thr0 = Infinity;
  private bits0 = 0;
  private tokens = 0;
  private shingleCount = 0;
  private chars = 0;
  private wholeA = 0;
  private wholeB = 0;
  private truncated = false;
  /**
   * @param minOnly build MIN_s alone (`scanMin`): no MOD sample (it sits at its last level, mask −1) and
   * no whole-text hash, so only `minWhole` may read it; only `sketchMin` makes such a sketcher. MIN_s
   * starts from about 1.6s expected candidates, not 3s, and already at 3s shingles (see `scanWhole`); a text whose
   * shingles repeat more than about a third is scanned again (`sketchWhole`'s check), same result.
   */
  constructor(
    o: SketchOptions,
    private readonly minOnly = false,
  ) {
    this.reset(o);
  }

  reset(o: SketchOptions): this {
    this.o = o;
    // size may be Infinity (an exact shingle set): the buffer then grows as needed.
    const want = Number.isFinite(o.size) ? 4 * o.size : 4096;
    if (this.buf.length < want) this.buf = new Float64Array(want);
    this.words.n = 0;
    this.len = 0;
    this.compacted = false;
    this.thr = this.thr0 = Infinity;
    this.bits0 = 0;
    this.modSample.reset(o.modMax, this.minOnly ? 32 : 0);
    this.tokens = 0;
    this.shingleCount = 0;
    this.chars = 0;
    this.wholeA = 0;
    this.wholeB = 0;
    this.truncated = false;
    this.busy = true;
    return this;
  }

  update(text: string): void {
    if (text.length <= CHUNK && this.chars + text.length <= this.o.maxChars) {
      this.chars += text.length;
      this.addWords(text);
      return;
    }
    let from = 0;
    while (from < text.length) {
      if (this.chars >= this.o.maxChars) {
        this.truncated = true;
        return;
      }
      let to = chunkEnd(text, from + Math.min(CHUNK, this.o.maxChars - this.chars));
      if (this.chars + (to - from) > this.o.maxChars) {
        to = from + (this.o.maxChars - this.chars);
        const last = text.charCodeAt(to - 1);
        if (last >= 0xd800 && last <= 0xdbff && to - 1 > from) to--; // do not split a surrogate pair
      }
      this.chars += to - from;
      this.addWords(text.slice(from, to));
      from = to;
    }
  }

  /**
   * `update(text)` then `finish()` on a fresh sketcher, for a text read at once (no more than a chunk).
   * Its shingle count is known before the scan, so MIN_s starts from a threshold that about 3s of them
   * fall under, and the MOD sample from the level where 4–8 times modMax of them would be sampled (two
   * or three below its end when the shingles are mostly distinct): most candidates are never noted, and
   * the early compactions and sample levels are skipped (a fifth of sketching a page went there). Both
   * guesses are checked after the scan (s distinct values under the threshold; a level above the
   * starting one) and the scan is redone from scratch, words kept, when one failed (a text of few
   * distinct shingles): the sketch is the streaming one, bit for bit.
   */
  sketchWhole(text: string): Sketch {
    this.scanWhole(text);
    return this.finish();
  }

  /** `sketchWhole` of a MIN_s-only sketcher: `min` alone, as `sketchWhole(text).min` would be (a view of `buf`). */
  minWhole(text: string): Float64Array {
    this.scanWhole(text);
    this.busy = false;
    return this.finishMin();
  }

  private finishMin(): Float64Array {
    if (this.tokens === 0) throw emptyInput();
    if (this.tokens < this.o.shingle) this.scan(this.words.n, this.words.n);
    if (!this.compacted) this.compactMin();
    return this.buf.subarray(0, this.len);
  }

  /** `minWhole` of an ASCII text's bytes (see `sketchMinAscii`, which checks that it is read at once). */
  minWholeBytes(bytes: Uint8Array, len: number, chars: number): Float64Array {
    hashEncoded(bytes, 0, len, this.words);
    this.scanHashed(chars);
    this.busy = false;
    return this.finishMin();
  }

  private scanWhole(text: string): void {
    const o = this.o;
    if (text.length > CHUNK || text.length > o.maxChars) {
      this.update(text);
      return;
    }
    hashWords(text, this.words);
    this.scanHashed(text.length);
  }

  /** The rest of `scanWhole`, once the words of a text of `chars` characters are hashed. */
  private scanHashed(chars: number): void {
    const o = this.o;
    const words = this.words;
    this.chars = chars;
    this.tokens = words.n;
    const count = words.n - o.shingle + 1;
    // MIN_s-only: 1.6s expected candidates, from 3s shingles on (a 1,000-word page of MIN_128 had none
    // guessed at 8s: every shingle was noted and two 512-value compactions sorted, a third of its time).
    const guess = this.minOnly ? 1.6 : 3;
    if (Number.isFinite(o.size) && count >= (this.minOnly ? 3 : 8) * o.size) {
      this.thr0 = this.thr = Math.floor((4294967296 * guess * o.size) / count) * 1048576;
    }
    let bits0 = 0;
    while (!this.minOnly && count / 2 ** (bits0 + 1) >= 4 * o.modMax) bits0++;
    if (bits0 > 0) {
      this.bits0 = bits0;
      this.modSample.reset(o.modMax, bits0);
    }
    this.scan(o.shingle, 0);
    if (this.thr0 !== Infinity || this.bits0 > 0) {
      this.compactMin();
      const minHeld = this.thr0 === Infinity || (this.len === o.size && this.buf[o.size - 1] < this.thr0);
      const modHeld = this.bits0 === 0 || this.modSample.bits > this.bits0;
      if (!minHeld || !modHeld) {
        this.len = 0;
        this.compacted = false;
        this.thr = this.thr0 = Infinity;
        this.bits0 = 0;
        this.modSample.reset(o.modMax, this.minOnly ? 32 : 0);
        this.shingleCount = 0;
        this.wholeA = 0;
        this.wholeB = 0;
        this.scan(o.shingle, 0);
      }
    }
  }

  private addWords(piece: string): void {
    const words = this.words;
    const carried = words.n;
    hashWords(piece, words);
    this.tokens += words.n - carried;
    this.scan(this.o.shingle, carried);
    words.keepLast(this.o.shingle - 1);
  }

  /**
   * One pass over the word hashes: a polynomial rolling hash of the last w words in each of two lanes
   * (Rabin-Karp: add the incoming word, subtract the outgoing one), so the cost is O(n), not O(wn).
   * Each window is finished into a 52-bit fingerprint with a seeded mix (the seed picks the min-hash
   * permutation) and offered to MIN_s and the MOD sample right away: one comparison each in the common
   * case. Only windows of w whole words are emitted; the caller carries w − 1 words between chunks.
   * Words from `fresh` on (not carried over) also extend the whole-text hash.
   * Hash constants are literals (ROLL_*, WHOLE_*, TAIL in ./hash): module bindings reload every
   * iteration.
   */
  private scan(win: number, fresh: number): void {
    if (this.minOnly) {
      this.scanMin(win);
      return;
    }
    const { a: A, b: B, n } = this.words;
    const powA = powMod32(ROLL_A, win);
    const powB = powMod32(ROLL_B, win);
    const [sa, sb] = seedLanes(this.o.seed);
    const cand = this.cand;
    const BLOCK = cand.length >>> 1;
    let ha = 0;
    let hb = 0;
    let wa = this.wholeA;
    let wb = this.wholeB;
    // Blocks of shingles: the inner loop makes no calls and only notes candidates (MIN_s ones from the
    // front of `cand`, MOD ones from the back); the few are then offered between blocks. Calls inside
    // the loop cost more than the hashing (a measured 2.5x on the whole scan).
    for (let start = 0; start < n; start += BLOCK) {
      const end = Math.min(n, start + BLOCK);
      // The threshold's mixed bits, biased so that a signed int32 comparison orders them as unsigned:
      // comparing a uint32 with a double cost a float conversion per shingle.
      const thrMixed = ((this.thr === Infinity ? 4294967295 : Math.floor(this.thr / 1048576)) ^ 0x80000000) | 0;
      const mask = this.modSample.mask;
      let nMin = 0;
      let nMod = cand.length;
      // The first window (and the words carried from the last chunk, already in the whole-text hash)
      // apart, so the main loop below has no branch but the two candidate tests.
      let i = start;
      for (; i < end && i < win; i++) {
        const x = A[i];
        const y = B[i];
        if (i >= fresh) {
          wa = (Math.imul(wa, 0x2c1b3c6d) + x) | 0;
          wb = (Math.imul(wb, 0x297a2d39) + y) | 0;
        }
        ha = (Math.imul(ha, 0x9e3779b1) + x) | 0;
        hb = (Math.imul(hb, 0x7feb352d) + y) | 0;
        if (i < win - 1) continue;
        let m = ha ^ sa ^ Math.imul(hb ^ sb, 0x9e3779b1);
        m ^= m >>> 16;
        m = Math.imul(m, 0x85ebca6b);
        m ^= m >>> 13;
        m = Math.imul(m, 0xc2b2ae35);
        m ^= m >>> 16;
        if ((m ^ 0x80000000) <= thrMixed) cand[nMin++] = (m >>> 0) * 1048576 + ((hb ^ sb) >>> 12);
        if ((m & mask) === 0) cand[--nMod] = (m >>> 0) * 1048576 + ((hb ^ sb) >>> 12);
      }
      for (; i < end; i++) {
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
        if ((m ^ 0x80000000) <= thrMixed) cand[nMin++] = (m >>> 0) * 1048576 + ((hb ^ sb) >>> 12);
        if ((m & mask) === 0) cand[--nMod] = (m >>> 0) * 1048576 + ((hb ^ sb) >>> 12);
      }
      this.offer(nMin, nMod);
    }
    this.shingleCount += Math.max(0, n - win + 1);
    this.wholeA = wa;
    this.wholeB = wb;
  }

  /**
   * `scan` for a MIN_s-only sketcher: the same windows and fingerprints, without the whole-text hash
   * and the MOD sample's test (a fifth of the loop's work), which `minWhole` never reports.
   */
  private scanMin(win: number): void {
    const { a: A, b: B, n } = this.words;
    const powA = powMod32(ROLL_A, win);
    const powB = powMod32(ROLL_B, win);
    const [sa, sb] = seedLanes(this.o.seed);
    const cand = this.cand;
    const BLOCK = cand.length >>> 1;
    let ha = 0;
    let hb = 0;
    for (let start = 0; start < n; start += BLOCK) {
      const end = Math.min(n, start + BLOCK);
      const thrMixed = ((this.thr === Infinity ? 4294967295 : Math.floor(this.thr / 1048576)) ^ 0x80000000) | 0;
      let nMin = 0;
      let i = start;
      for (; i < end && i < win; i++) {
        ha = (Math.imul(ha, 0x9e3779b1) + A[i]) | 0;
        hb = (Math.imul(hb, 0x7feb352d) + B[i]) | 0;
        if (i < win - 1) continue;
        let m = ha ^ sa ^ Math.imul(hb ^ sb, 0x9e3779b1);
        m ^= m >>> 16;
        m = Math.imul(m, 0x85ebca6b);
        m ^= m >>> 13;
        m = Math.imul(m, 0xc2b2ae35);
        m ^= m >>> 16;
        if ((m ^ 0x80000000) <= thrMixed) cand[nMin++] = (m >>> 0) * 1048576 + ((hb ^ sb) >>> 12);
      }
      for (; i < end; i++) {
        ha = (Math.imul(ha, 0x9e3779b1) + A[i] - Math.imul(A[i - win], powA)) | 0;
        hb = (Math.imul(hb, 0x7feb352d) + B[i] - Math.imul(B[i - win], powB)) | 0;
        let m = ha ^ sa ^ Math.imul(hb ^ sb, 0x9e3779b1);
        m ^= m >>> 16;
        m = Math.imul(m, 0x85ebca6b);
        m ^= m >>> 13;
        m = Math.imul(m, 0xc2b2ae35);
        m ^= m >>> 16;
        if ((m ^ 0x80000000) <= thrMixed) cand[nMin++] = (m >>> 0) * 1048576 + ((hb ^ sb) >>> 12);
      }
      this.offer(nMin, cand.length);
    }
    this.shingleCount += Math.max(0, n - win + 1);
  }

  /** Candidates noted by `scan`: cand[0, nMin) for MIN_s and cand[nMod, end) for the MOD sample. */
  private offer(nMin: number, nMod: number): void {
    const cand = this.cand;
    for (let k = 0; k < nMin; k++) {
      const f = cand[k];
      if (f < this.thr) {
        this.buf[this.len++] = f;
        this.compacted = false;
        if (this.len === this.buf.length) this.compactMin();
      }
    }
    const ignore = this.o.ignore;
    const mod = this.modSample;
    for (let k = cand.length - 1; k >= nMod; k--) {
      const f = cand[k];
      // The mask may have grown since the candidate was noted.
      if ((sampleBits(f) & mod.mask) === 0 && (ignore === undefined || !ignore.has(f))) mod.add(f);
    }
  }

  /** Keeps the s smallest distinct candidates (leaving out ignored ones); returns the new threshold. */
  private compactMin(): number {
    const s = this.o.size;
    const ignore = this.o.ignore;
    const buf = this.buf;
    // Candidates are below the threshold and spread evenly under it (fingerprints of a strong mix);
    // only the head holding the s smallest is sorted, the tail too when repeats leave fewer than s.
    let sorted = Number.isFinite(s) ? sortSpreadHead(buf, this.len, this.thr === Infinity ? 4503599627370496 : this.thr, s) : this.len;
    if (sorted === this.len && !Number.isFinite(s)) sortSpread(buf, this.len, this.thr === Infinity ? 4503599627370496 : this.thr);
    let u = 0;
    for (let i = 0; i < this.len && u < s; i++) {
      if (i === sorted) {
        sortRange(buf, sorted, this.len);
        sorted = this.len;
      }
      const f = buf[i];
      if ((u > 0 && f === buf[u - 1]) || ignore?.has(f)) continue;
      buf[u++] = f;
    }
    this.len = u;
    if (u > buf.length / 2) {
      this.buf = new Float64Array(buf.length * 2);
      this.buf.set(buf.subarray(0, u));
    }
    this.thr = u === s ? this.buf[s - 1] : this.thr0;
    this.compacted = true;
    return this.thr;
  }

  finish(): Sketch {
    this.busy = false;
    const o = this.o;
    if (this.tokens === 0) throw emptyInput();
    // A text shorter than w words is one shingle of all its words (the words buffer holds them all).
    if (this.tokens < o.shingle) this.scan(this.words.n, this.words.n);
    if (!this.compacted) this.compactMin();
    const min = this.buf.slice(0, this.len);
    // A short text's MIN_s holds its whole shingle set, and so is its MOD_1 sample: share one array
    // (for a snippet, a second sort and allocation cost as much as the rest of sketching it).
    const ms = this.modSample;
    const complete = ms.bits === 0 && this.len < o.size && ms.count === this.len;
    const mod = complete ? min : ms.sorted();
    return {
      format: SKETCH_FORMAT,
      shingle: o.shingle,
      size: o.size,
      seed: o.seed,
      min,
      mod,
      modBits: ms.bits,
      tokens: this.tokens,
      shingles: this.shingleCount,
      distinct: mod.length * 2 ** ms.bits,
      whole: finishFingerprint(this.wholeA ^ this.tokens, this.wholeB),
      truncated: this.truncated,
    };
  }
}
