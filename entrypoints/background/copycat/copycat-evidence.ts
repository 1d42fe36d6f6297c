import { browser } from 'wxt/browser';
import { oneAtATime } from '../../../lib/async/one-at-a-time';
import { type MeasuredPair, type PairPage, evidenceOf } from '../../../lib/copycat/evidence';
import { mergeEvidence } from '../../../lib/copycat/merge';
import { ListsBudgetError, overBudget, packSites } from '../../../lib/copycat/listed';
import { serpPlace } from '../../../lib/copycat/places';
import { CHECK_BUDGET } from '../../../lib/fetch/budget';
import { copyPairs, type SketchedPage } from '../../../lib/copycat/pairs';
import {
  COPYCAT_EVIDENCE_KEY,
  COPYCAT_LISTS_KEY,
  COPYCAT_SITES_KEY,
  COPYCAT_UNLISTED_KEY,
  COPYCAT_USER_KEY,
  type CopycatState,
  type CopycatStored,
  copycatState,
  copycatTable,
  readStored,
  siteVerdict,
} from '../../../lib/copycat/table';
import type { LostReport } from '../../../lib/lost/report';
import type { Settings } from '../../../lib/settings';
import { type SketchStore, readCompactSketch } from '../../../lib/store';
import { readSettings } from '../../../shared/settings';
import { storeFor } from '../worker/store-access';
import { isSite, siteOf } from '../../../lib/copycat/site';
import type { TabView } from '../../../lib/tab/view';

const KEYS = [COPYCAT_EVIDENCE_KEY, COPYCAT_USER_KEY, COPYCAT_LISTS_KEY];

// One change at a time: two tabs' checks finishing together must not each write the evidence they read.
const serial = oneAtATime();

const rule = (s: Settings) => ({ minOriginals: s.copycatMinOriginals, minSites: s.copycatMinSites, isSite });

// The lists as last read or written: a 250,000-site list is read from storage once a worker's life, not at every evidence write.
let listsCache: CopycatStored['lists'] | undefined;

async function read(): Promise<CopycatStored> {
  const cached = listsCache;
  const s = readStored(await browser.storage.local.get(cached ? KEYS.filter((k) => k !== COPYCAT_LISTS_KEY) : KEYS));
  if (cached) return { ...s, lists: cached };
  listsCache = s.lists;
  return s;
}

// What the results pages' keys hold, as last written by this worker: unchanged, they are not written again,
// so a pair measured again does not make every open results page read its copycat keys (lists included).
let lastPageKeys: string | undefined;

/** Writes the changed parts and, when they changed, the results pages' table and unlisted sites derived from them. */
async function write(next: CopycatStored, changed: Partial<Record<string, unknown>>): Promise<CopycatState> {
  const settings = await readSettings();
  const { table, unlisted } = copycatTable(next, rule(settings));
  const pageKeys = JSON.stringify([table, unlisted]);
  const derived: Record<string, unknown> = pageKeys === lastPageKeys ? {} : { [COPYCAT_SITES_KEY]: table, [COPYCAT_UNLISTED_KEY]: unlisted };
  if (COPYCAT_LISTS_KEY in changed) listsCache = undefined; // read afresh, should the write fail
  lastPageKeys = undefined; // unknown until this write lands
  await browser.storage.local.set({ ...changed, ...derived });
  lastPageKeys = pageKeys;
  if (COPYCAT_LISTS_KEY in changed) listsCache = next.lists;
  return copycatState(next, rule(settings));
}

/**
 * After an update: everything written again in today's forms (lists packed, the per-site table without
 * list-only sites, evidence read as today's rules read it), so results pages do not read a table an
 * older version derived until the next measure.
 */
export const migrateCopycats = (): Promise<CopycatState> =>
  serial(async () => {
    const s = await read();
    return write(s, { [COPYCAT_EVIDENCE_KEY]: s.evidence, [COPYCAT_LISTS_KEY]: s.lists });
  });

/** The store's records of these pages (none when it cannot be read: the dates are then unknown, never guessed). */
async function firstSeenOf(urls: string[]): Promise<Map<string, { firstSeen: number }>> {
  try {
    return await (await storeFor(false)).getMany(urls);
  } catch {
    return new Map();
  }
}

/** When Resemble's store first saw each page, for pages whose caller did not say (issue #28: the store's date, never the time of a check). */
async function withFirstSeen(pairs: readonly MeasuredPair[]): Promise<MeasuredPair[]> {
  const unknown = [
    ...new Set(
      pairs
        .flatMap((p) => [p.a, p.b])
        .filter((x) => x.seen === undefined)
        .map((x) => x.url),
    ),
  ];
  if (!unknown.length) return [...pairs];
  const recs = await firstSeenOf(unknown);
  const dated = (x: PairPage): PairPage => (x.seen === undefined && recs.get(x.url) ? { ...x, seen: recs.get(x.url)!.firstSeen } : x);
  return pairs.map((p) => ({ ...p, a: dated(p.a), b: dated(p.b) }));
}

/**
 * Keeps evidence from measured pairs of pages (page checking, lost and found, "find copies"): a pair of
 * copies on two different sites becomes a record (lib/copycat/evidence says which is the original, or
 * that none can be told), noted with `from`, the results page or run it was measured on (lib/copycat/places).
 * Never from a private window: nothing of it is kept.
 */
export function noteCopies(pairs: readonly MeasuredPair[], o: { incognito: boolean; from: string }): Promise<number> {
  if (o.incognito || !pairs.length) return Promise.resolve(0);
  return serial(async () => {
    const settings = await readSettings();
    const now = Date.now();
    const t = { resemblance: settings.resemblanceThreshold, containment: settings.containmentThreshold };
    const added = (await withFirstSeen(pairs)).flatMap((p) => evidenceOf(p, t, now, o.from) ?? []);
    if (!added.length) return 0;
    const s = await read();
    const evidence = mergeEvidence(s.evidence, added);
    await write({ ...s, evidence }, { [COPYCAT_EVIDENCE_KEY]: evidence });
    return added.length;
  });
}

/** The copies among a checked results page's pages, as evidence (called once its checking is done). */
export async function noteTabCopies(store: SketchStore, all: TabView, settings: Settings, incognito: boolean): Promise<number> {
  if (incognito) return 0;
  // The checked results only (the budget's first ones by rank): pages the store holds from elsewhere are
  // not this page's to pair, and the pairs stay few.
  const checked = [...all.results].sort((a, b) => a.rank - b.rank).slice(0, CHECK_BUDGET.perView);
  const recs = await store.getMany(checked.map((r) => r.url));
  const pages: SketchedPage[] = checked.flatMap((r) => {
    const rec = recs.get(r.url);
    if (!rec?.page) return [];
    try {
      return [{ url: r.url, title: r.title, rank: r.rank, seen: rec.firstSeen, sketch: readCompactSketch(rec.page) }];
    } catch {
      return [];
    }
  });
  const pairs = copyPairs(pages, { resemblance: settings.resemblanceThreshold, containment: settings.containmentThreshold });
  return noteCopies(pairs, { incognito, from: serpPlace(all) });
}

/** One site's verdict and the pairs naming it (the options' "find a site"). */
export const findSite = (site: string) =>
  serial(async () => {
    const s = await read();
    const name = siteOf(site) ?? site.trim().toLowerCase();
    const verdict = siteVerdict(s, rule(await readSettings()), name) ?? null;
    return { verdict, evidence: s.evidence.filter((e) => e.copy.site === name || e.original.site === name) };
  });

export const readCopycats = (): Promise<CopycatState> => serial(async () => copycatState(await read(), rule(await readSettings())));

/** The thresholds changed: the table is derived again. */
export const rebuildCopycats = (): Promise<CopycatState> => serial(async () => write(await read(), {}));

export type SiteWord = 'not-copycat' | 'marked' | 'none';

/** The user's word on a site: "not a copycat", "mark as copycat", or neither (undone). */
export function setVerdict(site: string, verdict: SiteWord): Promise<CopycatState> {
  // Only a site takes a word (every caller checked it; this is the one writer, so it holds here too).
  if (verdict !== 'none' && !isSite(site)) return Promise.reject(new Error(`${site} is not a site`));
  return setVerdicts([{ site, verdict }]);
}

/**
 * Many words at once (another device's, issue #38): one read, one write and one notice to the open
 * results pages, however many; a word on a name that is not a site is passed over.
 */
export function setVerdicts(words: readonly { site: string; verdict: SiteWord }[]): Promise<CopycatState> {
  return serial(async () => {
    const s = await read();
    const notCopycat = new Set(s.user.notCopycat);
    const marked = new Set(s.user.marked);
    for (const { site, verdict } of words) {
      if (verdict !== 'none' && !isSite(site)) continue;
      notCopycat.delete(site);
      marked.delete(site);
      if (verdict === 'not-copycat') notCopycat.add(site);
      if (verdict === 'marked') marked.add(site);
    }
    const user = { notCopycat: [...notCopycat], marked: [...marked] };
    return write({ ...s, user }, { [COPYCAT_USER_KEY]: user });
  });
}

/** Imported lists kept at most (each replaces one of the same name); subscribed lists are bounded by lib/copycat/subscriptions. */
const MAX_LISTS = 20;

/** An imported list: replaces the imported list of that name (a subscribed list of the same name stays). */
export function addList(name: string, sites: string[]): Promise<CopycatState> {
  return serial(async () => {
    const s = await read();
    const imported = [...s.lists.filter((l) => !l.sub && l.name !== name), { name, at: Date.now(), ...packSites(sites) }].slice(-MAX_LISTS);
    const lists = [...imported, ...s.lists.filter((l) => l.sub)];
    withinBudget(lists);
    return write({ ...s, lists }, { [COPYCAT_LISTS_KEY]: lists });
  });
}

/** Every kept list together within LISTS_BUDGET (issue #38), or nothing is written and the caller is told. */
function withinBudget(lists: readonly CopycatStored['lists'][number][]): void {
  const over = overBudget(lists);
  if (over) throw new ListsBudgetError(over);
}

/** Forgets an imported list by name (a subscribed list goes only with its subscription: forgetSubList). */
export function forgetList(name: string): Promise<CopycatState> {
  return serial(async () => {
    const s = await read();
    const lists = s.lists.filter((l) => l.sub || l.name !== name);
    return write({ ...s, lists }, { [COPYCAT_LISTS_KEY]: lists });
  });
}

/**
 * A subscribed list's copy (issue #30), kept by its address beside the imported lists so results pages
 * label its sites "listed in <name>". `sites` undefined: only renamed (an edit keeps the copy and its date).
 */
export function setSubList(url: string, name: string, sites?: readonly string[]): Promise<CopycatState> {
  return serial(async () => {
    const s = await read();
    const old = s.lists.find((l) => l.sub === url);
    if (!sites && (!old || old.name === name)) return copycatState(s, rule(await readSettings()));
    const next = sites ? { name, at: Date.now(), ...packSites(sites), sub: url } : { ...old!, name };
    const lists = [...s.lists.filter((l) => l.sub !== url), next];
    if (sites) withinBudget(lists);
    return write({ ...s, lists }, { [COPYCAT_LISTS_KEY]: lists });
  });
}

/** The addresses of the subscribed lists whose copies are kept. */
export const subListUrls = (): Promise<string[]> => serial(async () => (await read()).lists.flatMap((l) => l.sub ?? []));

/** A subscription removed: its copy goes. */
export function forgetSubList(url: string): Promise<CopycatState> {
  return serial(async () => {
    const s = await read();
    if (!s.lists.some((l) => l.sub === url)) return copycatState(s, rule(await readSettings()));
    const lists = s.lists.filter((l) => l.sub !== url);
    return write({ ...s, lists }, { [COPYCAT_LISTS_KEY]: lists });
  });
}

/** Cleared with the cache: the evidence goes; the user's own verdicts and imported lists stay (they are choices, like settings). */
export const clearEvidence = (): Promise<CopycatState> => serial(async () => write({ ...(await read()), evidence: [] }, { [COPYCAT_EVIDENCE_KEY]: [] }));

/**
 * Lost and found's verified live copies of a dead page, as evidence. Measured is how much of the dead
 * page each copy holds, not the reverse: neither is taken as the fuller page. Both pages are dated by the
 * store's first sight of them (issue #28: a copy checked today may have been seen a month ago; one the
 * store never saw has no date, and its pair is undecided). Titles and snippets alone prove nothing, and an archive's copy is no other
 * site's page: both are left out.
 */
export async function noteLostCopies(report: LostReport): Promise<number> {
  if (!report.known || !report.hasSketch) return 0;
  const dead = { url: report.url, title: report.known.title, seen: report.known.firstSeen };
  const alts = report.alternates.filter((a) => a.basis === 'page' && a.source !== 'archive');
  const recs = await firstSeenOf(alts.map((a) => a.url));
  // A copy the store never saw has no date: the time of the check is no first sight (a scraper's dead page
  // seen yesterday must not become the original of a month-old page met only now), so such a pair is undecided.
  const pairs = alts.map((a) => ({
    a: dead,
    b: { url: a.url, title: a.title, seen: recs.get(a.url)?.firstSeen },
    resemblance: a.resemblance,
    aInB: a.containment,
    bInA: a.containment,
  }));
  return noteCopies(pairs, { incognito: false, from: `lost:${report.url}` });
}
