import type { SiteVerdict } from './copycat';
import type { Evidence } from './evidence';
import { MAX_URL, clip } from './clip';
import { type PackedList, listsOf, suffixes } from './listed';

/** What the results page shows for a flagged site: the label and its detail (hover and focus). */
export interface SiteMark {
  label: string;
  detail: string;
  /**
   * What label and detail are made of, for the results page to say in the browser's language
   * (words/copycat.ts); label and detail stay English, for the CLI and the export.
   */
  facts?: MarkFacts;
}

export interface MarkFacts {
  flagged: 'evidence' | 'marked' | 'listed';
  originals: number;
  /** The sites copied from, most first (the label names two). */
  fromSites: string[];
  listedIn: string[];
  /** The most recent pairs (at most DETAIL_PAIRS) and how many more there are. */
  pairs: { copy: string; original: string; resemblance: number; copyInOriginal: number; lastAt: number }[];
  more: number;
  /** Whether "hide" may hide it (SiteVerdict.hide); absent in a table written before issue #28: labelled only. */
  hide?: boolean;
}

/** A site's pages shown on hover, at most. */
const DETAIL_PAIRS = 5;
/** The results pages' table at most (it is read at every results page's start): past it, details go, then the sites with least evidence. */
export const MAX_TABLE_BYTES = 256 * 1024;

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The label of a flagged site: "copycat site: 5 pages copied from stackoverflow.com, …". */
export function siteLabel(v: Pick<SiteVerdict, 'flagged' | 'listedIn' | 'fromSites' | 'originals'>): string {
  if (v.flagged === 'marked') return 'copycat site (marked by you)';
  if (v.flagged === 'listed') return `copycat site: listed in ${v.listedIn.join(', ')}`;
  const names = v.fromSites.slice(0, 2).map((s) => s.site);
  const more = v.fromSites.length > 2 ? ', …' : '';
  return `copycat site: ${v.originals} ${v.originals === 1 ? 'page' : 'pages'} copied from ${names.join(', ')}${more}`;
}

/** One pair in words: "copy copies original: 92% alike, 100% of it is in the original (2026-11-25)". */
export function pairText(e: Evidence): string {
  const date = new Date(e.lastAt).toISOString().slice(0, 10);
  return `${clip(e.copy.url, MAX_URL)} copies ${clip(e.original.url, MAX_URL)}: ${pct(e.resemblance)} alike, ${pct(e.copyInOriginal)} of it is in the original (${date})`;
}

const groundOf = (v: Pick<SiteVerdict, 'flagged' | 'listedIn'>) =>
  v.flagged === 'marked'
    ? "You marked this site as a copycat in Resemble's options."
    : v.flagged === 'listed'
      ? `Listed in ${v.listedIn.join(', ')} (imported); Resemble's own evidence does not say otherwise.`
      : "Resemble measured its pages as copies of other sites' pages:";

function markOf(v: SiteVerdict, pairs: readonly Evidence[], withPairs: boolean): SiteMark {
  const shown = withPairs ? pairs.slice(0, DETAIL_PAIRS) : [];
  const lines = shown.map(pairText);
  const more = pairs.length - shown.length;
  if (more > 0) lines.push(`… and ${more} more (Resemble's options, "Copycat sites")`);
  const facts: MarkFacts = {
    flagged: v.flagged || 'evidence',
    originals: v.originals,
    fromSites: v.fromSites.slice(0, 3).map((f) => f.site),
    listedIn: v.listedIn.slice(0, 50),
    pairs: shown.map((e) => ({
      copy: clip(e.copy.url, MAX_URL),
      original: clip(e.original.url, MAX_URL),
      resemblance: e.resemblance,
      copyInOriginal: e.copyInOriginal,
      lastAt: e.lastAt,
    })),
    more: Math.max(0, more),
    hide: v.hide,
  };
  return { label: clip(siteLabel(v), 500), detail: clip([groundOf(v), ...lines].join('\n'), 5000), facts };
}

/**
 * The mark for each flagged site, its detail listing the evidence (the most recent decided pairs first).
 * Bounded by `maxBytes`: the sites with most evidence first; once past half of it the rest go without
 * pairs, and past it the rest go unmarked (a flood of sites must not make every results page slow).
 */
export function siteMarks(verdicts: ReadonlyMap<string, SiteVerdict>, evidence: readonly Evidence[], maxBytes = MAX_TABLE_BYTES): Record<string, SiteMark> {
  const bySite = new Map<string, Evidence[]>();
  for (const e of evidence) if (e.by !== 'undecided') bySite.set(e.copy.site, [...(bySite.get(e.copy.site) ?? []), e]);
  const flagged = [...verdicts.values()]
    .filter((v) => v.flagged)
    .sort((a, b) => Number(b.flagged === 'marked') - Number(a.flagged === 'marked') || b.originals - a.originals || (a.site < b.site ? -1 : 1));
  const out: Record<string, SiteMark> = {};
  let bytes = 2;
  for (const v of flagged) {
    const pairs = (bySite.get(v.site) ?? []).sort((x, y) => y.lastAt - x.lastAt);
    const mark = markOf(v, pairs, bytes < maxBytes / 2);
    const size = JSON.stringify(mark).length + v.site.length + 4;
    if (bytes + size > maxBytes) break;
    bytes += size;
    out[v.site] = mark;
  }
  return out;
}

/**
 * The site a host belongs to among the flagged ones: the host itself or a parent domain. Flagged sites
 * are registrable domains already, so a suffix match finds them without the Public Suffix List (which
 * the results page need not load).
 */
export function flaggedSiteOf(host: string, flagged: Readonly<Record<string, unknown>>): string | undefined {
  for (const s of suffixes(host)) if (Object.hasOwn(flagged, s)) return s;
  return undefined;
}

/** What a results page (and the popup) look a host up in: the table, the packed lists, and the sites the lists do not apply to. */
export interface CopycatLookup {
  table: Readonly<Record<string, SiteMark>>;
  lists: readonly PackedList[];
  /** Listed sites the lists do not flag: the user said "not a copycat", or own evidence says "copied". */
  unlisted: readonly string[];
}

/** The mark of a list-only site (no evidence, no word of the user's): its lists say it, and "hide" may hide it. */
export function listedMark(site: string, listedIn: string[]): SiteMark {
  const v = { site, flagged: 'listed' as const, listedIn, fromSites: [], originals: 0, hide: true };
  return { label: siteLabel(v), detail: groundOf(v), facts: { flagged: 'listed', originals: 0, fromSites: [], listedIn, pairs: [], more: 0, hide: true } };
}

/** The copycat mark for a result's host, if any: the table first (evidence, the user's word), then the lists. */
export function copycatMarkOf(host: string, c: CopycatLookup): { site: string; mark: SiteMark } | undefined {
  const site = flaggedSiteOf(host, c.table);
  if (site) return { site, mark: c.table[site] };
  if (!c.lists.length) return undefined;
  for (const s of suffixes(host)) {
    if (c.unlisted.includes(s)) return undefined;
    const names = listsOf(c.lists, s);
    if (names.length) return { site: s, mark: listedMark(s, names) };
  }
  return undefined;
}

/** Whether "hide" may hide a marked result (a table written before issue #28 says nothing: labelled only). */
export const mayHide = (m: SiteMark) => m.facts?.hide === true;

/** A result from a copycat site, as the results page marks it and the popup lists it: its site, its mark, and whether "hide" may hide it. */
export interface CopycatFlag {
  site: string;
  mark: SiteMark;
  hide: boolean;
}

/** The one decision whether a result's host is flagged (the page's label and the popup's list both ask it). */
export function copycatFlag(host: string | undefined, c: CopycatLookup): CopycatFlag | undefined {
  const found = host ? copycatMarkOf(host, c) : undefined;
  return found && { ...found, hide: mayHide(found.mark) };
}
