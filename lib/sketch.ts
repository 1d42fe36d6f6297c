import { ResembleError } from './errors';
import { TWO_32, WHOLE_A, WHOLE_B, finishFingerprint } from './hash';
import { type SketchOptions, resolveOptions } from './options';
import { ShingleFingerprints, fingerprintShingles } from './shingle';
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
  private shingles = new ShingleFingerprints();
  private buf = new Float64Array(512);
  private len = 0;
  private thr = Infinity;
  private kept = new Set<number>();
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
    this.kept.clear();
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
    let from = 0;
    while (from < text.length) {
      if (this.chars >= this.o.maxChars) {
        this.truncated = true;
        return;
      }
      let to = chunkEnd(text, from + Math.min(CHUNK, this.o.maxChars - this.chars));
      if (this.chars + (to - from) > this.o.maxChars) to = from + (this.o.maxChars - this.chars);
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
    this.whole(carried);
    fingerprintShingles(words, this.o.shingle, this.o.seed, this.shingles);
    this.take(this.shingles);
    words.keepLast(this.o.shingle - 1);
  }

  private whole(from: number): void {
    const { a, b, n } = this.words;
    let wa = this.wholeA;
    let wb = this.wholeB;
    for (let i = from; i < n; i++) {
      wa = (Math.imul(wa, WHOLE_A) + a[i]) | 0;
      wb = (Math.imul(wb, WHOLE_B) + b[i]) | 0;
    }
    this.wholeA = wa;
    this.wholeB = wb;
  }

  private take(sh: ShingleFingerprints): void {
    this.shingleCount += sh.n;
    if (this.all) for (let i = 0; i < sh.n; i++) this.all.push(sh.fp[i]);
    this.takeMin(sh);
    this.takeMod(sh);
  }

  /**
   * MIN_s by threshold filtering: a fingerprint enters the buffer only if it beats the current s-th
   * smallest, so after the first few hundred shingles almost none do and the pass is one comparison each.
   */
  private takeMin(sh: ShingleFingerprints): void {
    const s = this.o.size;
    const ignore = this.o.ignore;
    const buf = this.buf;
    const cap = buf.length;
    const fp = sh.fp;
    let thr = this.thr;
    let len = this.len;
    for (let i = 0; i < sh.n; i++) {
      const f = fp[i];
      if (f < thr) {
        if (ignore !== undefined && ignore.has(f)) continue;
        buf[len++] = f;
        if (len === cap) {
          len = compact(buf, len, s);
          if (len === s) thr = buf[s - 1];
        }
      }
    }
    this.thr = thr;
    this.len = len;
  }

  /**
   * MOD_{2^i} with the paper's size classes: start with i = 0 (keep all) and, whenever more than modMax
   * distinct values are kept, go to i + 1 by keeping only those divisible by 2^(i+1) (V_{i+1} from V_i).
   * The final i is the smallest whose sample has at most modMax values, whatever the order of shingles.
   */
  private takeMod(sh: ShingleFingerprints): void {
    const { modMax, ignore } = this.o;
    const kept = this.kept;
    const fp = sh.fp;
    const lo = sh.lo;
    let mask = this.mask;
    for (let i = 0; i < sh.n; i++) {
      if ((lo[i] & mask) !== 0) continue;
      const f = fp[i];
      if (ignore !== undefined && ignore.has(f)) continue;
      kept.add(f);
      while (kept.size > modMax && this.modBits < 32) {
        this.modBits++;
        mask = this.modBits === 32 ? -1 : (1 << this.modBits) - 1;
        for (const v of kept) if (((v % TWO_32) & mask) !== 0) kept.delete(v);
      }
    }
    this.mask = mask;
  }

  finish(): Sketch {
    this.busy = false;
    const o = this.o;
    if (this.tokens === 0) throw new ResembleError('EMPTY_INPUT', 'no words in the input after canonicalization');
    if (this.tokens < o.shingle) {
      // A text shorter than w words is one shingle of all its words (the words buffer holds them all).
      fingerprintShingles(this.words, this.words.n, o.seed, this.shingles);
      this.take(this.shingles);
    }
    this.len = compact(this.buf, this.len, o.size);
    const mod = Float64Array.from(this.kept).sort();
    return {
      format: SKETCH_FORMAT,
      shingle: o.shingle,
      size: o.size,
      seed: o.seed,
      min: this.buf.slice(0, this.len),
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

/** Sorts and dedupes buf[0..len), keeping at most `keep`; returns the new length. */
function compact(buf: Float64Array, len: number, keep: number): number {
  const part = buf.subarray(0, len).sort();
  let u = 0;
  for (let i = 0; i < len && u < keep; i++) if (u === 0 || part[i] !== part[u - 1]) part[u++] = part[i];
  return u;
}
