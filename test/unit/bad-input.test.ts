import { describe, expect, it } from 'vitest';
import { decodeBytes, isResembleError, sketch, sketchText } from '../../lib/index';
import { deserializeSketch, serializeSketch } from '../../lib/sketch/serialize';
import { mulberry32 } from './helpers/random';

function code(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (isResembleError(e)) return e.code;
    throw e;
  }
  return undefined;
}

describe('bad input gets a clear error or a bounded result', () => {
  it('empty text, only punctuation, or HTML with no visible text is EMPTY_INPUT', () => {
    expect(code(() => sketch(''))).toBe('EMPTY_INPUT');
    expect(code(() => sketch(' \n\t ... — !!! '))).toBe('EMPTY_INPUT');
    expect(code(() => sketch('<html><head><script>var a = 1;</script></head><body></body></html>'))).toBe('EMPTY_INPUT');
  });

  it('binary input is BINARY_INPUT, naming what it looks like', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(() => decodeBytes(png)).toThrow(/PNG image/);
    const noise = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    expect(code(() => decodeBytes(noise))).toBe('BINARY_INPUT');
    expect(code(() => sketch('text\u0000with\u0000nuls'))).toBe('BINARY_INPUT');
    expect(code(() => sketch('\ufffd\ufffd\ufffd\ufffd binary decoded as text \ufffd\ufffd'))).toBe('BINARY_INPUT');
  });

  it('decodes UTF-8, UTF-16 with a BOM, and falls back to windows-1252 for 8-bit text', () => {
    expect(decodeBytes(new TextEncoder().encode('naïve café')).text).toBe('naïve café');
    expect(decodeBytes(new Uint8Array([0xff, 0xfe, 0x61, 0, 0x62, 0])).text).toBe('ab');
    const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x71, 0x94]);
    expect(decodeBytes(latin1)).toEqual({ text: 'café “q”', encoding: 'windows-1252' });
  });

  it('bad options are BAD_OPTION', () => {
    expect(code(() => sketch('some words here', { shingle: 0 }))).toBe('BAD_OPTION');
    expect(code(() => sketch('some words here', { size: 1.5 }))).toBe('BAD_OPTION');
    expect(code(() => sketch('some words here', { seed: -1 }))).toBe('BAD_OPTION');
  });

  it('a 50 MB input gives a sketch of bounded size; maxChars bounds the work and says so', () => {
    const rnd = mulberry32(1);
    const vocab = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}`);
    const parts: string[] = [];
    let len = 0;
    while (len < 50 * 1024 * 1024) {
      const line = `${Array.from({ length: 12 }, () => vocab[Math.floor(rnd() * vocab.length)]).join(' ')}.\n`;
      parts.push(line);
      len += line.length;
    }
    const huge = parts.join('');
    const s = sketchText(huge);
    expect(s.truncated).toBe(false);
    expect(s.min.length).toBe(128);
    expect(s.mod.length).toBeLessThanOrEqual(100);
    expect(s.mod.length).toBeGreaterThanOrEqual(40);
    expect(serializeSketch(s).byteLength).toBeLessThan(2048);
    const t = sketchText(huge, { maxChars: 1_000_000 });
    expect(t.truncated).toBe(true);
    expect(t.tokens).toBeLessThan(s.tokens / 40);
  });

  it('sketch bytes that are cut, altered or of another version are refused', () => {
    const bytes = serializeSketch(sketch('a rose is a rose is a rose and so on for a while longer'));
    expect(deserializeSketch(bytes).min.length).toBeGreaterThan(0);
    expect(code(() => deserializeSketch(bytes.slice(0, bytes.length - 3)))).toBe('BAD_SKETCH_BYTES');
    const wrongVersion = bytes.slice();
    wrongVersion[0] = 99;
    expect(code(() => deserializeSketch(wrongVersion))).toBe('BAD_SKETCH_BYTES');
    const unsorted = bytes.slice();
    unsorted.set(bytes.slice(48, 56), 56);
    expect(code(() => deserializeSketch(unsorted))).toBe('BAD_SKETCH_BYTES');
    expect(code(() => deserializeSketch(new Uint8Array(10)))).toBe('BAD_SKETCH_BYTES');
  });
});
