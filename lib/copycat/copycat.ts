import type { Evidence } from './evidence';
import { type PackedList, listsOf, subsOf } from './listed';

/** The user's word on a site, which beats any evidence or list. */
export interface Overrides {
  /** Never flagged, whatever the evidence or a list says (until the user undoes it). */
  notCopycat: string[];
  /** Flagged by hand. */
  marked: string[];
}

/** An imported list (a uBlacklist ruleset or a domains list), packed (listed.ts): a prior until Resemble's own evidence speaks. */
export type ImportedList = PackedList;

export interface CopycatRule {
  /** Different originals a site's pages must copy (or, to be "copied", other sites' pages must copy of it). */
  minOriginals: number;
  /** Other sites those originals must come from. */
  minSites: number;
  /**
   * Whether a name the user's word is on is a site (lib/copycat/site.ts isSite, the Public Suffix List),
   * passed in so that what results pages import loads no list: without it, a name with no dot is none.
   */
  isSite?: (name: string) => boolean;
}

/** Results pages (or runs) a verdict rests on at least: one hostile page decides nothing (issue #28). */
export const MIN_PLACES = 2;
/** The stricter bar for "hide": pages of at least this many results pages, from at least HIDE_ENGINES engines. */
export const HIDE_PLACES = 3;
export const HIDE_ENGINES = 2;

/** What Resemble's own evidence says of a site, apart from any list or override. */
export type OwnVerdict =
  /** Copies enough originals from enough sites on enough results pages, and is not itself copied as much. */
  | 'copycat'
  /** Enough other sites' pages copy its pages (the same bar as flagging): a source. */
  | 'copied'
  /** Enough evidence both ways: it neither flags nor clears. */
  | 'disputed'
  /** Not enough evidence either way. */
  | 'unknown';

export interface SiteVerdict {
  site: string;
  own: OwnVerdict;
  /** Distinct originals its pages copy, and how many per other site (most first). */
  originals: number;
  fromSites: { site: string; pages: number }[];
  /** Results pages (or runs) that evidence was measured on, and how many engines those pages came from. */
  places: number;
  engines: number;
  /** Its pages other sites copy, from how many sites, measured on how many results pages. */
  copiedBy: number;
  copiedBySites: number;
  copiedPlaces: number;
  /** Pairs with this site where no rule could tell who copied whom. */
  undecided: number;
  listedIn: string[];
  /** The addresses of the subscriptions among those lists (issue #30), when any: a name does not tell a subscription from an imported list. */
  listedSubs?: string[];
  user?: 'not-copycat' | 'marked';
  /**
   * The user's word is on a name that is not a site (a public suffix such as com, from an older version
   * or another device): never flagged nor matched, listed only so that it can be removed (issue #38).
   */
  notSite?: true;
  /** Whether results from it are labelled, and on what ground. */
  flagged: false | 'evidence' | 'marked' | 'listed';
  /** Whether "hide" may hide its results: marked by the user, listed by a list the user imported, or evidence past the stricter bar. */
  hide: boolean;
}

/** The engine of a results page's place key (`serp:<engine>:<query>`), none for a run. */
const engineOf = (place: string) => (place.startsWith('serp:') ? place.slice(5, place.indexOf(':', 5) >>> 0) : undefined);

interface Tally {
  /** Other site → its distinct pages on the other side of the pairs. */
  by: Map<string, Set<string>>;
  places: Set<string>;
}
const tallyOf = (m: Map<string, Tally>, site: string): Tally => {
  let t = m.get(site);
  if (!t) m.set(site, (t = { by: new Map(), places: new Set() }));
  return t;
};
function add(t: Tally, other: string, url: string, from: readonly string[] | undefined): void {
  const urls = t.by.get(other) ?? new Set<string>();
  t.by.set(other, urls.add(url));
  for (const p of from ?? []) t.places.add(p);
}
const pagesOf = (t: Tally | undefined) => [...(t?.by.values() ?? [])].reduce((n, s) => n + s.size, 0);
const enough = (t: Tally | undefined, rule: CopycatRule) => !!t && pagesOf(t) >= rule.minOriginals && t.by.size >= rule.minSites && t.places.size >= MIN_PLACES;

/**
 * The copycat rule (issue #28). Own evidence, from decided pairs only: a site is a copycat when its pages
 * copy at least `minOriginals` originals from at least `minSites` other sites, measured on at least
 * MIN_PLACES results pages; it is "copied" (a source, immune to lists) only on as much evidence the other
 * way; with both it is "disputed" and neither. Then, in order: the user's "not a copycat" beats
 * everything; "mark as copycat" flags; own evidence flags; a list flags unless own evidence clears the site.
 * Only sites with evidence or the user's word are judged: a listed site without either is looked up in
 * the packed lists where needed (copycatMarkOf), so a list of 250,000 sites costs nothing here.
 */
export function judgeSites(evidence: readonly Evidence[], overrides: Overrides, lists: readonly ImportedList[], rule: CopycatRule): Map<string, SiteVerdict> {
  const copier = new Map<string, Tally>(); // copy site → originals
  const source = new Map<string, Tally>(); // original site → copies
  const undecided = new Map<string, number>();
  for (const e of evidence) {
    if (e.by === 'undecided') {
      for (const s of [e.copy.site, e.original.site]) undecided.set(s, (undecided.get(s) ?? 0) + 1);
      continue;
    }
    add(tallyOf(copier, e.copy.site), e.original.site, e.original.url, e.from);
    add(tallyOf(source, e.original.site), e.copy.site, e.copy.url, e.from);
  }
  const notCopycat = new Set(overrides.notCopycat);
  const marked = new Set(overrides.marked);
  const sites = new Set<string>([...copier.keys(), ...source.keys(), ...undecided.keys(), ...notCopycat, ...marked]);
  const out = new Map<string, SiteVerdict>();
  for (const site of sites) {
    const c = copier.get(site);
    const o = source.get(site);
    const fromSites = [...(c?.by ?? [])].map(([s, urls]) => ({ site: s, pages: urls.size })).sort((x, y) => y.pages - x.pages || (x.site < y.site ? -1 : 1));
    const flags = enough(c, rule);
    const clears = enough(o, rule);
    const own: OwnVerdict = flags && clears ? 'disputed' : flags ? 'copycat' : clears ? 'copied' : 'unknown';
    const places = [...(c?.places ?? [])];
    const engines = new Set(places.map(engineOf).filter(Boolean)).size;
    const listedIn = listsOf(lists, site);
    const listedSubs = subsOf(lists, site);
    const user = notCopycat.has(site) ? 'not-copycat' : marked.has(site) ? 'marked' : undefined;
    const notSite = user !== undefined && !(rule.isSite ? rule.isSite(site) : site.includes('.'));
    const flagged: SiteVerdict['flagged'] =
      notSite || user === 'not-copycat'
        ? false
        : user === 'marked'
          ? 'marked'
          : own === 'copycat'
            ? 'evidence'
            : listedIn.length && own !== 'copied'
              ? 'listed'
              : false;
    const hide =
      flagged === 'marked' ||
      flagged === 'listed' ||
      (flagged === 'evidence' && (listedIn.length > 0 || (places.length >= HIDE_PLACES && engines >= HIDE_ENGINES)));
    out.set(site, {
      site,
      own,
      originals: pagesOf(c),
      fromSites,
      places: places.length,
      engines,
      copiedBy: pagesOf(o),
      copiedBySites: o?.by.size ?? 0,
      copiedPlaces: o?.places.size ?? 0,
      undecided: undecided.get(site) ?? 0,
      listedIn,
      ...(listedSubs.length ? { listedSubs } : {}),
      ...(user ? { user } : {}),
      ...(notSite ? { notSite: true as const } : {}),
      flagged,
      hide,
    });
  }
  return out;
}
