import { type CopycatRule, type ImportedList, type Overrides, type SiteVerdict, judgeSites } from './copycat';
import { type CopycatLookup, type SiteMark, siteMarks } from './marks';
import type { Evidence } from './evidence';
import { MAX_TITLE, MAX_URL, clip } from './clip';
import { listsOf, packSites, subsOf } from './listed';
import { type Check, arr, bool, check, fields, num, obj, oneOf, optional, str } from '../validate';

/**
 * Where the background keeps issue #19's state, in storage.local. The evidence, the user's overrides
 * and imported lists are read only by the background; `COPYCAT_SITES_KEY`, the flagged sites with their
 * label and detail, is derived from them and kept small, so that a results page reads it at
 * document_start without the background (as it reads the settings and the boilerplate, issue #17).
 */
export const COPYCAT_EVIDENCE_KEY = 'copycat:evidence';
export const COPYCAT_USER_KEY = 'copycat:user';
export const COPYCAT_LISTS_KEY = 'copycat:lists';
export const COPYCAT_SITES_KEY = 'copycat:sites';
/** Listed sites the lists do not flag (the user's "not a copycat", or own evidence of "copied"): read with the lists by results pages. */
export const COPYCAT_UNLISTED_KEY = 'copycat:unlisted';
/** What a results page reads to mark copycat sites. */
export const COPYCAT_PAGE_KEYS = [COPYCAT_SITES_KEY, COPYCAT_LISTS_KEY, COPYCAT_UNLISTED_KEY];

/** What the results page reads: flagged site → its label and evidence. */
export type CopycatTable = Record<string, SiteMark>;

/** Everything issue #19 keeps, as the options page and the popup are told it. */
export interface CopycatState {
  /** Judged sites (evidence or the user's word), then at most LISTED_SHOWN sites known from lists only. */
  sites: SiteVerdict[];
  /** Sites known from lists only and not in `sites` (the options find them by name: `siteVerdict`). */
  listedMore: number;
  evidence: Evidence[];
  /** `sub`: a subscribed list's address (issue #30); imported lists have none. */
  lists: { name: string; sites: number; at: number; sub?: string }[];
  user: Overrides;
}

export interface CopycatStored {
  evidence: Evidence[];
  user: Overrides;
  lists: ImportedList[];
}

const asList = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const strings = (v: unknown) => asList<unknown>(v).filter((x): x is string => typeof x === 'string');

/** A stored list: packed (issue #28), or an array of sites as versions before it kept them (packed on reading). */
function readList(l: unknown): ImportedList | undefined {
  const x = l as { name?: unknown; at?: unknown; sites?: unknown; sub?: unknown };
  if (typeof x?.name !== 'string') return undefined;
  const at = typeof x.at === 'number' ? x.at : 0;
  // A subscribed list names its address (issue #30): kept apart from an imported list of the same name.
  const sub = typeof x.sub === 'string' ? { sub: x.sub } : {};
  if (typeof x.sites === 'string') {
    // The stored count, when it is one (a results page must not split a 2 MB string to count it).
    const count = typeof (x as { count?: unknown }).count === 'number' ? (x as { count: number }).count : x.sites ? x.sites.split('\n').length : 0;
    return { name: x.name, at, count, sites: x.sites, ...sub };
  }
  if (Array.isArray(x.sites)) return { name: x.name, at, ...packSites(strings(x.sites)), ...sub };
  return undefined;
}

export const readLists = (v: unknown): ImportedList[] => asList<unknown>(v).flatMap((l) => readList(l) ?? []);

/** A stored record, clipped, its rule read as today's ('address' was never evidence: undecided). */
function readEvidence(e: Evidence): Evidence {
  const by = e.by === 'seen-first' || e.by === 'rank' || e.by === 'fuller' ? e.by : 'undecided';
  const page = (p: Evidence['copy']) => ({ url: clip(String(p.url), MAX_URL), title: clip(String(p.title ?? ''), MAX_TITLE), site: p.site });
  return { ...e, copy: page(e.copy), original: page(e.original), by, ...(Array.isArray(e.from) ? { from: strings(e.from) } : {}) };
}

/** The stored parts, any missing or unusable one as empty (storage written by an older version, or hand-edited). */
export function readStored(got: Record<string, unknown>): CopycatStored {
  const u = got[COPYCAT_USER_KEY] as Partial<Overrides> | undefined;
  return {
    evidence: asList<Evidence>(got[COPYCAT_EVIDENCE_KEY])
      .filter(
        (e) =>
          typeof e?.copy?.site === 'string' && typeof e?.original?.site === 'string' && typeof e.copy.url === 'string' && typeof e.original.url === 'string',
      )
      .map(readEvidence),
    user: { notCopycat: strings(u?.notCopycat), marked: strings(u?.marked) },
    lists: readLists(got[COPYCAT_LISTS_KEY]),
  };
}

/** Sites known from lists only that the state carries: the options show them; the rest they find by name. */
export const LISTED_SHOWN = 200;

/** A site no evidence or word of the user's judges: what its lists say. */
export const listedVerdict = (site: string, listedIn: string[], listedSubs: string[] = []): SiteVerdict => ({
  site,
  own: 'unknown',
  originals: 0,
  fromSites: [],
  places: 0,
  engines: 0,
  copiedBy: 0,
  copiedBySites: 0,
  copiedPlaces: 0,
  undecided: 0,
  listedIn,
  ...(listedSubs.length ? { listedSubs } : {}),
  flagged: listedIn.length ? 'listed' : false,
  hide: listedIn.length > 0,
});

/** The first `n` lines of a packed list (no split of a 4 MB string for 200 names). */
function firstLines(packed: string, n: number): string[] {
  const out: string[] = [];
  for (let at = 0; at < packed.length && out.length < n; ) {
    const nl = packed.indexOf('\n', at);
    const end = nl < 0 ? packed.length : nl;
    out.push(packed.slice(at, end));
    at = end + 1;
  }
  return out;
}

/** Sites by verdict: flagged first, then the rest by name; then the first listed-only sites by name. Lists as their names and sizes. */
export function copycatState(s: CopycatStored, rule: CopycatRule): CopycatState {
  const judged = judgeSites(s.evidence, s.user, s.lists, rule);
  const sites = [...judged.values()].sort((a, b) => Number(!a.flagged) - Number(!b.flagged) || (a.site < b.site ? -1 : 1));
  const firsts = [...new Set(s.lists.flatMap((l) => firstLines(l.sites, LISTED_SHOWN + judged.size)))].filter((x) => !judged.has(x)).sort();
  const shown = firsts.slice(0, LISTED_SHOWN).map((x) => listedVerdict(x, listsOf(s.lists, x), subsOf(s.lists, x)));
  const listedTotal = s.lists.reduce((n, l) => n + l.count, 0); // overlaps counted once per list: an upper bound
  const listedJudged = sites.filter((v) => v.listedIn.length).length;
  return {
    sites: [...sites, ...shown],
    listedMore: Math.max(0, listedTotal - listedJudged - shown.length),
    evidence: s.evidence,
    lists: s.lists.map((l) => ({ name: l.name, sites: l.count, at: l.at, ...(l.sub && { sub: l.sub }) })),
    user: s.user,
  };
}

/** One site's verdict, judged or from its lists (the options' "find a site"). */
export function siteVerdict(s: CopycatStored, rule: CopycatRule, site: string): SiteVerdict | undefined {
  const v = judgeSites(s.evidence, s.user, s.lists, rule).get(site);
  if (v) return v;
  const names = listsOf(s.lists, site);
  return names.length ? listedVerdict(site, names, subsOf(s.lists, site)) : undefined;
}

/** What the results pages read: the marks of judged sites, and the listed sites the lists do not flag. */
export function copycatTable(s: CopycatStored, rule: CopycatRule): { table: CopycatTable; unlisted: string[] } {
  const verdicts = judgeSites(s.evidence, s.user, s.lists, rule);
  const unlisted = [...verdicts.values()].filter((v) => v.listedIn.length && !v.flagged).map((v) => v.site);
  return { table: siteMarks(verdicts, s.evidence), unlisted };
}

const url = str({ max: 4096 });
const factsCheck = obj({
  flagged: oneOf('evidence', 'marked', 'listed'),
  originals: num({ min: 0 }),
  fromSites: arr(str({ max: 300 }), { max: 3 }),
  listedIn: arr(str({ max: 300 }), { max: 50 }),
  pairs: arr(obj({ copy: url, original: url, resemblance: num({ min: 0, max: 1 }), copyInOriginal: num({ min: 0, max: 1 }), lastAt: num({ min: 0 }) }), {
    max: 5,
  }),
  more: num({ min: 0 }),
  hide: optional(bool()),
});
const markCheck: Check<SiteMark> = fields({ label: str({ max: 500 }), detail: str({ max: 5000 }), facts: optional(factsCheck) });

/** The table as a results page reads it from storage: only well-formed entries (it ends up on the page, as text). */
export function readTable(got: Record<string, unknown>): CopycatTable {
  const raw = got[COPYCAT_SITES_KEY];
  if (typeof raw !== 'object' || raw === null) return {};
  const out: CopycatTable = {};
  for (const [site, m] of Object.entries(raw)) {
    const c = check(markCheck, clipMark(m));
    if (c.ok) out[site] = { label: c.value.label, detail: c.value.detail, ...(c.value.facts ? { facts: c.value.facts } : {}) };
  }
  return out;
}

/** Clipped before it is checked: an overlong mark loses its tail, not its label (a copycat must not escape its label by long URLs). */
function clipMark(m: unknown): unknown {
  const x = m as Partial<SiteMark> | null;
  if (typeof x !== 'object' || x === null) return m;
  const f = x.facts;
  const facts =
    f && typeof f === 'object'
      ? {
          ...f,
          fromSites: Array.isArray(f.fromSites) ? f.fromSites.slice(0, 3).map((s) => clip(String(s), 300)) : f.fromSites,
          listedIn: Array.isArray(f.listedIn) ? f.listedIn.slice(0, 50).map((s) => clip(String(s), 300)) : f.listedIn,
          pairs: Array.isArray(f.pairs)
            ? f.pairs.slice(0, 5).map((p) => ({ ...p, copy: clip(String(p?.copy), 4096), original: clip(String(p?.original), 4096) }))
            : f.pairs,
        }
      : f;
  return {
    ...x,
    label: typeof x.label === 'string' ? clip(x.label, 500) : x.label,
    detail: typeof x.detail === 'string' ? clip(x.detail, 5000) : x.detail,
    ...(facts ? { facts } : {}),
  };
}

/** Everything a results page (or the popup) looks a result's site up in, from storage as read. */
export function readLookup(got: Record<string, unknown>): CopycatLookup {
  return { table: readTable(got), lists: readLists(got[COPYCAT_LISTS_KEY]), unlisted: strings(got[COPYCAT_UNLISTED_KEY]) };
}
