import { describe, expect, it } from 'vitest';
import { compactMin, compactResemblance, compactValue, SketchColumns, sketchText } from '../../lib/index';
import { minResemblance } from '../../lib/sketch/estimate';
import { editWords } from './helpers/edits';
import { proseText } from './helpers/prose';
import { mulberry32 } from './helpers/random';

describe('compact sketch values', () => {
  it('compactValue keeps the top 32 bits, in order; compactMin drops truncation ties so the sketch stays a set', () => {
    expect(compactValue(0)).toBe(0);
    expect(compactValue(2 ** 52 - 1)).toBe(0xffffffff);
    expect(compactValue(5 * 1048576 + 1048575)).toBe(5);
    expect(compactValue(6 * 1048576)).toBe(6);
    expect([...compactMin([3 * 1048576 + 1, 3 * 1048576 + 9, 4 * 1048576])]).toEqual([3, 4]);
  });

  it('compactResemblance equals minResemblance on lib-made sketches', () => {
    const rnd = mulberry32(7);
    let compared = 0;
    for (let i = 0; i < 30; i++) {
      const text = proseText(300 + i, 80 + Math.floor(rnd() * 900));
      const a = sketchText(text);
      const b = sketchText(editWords(text, rnd() * 0.4, i));
      const c = sketchText(proseText(900 + i, 40 + Math.floor(rnd() * 300)));
      for (const [x, y] of [
        [a, b],
        [a, c],
        [b, c],
      ]) {
        const full = minResemblance(x.min, y.min, 128);
        expect(compactResemblance(compactMin(x.min), compactMin(y.min), 128)).toBe(full);
        compared++;
      }
    }
    expect(compared).toBe(90);
  });
});

describe('SketchColumns', () => {
  // 60 values a chunk: documents of up to 50 values cross chunk boundaries often.
  const rnd = mulberry32(11);
  const docs: Uint32Array[] = [];
  for (let i = 0; i < 400; i++) {
    const len = i % 7 === 0 ? Math.floor(rnd() * 5) : Math.floor(rnd() * 51); // short and empty documents too
    const set = new Set<number>();
    while (set.size < len) set.add(Math.floor(rnd() * 5000));
    docs.push(Uint32Array.from([...set].sort((p, q) => p - q)));
  }
  const cols = new SketchColumns(50, 60);
  docs.forEach((d, i) => expect(cols.add(d)).toBe(i));

  it('round-trips every document, short ones with their own length, across chunks', () => {
    expect(cols.count).toBe(400);
    expect(cols.chunks.length).toBeGreaterThan(100);
    for (let i = 0; i < docs.length; i++) expect([...cols.get(i)]).toEqual([...docs[i]]);
  });

  it('resemblance(i, j) is compactResemblance of the stored documents', () => {
    for (let i = 0; i < 400; i += 13) for (let j = 0; j < 400; j += 7) expect(cols.resemblance(i, j)).toBe(compactResemblance(docs[i], docs[j], 50));
  });

  it('counts the bytes its arrays hold; the first chunk starts small', () => {
    expect(cols.bytes).toBe(cols.chunks.reduce((n, c) => n + c.byteLength, 0) + 65536 * 8);
    const small = new SketchColumns(128);
    small.add(new Uint32Array([1, 2, 3]));
    expect(small.chunks[0].length).toBe(1024);
    for (let i = 0; i < 20; i++) small.add(Uint32Array.from({ length: 128 }, (_, k) => k));
    expect(small.chunks.length).toBe(1);
    expect(small.get(20).length).toBe(128);
    expect(() => small.add(new Uint32Array(129))).toThrow(RangeError);
    expect(() => small.get(21)).toThrow(RangeError);
  });
});
