import { ResembleError } from '../errors';
import { SKETCH_FORMAT, type Sketch } from './sketch';

const MAGIC = 0x52534b; // "RSK"
const HEADER = 48;
const MAX_FP = 2 ** 52;

/**
 * Binary form of a sketch: a 48-byte header, then MIN_s and the MOD sample as float64 values (52-bit
 * integers). ~1.7 KB for a page with s = 128; a snippet's is smaller. Little-endian throughout.
 * header: u32 magic<<8|format, u8 shingle, u8 modBits, u8 flags, u8 0, u16 size, u16 minLen, u16 modLen,
 * u16 0, u32 seed, f64 tokens, f64 shingles, f64 whole, f64 0 (reserved).
 */
export function serializeSketch(s: Sketch): Uint8Array {
  const buf = new ArrayBuffer(HEADER + 8 * (s.min.length + s.mod.length));
  const v = new DataView(buf);
  v.setUint32(0, (MAGIC << 8) | SKETCH_FORMAT, true);
  v.setUint8(4, s.shingle);
  v.setUint8(5, s.modBits);
  v.setUint8(6, s.truncated ? 1 : 0);
  v.setUint16(8, s.size, true);
  v.setUint16(10, s.min.length, true);
  v.setUint16(12, s.mod.length, true);
  v.setUint32(16, s.seed >>> 0, true);
  v.setFloat64(24, s.tokens, true);
  v.setFloat64(32, s.shingles, true);
  v.setFloat64(40, s.whole, true);
  const body = new Float64Array(buf, HEADER);
  body.set(s.min, 0);
  body.set(s.mod, s.min.length);
  return new Uint8Array(buf);
}

function bad(why: string): never {
  throw new ResembleError('BAD_SKETCH_BYTES', `not a readable sketch: ${why}`);
}

function checkSorted(a: Float64Array, what: string): void {
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (!Number.isInteger(x) || x < 0 || x >= MAX_FP || (i > 0 && x <= a[i - 1])) bad(`${what} is not an ascending list of fingerprints`);
  }
}

/** Reads bytes written by `serializeSketch`; anything else, or another format version, is an error. */
export function deserializeSketch(bytes: Uint8Array): Sketch {
  if (bytes.byteLength < HEADER) bad('too short');
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const head = v.getUint32(0, true);
  if (head >>> 8 !== MAGIC) bad('wrong magic');
  if ((head & 0xff) !== SKETCH_FORMAT) bad(`format ${head & 0xff}, expected ${SKETCH_FORMAT}`);
  const minLen = v.getUint16(10, true);
  const modLen = v.getUint16(12, true);
  if (bytes.byteLength !== HEADER + 8 * (minLen + modLen)) bad('length does not match its header');
  // Copy: the input may be unaligned or a view into a larger buffer that the caller reuses.
  const body = new Float64Array(bytes.slice(HEADER).buffer);
  const min = body.slice(0, minLen);
  const mod = body.slice(minLen);
  checkSorted(min, 'MIN_s');
  checkSorted(mod, 'MOD sample');
  const modBits = v.getUint8(5);
  const seed = v.getUint32(16, true);
  const shingle = v.getUint8(4);
  const size = v.getUint16(8, true);
  if (shingle === 0 || size === 0 || minLen > size || modBits > 32) bad('header values out of range');
  return {
    format: SKETCH_FORMAT,
    shingle,
    size,
    seed,
    min,
    mod,
    modBits,
    tokens: v.getFloat64(24, true),
    shingles: v.getFloat64(32, true),
    distinct: modLen * 2 ** modBits,
    whole: v.getFloat64(40, true),
    truncated: (v.getUint8(6) & 1) === 1,
  };
}
