import { describe, expect, it } from 'vitest';
import { sortRange } from '../../lib/sort';
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
