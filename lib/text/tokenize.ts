import { WORD_MUL_A, WORD_MUL_B, WORD_SEED_A, WORD_SEED_B } from '../sketch/hash';
import { tokens } from './tokens';

/**
 * Word hashes of a canonical text, two 32-bit lanes per word. Buffers grow and are reused, so a caller
 * that sketches many texts allocates nothing per text.
 */
export class WordHashes {
  a = new Int32Array(1024);
  b = new Int32Array(1024);
  n = 0;

  /** Room for `extra` more words after the `n` already held. */
  ensure(extra: number): void {
    const need = this.n + extra;
    if (this.a.length >= need) return;
    const size = Math.max(need, this.a.length * 2);
    const a = new Int32Array(size);
    const b = new Int32Array(size);
    a.set(this.a.subarray(0, this.n));
    b.set(this.b.subarray(0, this.n));
    this.a = a;
    this.b = b;
  }

  /** Keeps only the last `k` words (the start of the next chunk's first shingles). */
  keepLast(k: number): void {
    const from = Math.max(0, this.n - k);
    this.a.copyWithin(0, from, this.n);
    this.b.copyWithin(0, from, this.n);
    this.n -= from;
  }
}

/**
 * Byte classes for the kernel: ASCII letters fold to lower case, digits and every byte of a non-ASCII
 * UTF-8 sequence are word bytes, other ASCII bytes separate words (0).
 */
const FOLD = new Uint8Array(256);
for (let c = 48; c <= 57; c++) FOLD[c] = c;
for (let c = 97; c <= 122; c++) FOLD[c] = c;
for (let c = 65; c <= 90; c++) FOLD[c] = c + 32;
for (let c = 128; c < 256; c++) FOLD[c] = c;

/** A word holding a non-ASCII character, with its ASCII neighbours, up to the ASCII separators around it. */
const _NON_ASCII_WORD = /(?<![A-Za-z0-9])[A-Za-z0-9]*[^\x00-\x7f][^\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]*/g;

/**
 * Text whose non-ASCII stretches are replaced by their canonical tokens (NFKC, case-folded, split by
 * Unicode class), so the byte kernel sees only ASCII separators between canonical words.
 */
function canonicalizeNonAscii(text: string): string {
  // What text.replace(NON_ASCII_WORD, …) gives, found without trying the pattern at every position (a
  // page with one "·" paid a regex pass over all its text): a match is exactly a maximal run of ASCII
  // letters, digits and non-ASCII code units that holds a non-ASCII one. Such runs are found from their
  // non-ASCII units (a plain class scan) and widened over their neighbours.
  const parts: string[] = [];
  let kept = 0;
  NON_ASCII.lastIndex = 0;
  for (let m = NON_ASCII.exec(text); m; m = NON_ASCII.exec(text)) {
    let from = m.index;
    while (from > kept && isRunUnit(text.charCodeAt(from - 1))) from--;
    let to = from + 1;
    while (to < text.length && isRunUnit(text.charCodeAt(to))) to++;
    parts.push(text.slice(kept, from), ` ${tokens(text.slice(from, to)).join(' ')} `);
    kept = to;
    NON_ASCII.lastIndex = to;
  }
  if (kept === 0) return text;
  parts.push(text.slice(kept));
  return parts.join('');
}

const NON_ASCII = /[^\x00-\x7f]/g;

/** A code unit of a NON_ASCII_WORD run: an ASCII letter or digit, or any non-ASCII unit. */
function isRunUnit(c: number): boolean {
  return c >= 128 || (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122);
}

const encoder = new TextEncoder();
let bytes = new Uint8Array(1 << 16);

/**
 * Tokenizes `text` (already free of markup) and appends one hash per word to `out`. The words are
 * those of `tokens(text)` and each hash is `hashToken` of that word (a test holds this), but pure
 * ASCII text never leaves the fast path: the string is UTF-8 encoded natively, then a branch-free
 * table-driven loop hashes bytes, because word boundaries are too irregular for a branch predictor.
 */
export function hashWords(text: string, out: WordHashes, end = text.length): WordHashes {
  let src = end < text.length ? text.slice(0, end) : text;
  if (bytes.length < src.length * 3 + 16) bytes = new Uint8Array(src.length * 3 + 16);
  let written = encoder.encodeInto(src, bytes).written;
  if (written !== src.length) {
    src = canonicalizeNonAscii(src);
    if (bytes.length < src.length * 3 + 16) bytes = new Uint8Array(src.length * 3 + 16);
    written = encoder.encodeInto(src, bytes).written;
  }
  // Separators after the text: the unrolled kernel reads up to 8 bytes past it, and the last word ends.
  // (Stores, not fill(): a builtin call cost a tenth of hashing a snippet.)
  const buf = bytes;
  for (let i = written; i < written + 9; i++) buf[i] = 32;
  return hashEncoded(buf, 0, written, out);
}

/**
 * Appends the word hashes of the ASCII bytes buf[from, to) to `out`, as `hashWords` of their text
 * would; the caller has put at least 9 separator bytes after `to` (see ./batch).
 */
export function hashEncoded(buf: Uint8Array, from: number, to: number, out: WordHashes): WordHashes {
  const len = to - from;
  if (out.a.length < out.n + (len >>> 1) + 10) out.ensure((len >>> 1) + 10);
  out.n = hashBytes(buf, from, to, out.a, out.b, out.n);
  return out;
}

// Constants are literals here (WORD_* in ../hash; a test checks they agree): a module binding is
// reloaded from its context on every iteration, which cost a third of the kernel's speed. The loop is
// unrolled 8 times (measured 1.4x over the plain loop); the caller pads the input with 8 separators.
function hashBytes(buf: Uint8Array, from: number, len: number, A: Int32Array, B: Int32Array, start: number): number {
  const fold = FOLD;
  let a = 0x811c9dc5 | 0;
  let b = 0x2f6b3a1d;
  let prev = 0;
  let n = start;
  let k = 0;
  let x = 0;
  let m = 0;
  // Per byte: k = folded byte (0 separates), x = 1 inside a word. The current word's lanes are stored
  // at A[n], B[n] on every byte and n advances just after a word ends, so there is no branch. A lane
  // resets to its seed S under the mask m as ((h ^ S) & m) ^ S: one operation fewer per lane than
  // (h & m) | (S & ~m), and the same value (measured 1.10x on the kernel).
  for (let i = from; i <= len; i += 8) {
    k = fold[buf[i]];
    x = (k + 255) >>> 8;
    A[n] = a;
    B[n] = b;
    n += prev & (x ^ 1);
    m = -x;
    prev = x;
    a = ((Math.imul(a ^ k, 0x01000193) ^ 0x811c9dc5) & m) ^ 0x811c9dc5;
    b = ((Math.imul(b ^ k, 0x5bd1e995) ^ 0x2f6b3a1d) & m) ^ 0x2f6b3a1d;
    k = fold[buf[i + 1]];
    x = (k + 255) >>> 8;
    A[n] = a;
    B[n] = b;
    n += prev & (x ^ 1);
    m = -x;
    prev = x;
    a = ((Math.imul(a ^ k, 0x01000193) ^ 0x811c9dc5) & m) ^ 0x811c9dc5;
    b = ((Math.imul(b ^ k, 0x5bd1e995) ^ 0x2f6b3a1d) & m) ^ 0x2f6b3a1d;
    k = fold[buf[i + 2]];
    x = (k + 255) >>> 8;
    A[n] = a;
    B[n] = b;
    n += prev & (x ^ 1);
    m = -x;
    prev = x;
    a = ((Math.imul(a ^ k, 0x01000193) ^ 0x811c9dc5) & m) ^ 0x811c9dc5;
    b = ((Math.imul(b ^ k, 0x5bd1e995) ^ 0x2f6b3a1d) & m) ^ 0x2f6b3a1d;
    k = fold[buf[i + 3]];
    x = (k + 255) >>> 8;
    A[n] = a;
    B[n] = b;
    n += prev & (x ^ 1);
    m = -x;
    prev = x;
    a = ((Math.imul(a ^ k, 0x01000193) ^ 0x811c9dc5) & m) ^ 0x811c9dc5;
    b = ((Math.imul(b ^ k, 0x5bd1e995) ^ 0x2f6b3a1d) & m) ^ 0x2f6b3a1d;
    k = fold[buf[i + 4]];
    x = (k + 255) >>> 8;
    A[n] = a;
    B[n] = b;
    n += prev & (x ^ 1);
    m = -x;
    prev = x;
    a = ((Math.imul(a ^ k, 0x01000193) ^ 0x811c9dc5) & m) ^ 0x811c9dc5;
    b = ((Math.imul(b ^ k, 0x5bd1e995) ^ 0x2f6b3a1d) & m) ^ 0x2f6b3a1d;
    k = fold[buf[i + 5]];
    x = (k + 255) >>> 8;
    A[n] = a;
    B[n] = b;
    n += prev & (x ^ 1);
    m = -x;
    prev = x;
    a = ((Math.imul(a ^ k, 0x01000193) ^ 0x811c9dc5) & m) ^ 0x811c9dc5;
    b = ((Math.imul(b ^ k, 0x5bd1e995) ^ 0x2f6b3a1d) & m) ^ 0x2f6b3a1d;
    k = fold[buf[i + 6]];
    x = (k + 255) >>> 8;
    A[n] = a;
    B[n] = b;
    n += prev & (x ^ 1);
    m = -x;
    prev = x;
    a = ((Math.imul(a ^ k, 0x01000193) ^ 0x811c9dc5) & m) ^ 0x811c9dc5;
    b = ((Math.imul(b ^ k, 0x5bd1e995) ^ 0x2f6b3a1d) & m) ^ 0x2f6b3a1d;
    k = fold[buf[i + 7]];
    x = (k + 255) >>> 8;
    A[n] = a;
    B[n] = b;
    n += prev & (x ^ 1);
    m = -x;
    prev = x;
    a = ((Math.imul(a ^ k, 0x01000193) ^ 0x811c9dc5) & m) ^ 0x811c9dc5;
    b = ((Math.imul(b ^ k, 0x5bd1e995) ^ 0x2f6b3a1d) & m) ^ 0x2f6b3a1d;
  }
  return n;
}

/** Hash of one canonical token, exactly as `hashWords` hashes that word. */
export function hashToken(token: string): [number, number] {
  let a = WORD_SEED_A;
  let b = WORD_SEED_B;
  for (const k of encoder.encode(token)) {
    a = Math.imul(a ^ k, WORD_MUL_A);
    b = Math.imul(b ^ k, WORD_MUL_B);
  }
  return [a, b];
}
