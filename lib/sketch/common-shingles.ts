/**
 * The paper's "very common shingles": fingerprints present in at least `minDocs` of the given shingle
 * sets (from `shingleSet`). Passed as `ignore` when sketching, they stop shared boilerplate (licence
 * footers, site templates, "we would like to show you a description here…") from making unrelated
 * documents look alike.
 */
export function commonShingles(sets: Iterable<ArrayLike<number>>, minDocs: number): Set<number> {
  const df = new Map<number, number>();
  for (const set of sets) {
    for (let i = 0; i < set.length; i++) df.set(set[i], (df.get(set[i]) ?? 0) + 1);
  }
  const out = new Set<number>();
  for (const [fp, n] of df) if (n >= minDocs) out.add(fp);
  return out;
}
