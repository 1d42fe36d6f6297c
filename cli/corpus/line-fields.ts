// A JSONL line's id and text found in its bytes, so that a plain ASCII text is hashed where it was
// read (issue #42): JSON.parse built a 5 KB string a document only for the sketcher to encode it back
// to bytes, a fifth of a sketching thread's time with its garbage. Only what is certain is read here:
// any line this reader does not fully understand is handed to JSON.parse (undefined), which then gives
// the document or the error it always gave. Everything but the text is checked by JSON.parse too, on
// its own slice of the line, so what is accepted here is exactly what JSON.parse accepts.
import { Buffer } from 'node:buffer';
import { CHUNK } from '../../lib/sketch/sketch';

/** The text field's contents (between its quotes) and the id field's value, if the line has one. */
export interface LineFields {
  id: unknown;
  from: number;
  to: number;
  /** Positions of the text's escapes (a backslash), ascending. */
  escapes: number[];
}

/** Field names the reader can compare as bytes: printable ASCII, no quote or backslash. */
export function fieldBytes(name: string): Uint8Array | undefined {
  return /^[\x20-\x7e]+$/.test(name) && !/["\\]/.test(name) ? Buffer.from(name, 'latin1') : undefined;
}

const isWs = (c: number) => c === 32 || c === 9 || c === 13 || c === 10;

function skipWs(line: Buffer, i: number): number {
  while (i < line.length && isWs(line[i])) i++;
  return i;
}

/**
 * Index of the quote that closes the string whose contents start at `p`, or −1; the escapes met are
 * pushed to `escapes` when given. Short strings (keys, ids) are walked; long ones jump with indexOf.
 */
function stringEnd(line: Buffer, p: number, escapes?: number[]): number {
  let i = p;
  const walk = Math.min(p + 32, line.length);
  while (i < walk) {
    const c = line[i];
    if (c === 34) return i;
    if (c === 92) {
      escapes?.push(i);
      i += 2;
    } else i++;
  }
  if (i >= line.length) return -1;
  let q = line.indexOf(34, i);
  let b = line.indexOf(92, i);
  while (b >= 0 && q >= 0 && b < q) {
    escapes?.push(b);
    if (b + 1 === q) q = line.indexOf(34, q + 1);
    b = line.indexOf(92, b + 2);
  }
  return q;
}

/** End (exclusive) of the value starting at `i`, or −1: a string, a nested object or array, or a bare word. */
function valueEnd(line: Buffer, i: number): number {
  const c = line[i];
  if (c === 34) {
    const q = stringEnd(line, i + 1);
    return q < 0 ? -1 : q + 1;
  }
  if (c === 123 || c === 91) {
    let depth = 0;
    for (let k = i; k < line.length; k++) {
      const d = line[k];
      if (d === 34) {
        k = stringEnd(line, k + 1);
        if (k < 0) return -1;
      } else if (d === 123 || d === 91) depth++;
      else if ((d === 125 || d === 93) && --depth === 0) return k + 1;
    }
    return -1;
  }
  let k = i;
  while (k < line.length && !isWs(line[k]) && line[k] !== 44 && line[k] !== 125) k++;
  return k > i ? k : -1;
}

const NOT_JSON = Symbol('not JSON');
/** JSON.parse of line[from, to) (valid JSON's slices are whole UTF-8 characters), or NOT_JSON. */
function parseSlice(line: Buffer, from: number, to: number): unknown {
  try {
    return JSON.parse(line.toString('utf8', from, to));
  } catch {
    return NOT_JSON;
  }
}

const keyEscapes: number[] = [];

/** Only printable ASCII and no backslash: a string's contents that read as they are. */
function printable(line: Buffer, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = line[k];
    if (c < 32 || c > 126 || c === 92) return false;
  }
  return true;
}

const same = (line: Buffer, from: number, to: number, name: Uint8Array) => {
  if (to - from !== name.length) return false;
  for (let k = 0; k < name.length; k++) if (line[from + k] !== name[k]) return false;
  return true;
};

/**
 * The text and id of a one-object JSONL line whose text field is a string, or undefined for JSON.parse
 * to read it (any other shape, and every invalid line). The text's own contents are not checked here.
 */
export function lineFields(line: Buffer, textName: Uint8Array, idName: Uint8Array): LineFields | undefined {
  let i = skipWs(line, 0);
  if (line[i] !== 123) return undefined;
  i = skipWs(line, i + 1);
  const out: LineFields = { id: undefined, from: -1, to: -1, escapes: [] };
  while (line[i] === 34) {
    keyEscapes.length = 0;
    const keyEnd = stringEnd(line, i + 1, keyEscapes);
    // An escaped key may spell a field's name: JSON.parse's reading of it is not redone here.
    if (keyEnd < 0 || keyEscapes.length > 0) return undefined;
    const isText = same(line, i + 1, keyEnd, textName);
    const isId = !isText && same(line, i + 1, keyEnd, idName);
    if (!isText && !isId && parseSlice(line, i, keyEnd + 1) === NOT_JSON) return undefined;
    i = skipWs(line, keyEnd + 1);
    if (line[i] !== 58) return undefined;
    i = skipWs(line, i + 1);
    if (isText) {
      // A repeated key: JSON.parse keeps the last value, but the earlier one must still be valid.
      if (out.from >= 0 && parseSlice(line, out.from - 1, out.to + 1) === NOT_JSON) return undefined;
      if (line[i] !== 34) return undefined;
      out.escapes.length = 0;
      const q = stringEnd(line, i + 1, out.escapes);
      if (q < 0) return undefined;
      out.from = i + 1;
      out.to = q;
      i = q + 1;
    } else {
      const end = valueEnd(line, i);
      if (end < 0) return undefined;
      if (line[i] === 34 && end - i <= 258 && printable(line, i + 1, end - 1)) {
        if (isId) out.id = line.toString('latin1', i + 1, end - 1); // what JSON.parse reads, without its call
      } else {
        const v = parseSlice(line, i, end);
        if (v === NOT_JSON) return undefined;
        if (isId) out.id = v;
      }
      i = end;
    }
    i = skipWs(line, i);
    if (line[i] === 125) return skipWs(line, i + 1) === line.length && out.from >= 0 ? out : undefined;
    if (line[i] !== 44) return undefined;
    i = skipWs(line, i + 1);
  }
  return undefined;
}

/**
 * A text's bytes as the sketcher reads them (`sketchMinAscii`), in a buffer reused from line to line:
 * its raw contents copied, each escape (only \" \\ \/ \n \r \t \f, which all decode to a character
 * that separates words) blanked to two spaces, and 20 spaces after (the hash kernel reads 9 past the end, the check below 15). −1 when the string path must read
 * the text: a non-ASCII byte (its words are canonicalized), a raw control character or another escape
 * (JSON.parse rejects the first; \b and \u may make characters the binary check counts), or a '<'
 * (markup is decided on the text). The characters are checked four bytes at a time (SWAR), not byte by byte.
 */
export class AsciiText {
  bytes = new Uint8Array(1 << 16);
  private words = new Int32Array(this.bytes.buffer);

  /** Copies line[f.from, f.to) in; returns the text's length in characters, or −1. */
  read(line: Buffer, f: LineFields): number {
    const len = f.to - f.from;
    if (len - f.escapes.length > CHUNK) return -1; // read in chunks, from the string
    if (this.bytes.length < len + 24) {
      this.bytes = new Uint8Array(((len + 24) * 2 + 3) & ~3);
      this.words = new Int32Array(this.bytes.buffer);
    }
    const b = this.bytes;
    b.set(line.subarray(f.from, f.to));
    for (const e of f.escapes) {
      const c = line[e + 1];
      if (c !== 110 && c !== 34 && c !== 92 && c !== 47 && c !== 114 && c !== 116 && c !== 102) return -1;
      b[e - f.from] = 32;
      b[e - f.from + 1] = 32;
    }
    for (let i = len; i < len + 20; i++) b[i] = 32;
    // Markup is decided on the text: a '<' sends it to the string path (a native search, bounded by the line).
    const lt = line.indexOf(60, f.from);
    if (lt >= 0 && lt < f.to) return -1;
    // Per 32-bit word w: (w − 0x20202020) & ~w has a top bit set where a byte is below 0x20 (exact for
    // ASCII bytes), w itself where one is 0x80 or above. Four words a step (the padding covers the
    // last step's overrun: spaces pass).
    const w = this.words;
    let bad = 0;
    for (let k = 0, end = (len + 3) >>> 2; k < end; k += 4) {
      const x0 = w[k];
      const x1 = w[k + 1];
      const x2 = w[k + 2];
      const x3 = w[k + 3];
      bad |= ((x0 - 0x20202020) & ~x0) | x0 | ((x1 - 0x20202020) & ~x1) | x1 | ((x2 - 0x20202020) & ~x2) | x2 | ((x3 - 0x20202020) & ~x3) | x3;
    }
    return (bad & 0x80808080) === 0 ? len - f.escapes.length : -1;
  }
}
