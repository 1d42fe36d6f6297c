/** In-page boilerplate detection of `groupResults` (lib/group/results.ts). */

/**
 * Adds to `ignore` the shingles that recur on ≥ minDocs pages of one results page among otherwise
 * unrelated results. Recurrence alone cannot tell "We would like to show you a description here…" on
 * three sites from a story syndicated to three sites, so candidates are taken in blocks (the shingles
 * held by exactly the same pages, such as one repeated sentence) and a block is boilerplate when,
 * without it, without every candidate held by all of its pages too, and without what is already
 * ignored, no two of its pages still share RELATED_SHARED shingles (pages with the same shingle set
 * count as related). Light edits and shared headline words leave copies of a story such shingles;
 * unrelated sites behind one robots.txt message share none but that sentence. Repeated until nothing changes, so two boilerplate phrases on overlapping
 * results do not vouch for each other. Deterministic: blocks are visited in order of their page lists.
 * Limitation: a paragraph copied verbatim by unrelated-looking results (different titles, nothing
 * else in common) is indistinguishable from boilerplate here and is ignored.
 */
const RELATED_SHARED = 2;

export function inPageBoilerplate(pages: Set<number>[], docs: Map<number, number[]>, minDocs: number, ignore: Set<number>): void {
  const blocks = new Map<string, { pages: number[]; shingles: number[] }>();
  for (const [f, d] of docs) {
    if (d.length < minDocs || ignore.has(f)) continue;
    const key = d.join(',');
    const b = blocks.get(key);
    if (b) b.shingles.push(f);
    else blocks.set(key, { pages: d, shingles: [f] });
  }
  const pending = [...blocks.keys()].sort().map((k) => blocks.get(k)!);
  const sorted = pages.map((s) => Float64Array.from(s).sort());
  const equal = (p: number, q: number) => sorted[p].length === sorted[q].length && sorted[p].every((f, i) => f === sorted[q][i]);
  /** Whether pages p and q share RELATED_SHARED shingles leaving out `skip`. */
  const share = (p: number, q: number, skip: (f: number) => boolean) => {
    let n = 0;
    for (const f of sorted[p]) if (pages[q].has(f) && !skip(f) && ++n >= RELATED_SHARED) return true;
    return false;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = 0; k < pending.length; k++) {
      const b = pending[k];
      const mine = new Set(b.pages);
      const skip = (f: number) => ignore.has(f) || (docs.get(f)!.length >= minDocs && docs.get(f)!.filter((p) => mine.has(p)).length === mine.size);
      let related = false;
      for (let x = 0; x < b.pages.length && !related; x++) {
        for (let y = x + 1; y < b.pages.length && !related; y++) {
          const [p, q] = [b.pages[x], b.pages[y]];
          related = equal(p, q) || share(p, q, skip);
        }
      }
      if (!related) {
        for (const f of b.shingles) ignore.add(f);
        pending.splice(k--, 1);
        changed = true;
      }
    }
  }
}
