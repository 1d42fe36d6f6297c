import type { Evidence } from './evidence';

/** The user's word on a site, which beats any evidence or list. */
export interface Overrides {
  /** Never flagged, whatever the evidence or a list says (until the user undoes it). */
  notCopycat: string[];
  /** Flagged by hand. */
  marked: string[];
}

/** An imported list (a uBlacklist ruleset or a domains list): a prior until Resemble's own evidence speaks. */
export interface ImportedList {
  name: string;
  sites: string[];
  at: number;
}

export interface CopycatRule {
  /** Different originals a site's pages must copy. */
  minOriginals: number;
  /** Other sites those originals must come from. */
  minSites: number;
}

/** What Resemble's own evidence says of a site, apart from any list or override. */
export type OwnVerdict =
  /** Copies enough originals from enough sites, and no other site copies it. */
  | 'copycat'
  /** Another site's page copies one of its pages: it is a source, never a copycat. */
  | 'copied'
  /** Not enough evidence either way. */
  | 'unknown';

export interface SiteVerdict {
  site: string;
  own: OwnVerdict;
  /** Distinct originals its pages copy, and how many per other site (most first). */
  originals: number;
  fromSites: { site: string; pages: number }[];
  /** Its pages other sites copy. */
  copiedBy: number;
  listedIn: string[];
  user?: 'not-copycat' | 'marked';
  /** Whether results from it are labelled (or hidden), and on what ground. */
  flagged: false | 'evidence' | 'marked' | 'listed';
}

/**
 * The copycat rule. Own evidence: a site is a copycat when its pages copy at least `minOriginals`
 * different originals from at least `minSites` other sites and no other site's page copies one of its
 * pages. Then, in order: the user's "not a copycat" beats everything; "mark as copycat" flags; own
 * evidence flags; a list flags ("listed in …") unless own evidence disagrees (another site copies it).
 */
export function judgeSites(evidence: readonly Evidence[], overrides: Overrides, lists: readonly ImportedList[], rule: CopycatRule): Map<string, SiteVerdict> {
  const copies = new Map<string, Map<string, Set<string>>>(); // copy site → original site → original URLs
  const copiedBy = new Map<string, number>();
  for (const e of evidence) {
    const from = copies.get(e.copy.site) ?? new Map<string, Set<string>>();
    copies.set(e.copy.site, from);
    const urls = from.get(e.original.site) ?? new Set<string>();
    from.set(e.original.site, urls);
    urls.add(e.original.url);
    copiedBy.set(e.original.site, (copiedBy.get(e.original.site) ?? 0) + 1);
  }
  const sites = new Set<string>([...copies.keys(), ...copiedBy.keys(), ...overrides.notCopycat, ...overrides.marked, ...lists.flatMap((l) => l.sites)]);
  const out = new Map<string, SiteVerdict>();
  for (const site of sites) {
    const from = copies.get(site) ?? new Map<string, Set<string>>();
    const fromSites = [...from.entries()].map(([s, urls]) => ({ site: s, pages: urls.size })).sort((x, y) => y.pages - x.pages || (x.site < y.site ? -1 : 1));
    const originals = fromSites.reduce((n, s) => n + s.pages, 0);
    const by = copiedBy.get(site) ?? 0;
    const own: OwnVerdict = by > 0 ? 'copied' : originals >= rule.minOriginals && fromSites.length >= rule.minSites ? 'copycat' : 'unknown';
    const listedIn = lists.filter((l) => l.sites.includes(site)).map((l) => l.name);
    const user = overrides.notCopycat.includes(site) ? 'not-copycat' : overrides.marked.includes(site) ? 'marked' : undefined;
    const flagged: SiteVerdict['flagged'] =
      user === 'not-copycat' ? false : user === 'marked' ? 'marked' : own === 'copycat' ? 'evidence' : listedIn.length && own !== 'copied' ? 'listed' : false;
    out.set(site, { site, own, originals, fromSites, copiedBy: by, listedIn, ...(user ? { user } : {}), flagged });
  }
  return out;
}

/** What the results page shows for a flagged site: the label and its detail (hover and focus). */
export interface SiteMark {
  label: string;
  detail: string;
  /**
   * What label and detail are made of, for the results page to say in the browser's language
   * (page-support/copycat-words.ts); label and detail stay English, for the CLI and the export.
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
}

/** A site's pages shown on hover, at most. */
const DETAIL_PAIRS = 5;

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The label of a flagged site: "copycat site: 5 pages copied from stackoverflow.com, …". */
export function siteLabel(v: SiteVerdict): string {
  if (v.flagged === 'marked') return 'copycat site (marked by you)';
  if (v.flagged === 'listed') return `copycat site: listed in ${v.listedIn.join(', ')}`;
  const names = v.fromSites.slice(0, 2).map((s) => s.site);
  const more = v.fromSites.length > 2 ? ', …' : '';
  return `copycat site: ${v.originals} ${v.originals === 1 ? 'page' : 'pages'} copied from ${names.join(', ')}${more}`;
}

/** One pair in words: "copy → original: 92% alike, 100% of it is in the original (2026-11-25)". */
export function pairText(e: Evidence): string {
  const date = new Date(e.lastAt).toISOString().slice(0, 10);
  return `${e.copy.url} copies ${e.original.url}: ${pct(e.resemblance)} alike, ${pct(e.copyInOriginal)} of it is in the original (${date})`;
}

/** The mark for each flagged site, its detail listing the evidence (the most recent pairs first). */
export function siteMarks(verdicts: ReadonlyMap<string, SiteVerdict>, evidence: readonly Evidence[]): Record<string, SiteMark> {
  const out: Record<string, SiteMark> = {};
  for (const v of verdicts.values()) {
    if (!v.flagged) continue;
    const pairs = evidence.filter((e) => e.copy.site === v.site).sort((x, y) => y.lastAt - x.lastAt);
    const lines = pairs.slice(0, DETAIL_PAIRS).map(pairText);
    if (pairs.length > DETAIL_PAIRS) lines.push(`… and ${pairs.length - DETAIL_PAIRS} more (Resemble's options, "Copycat sites")`);
    const ground =
      v.flagged === 'marked' ? 'You marked this site as a copycat in Resemble\'s options.' : v.flagged === 'listed' ? `Listed in ${v.listedIn.join(', ')} (imported); Resemble's own evidence does not say otherwise.` : 'Resemble measured its pages as copies of other sites\' pages:';
    const facts: MarkFacts = {
      flagged: v.flagged,
      originals: v.originals,
      fromSites: v.fromSites.slice(0, 3).map((f) => f.site),
      listedIn: v.listedIn,
      pairs: pairs.slice(0, DETAIL_PAIRS).map((e) => ({ copy: e.copy.url, original: e.original.url, resemblance: e.resemblance, copyInOriginal: e.copyInOriginal, lastAt: e.lastAt })),
      more: Math.max(0, pairs.length - DETAIL_PAIRS),
    };
    out[v.site] = { label: siteLabel(v), detail: [ground, ...lines].join('\n'), facts };
  }
  return out;
}

/**
 * The site a host belongs to among the flagged ones: the host itself or a parent domain. Flagged sites
 * are registrable domains already, so a suffix match finds them without the Public Suffix List (which
 * the results page need not load).
 */
export function flaggedSiteOf(host: string, flagged: Readonly<Record<string, unknown>>): string | undefined {
  let s = host.toLowerCase().replace(/\.$/, '');
  for (;;) {
    if (Object.hasOwn(flagged, s)) return s;
    const dot = s.indexOf('.');
    if (dot < 0) break;
    s = s.slice(dot + 1);
  }
  return undefined;
}
