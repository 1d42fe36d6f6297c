import { type Evidence, MAX_FROM, pairKey } from './evidence';

/** Records kept at most. */
export const MAX_EVIDENCE = 2000;
/** New pairs one results page (or run) may add, and of those, per site: a flood from one page is cut here. */
export const NEW_PER_VISIT = 30;
export const NEW_PER_SITE = 5;

const strength = (e: Evidence) => Math.max(e.resemblance, e.copyInOriginal, e.originalInCopy);

/**
 * Only so many new pairs from one visit: the strongest first, at most NEW_PER_SITE naming any one site.
 * A hostile page of 700 partial copies adds 30 records, not 700, and those alone decide nothing (a
 * verdict needs several results pages: copycat.ts).
 */
function capNew(kept: ReadonlyMap<string, Evidence>, added: readonly Evidence[]): Evidence[] {
  const perSite = new Map<string, number>();
  const out: Evidence[] = [];
  for (const e of [...added].sort((x, y) => strength(y) - strength(x))) {
    if (kept.has(pairKey(e))) {
      out.push(e);
      continue;
    }
    const sites = [e.copy.site, e.original.site];
    if (out.length >= NEW_PER_VISIT || sites.some((s) => (perSite.get(s) ?? 0) >= NEW_PER_SITE)) continue;
    for (const s of sites) perSite.set(s, (perSite.get(s) ?? 0) + 1);
    out.push(e);
  }
  return out;
}

const union = (a: readonly string[] = [], b: readonly string[] = []) => [...new Set([...a, ...b])].slice(0, MAX_FROM);

/** A pair measured again: its first time stays; an undecided pair takes a decision once one comes, a decided one keeps its original (no flip with a later rank). */
function remeasured(old: Evidence, e: Evidence): Evidence {
  const from = union(old.from, e.from);
  const lastAt = Math.max(old.lastAt, e.lastAt);
  if (old.by === 'undecided' && e.by !== 'undecided') return { ...e, at: old.at, lastAt, from };
  const sameWay = old.copy.url === e.copy.url;
  return {
    ...old,
    resemblance: e.resemblance,
    copyInOriginal: sameWay ? e.copyInOriginal : e.originalInCopy,
    originalInCopy: sameWay ? e.originalInCopy : e.copyInOriginal,
    lastAt,
    from,
  };
}

/**
 * Past `max`, records go fairly: the oldest of the place (results page or run) with the most records
 * first, so a flood from a few hostile pages evicts its own records before the pair that cleared a site.
 */
function evict(all: Evidence[], max: number): Evidence[] {
  if (all.length <= max) return all;
  const buckets = new Map<string, Evidence[]>();
  for (const e of all.sort((x, y) => x.lastAt - y.lastAt)) {
    const k = e.from?.[0] ?? '';
    const b = buckets.get(k);
    if (b) b.push(e);
    else buckets.set(k, [e]);
  }
  const gone = new Set<Evidence>();
  for (let n = all.length - max; n > 0; n--) {
    let big: [string, Evidence[]] | undefined;
    for (const b of buckets) if (!big || b[1].length > big[1].length || (b[1].length === big[1].length && b[1][0].lastAt < big[1][0].lastAt)) big = b;
    const [k, list] = big!;
    gone.add(list.shift()!);
    if (!list.length) buckets.delete(k);
  }
  return all.filter((e) => !gone.has(e));
}

/** Adds one visit's records to the kept ones (capped per visit and per site), then evicts fairly past `max`. */
export function mergeEvidence(kept: readonly Evidence[], added: readonly Evidence[], max = MAX_EVIDENCE): Evidence[] {
  const by = new Map(kept.map((e) => [pairKey(e), e]));
  for (const e of capNew(by, added)) {
    const k = pairKey(e);
    const old = by.get(k);
    by.delete(k); // re-inserted last: the map's order is the order measured
    by.set(k, old ? remeasured(old, e) : e);
  }
  return evict([...by.values()], max);
}
