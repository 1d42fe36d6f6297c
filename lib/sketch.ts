import { ResembleError } from './errors';
import { ROLL_A, ROLL_B, TWO_32, finishFingerprint, powMod32, seedLanes } from './hash';
import { type SketchOptions, resolveOptions } from './options';
import { sortRange } from './sort';
import { htmlToText } from './text/html-to-text';
import { assertTextual, looksLikeHtml } from './text/decode';
import { WordHashes, hashWords } from './text/tokenize';

export const SKETCH_FORMAT = 1;

export interface Sketch {
  format: number;
  shingle: number;
  size: number;
  seed: number;
  /** MIN_s: the s smallest distinct fingerprints, ascending. Fewer when the text has fewer shingles. */
  min: Float64Array;
  /** MOD_{2^modBits}: every distinct fingerprint whose low modBits bits are zero, ascending. */
  mod: Float64Array;
  modBits: number;
  /** Words in the canonical text and shingles (positions) in it. */
  tokens: number;
  shingles: number;
  /** Distinct shingles: exact when modBits is 0, otherwise |mod| * 2^modBits. */
  distinct: number;
  /** Fingerprint of the whole canonical token sequence: equal for lexically-equivalent documents. */
  whole: number;
  /** Only the first maxChars characters were read. */
  truncated: boolean;
}

export type InputFormat = 'auto' | 'text' | 'html';

/** The canonical text of a document: markup removed when it is HTML (decided by content under 'auto'). */
export function canonicalSource(input: string, format: InputFormat = 'auto'): string {
  assertTextual(input);
  const html = format === 'html' || (format === 'auto' && looksLikeHtml(input));
  return html ? htmlToText(input) : input;
}

/** Sketch of a document (plain text or HTML, decided by content unless `format` says). */
export function sketch(input: string, opts?: Partial<SketchOptions> & { format?: InputFormat }): Sketch {
  return sketchText(canonicalSource(input, opts?.format), opts);
}

let shared: Sketcher | undefined;

/** Sketch of text that is already free of markup. */
export function sketchText(text: string, opts?: Partial<SketchOptions>): Sketch {
  const o = resolveOptions(opts);
  // One reused sketcher keeps its buffers warm: sketching then allocates only the result arrays.
  const sk = shared && !shared.busy ? shared.reset(o) : (shared = new Sketcher(o));
  sk.update(text);
  return sk.finish();
}

/** Characters hashed per step: bounds the working memory for any input size (~2.5 MB per MB of text). */
const CHUNK = 1 << 20;

/** Index at or after `at` where a chunk may end without cutting a word: an ASCII space or newline. */
function chunkEnd(text: string, at: number): number {
  if (at >= text.length) return text.length;
  for (let i = at; i < Math.min(text.length, at + 4096); i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13) return i + 1;
  }
  const c = text.charCodeAt(at - 1);
  return c >= 0xd800 && c <= 0xdbff ? at + 1 : at;
}

/**
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
  private thr = Infinity;
  /** MOD candidates not yet merged into `kept` (only ever a superset of what `kept` accepts). */
  private modBuf = new Float64Array(256);
  private modLen = 0;
  /** The MOD sample so far: sorted, distinct, at most modMax values. */
  private kept = new Float64Array(356);
  private keptLen = 0;
  private modBits = 0;
  private mask = 0;
  private tokens = 0;
  private shingleCount = 0;
  private chars = 0;
  private wholeA = 0;
  private wholeB = 0;
  private truncated = false;
  /** When set, every fingerprint is also appended here (for exact shingle sets). */
  all: number[] | undefined;

  constructor(o: SketchOptions) {
    this.reset(o);
  }

  reset(o: SketchOptions): this {
    this.o = o;
    if (this.buf.length < 4 * o.size) this.buf = new Float64Array(4 * o.size);
    this.words.n = 0;
    this.len = 0;
    this.thr = Infinity;
    this.modLen = 0;
    if (this.kept.length < o.modMax + this.modBuf.length) this.kept = new Float64Array(o.modMax + this.modBuf.length);
    this.keptLen = 0;
    this.modBits = 0;
    this.mask = 0;
    this.tokens = 0;
    this.shingleCount = 0;
    this.chars = 0;
    this.wholeA = 0;
    this.wholeB = 0;
    this.truncated = false;
    this.all = undefined;
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
   * Hash constants are literals (ROLL_*, WHOLE_*, HI_SHIFT in ./hash): module bindings reload every
   * iteration.
   */
  private scan(win: number, fresh: number): void {
    const { a: A, b: B, n } = this.words;
    const powA = powMod32(ROLL_A, win);
    const powB = powMod32(ROLL_B, win);
    const [sa, sb] = seedLanes(this.o.seed);
    const all = this.all;
    let thr = this.thr;
    let mask = this.mask;
    let ha = 0;
    let hb = 0;
    let wa = this.wholeA;
    let wb = this.wholeB;
    for (let i = 0; i < n; i++) {
      if (i >= fresh) {
        wa = (Math.imul(wa, 0x2c1b3c6d) + A[i]) | 0;
        wb = (Math.imul(wb, 0x297a2d39) + B[i]) | 0;
      }
      ha = (Math.imul(ha, 0x9e3779b1) + A[i]) | 0;
      hb = (Math.imul(hb, 0x7feb352d) + B[i]) | 0;
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
      const f = (hi >>> 12) * 4294967296 + (lo >>> 0);
      if (all !== undefined) all.push(f);
      if (f < thr) {
        this.buf[this.len++] = f;
        if (this.len === this.buf.length) thr = this.compactMin();
      }
      if ((lo & mask) === 0) {
        this.modBuf[this.modLen++] = f;
        if (this.modLen === this.modBuf.length) mask = this.mergeMod();
      }
    }
    this.shingleCount += Math.max(0, n - win + 1);
    this.wholeA = wa;
    this.wholeB = wb;
    this.thr = thr;
    this.mask = mask;
  }

  /** Keeps the s smallest distinct candidates (leaving out ignored ones); returns the new threshold. */
  private compactMin(): number {
    const s = this.o.size;
    const ignore = this.o.ignore;
    const buf = this.buf;
    sortRange(buf, 0, this.len);
    let u = 0;
    for (let i = 0; i < this.len && u < s; i++) {
      const f = buf[i];
      if ((u > 0 && f === buf[u - 1]) || (ignore !== undefined && ignore.has(f))) continue;
      buf[u++] = f;
    }
    this.len = u;
    this.thr = u === s ? buf[s - 1] : Infinity;
    return this.thr;
  }

  /**
   * MOD_{2^i} with the paper's size classes: start with i = 0 (keep all) and, whenever more than modMax
   * distinct values are kept, go to i + 1 by keeping only those divisible by 2^(i+1) (V_{i+1} from V_i).
   * The final i is the smallest whose sample has at most modMax values, whatever the order of shingles.
   */
  private mergeMod(): number {
    const { modMax, ignore } = this.o;
    const kept = this.kept;
    let len = this.keptLen;
    for (let i = 0; i < this.modLen; i++) {
      const f = this.modBuf[i];
      if (((f % TWO_32) & this.mask) !== 0 || (ignore !== undefined && ignore.has(f))) continue;
      kept[len++] = f;
    }
    this.modLen = 0;
    sortRange(kept, 0, len);
    let u = 0;
    for (let i = 0; i < len; i++) if (u === 0 || kept[i] !== kept[u - 1]) kept[u++] = kept[i];
    while (u > modMax && this.modBits < 32) {
      this.modBits++;
      this.mask = this.modBits === 32 ? -1 : (1 << this.modBits) - 1;
      let k = 0;
      for (let i = 0; i < u; i++) if (((kept[i] % TWO_32) & this.mask) === 0) kept[k++] = kept[i];
      u = k;
    }
    this.keptLen = u;
    return this.mask;
  }

  finish(): Sketch {
    this.busy = false;
    const o = this.o;
    if (this.tokens === 0) throw new ResembleError('EMPTY_INPUT', 'no words in the input after canonicalization');
    // A text shorter than w words is one shingle of all its words (the words buffer holds them all).
    if (this.tokens < o.shingle) this.scan(this.words.n, this.words.n);
    this.compactMin();
    const min = this.buf.slice(0, this.len);
    // A short text's MIN_s holds its whole shingle set, and so is its MOD_1 sample: share one array
    // (for a snippet, a second sort and allocation cost as much as the rest of sketching it).
    const complete = this.modBits === 0 && this.keptLen === 0 && this.len < o.size && this.len <= o.modMax;
    if (!complete) this.mergeMod();
    const mod = complete ? min : this.kept.slice(0, this.keptLen);
    return {
      format: SKETCH_FORMAT,
      shingle: o.shingle,
      size: o.size,
      seed: o.seed,
      min,
      mod,
      modBits: this.modBits,
      tokens: this.tokens,
      shingles: this.shingleCount,
      distinct: mod.length * 2 ** this.modBits,
      whole: finishFingerprint(this.wholeA ^ this.tokens, this.wholeB),
      truncated: this.truncated,
    };
  }
}
