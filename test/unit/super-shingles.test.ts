import { describe, expect, it } from 'vitest';
import { BandKeys, SUPER_SHINGLES, superShingles } from '../../lib/index';
import { compactSketch, pairAt, randomFingerprints } from './helpers/fingerprint-sets';
import { mulberry32 } from './helpers/random';

const shareKey = (x: Uint32Array, y: Uint32Array) => superShingles(x).some((k, b) => k === superShingles(y)[b]);

describe('super shingles (min-wise bands over the sketch)', () => {
  it('are deterministic, one key a band, different across bands', () => {
    const v = compactSketch(randomFingerprints(mulberry32(1), 800));
    const keys = superShingles(v);
    expect(keys.length).toBe(SUPER_SHINGLES.bands);
    expect([...superShingles(v.slice())]).toEqual([...keys]);
    expect(new Set(keys).size).toBe(keys.length);
    const out = new Uint32Array(SUPER_SHINGLES.bands);
    expect(superShingles(v, SUPER_SHINGLES, out)).toBe(out);
    expect([...out]).toEqual([...keys]);
  });

  it('documents at resemblance 0.9 share a key; unrelated ones do not', () => {
    for (let i = 0; i < 60; i++) {
      const [a, b] = pairAt(0.9, 300 + i * 11, i);
      expect(shareKey(a, b)).toBe(true);
      const [c, d] = pairAt(0, 300 + i * 11, 1000 + i);
      expect(shareKey(c, d)).toBe(false);
    }
  });

  it('find most pairs at 0.5 and few at 0.15 (the measured curve, loosely)', () => {
    let at50 = 0;
    let at15 = 0;
    for (let i = 0; i < 120; i++) {
      if (shareKey(...pairAt(0.5, 800, 2000 + i))) at50++;
      if (shareKey(...pairAt(0.15, 800, 3000 + i))) at15++;
    }
    // Measured: 0.98 and 0.29 (super-shingles.ts).
    expect(at50).toBeGreaterThanOrEqual(111);
    expect(at15).toBeLessThan(60);
  });

  it('a sketch with fewer values than rows is keyed by all of them', () => {
    const one = new Uint32Array([42]);
    expect([...superShingles(one)]).toEqual([...superShingles(new Uint32Array([42]))]);
    expect(superShingles(one).some((k, b) => k === superShingles(new Uint32Array([43]))[b])).toBe(false);
  });

  it('BandKeys keeps 4 bytes a document a band and grows', () => {
    const keys = new BandKeys(3);
    for (let i = 0; i < 3000; i++) expect(keys.add(new Uint32Array([i, i * 2, i * 3]))).toBe(i);
    expect(keys.count).toBe(3000);
    expect(keys.band(2)[2999]).toBe(8997);
    expect(keys.band(0).length).toBe(3000);
    expect(keys.bytes).toBe(3 * 4096 * 4);
    expect(() => keys.add(new Uint32Array(2))).toThrow(RangeError);
  });
});
