import { describe, expect, it } from 'vitest';
import { shingleSet } from '../../lib/sketch/exact';
import { hamming, simhash, simhashHex } from '../../lib/sketch/simhash';

/** A deterministic text of `n` words from a small vocabulary (seeded LCG), so tests need no corpus. */
function words(n: number, seed: number): string[] {
  const vocab =
    'the of and to in a is that for it as was with be by on not he this are or his from at which but have an they you were her she there been one all we their'.split(
      ' ',
    );
  const out: string[] = [];
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out.push(`${vocab[s % vocab.length]}${(s >>> 8) % 97}`);
  }
  return out;
}

describe('SimHash over the shingle fingerprints', () => {
  const base = words(800, 1);
  const fp = (w: string[]) => simhash(shingleSet(w.join(' ')));

  it('is the same for the same text, and 64 bits wide', () => {
    expect(fp(base)).toEqual(fp([...base]));
    expect(simhashHex(fp(base))).toMatch(/^[0-9a-f]{16}$/);
    expect(simhash(new Float64Array(0))).toEqual({ hi: 0, lo: 0 });
  });

  it('a near-duplicate differs in few bits, an unrelated text in about half', () => {
    const edited = [...base];
    for (const i of [100, 300, 500, 700]) edited[i] = 'changed';
    const near = hamming(fp(base), fp(edited));
    const far = hamming(fp(base), fp(words(800, 2)));
    expect(near).toBeLessThanOrEqual(8);
    expect(far).toBeGreaterThanOrEqual(20);
    expect(far).toBeLessThanOrEqual(44);
  });

  it('counts differing bits in both halves', () => {
    expect(hamming({ hi: 0, lo: 0 }, { hi: 0xffffffff, lo: 0xffffffff })).toBe(64);
    expect(hamming({ hi: 0x80000000, lo: 1 }, { hi: 0, lo: 0 })).toBe(2);
  });
});
