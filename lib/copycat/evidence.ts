import { MAX_TITLE, MAX_URL, clip } from './clip';
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

/**
 * A kept record: the copy, its original, the measures, when, the rule that chose the original, and the
 * results pages (or runs) it was measured on. An undecided pair (no rule could tell who copied whom) keeps
 * its pages as `copy`/`original` in address order and counts for neither site.
 */
export interface Evidence {
  copy: { url: string; title: string; site: string };
  original: { url: string; title: string; site: string };
  resemblance: number;
  /** Share of the copy found in the original, and of the original in the copy. */
  copyInOriginal: number;
  originalInCopy: number;
  /** Which step of `chooseOriginal` decided, or 'undecided'. */
  by: OriginalRule;
  /** First and last time this pair was measured as copies. */
  at: number;
  lastAt: number;
  /**
   * Where it was measured (at most MAX_FROM, oldest first): `serp:<engine>:<query>` for a results page,
   * `lost:<url>` for a lost and found run, `copies:<url>` for "find copies". A verdict needs several.
   */
  from?: string[];
}

export { MAX_TITLE, MAX_URL } from './clip';

export type OriginalRule = 'seen-first' | 'rank' | 'fuller' | 'undecided';

/** Containments closer than this are "the same both ways": neither page is the fuller one. */
export const CONTAIN_MARGIN = 0.05;
/** Pages first seen less than this apart (one page check fetches a whole results page at once) tie. */
export const SEEN_MARGIN_MS = 10 * 60_000;
/** Places a record remembers it was measured on. */
export const MAX_FROM = 4;

type Side = 'a' | 'b' | undefined;

/**
 * Which page of a pair is the original, or undefined when nothing tells (issue #28). The signals:
 * - seen: the page Resemble's store saw first (≥ SEEN_MARGIN_MS earlier);
 * - rank: the better-ranked page on the results page where they were measured;
 * - fuller: the page holding clearly more of the other (containments ≥ CONTAIN_MARGIN apart).
 * Padding is cheap (a scraper adds "related posts"; a framer pads its copies), so fuller never decides
 * alone: it only confirms rank, and when it contradicts rank the pair is undecided. The first-seen date
 * decides unless rank and fullness both say the other page. An address is no evidence: never used.
 */
export function chooseOriginal(p: MeasuredPair): { original: 'a' | 'b' | undefined; by: OriginalRule } {
  const fuller: Side = Math.abs(p.aInB - p.bInA) >= CONTAIN_MARGIN ? (p.aInB > p.bInA ? 'b' : 'a') : undefined;
  const { seen: sa, rank: ra } = p.a;
  const { seen: sb, rank: rb } = p.b;
  const seen: Side = sa !== undefined && sb !== undefined && Math.abs(sa - sb) >= SEEN_MARGIN_MS ? (sa < sb ? 'a' : 'b') : undefined;
  const rank: Side = ra !== undefined && rb !== undefined && ra !== rb ? (ra < rb ? 'a' : 'b') : undefined;
  if (seen && !(rank && fuller && rank === fuller && rank !== seen)) return { original: seen, by: 'seen-first' };
  if (seen) return { original: undefined, by: 'undecided' };
  if (rank && (!fuller || fuller === rank)) return { original: rank, by: fuller ? 'fuller' : 'rank' };
  return { original: undefined, by: 'undecided' };
}

export interface CopyThresholds {
  resemblance: number;
  containment: number;
}

/** Whether a pair counts as copies: resemblance at the threshold, or one page inside the other at the containment threshold. */
export function areCopies(p: Pick<MeasuredPair, 'resemblance' | 'aInB' | 'bInA'>, t: CopyThresholds): boolean {
  return p.resemblance >= t.resemblance || Math.max(p.aInB, p.bInA) >= t.containment;
}

/**
 * The evidence a measured pair gives: none unless the pages are copies on two different sites. `from`
 * says where it was measured. An undecided pair is kept (it says the two are copies) but names no original.
 */
export function evidenceOf(p: MeasuredPair, t: CopyThresholds, now: number, from?: string): Evidence | undefined {
  const sa = siteOf(p.a.url);
  const sb = siteOf(p.b.url);
  if (!sa || !sb || sa === sb || !areCopies(p, t)) return undefined;
  const chosen = chooseOriginal(p);
  // Undecided: a stable order (the address), which says nothing about who copied.
  const original = chosen.original ?? (p.a.url <= p.b.url ? 'a' : 'b');
  const [o, c, os, cs] = original === 'a' ? [p.a, p.b, sa, sb] : [p.b, p.a, sb, sa];
  return {
    copy: { url: clip(c.url, MAX_URL), title: clip(c.title, MAX_TITLE), site: cs },
    original: { url: clip(o.url, MAX_URL), title: clip(o.title, MAX_TITLE), site: os },
    resemblance: round(p.resemblance),
    copyInOriginal: round(original === 'a' ? p.bInA : p.aInB),
    originalInCopy: round(original === 'a' ? p.aInB : p.bInA),
    by: chosen.by,
    at: now,
    lastAt: now,
    ...(from ? { from: [clip(from, MAX_URL)] } : {}),
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** The same pair whichever page is the copy. */
export const pairKey = (e: Pick<Evidence, 'copy' | 'original'>) => [e.copy.url, e.original.url].sort().join('\n');
