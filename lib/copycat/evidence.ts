import { siteOf } from './site';

/** One page of a measured pair, as the caller knew it. */
export interface PairPage {
  url: string;
  title: string;
  /** Its rank on the results page where the pair was measured (lower is better). */
  rank?: number;
  /** When Resemble first saw the page (ms since the epoch), if known. */
  seen?: number;
}

/** Two pages measured against each other: resemblance, and how much of each lies in the other. */
export interface MeasuredPair {
  a: PairPage;
  b: PairPage;
  resemblance: number;
  /** Share of a's shingles found in b. */
  aInB: number;
  bInA: number;
}

/** A kept record: the copy, its original, the measures, when, and the rule that chose the original. */
export interface Evidence {
  copy: { url: string; title: string; site: string };
  original: { url: string; title: string; site: string };
  resemblance: number;
  /** Share of the copy found in the original, and of the original in the copy. */
  copyInOriginal: number;
  originalInCopy: number;
  /** Which step of `chooseOriginal` decided. */
  by: OriginalRule;
  /** First and last time this pair was measured as copies. */
  at: number;
  lastAt: number;
}

export type OriginalRule = 'fuller' | 'seen-first' | 'rank' | 'address';

/** Containments closer than this are "the same both ways": neither page is the fuller one. */
export const CONTAIN_MARGIN = 0.05;
/** Pages first seen less than this apart (one page check fetches a whole results page at once) tie. */
export const SEEN_MARGIN_MS = 10 * 60_000;

/**
 * Which page of a pair is the original, in order:
 * 1. the fuller page: when one holds clearly more of the other (containments ≥ CONTAIN_MARGIN apart),
 *    the page containing the other is its original, never its copy (a scraper keeps part of a page);
 * 2. the page Resemble saw first (≥ SEEN_MARGIN_MS earlier);
 * 3. the better-ranked page on the results page where they were measured;
 * 4. the smaller address (a stable answer, so that the same pair never flips).
 */
export function chooseOriginal(p: MeasuredPair): { original: 'a' | 'b'; by: OriginalRule } {
  if (Math.abs(p.aInB - p.bInA) >= CONTAIN_MARGIN) return { original: p.aInB > p.bInA ? 'b' : 'a', by: 'fuller' };
  const sa = p.a.seen;
  const sb = p.b.seen;
  if (sa !== undefined && sb !== undefined && Math.abs(sa - sb) >= SEEN_MARGIN_MS) return { original: sa < sb ? 'a' : 'b', by: 'seen-first' };
  const ra = p.a.rank;
  const rb = p.b.rank;
  if (ra !== undefined && rb !== undefined && ra !== rb) return { original: ra < rb ? 'a' : 'b', by: 'rank' };
  return { original: p.a.url <= p.b.url ? 'a' : 'b', by: 'address' };
}

export interface CopyThresholds {
  resemblance: number;
  containment: number;
}

/** Whether a pair counts as copies: resemblance at the threshold, or one page inside the other at the containment threshold. */
export function areCopies(p: Pick<MeasuredPair, 'resemblance' | 'aInB' | 'bInA'>, t: CopyThresholds): boolean {
  return p.resemblance >= t.resemblance || Math.max(p.aInB, p.bInA) >= t.containment;
}

/** The evidence a measured pair gives: none unless the pages are copies on two different sites. */
export function evidenceOf(p: MeasuredPair, t: CopyThresholds, now: number): Evidence | undefined {
  const sa = siteOf(p.a.url);
  const sb = siteOf(p.b.url);
  if (!sa || !sb || sa === sb || !areCopies(p, t)) return undefined;
  const { original, by } = chooseOriginal(p);
  const [o, c, os, cs] = original === 'a' ? [p.a, p.b, sa, sb] : [p.b, p.a, sb, sa];
  return {
    copy: { url: c.url, title: c.title, site: cs },
    original: { url: o.url, title: o.title, site: os },
    resemblance: round(p.resemblance),
    copyInOriginal: round(original === 'a' ? p.bInA : p.aInB),
    originalInCopy: round(original === 'a' ? p.aInB : p.bInA),
    by,
    at: now,
    lastAt: now,
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** The same pair whichever page is the copy. */
export const pairKey = (e: Pick<Evidence, 'copy' | 'original'>) => [e.copy.url, e.original.url].sort().join('\n');

/** Records kept at most: the oldest (by last measured) go first. */
export const MAX_EVIDENCE = 2000;

/**
 * Adds new records to the kept ones: a pair measured again keeps its first time and its original (so
 * a verdict does not flip with a later rank) and takes the new measures; past `max`, the records
 * measured longest ago are dropped.
 */
export function mergeEvidence(kept: readonly Evidence[], added: readonly Evidence[], max = MAX_EVIDENCE): Evidence[] {
  const by = new Map(kept.map((e) => [pairKey(e), e]));
  for (const e of added) {
    const k = pairKey(e);
    const old = by.get(k);
    if (!old) {
      by.set(k, e);
      continue;
    }
    const sameWay = old.copy.url === e.copy.url;
    by.delete(k); // re-inserted last: the map's order is the eviction order
    by.set(k, {
      ...old,
      resemblance: e.resemblance,
      copyInOriginal: sameWay ? e.copyInOriginal : e.originalInCopy,
      originalInCopy: sameWay ? e.originalInCopy : e.copyInOriginal,
      lastAt: Math.max(old.lastAt, e.lastAt),
    });
  }
  const all = [...by.values()].sort((x, y) => x.lastAt - y.lastAt);
  return all.slice(Math.max(0, all.length - max));
}
