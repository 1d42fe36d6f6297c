/**
 * Issue #40, `resemble changes`' library: the compact per-document store, containment from compact
 * sketches, the classification, and the lost-and-found matching of OLD documents without their id to
 * NEW documents no id claimed (against a brute-force best-first one-to-one assignment).
 */
import { describe, expect, it } from 'vitest';
import { ChangeColumns, docContainment, docOf } from '../../lib/corpus/change-columns';
import { ChangeTally, sameOrChanged } from '../../lib/corpus/change-kinds';
import { MOVE_RUN, matchMoved } from '../../lib/corpus/match-moved';
import { CHUNK_VALUES } from '../../lib/corpus/sketch-columns';
import { compactResemblance } from '../../lib/index';
import { compactSketch, pairAt, randomFingerprints } from './helpers/fingerprint-sets';
import { mulberry32 } from './helpers/random';

const S = 128;

let texts = 0;
/** The sketches as a snapshot; each document's text is its own unless `wholes` says. */
function store(sketches: Uint32Array[], wholes?: number[]): ChangeColumns {
  const c = new ChangeColumns(S);
  for (let i = 0; i < sketches.length; i++) c.add(sketches[i], wholes?.[i] ?? ++texts, 100, 1000);
  return c;
}

/** Best-first one-to-one over every pair at the threshold (resemblance, then from order, then to order). */
function bruteForce(from: Uint32Array[], to: Uint32Array[], t: number): number[] {
  const pairs: [number, number, number][] = [];
  from.forEach((x, i) =>
    to.forEach((y, j) => {
      const r = compactResemblance(x, y, S);
      if (r >= t) pairs.push([r, i, j]);
    }),
  );
  pairs.sort((a, b) => b[0] - a[0] || a[1] - b[1] || a[2] - b[2]);
  const target = from.map(() => -1);
  const used = new Set<number>();
  for (const [, i, j] of pairs) {
    if (target[i] >= 0 || used.has(j)) continue;
    target[i] = j;
    used.add(j);
  }
  return target;
}

/** OLD and NEW versions of `n` documents at resemblances spread over [0.2, 1), plus unrelated ones on each side, NEW shuffled. */
function snapshots(seed: number, n: number) {
  const rnd = mulberry32(seed);
  const from: Uint32Array[] = [];
  const to: Uint32Array[] = [];
  for (let i = 0; i < n; i++) {
    const [a, b] = pairAt(0.2 + 0.8 * rnd(), 100 + Math.floor(rnd() * 2000), seed * 1000 + i);
    from.push(a);
    to.push(b);
  }
  for (let i = 0; i < n / 4; i++) from.push(compactSketch(randomFingerprints(rnd, 50 + Math.floor(rnd() * 900))));
  for (let i = 0; i < n / 4; i++) to.push(compactSketch(randomFingerprints(rnd, 50 + Math.floor(rnd() * 900))));
  for (let i = to.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [to[i], to[j]] = [to[j], to[i]];
  }
  return { from, to };
}

describe('matchMoved', () => {
  const { from, to } = snapshots(7, 200);

  it.each([0.3, 0.5, 0.8])('finds the brute-force best-first one-to-one matches at t = %f', (t) => {
    const moves = matchMoved(store(from), store(to), { threshold: t });
    expect([...moves.target]).toEqual(bruteForce(from, to, t));
    for (let i = 0; i < from.length; i++) {
      const j = moves.target[i];
      if (j >= 0) expect(moves.resemblance[i]).toBe(compactResemblance(from[i], to[j], S));
    }
    expect(moves.stats.matched).toBeGreaterThan(0);
  });

  it('gives the same matches when the entries are cut into many passes', () => {
    const whole = matchMoved(store(from), store(to), { threshold: 0.5 });
    const passes = matchMoved(store(from), store(to), { threshold: 0.5, passEntries: 500 });
    expect([...passes.target]).toEqual([...whole.target]);
  });

  it('never matches a NEW document already taken, nor an OLD one left out', () => {
    const free = matchMoved(store(from), store(to), { threshold: 0.5 });
    const [i0, i1] = [...free.target.keys()].filter((i) => free.target[i] >= 0);
    const j0 = free.target[i0];
    const taken = new Uint8Array(to.length);
    taken[j0] = 1;
    const skip = new Uint8Array(from.length);
    skip[i1] = 1;
    const moves = matchMoved(store(from), store(to), { threshold: 0.5, taken, skip });
    expect([...moves.target]).not.toContain(j0);
    expect(moves.target[i1]).toBe(-1);
    expect(moves.stats.matched).toBeGreaterThan(free.stats.matched - 4);
  });

  it('matches copies of one text by the same text, one to one, where the prefix runs are too long', () => {
    const text = compactSketch(randomFingerprints(mulberry32(3), 800));
    const copies = MOVE_RUN + 10;
    const f = store(
      Array.from({ length: copies }, () => text),
      Array(copies).fill(42),
    );
    const t = store(
      Array.from({ length: copies + 1 }, () => text),
      Array(copies + 1).fill(42),
    );
    const moves = matchMoved(f, t, { threshold: 0.5 });
    expect(new Set(moves.target).size).toBe(copies);
    expect(moves.stats.identical).toBe(copies);
    expect([...moves.resemblance]).toEqual(Array(copies).fill(1));
  });
});

describe('ChangeColumns', () => {
  it('holds a compact, length-independent record per document: 4·s bytes of sketch and 24 more', () => {
    const rnd = mulberry32(11);
    const short = new ChangeColumns(S);
    const long = new ChangeColumns(S);
    // More than one 65,536-document block of the per-document arrays; the long documents are 100× longer.
    const n = 70_000;
    const sketchOf = (k: number) => compactSketch(randomFingerprints(rnd, k));
    const s200 = sketchOf(200);
    const s20k = sketchOf(20_000);
    for (let i = 0; i < n; i++) {
      short.add(s200, i, 200, 196);
      long.add(s20k, i, 20_000, 19_996);
    }
    expect(short.count).toBe(n);
    // Typed arrays only: the sketch's 512 bytes and 8 of index, 16 of columns (doubling: at most 2×),
    // plus one 32 MB chunk of values and one 65,536-document block of index not yet filled.
    expect(long.bytes).toBeLessThan(n * (4 * S + 8 + 2 * 16) + CHUNK_VALUES * 4 + 65536 * 8);
    expect(long.bytes).toBe(short.bytes);
  });

  it('estimates containment from compact sketches, exact when the sketches hold the whole sets', () => {
    const rnd = mulberry32(5);
    const small = randomFingerprints(rnd, 60);
    const c = new ChangeColumns(S);
    c.add(compactSketch(small), 1, 64, 60);
    c.add(compactSketch(small.slice(0, 45).concat(randomFingerprints(rnd, 30))), 2, 79, 75);
    expect(docContainment(docOf(c, 0), docOf(c, 1), S)).toBe(45 / 60);
    // A page inside one four times its size: resemblance ≈ 0.25, containment ≈ 1.
    const page = randomFingerprints(rnd, 1000);
    c.add(compactSketch(page), 3, 1004, 1000);
    c.add(compactSketch(page.concat(randomFingerprints(rnd, 3000))), 4, 4004, 4000);
    expect(docContainment(docOf(c, 2), docOf(c, 3), S)).toBe(1);
    expect(docContainment(docOf(c, 3), docOf(c, 2), S)).toBeLessThan(0.5);
  });
});

describe('change classification', () => {
  it('calls a document unchanged by the same text or a resemblance of 1, else changed', () => {
    expect(sameOrChanged(true, 0.97)).toBe('unchanged');
    expect(sameOrChanged(false, 1)).toBe('unchanged');
    expect(sameOrChanged(false, 0.99)).toBe('changed');
  });

  it('tallies slight and heavy changes at the threshold, moved ones apart', () => {
    const t = new ChangeTally(0.5);
    t.add('unchanged', 1);
    t.add('changed', 0.5);
    t.add('changed', 0.49);
    t.add('moved', 1);
    t.add('moved', 0.7);
    t.add('gone');
    t.add('new');
    expect({ ...t }).toEqual({ threshold: 0.5, unchanged: 1, slightlyChanged: 1, heavilyChanged: 1, moved: 2, movedUnchanged: 1, gone: 1, added: 1 });
    expect(t.old).toBe(6);
  });
});
