/** Union-find with path halving and union by size. */
export class UnionFind {
  private parent: Int32Array;
  private size: Int32Array;

  constructor(n: number) {
    // A plain loop: Int32Array.from with a function calls it per item (seconds at 30 M documents).
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
    this.size = new Int32Array(n).fill(1);
  }

  find(x: number): number {
    const p = this.parent;
    while (p[x] !== x) {
      p[x] = p[p[x]];
      x = p[x];
    }
    return x;
  }

  union(x: number, y: number): void {
    let a = this.find(x);
    let b = this.find(y);
    if (a === b) return;
    if (this.size[a] < this.size[b]) [a, b] = [b, a];
    this.parent[b] = a;
    this.size[a] += this.size[b];
  }

  /** Groups of item indices, each ascending, ordered by their first item; singletons included. */
  groups(): number[][] {
    return this.groupsOf((i) => i);
  }

  /**
   * `groups()` with each item mapped by `item` (a name): the groups built once. Groups are found by a
   * slot a root in a typed array, not a Map (a corpus's 200,000 groups cost a Map's growth and garbage).
   */
  groupsOf<T>(item: (i: number) => T): T[][] {
    const n = this.parent.length;
    const slot = new Int32Array(n).fill(-1);
    const out: T[][] = [];
    for (let i = 0; i < n; i++) {
      const r = this.find(i);
      if (slot[r] < 0) {
        slot[r] = out.length;
        out.push([item(i)]);
      } else out[slot[r]].push(item(i));
    }
    return out;
  }
}

/**
 * The paper's final clustering phase: every pair at or above the threshold is joined, transitively.
 * `pairs` yields the candidate pairs with their similarity (from a candidate index, or all pairs).
 */
export function clusterByThreshold(n: number, pairs: Iterable<[number, number, number]>, threshold: number): number[][] {
  const uf = new UnionFind(n);
  for (const [i, j, sim] of pairs) if (sim >= threshold) uf.union(i, j);
  return uf.groups();
}

export interface GreedyGroup {
  /** Index of the representative: the earliest (best-ranked) item of the group. */
  representative: number;
  /** Members after the representative, in order, with their similarity to it. */
  members: { index: number; similarity: number }[];
}

/**
 * Greedy clustering with a representative (resemblance paper, section 4.4): items are taken in order;
 * each joins the most similar existing representative at or above the threshold (the earlier one on a
 * tie), or becomes a representative itself. Resemblance is not transitive, so every member is
 * compared with its representative, never through a chain.
 */
export function clusterGreedy(n: number, similarity: (i: number, j: number) => number, threshold: number): GreedyGroup[] {
  const groups: GreedyGroup[] = [];
  for (let i = 0; i < n; i++) {
    let best: GreedyGroup | undefined;
    let bestSim = -1;
    for (const g of groups) {
      const sim = similarity(g.representative, i);
      if (sim >= threshold && sim > bestSim) {
        best = g;
        bestSim = sim;
      }
    }
    if (best) best.members.push({ index: i, similarity: bestSim });
    else groups.push({ representative: i, members: [] });
  }
  return groups;
}
