import { describe, expect, it } from 'vitest';
import { sortRange, sortSpread } from '../../lib/sketch/sort';
import { mulberry32 } from './helpers/random';

describe('sortRange', () => {
  it('sorts like a numeric sort, on random, duplicate-heavy, sorted and reversed input', () => {
    const rnd = mulberry32(3);
    const cases: number[][] = [[], [1], [2, 1]];
    for (const n of [5, 17, 100, 512, 2000]) {
      cases.push(Array.from({ length: n }, () => Math.floor(rnd() * 2 ** 52)));
      cases.push(Array.from({ length: n }, () => Math.floor(rnd() * 4)));
      cases.push(Array.from({ length: n }, (_, i) => i));
      cases.push(Array.from({ length: n }, (_, i) => n - i));
    }
    for (const c of cases) {
      const a = Float64Array.from(c);
      sortRange(a, 0, a.length);
      expect(Array.from(a)).toEqual([...c].sort((x, y) => x - y));
    }
  });

  it('sorts only the given range', () => {
    const a = Float64Array.from([9, 8, 3, 2, 1, 0]);
    sortRange(a, 1, 5);
    expect(Array.from(a)).toEqual([9, 1, 2, 3, 8, 0]);
  });
});

describe('sortSpread', () => {
  it('sorts like a numeric sort, whether or not the values are spread under the bound', () => {
    const rnd = mulberry32(5);
    for (const n of [0, 1, 30, 64, 200, 512, 3000]) {
      for (const max of [2 ** 52, 2 ** 40, 1000]) {
        const cases = [
          Array.from({ length: n }, () => Math.floor(rnd() * max)),
          Array.from({ length: n }, () => Math.floor(rnd() * 4)), // bunched: the fallback
          Array.from({ length: n }, (_, i) => (i * max) / Math.max(1, n)),
          Array.from({ length: n }, (_, i) => max - (i * max) / Math.max(1, n)), // reaching the bound
        ];
        for (const c of cases) {
          const a = Float64Array.from(c);
          sortSpread(a, a.length, max);
          expect(Array.from(a)).toEqual([...c].sort((x, y) => x - y));
        }
      }
    }
  });
});
