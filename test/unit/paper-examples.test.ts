import { describe, expect, it } from 'vitest';
import { exactResemblance, resemblance, shingleSet, sketch, stringShingles, tokens } from '../../lib/index';

// Broder, "On the resemblance and containment of documents" (1997), section 2.
const A = 'a rose is a rose is a rose';
const B = 'a rose is a flower which is a rose';

describe("the paper's own examples", () => {
  it('the 4-shingling of (a,rose,is,a,rose,is,a,rose) is a set of three shingles', () => {
    expect([...stringShingles(tokens(A), 4)].sort()).toEqual(['a rose is a', 'is a rose is', 'rose is a rose']);
  });

  it.each([
    [1, 0.6],
    [2, 0.5],
    [3, 3 / 7],
  ])('w = %i: A and B resemble %f (string shingles, fingerprint sets and sketches agree)', (w, r) => {
    const sa = stringShingles(tokens(A), w);
    const sb = stringShingles(tokens(B), w);
    const inter = [...sa].filter((x) => sb.has(x)).length;
    expect(inter / (sa.size + sb.size - inter)).toBeCloseTo(r, 12);
    expect(exactResemblance(shingleSet(A, { shingle: w }), shingleSet(B, { shingle: w }))).toBeCloseTo(r, 12);
    // Both shingle sets fit in MIN_128, so the sketch estimate is exact.
    expect(resemblance(sketch(A, { shingle: w }), sketch(B, { shingle: w }))).toBeCloseTo(r, 12);
  });

  it('resemblance of a document with itself is 1 and with a disjoint one is 0', () => {
    expect(resemblance(sketch(A), sketch(A))).toBe(1);
    expect(resemblance(sketch(A, { shingle: 1 }), sketch('quite another text entirely', { shingle: 1 }))).toBe(0);
  });
});
