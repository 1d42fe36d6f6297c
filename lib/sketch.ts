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

// Reused between calls: sketching allocates only the two small result arrays.
const words = new WordHashes();
const shingles = new ShingleFingerprints();
let scratch = new Float64Array(512);

/** Sketch of a document (plain text or HTML, decided by content unless `format` says). */
export function sketch(input: string, opts?: Partial<SketchOptions> & { format?: InputFormat }): Sketch {
  return sketchText(canonicalSource(input, opts?.format), opts);
}

/** Sketch of text that is already free of markup. */
export function sketchText(text: string, opts?: Partial<SketchOptions>): Sketch {
  const o = resolveOptions(opts);
  const truncated = text.length > o.maxChars;
  words.n = 0;
  hashWords(text, words, truncated ? o.maxChars : text.length);
  if (words.n === 0) throw new ResembleError('EMPTY_INPUT', 'no words in the input after canonicalization');
  fingerprintShingles(words, o.shingle, o.seed, shingles);
  const min = minSample(shingles, o.size, o.ignore);
  const { mod, modBits } = modSample(shingles, o.modMax, o.ignore);
  return {
    format: SKETCH_FORMAT,
    shingle: o.shingle,
    size: o.size,
    seed: o.seed,
    min,
    mod,
    modBits,
    tokens: words.n,
    shingles: shingles.n,
    distinct: mod.length * 2 ** modBits,
    whole: wholeFingerprint(words),
    truncated,
  };
}

function wholeFingerprint(w: WordHashes): number {
  let a = w.n;
  let b = 0;
  for (let i = 0; i < w.n; i++) {
    a = (Math.imul(a, WHOLE_A) + w.a[i]) | 0;
    b = (Math.imul(b, WHOLE_B) + w.b[i]) | 0;
  }
  return finishFingerprint(a, b);
}

/** Sorts and dedupes buf[0..len), keeping at most `keep`; returns the new length. */
function compact(buf: Float64Array, len: number, keep: number): number {
  const part = buf.subarray(0, len).sort();
  let u = 0;
  for (let i = 0; i < len && u < keep; i++) if (u === 0 || part[i] !== part[u - 1]) part[u++] = part[i];
  return u;
}

/**
 * MIN_s by threshold filtering: a fingerprint enters the buffer only if it beats the current s-th
 * smallest, so after the first few hundred shingles almost none do and the pass is one comparison each.
 */
function minSample(sh: ShingleFingerprints, s: number, ignore?: ReadonlySet<number>): Float64Array {
  if (scratch.length < 4 * s) scratch = new Float64Array(4 * s);
  const buf = scratch;
  const cap = buf.length;
  const fp = sh.fp;
  let thr = Infinity;
  let len = 0;
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
  len = compact(buf, len, s);
  return buf.slice(0, len);
}

/**
 * MOD_{2^i} with the paper's size classes: start with i = 0 (keep all) and, whenever more than modMax
 * distinct values are kept, go to i + 1 by keeping only those divisible by 2^(i+1) (V_{i+1} from V_i).
 * The final i is the smallest whose sample has at most modMax values, whatever the order of shingles.
 */
function modSample(sh: ShingleFingerprints, modMax: number, ignore?: ReadonlySet<number>): { mod: Float64Array; modBits: number } {
  const kept = new Set<number>();
  let bits = 0;
  let mask = 0;
  const fp = sh.fp;
  const lo = sh.lo;
  for (let i = 0; i < sh.n; i++) {
    if ((lo[i] & mask) !== 0) continue;
    const f = fp[i];
    if (ignore !== undefined && ignore.has(f)) continue;
    kept.add(f);
    while (kept.size > modMax && bits < 32) {
      bits++;
      mask = bits === 32 ? -1 : (1 << bits) - 1;
      for (const v of kept) if (((v % TWO_32) & mask) !== 0) kept.delete(v);
    }
  }
  return { mod: Float64Array.from(kept).sort(), modBits: bits };
}
