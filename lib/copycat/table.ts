import { type CopycatRule, type ImportedList, type Overrides, type SiteMark, type SiteVerdict, judgeSites, siteMarks } from './copycat';
import type { Evidence } from './evidence';
import { type Check, arr, check, fields, num, obj, oneOf, optional, str } from '../validate';

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

/** What the results page reads: flagged site → its label and evidence. */
export type CopycatTable = Record<string, SiteMark>;

/** Everything issue #19 keeps, as the options page and the popup are told it. */
export interface CopycatState {
  sites: SiteVerdict[];
  evidence: Evidence[];
  lists: { name: string; sites: number; at: number }[];
  user: Overrides;
}

export interface CopycatStored {
  evidence: Evidence[];
  user: Overrides;
  lists: ImportedList[];
}

const asList = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/** The stored parts, any missing or unusable one as empty (storage written by an older version, or hand-edited). */
export function readStored(got: Record<string, unknown>): CopycatStored {
  const u = got[COPYCAT_USER_KEY] as Partial<Overrides> | undefined;
  const strings = (v: unknown) => asList<unknown>(v).filter((x): x is string => typeof x === 'string');
  return {
    evidence: asList<Evidence>(got[COPYCAT_EVIDENCE_KEY]).filter((e) => typeof e?.copy?.site === 'string' && typeof e?.original?.site === 'string'),
    user: { notCopycat: strings(u?.notCopycat), marked: strings(u?.marked) },
    lists: asList<ImportedList>(got[COPYCAT_LISTS_KEY]).filter((l) => typeof l?.name === 'string' && Array.isArray(l.sites)),
  };
}

/** Sites by verdict: flagged first, then the rest by name. */
export function copycatState(s: CopycatStored, rule: CopycatRule): CopycatState {
  const sites = [...judgeSites(s.evidence, s.user, s.lists, rule).values()].sort((a, b) => Number(!a.flagged) - Number(!b.flagged) || (a.site < b.site ? -1 : 1));
  return { sites, evidence: s.evidence, lists: s.lists.map((l) => ({ name: l.name, sites: l.sites.length, at: l.at })), user: s.user };
}

/** The results pages' table. */
export function copycatTable(s: CopycatStored, rule: CopycatRule): CopycatTable {
  return siteMarks(judgeSites(s.evidence, s.user, s.lists, rule), s.evidence);
}

const url = str({ max: 4096 });
const factsCheck = obj({
  flagged: oneOf('evidence', 'marked', 'listed'),
  originals: num({ min: 0 }),
  fromSites: arr(str({ max: 300 }), { max: 3 }),
  listedIn: arr(str({ max: 300 }), { max: 50 }),
  pairs: arr(obj({ copy: url, original: url, resemblance: num({ min: 0, max: 1 }), copyInOriginal: num({ min: 0, max: 1 }), lastAt: num({ min: 0 }) }), { max: 5 }),
  more: num({ min: 0 }),
});
const markCheck: Check<SiteMark> = fields({ label: str({ max: 500 }), detail: str({ max: 5000 }), facts: optional(factsCheck) });

/** The table as a results page reads it from storage: only well-formed entries (it ends up on the page, as text). */
export function readTable(got: Record<string, unknown>): CopycatTable {
  const raw = got[COPYCAT_SITES_KEY];
  if (typeof raw !== 'object' || raw === null) return {};
  const out: CopycatTable = {};
  for (const [site, m] of Object.entries(raw)) {
    const c = check(markCheck, m);
    if (c.ok) out[site] = { label: c.value.label, detail: c.value.detail, ...(c.value.facts ? { facts: c.value.facts } : {}) };
  }
  return out;
}
