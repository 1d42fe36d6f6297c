import { browser } from 'wxt/browser';
import type { GroupOutcome } from '../../lib/group/results';
import { type PageEvidence, type PageGroup, fromSnippets, groupWithPages } from '../../lib/group/pages';
import { siteOf } from '../../lib/copycat/site';
import { type DeadResult, pageGroups } from '../../lib/group/page-groups';
import type { Settings } from '../../lib/settings';
import { type SketchStore, readCompactSketch } from '../../lib/store';
import { type Looker, looksLoaded, withAlternates } from './dead-alternates';
import { checkTab, hasPageAccess } from './page-check';
import { readSettings } from './settings-item';
import type { SketchService } from './sketch-service';
import { storeFor } from './store-access';
import { type TabResults, inOrder, resolveResult, snippetOutcome, tabResults } from './tab-session';
import { parseTabKey, tabKey } from './tab-keys';
import { getTabState, setTabState } from './tab-state';
import { sessionSet } from './session-space';
import { mark, traced } from './trace';
import { tellTab } from './router';
import { apartFor } from './not-a-copy';
import { noteTabCopies } from './copycat-evidence';

/** Page-check outcomes that make a result dead (issue #7): gone, a name that no longer resolves, a refused connection, a soft 404. */
export const DEAD_KINDS: ReadonlySet<string> = new Set(['gone', 'dns', 'connection', 'soft404']);

/**
 * The tab's results whose last page check found them dead, with the live copies known for them. Given a
 * looker, those not looked for yet are looked for at once in the local sources (issue #15: dead-alternates).
 */
export async function deadResults(store: SketchStore, all: TabResults, looker?: Looker): Promise<DeadResult[]> {
  const recs = await store.getMany(all.results.map((r) => r.url));
  const dead = all.results.flatMap((r) => {
    const status = recs.get(r.url)?.status;
    return status && DEAD_KINDS.has(status) ? [{ rank: r.rank, kind: status }] : [];
  });
  await looksLoaded();
  return withAlternates(dead, all, looker);
}

/** The tab's groups with what its checked pages say (snippet groups alone when no page is known). */
export async function composeGroups(store: SketchStore, all: TabResults, outcome: GroupOutcome, settings: Settings, apart: readonly string[] = []): Promise<PageGroup[]> {
  const recs = await store.getMany(all.results.map((r) => r.url));
  const pages = new Map<number, PageEvidence>();
  for (const r of all.results) {
    const rec = recs.get(r.url);
    if (!rec?.page) continue;
    try {
      pages.set(r.rank, { sketch: readCompactSketch(rec.page), ...(rec.canonical ? { canonical: rec.canonical } : {}) });
    } catch {
      // unreadable: the snippet speaks for it
    }
  }
  // Opaque links followed since the snippets were grouped (issue #27) may have led to the same address:
  // grouping with the addresses as they are now says so, pages or not.
  if (!pages.size && !all.resolved) return fromSnippets(outcome);
  return groupWithPages(all.results, outcome, pages, {
    threshold: settings.resemblanceThreshold,
    containment: settings.containmentThreshold,
    ...(apart.length ? { apart: new Set(apart) } : {}),
    sameSite: oneSite,
  });
}

/** Per tab, a regroup asked for and not started yet: progress coming meanwhile joins it (the latest counts). */
const waiting = new Map<number, { checking: { done: number; total: number } | undefined; done: Promise<void> }>();

/**
 * Regroups the tab with its pages, records the state and tells the page (which may have gone: then
 * nothing). Pages finishing while a regroup waits its turn share the next one: each regroup reads the
 * store, writes storage.session and messages the tab, and one per page would queue up behind the
 * checks (issue #14); the one that runs reads everything stored so far.
 */
function refresh(looker: Looker, store: SketchStore, checking: { done: number; total: number } | undefined): Promise<void> {
  const { tabId } = looker;
  const queued = waiting.get(tabId);
  if (queued) {
    queued.checking = checking;
    return queued.done;
  }
  const entry = { checking, done: Promise.resolve() };
  waiting.set(tabId, entry);
  mark('refresh-asked', String(tabId));
  entry.done = inOrder(tabId, () => {
    if (waiting.get(tabId) === entry) waiting.delete(tabId);
    return traced('refresh', String(tabId), () => regroup(looker, store, entry.checking));
  });
  return entry.done;
}

async function regroup(looker: Looker, store: SketchStore, checking: { done: number; total: number } | undefined): Promise<void> {
  const { tabId } = looker;
  const key = String(tabId);
  const [all, outcome, settings, state] = await Promise.all([tabResults(tabId), snippetOutcome(tabId), readSettings(), getTabState(tabId)]);
  if (!all || !outcome || state.url !== all.url) return;
  const apart = await apartFor(all.results, looker.incognito);
  const [groups, dead] = await traced('regroup', key, () => Promise.all([composeGroups(store, all, outcome, settings, apart), deadResults(store, all, { ...looker, final: !checking || checking.done >= checking.total })]));
  await traced('state', key, () => setTabState({ ...state, groups, checking, dead }));
  // Every page checked: the copies across sites among them are evidence of copycat sites (issue #19), off the page's path.
  if (!checking || checking.done >= checking.total) void noteTabCopies(store, all, settings, looker.incognito).catch(() => 0);
  const payload = pageGroups(settings, groups, { checking, dead });
  await traced('send', key, () => tellTab(tabId, 'page/update', payload));
}

/**
 * Checks the pages of the tab's results when page checking is on and its host access granted; the
 * groups are refined as pages come in. Marked in storage.session so that a service worker stopped
 * mid-run resumes (`resumeChecks`): records finished before are fresh and are not fetched again.
 */
export async function startChecks(service: SketchService, tabId: number, incognito: boolean, given?: { settings: Settings; all: TabResults }): Promise<void> {
  mark('checks-start', String(tabId));
  // A batch just read hands over what it has (its results may not be in storage yet): no wait for it.
  const [settings, all] = given ? [given.settings, given.all] : await Promise.all([readSettings(), tabResults(tabId)]);
  if (!settings.pageChecking || !all?.results.length || !(await hasPageAccess())) return;
  // Only for resuming after a restart: the checks run even when storage has no room for the mark, and
  // do not wait for it (it is written long before the first page is fetched and checked).
  const marked = sessionSet({ [tabKey('check', tabId)]: { url: all.url, incognito } }, tabId).catch(() => undefined);
  let last = { done: 0, total: 0 };
  const looker = { service, tabId, incognito };
  try {
    const store = await storeFor(incognito);
    await checkTab(service, store, tabId, all.results, settings, {
      progress: (done, total) => refresh(looker, store, (last = { done, total })),
      resolved: (from, to) => resolveResult(tabId, all.url, from, to),
    });
    // Stopped before the end (page checking turned off, access taken back): no progress left showing.
    if (last.done < last.total) await refresh(looker, store, undefined);
  } finally {
    await marked;
    const now = await tabResults(tabId);
    if (now?.url === all.url) await browser.storage.session.remove(tabKey('check', tabId));
  }
}

/** After a service-worker restart: the checks that were running go on from what is not yet stored. */
export async function resumeChecks(service: SketchService): Promise<void> {
  const all = await browser.storage.session.get(null);
  for (const [k, v] of Object.entries(all)) {
    const t = parseTabKey(k);
    if (t?.kind === 'check') void startChecks(service, t.tabId, (v as { incognito?: boolean })?.incognito === true);
  }
}

/** Two addresses of one site (the Public Suffix List's registrable domain): a canonical link is trusted there. */
function oneSite(a: string, b: string): boolean {
  const sa = siteOf(a);
  return sa !== undefined && sa === siteOf(b);
}
