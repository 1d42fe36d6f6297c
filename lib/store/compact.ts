/**
 * How the store keeps a sketch: each 52-bit fingerprint cut to its top 32 bits (the strong mix that
 * orders MIN_s and decides MOD membership; see lib/sketch/hash.ts), so a page's sketch takes ~0.9 KB instead
 * of ~1.9 KB. Two 32-bit values collide with probability 2^-32: estimates from cut sketches are
 * unchanged for any practical purpose. A stored sketch is compared only with cut ones (`cutSketch`).
 * Layout (little-endian): u32 magic<<8|version, u8 shingle, u8 modBits, u8 flags, u8 0, u16 size,
 * u16 minLen, u16 modLen, u16 0, u32 seed, u32 tokens, u32 shingles, f64 whole, then u32 values.
 */
import { ResembleError } from '../errors';
import { SKETCH_FORMAT, type Sketch } from '../sketch/sketch';

const MAGIC = 0x52534d; // "RSM"
const VERSION = 1;
const HEADER = 36;
const TAIL = 2 ** 20;

const top = (v: number) => Math.floor(v / TAIL);

/** A sketch with its values cut as the store keeps them (MIN_s and MOD stay sorted and distinct). */
export function cutSketch(s: Sketch): Sketch {
  const cut = (a: Float64Array) => {
    const out = new Float64Array(a.length);
    let n = 0;
    for (let i = 0; i < a.length; i++) {
      const v = top(a[i]) * TAIL;
      if (n === 0 || v !== out[n - 1]) out[n++] = v;
    }
    return out.slice(0, n);
  };
  return { ...s, min: cut(s.min), mod: cut(s.mod) };
}

export function compactSketch(s: Sketch): Uint8Array {
  const c = cutSketch(s);
  const buf = new ArrayBuffer(HEADER + 4 * (c.min.length + c.mod.length));
  const v = new DataView(buf);
  v.setUint32(0, (MAGIC << 8) | VERSION, true);
  v.setUint8(4, c.shingle);
  v.setUint8(5, c.modBits);
  v.setUint8(6, c.truncated ? 1 : 0);
  v.setUint16(8, c.size, true);
  v.setUint16(10, c.min.length, true);
  v.setUint16(12, c.mod.length, true);
  v.setUint32(16, c.seed >>> 0, true);
  v.setUint32(20, Math.min(c.tokens, 0xffffffff), true);
  v.setUint32(24, Math.min(c.shingles, 0xffffffff), true);
  v.setFloat64(28, c.whole, true);
  const body = new Uint32Array(buf, HEADER);
  c.min.forEach((x, i) => (body[i] = x / TAIL));
  c.mod.forEach((x, i) => (body[c.min.length + i] = x / TAIL));
  return new Uint8Array(buf);
}

function bad(why: string): never {
  throw new ResembleError('BAD_SKETCH_BYTES', `not a readable stored sketch: ${why}`);
}

export function readCompactSketch(bytes: Uint8Array): Sketch {
  if (bytes.byteLength < HEADER) bad('too short');
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (v.getUint32(0, true) !== ((MAGIC << 8) | VERSION)) bad('wrong magic or version');
  const minLen = v.getUint16(10, true);
  const modLen = v.getUint16(12, true);
  if (bytes.byteLength !== HEADER + 4 * (minLen + modLen)) bad('length does not match its header');
  const body = new Uint32Array(bytes.slice(HEADER).buffer);
  const read = (from: number, n: number) => {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      out[i] = body[from + i] * TAIL;
      if (i > 0 && out[i] <= out[i - 1]) bad('values are not ascending');
    }
    return out;
  };
  const modBits = v.getUint8(5);
  const mod = read(minLen, modLen);
  return {
    format: SKETCH_FORMAT,
    shingle: v.getUint8(4),
    size: v.getUint16(8, true),
    seed: v.getUint32(16, true),
    min: read(0, minLen),
    mod,
    modBits,
    tokens: v.getUint32(20, true),
    shingles: v.getUint32(24, true),
    distinct: mod.length * 2 ** modBits,
    whole: v.getFloat64(28, true),
    truncated: (v.getUint8(6) & 1) === 1,
  };
}

/** A short stable number for a URL (the store's primary key): 52 bits of two FNV-1a lanes, mixed. */
export function urlId(url: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  const mix = (h: number) => {
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  };
  return mix(a ^ Math.imul(b, 0x9e3779b1)) * TAIL + (mix(b + a) >>> 12);
}
