import { describe, expect, it } from 'vitest';
import { BandKeys, clusterCorpus, compactResemblance, SketchColumns, superShingles } from '../../lib/index';
import { UnionFind } from '../../lib/sketch/cluster';
import { MAX_REPS, clusterPrefixPart, replayPrefixPart } from '../../lib/corpus/corpus-cluster';
import { BUCKETS, PrefixCounter, RunLog, prefixCounts, prefixSplit } from '../../lib/corpus/prefix-parts';
import { compactSketch, plantedCorpus, randomFingerprints } from './helpers/fingerprint-sets';
import { mulberry32 } from './helpers/random';

function columns(sketches: Uint32Array[], chunk?: number): SketchColumns {
  const cols = new SketchColumns(128, chunk);
  for (const s of sketches) cols.add(s);
  return cols;
}

/** Components as sorted lists, in a canonical order. */
function components(uf: UnionFind): string {
  return JSON.stringify(uf.groups().filter((g) => g.length > 1));
}

/** Planted families found whole, and components holding members of two families. */
function score(uf: UnionFind, family: number[], families: number): { found: number; merged: number } {
  const roots = new Map<number, Set<number>>();
  const famRoots = Array.from({ length: families }, () => new Set<number>());
  family.forEach((f, i) => {
    const r = uf.find(i);
    if (f >= 0) famRoots[f].add(r);
    if (!roots.has(r)) roots.set(r, new Set());
    if (f >= 0) roots.get(r)!.add(f);
  });
  return { found: famRoots.filter((s) => s.size === 1).length, merged: [...roots.values()].filter((s) => s.size > 1).length };
}

describe('clusterCorpus', () => {
  const corpus = plantedCorpus(5, 150, 25, 4, [0.3, 0.95]);
  const n = corpus.sketches.length;
  // Chunks of 1,000 values: documents spread over many chunks.
  const cols = columns(corpus.sketches, 1000);

  it.each([0.3, 0.5, 0.8])("'prefix' equals brute-force single-link clustering at t = %f", (t) => {
    const brute = new UnionFind(n);
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (compactResemblance(corpus.sketches[i], corpus.sketches[j], 128) >= t) brute.union(i, j);
    const uf = new UnionFind(n);
    const stats = clusterCorpus(cols, { threshold: t, candidates: 'prefix' }, uf);
    expect(components(uf)).toBe(components(brute));
    expect(stats.verifiedPairs).toBeLessThan((n * (n - 1)) / 2);
    expect(stats.joinedPairs).toBeGreaterThan(0);
    expect(stats.passes).toBe(1);
    // Passes of at most 500 entries: many passes, same clusters, a smaller index.
    const small = new UnionFind(n);
    const cut = clusterCorpus(cols, { threshold: t, candidates: 'prefix', passEntries: 500 }, small);
    expect(components(small)).toBe(components(brute));
    expect(cut.passes).toBeGreaterThan(10);
    expect(cut.indexBytes).toBeLessThan(stats.indexBytes);
  });

  function superAndPrefix(seed: number, families: number, members: number, r: number) {
    const big = plantedCorpus(seed, 200, families, members, r);
    const c = columns(big.sketches);
    const keys = new BandKeys(16);
    for (const s of big.sketches) keys.add(superShingles(s));
    const uf = new UnionFind(big.sketches.length);
    const stats = clusterCorpus(c, { threshold: 0.5, candidates: 'super', keys }, uf);
    const exact = new UnionFind(big.sketches.length);
    clusterCorpus(c, { threshold: 0.5, candidates: 'prefix' }, exact);
    // Keys computed band by band from the columns give the same clustering.
    const uf2 = new UnionFind(big.sketches.length);
    const stats2 = clusterCorpus(c, { threshold: 0.5, candidates: 'super' }, uf2);
    expect(components(uf2)).toBe(components(uf));
    expect(stats2.verifiedPairs).toBe(stats.verifiedPairs);
    return { viaSuper: score(uf, big.family, families), viaPrefix: score(exact, big.family, families) };
  }

  it("'super' finds ≥ 0.95 of planted families (3 members, resemblance 0.6) at t = 0.5 and merges none", () => {
    const { viaSuper } = superAndPrefix(9, 120, 3, 0.6);
    expect(viaSuper.found).toBeGreaterThanOrEqual(114);
    expect(viaSuper.merged).toBe(0);
  });

  it("'super' finds ≥ 0.95 of the families 'prefix' finds when members resemble by 0.5 (half the pairs estimate below)", () => {
    const { viaSuper, viaPrefix } = superAndPrefix(10, 120, 5, 0.5);
    expect(viaSuper.found).toBeGreaterThanOrEqual(0.95 * viaPrefix.found);
    expect(viaSuper.merged).toBe(0);
    expect(viaPrefix.merged).toBe(0);
  });

  it('accept vetoes pairs at the threshold', () => {
    const uf = new UnionFind(n);
    const seen: number[] = [];
    const stats = clusterCorpus(cols, { threshold: 0.5, candidates: 'prefix', accept: (i, j) => (seen.push(i, j), false) }, uf);
    expect(stats.joinedPairs).toBe(0);
    expect(seen.length).toBeGreaterThan(0);
    for (let k = 0; k < seen.length; k += 2)
      expect(compactResemblance(corpus.sketches[seen[k]], corpus.sketches[seen[k + 1]], 128)).toBeGreaterThanOrEqual(0.5);
  });

  it('a bucket of 5,000 identical documents stays bounded', () => {
    const doc = compactSketch(randomFingerprints(mulberry32(3), 700));
    const same = columns(Array.from({ length: 5000 }, () => doc));
    const keys = new BandKeys(16);
    const k = superShingles(doc);
    for (let i = 0; i < 5000; i++) keys.add(k);
    const uf = new UnionFind(5000);
    const joined = clusterCorpus(same, { threshold: 0.5, candidates: 'super', keys }, uf);
    expect(uf.groups().length).toBe(1);
    expect(joined.verifiedPairs).toBeLessThan(5000);
    // Even when no pair may be joined (an accept that refuses all), each member meets at most MAX_REPS others a band.
    const four = new BandKeys(4);
    for (let i = 0; i < 5000; i++) four.add(k.subarray(0, 4));
    const refused = clusterCorpus(same, { threshold: 0.5, candidates: 'super', keys: four, accept: () => false }, new UnionFind(5000));
    expect(refused.verifiedPairs).toBeLessThanOrEqual(MAX_REPS * 5000 * 4);
    expect(refused.boundedSkips).toBeGreaterThan(0);
    expect(refused.candidatePairs).toBe(4 * ((5000 * 4999) / 2));
    // 'prefix' skips runs already in one component.
    const exact = clusterCorpus(same, { threshold: 0.5, candidates: 'prefix' }, new UnionFind(5000));
    expect(exact.verifiedPairs).toBe(4999);
  });

  it("the seed's caveat: a document of fewer shingles than rows is found by 'prefix', not by 'super'", () => {
    // {a} and {a, b}: resemblance 0.5; the one-value sketch has one key of its value, the other samples two.
    const a = new Uint32Array([1000]);
    const ab = new Uint32Array([1000, 2000]);
    expect(compactResemblance(a, ab, 128)).toBe(0.5);
    const c = columns([a, ab]);
    const viaPrefix = new UnionFind(2);
    clusterCorpus(c, { threshold: 0.5, candidates: 'prefix' }, viaPrefix);
    expect(viaPrefix.find(0)).toBe(viaPrefix.find(1));
    const viaSuper = new UnionFind(2);
    expect(clusterCorpus(c, { threshold: 0.5, candidates: 'super' }, viaSuper).verifiedPairs).toBe(0);
    expect(viaSuper.find(0)).not.toBe(viaSuper.find(1));
  });

  it('containment is not found by either mode: a page inside one four times its size resembles it by 0.25', () => {
    const rnd = mulberry32(21);
    const small = randomFingerprints(rnd, 300);
    const large = small.concat(randomFingerprints(rnd, 900));
    const c = columns([compactSketch(small), compactSketch(large)]);
    for (const candidates of ['prefix', 'super'] as const) {
      const uf = new UnionFind(2);
      clusterCorpus(c, { threshold: 0.5, candidates }, uf);
      expect(uf.find(0)).not.toBe(uf.find(1));
    }
  });
});

describe("'prefix' and shared boilerplate", () => {
  it('a footer shared by 1,500 unrelated documents costs a bounded number of comparisons, not n²', () => {
    // 60 values of each document's own and 40 of one shared footer: resemblance 40/160 = 0.25 between any two.
    const rnd = mulberry32(31);
    const footer = Array.from({ length: 40 }, () => Math.floor(rnd() * 2 ** 32));
    const n = 1500;
    const sketches = Array.from({ length: n }, () => {
      const own = Array.from({ length: 60 }, () => Math.floor(rnd() * 2 ** 32));
      return Uint32Array.from(new Set([...own, ...footer])).sort();
    });
    const cols = columns(sketches);
    const uf = new UnionFind(n);
    const stats = clusterCorpus(cols, { threshold: 0.5, candidates: 'prefix' }, uf);
    expect(uf.groups()).toHaveLength(n);
    // Unbounded, every footer value in the prefixes compares all 1.1 M pairs again (about 22 M in all).
    expect(stats.verifiedPairs).toBeLessThan(n * MAX_REPS * 40);
  });

  it('cut in two ranges, the upper one done apart and replayed, gives the same clusters (long runs included)', () => {
    // Planted families (short runs), and 400 documents sharing a 40-value footer, in groups of 100 that
    // share 60 more values (long runs whose joins depend on what came before them).
    const rnd = mulberry32(77);
    const value = () => Math.floor(rnd() * 2 ** 32);
    const footer = Array.from({ length: 40 }, value);
    const groups = Array.from({ length: 4 }, () => Array.from({ length: 60 }, value));
    const shared = Array.from({ length: 400 }, (_, k) => {
      const own = Array.from({ length: 20 + (k % 7) }, value);
      return Uint32Array.from(new Set([...own, ...footer, ...groups[k % 4]])).sort();
    });
    const planted = plantedCorpus(9, 150, 40, 4, [0.4, 0.9]).sketches;
    const all = [...planted, ...shared];
    const cols = columns(all, 4000);
    for (const t of [0.5, 0.7]) {
      const whole = new UnionFind(all.length);
      const want = clusterCorpus(cols, { threshold: t, candidates: 'prefix' }, whole);
      let runsLogged = 0;
      for (const share of [0, 0.3, 0.5, 0.9, 1]) {
        const counts = prefixCounts(cols, t);
        const split = prefixSplit(counts, share);
        const uf = new UnionFind(all.length);
        const opts = { threshold: t, candidates: 'prefix' as const };
        const mine = clusterPrefixPart(cols, opts, uf, 0, split, undefined, counts);
        const log = new RunLog();
        clusterPrefixPart(cols, opts, new UnionFind(all.length), split, BUCKETS, log, share === 0.5 ? undefined : counts);
        runsLogged += log.view().filter((x) => x < 0).length;
        const replayed = replayPrefixPart(cols, opts, uf, log.view());
        expect(components(uf), `t ${t}, share ${share}`).toBe(components(whole));
        expect(mine.joinedPairs + replayed.joinedPairs).toBe(want.joinedPairs);
      }
      expect(runsLogged).toBeGreaterThan(0);
    }
    // Counted as the documents come, the same counts.
    const counter = new PrefixCounter(0.7);
    for (const v of all) counter.add(v);
    expect(counter.counts).toEqual(prefixCounts(cols, 0.7));
    expect(prefixSplit(prefixCounts(cols, 0.5), 0)).toBe(0);
    expect(prefixSplit(prefixCounts(cols, 0.5), 1)).toBe(BUCKETS);
  });
});
