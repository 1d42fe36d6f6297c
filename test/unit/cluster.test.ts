import { describe, expect, it } from 'vitest';
import { CandidateIndex, UnionFind, clusterByThreshold, clusterGreedy, resemblance, sketch } from '../../lib/index';
import { editWords } from './helpers/edits';
import { proseText } from './helpers/prose';

describe('clustering', () => {
  it('union-find joins transitively and lists every item once', () => {
    const uf = new UnionFind(6);
    uf.union(0, 2);
    uf.union(2, 4);
    uf.union(3, 5);
    expect(uf.groups()).toEqual([[0, 2, 4], [1], [3, 5]]);
  });

  it('threshold clustering keeps only pairs at or above the threshold', () => {
    const pairs: [number, number, number][] = [
      [0, 1, 0.9],
      [1, 2, 0.49],
      [2, 3, 0.5],
    ];
    expect(clusterByThreshold(4, pairs, 0.5)).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('greedy clustering: the earliest item represents its group and members compare to it, not through chains', () => {
    // 0~1 and 1~2 are alike, but 0 and 2 are not: a chain that union-find would merge.
    const sim = [
      [1, 0.8, 0.2, 0.1],
      [0.8, 1, 0.8, 0.1],
      [0.2, 0.8, 1, 0.1],
      [0.1, 0.1, 0.1, 1],
    ];
    const groups = clusterGreedy(4, (i, j) => sim[i][j], 0.5);
    expect(groups).toEqual([
      { representative: 0, members: [{ index: 1, similarity: 0.8 }] },
      { representative: 2, members: [] },
      { representative: 3, members: [] },
    ]);
    expect(
      clusterByThreshold(
        4,
        [
          [0, 1, 0.8],
          [1, 2, 0.8],
        ],
        0.5,
      ),
    ).toEqual([[0, 1, 2], [3]]);
  });

  it('greedy clustering joins the most similar representative, the earlier one on a tie', () => {
    const sim = (i: number, j: number) => (i === 0 && j === 2 ? 0.6 : i === 1 && j === 2 ? 0.9 : 0);
    expect(clusterGreedy(3, sim, 0.5)[1].members).toEqual([{ index: 2, similarity: 0.9 }]);
    const tie = (_i: number, j: number) => (j === 2 ? 0.7 : 0);
    expect(clusterGreedy(3, tie, 0.5)[0].members).toEqual([{ index: 2, similarity: 0.7 }]);
  });

  it('groups real near-copies found through the candidate index', () => {
    const texts = [proseText(1, 400), proseText(2, 400), proseText(3, 400)];
    const docs = [texts[0], editWords(texts[0], 0.03, 1), texts[1], editWords(texts[1], 0.03, 2), texts[2]];
    const sk = docs.map((d) => sketch(d));
    const index = new CandidateIndex<number>(0.5);
    const pairs: [number, number, number][] = [];
    sk.forEach((s, i) => {
      for (const m of index.query(s, 0.5)) pairs.push([m.key, i, m.resemblance]);
      index.add(i, s);
    });
    expect(clusterByThreshold(docs.length, pairs, 0.5)).toEqual([[0, 1], [2, 3], [4]]);
    expect(resemblance(sk[0], sk[1])).toBeGreaterThan(0.7);
  });
});
