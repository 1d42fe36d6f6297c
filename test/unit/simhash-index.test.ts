import { describe, expect, it } from 'vitest';
import { hamming, type SimHash } from '../../lib/corpus/simhash';
import { SimHashColumns, simhashPairs } from '../../lib/corpus/simhash-index';

/** Deterministic 32-bit values: Murmur3's finalizer over a counter (xorshift's consecutive outputs are linearly related). */
function gen(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x9e3779b9) | 0;
    let h = s;
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h >>> 0;
  };
}

/** `base` random fingerprints plus, for each, a few copies with 0..8 random bits flipped (planted near pairs). */
function planted(base: number, seed: number): SimHash[] {
  const r = gen(seed);
  const out: SimHash[] = [];
  for (let b = 0; b < base; b++) {
    const h = { hi: r(), lo: r() };
    out.push(h);
    for (let c = r() % 4; c > 0; c--) {
      let { hi, lo } = h;
      for (let f = r() % 9; f > 0; f--) {
        const bit = r() % 64;
        if (bit < 32) lo = (lo ^ (1 << bit)) >>> 0;
        else hi = (hi ^ (1 << (bit - 32))) >>> 0;
      }
      out.push({ hi, lo });
    }
  }
  // A few exact duplicates too.
  for (let i = 0; i < 10; i++) out.push({ ...out[r() % out.length] });
  return out;
}

function columns(hs: SimHash[]): SimHashColumns {
  const cols = new SimHashColumns();
  for (const h of hs) cols.add(h);
  return cols;
}

const brute = (hs: SimHash[], k: number): string[] => {
  const out: string[] = [];
  for (let i = 0; i < hs.length; i++) for (let j = i + 1; j < hs.length; j++) if (hamming(hs[i], hs[j]) <= k) out.push(`${i},${j}`);
  return out.sort();
};

describe('SimHashColumns', () => {
  it('stores 8 bytes a document in growable columns', () => {
    const cols = new SimHashColumns();
    const ids: number[] = [];
    for (let i = 0; i < 3000; i++) ids.push(cols.add({ hi: i * 7, lo: 0xffffffff - i }));
    expect(ids).toEqual(ids.map((_, i) => i));
    expect(cols.count).toBe(3000);
    expect(cols.get(2999)).toEqual({ hi: 2999 * 7, lo: 0xffffffff - 2999 });
    expect(cols.distance(0, 1)).toBe(hamming(cols.get(0), cols.get(1)));
    expect(cols.bytes).toBe(8 * 4096);
  });
});

describe('simhashPairs: permuted tables (Manku, Jain and Das Sarma)', () => {
  it('finds exactly the brute-force pairs for k = 0..6, each once, with its distance', () => {
    const hs = planted(150, 5);
    const cols = columns(hs);
    for (let k = 0; k <= 6; k++) {
      const got: string[] = [];
      const stats = simhashPairs(cols, k, (i, j, d) => {
        expect(i).toBeLessThan(j);
        expect(d).toBe(hamming(hs[i], hs[j]));
        got.push(`${i},${j}`);
      });
      const want = brute(hs, k);
      expect(want.length).toBeGreaterThan(k === 0 ? 5 : 30);
      expect(got.sort()).toEqual(want); // sorted equal: no pair missing, none twice
      expect(stats.verifiedPairs).toBe(want.length);
      expect(stats.skippedPairs).toBe(0);
    }
  });

  it('keeps runs small on 100,000 random fingerprints (a few comparisons a document)', () => {
    const r = gen(9);
    const cols = new SimHashColumns();
    for (let i = 0; i < 100_000; i++) cols.add({ hi: r(), lo: r() });
    const stats = simhashPairs(cols, 3, () => {});
    // 4 blocks of 16 bits: runs average 1.5 documents; random 64-bit values are never within 3 bits.
    expect(stats.largestRun).toBeLessThanOrEqual(12);
    expect(stats.candidatePairs).toBeLessThan(4 * 100_000);
    expect(stats.verifiedPairs).toBe(0);
  });

  it('bounds a huge run of identical fingerprints to a band, still linking them all', () => {
    const hs: SimHash[] = [];
    for (let i = 0; i < 3000; i++) hs.push({ hi: 0x12345678, lo: 0x9abcdef0 });
    hs.push({ hi: 0x12345678, lo: 0x9abcdef1 });
    const cols = columns(hs);
    const parent = hs.map((_, i) => i);
    const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
    const stats = simhashPairs(cols, 2, (i, j) => void (parent[find(i)] = find(j)), { maxRun: 16 });
    // Three tables of ≤ 3001 × 15 comparisons instead of 3 × 4.5 million.
    expect(stats.candidatePairs).toBeLessThanOrEqual(3 * 3001 * 15);
    expect(stats.skippedPairs).toBeGreaterThan(4_000_000);
    expect(new Set(hs.map((_, i) => find(i))).size).toBe(1);
  });
});
