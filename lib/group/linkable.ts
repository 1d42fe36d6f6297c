import type { GroupOutcome } from './results';
import { normalizeUrl } from '../url/normalize';

/**
 * The results that can take part in a group with pages: a known page, another result of the same
 * address, or a snippet pair at the threshold. Any other result can link to none (groupWithPages links
 * only on those), so leaving it out changes no group, and the greedy pass, quadratic, runs over tens of
 * results rather than a long page's 2,000 (issue #28: 10 s a regroup).
 */
export function linkable<T extends { rank: number; url: string }>(
  results: readonly T[],
  outcome: GroupOutcome,
  pages: ReadonlyMap<number, unknown>,
  threshold: number,
): T[] {
  const keep = new Set<number>(pages.keys());
  for (const p of outcome.pairs) if (p.resemblance >= threshold) keep.add(p.a).add(p.b);
  const byAddress = new Map<string, number>();
  for (const r of results) {
    const k = normalizeUrl(r.url);
    if (k === undefined) continue;
    const first = byAddress.get(k);
    if (first === undefined) byAddress.set(k, r.rank);
    else keep.add(first).add(r.rank);
  }
  return results.filter((r) => keep.has(r.rank));
}
