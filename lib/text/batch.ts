import { type WordHashes, hashEncoded, hashWords } from './tokenize';

/**
 * Many short texts (a results page's snippets, a page's sentences) encoded to UTF-8 together: one
 * native call for the batch, where one call a text (with its padding) cost a tenth of sketching a
 * snippet. Their ASCII texts are then hashed straight from the shared buffer.
 */

/** What follows every text in the buffer: the separators the unrolled kernel reads past a text's end. */
export const BATCH_PAD = '         ';

const encoder = new TextEncoder();
let bytes = new Uint8Array(1 << 14);
const NON_ASCII = /[^\x00-\x7f]/g;

/** UTF-8 bytes of s (a lone surrogate is encoded as U+FFFD, 3 bytes, as TextEncoder does). */
function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * The texts' UTF-8 bytes, each followed by BATCH_PAD, in one buffer (this module's own: `hashWords`
 * has another). start[i] is where text i's bytes begin, or −1 for a text holding a non-ASCII character:
 * those are for `hashWords`, which canonicalizes them. Non-ASCII texts are found by a search of the
 * joined string that stops once in each of them, not by a test of every text.
 */
export function encodeBatch(texts: readonly string[], start: number[]): Uint8Array {
  // The last pad as bytes: `+ BATCH_PAD` made a second string, which encoding then copied flat.
  const joined = texts.join(BATCH_PAD);
  if (bytes.length < joined.length * 3 + BATCH_PAD.length) bytes = new Uint8Array(joined.length * 3 + BATCH_PAD.length);
  const written = encoder.encodeInto(joined, bytes).written;
  for (let i = written; i < written + BATCH_PAD.length; i++) bytes[i] = 32;
  const ascii = written === joined.length;
  start.length = 0;
  let at = 0; // where text i starts in `joined`
  let shift = 0; // bytes beyond one a character before it
  let next = ascii ? Infinity : -1; // the next non-ASCII character at or after `at`
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i];
    if (next < at) {
      NON_ASCII.lastIndex = at;
      next = NON_ASCII.exec(joined)?.index ?? Infinity;
    }
    if (next < at + t.length) {
      start.push(-1);
      shift += utf8Length(t) - t.length;
    } else start.push(at + shift);
    at += t.length + BATCH_PAD.length;
  }
  return bytes;
}

/**
 * Appends the word hashes of every text to `out`, in order, and pushes the word count of `out` after
 * each text to `ends` (text i's words are ends[i − 1] … ends[i] − 1): `hashWords` of each, from one
 * encoding of the batch.
 */
export function hashBatch(texts: readonly string[], out: WordHashes, ends: number[]): void {
  const start: number[] = [];
  const buf = encodeBatch(texts, start);
  for (let i = 0; i < texts.length; i++) {
    const at = start[i];
    if (at < 0) hashWords(texts[i], out);
    else hashEncoded(buf, at, at + texts[i].length, out);
    ends.push(out.n);
  }
}
