import { describe, expect, it } from 'vitest';
import { CandidateIndex, prefixLength, resemblance, sketchText, type Sketch } from '../../lib/index';
import { editWords } from './helpers/edits';
import { proseText } from './helpers/prose';
import { mulberry32 } from './helpers/random';

describe('candidate index', () => {
  it('prefix length: a sketch of 128 values queried at t = 0.5 looks up 65 of them', () => {
    expect(prefixLength(128, 0.5)).toBe(65);
    expect(prefixLength(128, 1)).toBe(1);
    expect(prefixLength(10, 0.3)).toBe(8);
    expect(prefixLength(0, 0.5)).toBe(0);
  });

  // 150 originals, each with copies edited at rates spread from light to heavy, of different lengths:
  // the resemblances cover the whole range around every threshold tested.
  const rnd = mulberry32(42);
  const docs: Sketch[] = [];
  for (let i = 0; i < 150; i++) {
    const text = proseText(100 + i, 60 + Math.floor(rnd() * 400));
    docs.push(sketchText(text));
    for (let c = 0; c < 4; c++) docs.push(sketchText(editWords(text, rnd() * 0.5, i * 10 + c)));
  }
  const index = new CandidateIndex<number>(0.3);
  docs.forEach((d, i) => index.add(i, d));

  it.each([0.3, 0.5, 0.8])('finds every stored sketch that a full comparison finds at t = %f (recall 1)', (t) => {
    let truth = 0;
    let found = 0;
    let compared = 0;
    for (let q = 0; q < docs.length; q += 3) {
      const brute = new Set(docs.flatMap((d, i) => (resemblance(docs[q], d) >= t ? [i] : [])));
      const got = index.query(docs[q], t);
      compared += index.candidates(docs[q], t).size;
      truth += brute.size;
      found += got.filter((m) => brute.has(m.key)).length;
      expect(new Set(got.map((m) => m.key))).toEqual(brute);
    }
    const queries = Math.ceil(docs.length / 3);
    console.log(`t=${t}: recall ${found}/${truth}; compared ${(compared / queries).toFixed(1)} of ${docs.length} per query`);
    expect(found).toBe(truth);
    expect(compared / queries).toBeLessThan(docs.length / 10);
  });

  it('results come best first, removal forgets a sketch, and a threshold below the index floor is refused', () => {
    const q = docs[0];
    const got = index.query(q, 0.3);
    expect(got[0]).toEqual({ key: 0, resemblance: 1 });
    for (let i = 1; i < got.length; i++) expect(got[i - 1].resemblance).toBeGreaterThanOrEqual(got[i].resemblance);
    const small = new CandidateIndex<string>(0.5);
    small.add('a', q);
    small.add('b', docs[1]);
    small.remove('a');
    expect(small.query(q, 0.5).map((m) => m.key)).not.toContain('a');
    expect(small.size).toBe(1);
    expect(() => small.query(q, 0.2)).toThrow(RangeError);
  });
});
