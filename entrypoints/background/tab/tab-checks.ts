import { browser } from 'wxt/browser';
import type { GroupOutcome } from '../../../lib/group/results';
import { type PageEvidence, type PageGroup, fromSnippets, groupWithPages } from '../../../lib/group/pages';
import { siteOf } from '../../../lib/copycat/site';
import { type DeadResult, pageGroups } from '../../../lib/group/page-groups';
import type { Settings } from '../../../lib/settings';
import { type SketchStore, readCompactSketch } from '../../../lib/store';
import { type Looker, looksLoaded, withAlternates } from '../pages/dead-alternates';
import { type CheckProgress, checkTab, checkViewOf, hasPageAccess } from '../pages/page-check';
import { CHECK_BUDGET } from '../../../lib/fetch/budget';
import { Coalescer } from '../../../lib/group/coalesce';
import { linkable } from '../../../lib/group/linkable';
import { readSettings } from '../settings/settings-item';
import type { SketchService } from '../worker/sketch-service';
import { storeFor } from '../worker/store-access';
import { type TabResults, inOrder, resolveResult, snippetOutcome, tabResults } from './tab-session';
import { parseTabKey, tabKey } from './tab-keys';
import { getTabState, setTabState } from './tab-state';
import { sessionSet } from './session-space';
import { mark, traced } from '../debug/trace';
import { tellTab } from '../messages/router';
import { apartFor } from './not-a-copy';
import { noteTabCopies } from '../copycat/copycat-evidence';

/** Page-check outcomes that make a result dead (issue #7): gone, a name that no longer resolves, a refused connection, a soft 404. */
export const DEAD_KINDS: ReadonlySet<string> = new Set(['gone', 'dns', 'connection', 'soft404']);

/**
 * The ranks whose checked page the tab's page may be told of (issue #28): while this service worker
 * checks the view, those released in rank order (lib/fetch/check-view.ts: the store's answers are never
 * shown before the fetches ranked above them); otherwise the view's first results within the budget
 * (lib/fetch/budget.ts), the only ones a check looks at. Results past them rest on their snippets alone,
 * whatever the store remembers of them: what it remembers is not the page's to learn.
 */
export function releasedRanks(tabId: number, all: TabResults): Set<number> {
  const running = checkViewOf(tabId, all.url);
  if (running) return running.revealed();
  return new Set(
    [...all.results]
      .sort((a, b) => a.rank - b.rank)
      .slice(0, CHECK_BUDGET.perView)
      .map((r) => r.rank),
  );
}

/** The results of `all` among `ranks` (all of them when none given). */
const among = (all: TabResults, ranks?: ReadonlySet<number>) => (ranks ? all.results.filter((r) => ranks.has(r.rank)) : all.results);

/**
 * The tab's results whose last page check found them dead, with the live copies known for them. Given a
 * looker, those not looked for yet are looked for at once in the local sources (issue #15: dead-alternates).
 * Only the results among `released` (releasedRanks; all when not given) are read.
 */
export async function deadResults(store: SketchStore, all: TabResults, looker?: Looker, released?: ReadonlySet<number>): Promise<DeadResult[]> {
  const shown = among(all, released);
  const recs = await store.getMany(shown.map((r) => r.url));
  const dead = shown.flatMap((r) => {
    const status = recs.get(r.url)?.status;
    return status && DEAD_KINDS.has(status) ? [{ rank: r.rank, kind: status }] : [];
  });
  await looksLoaded();
  return withAlternates(dead, all, looker);
}

/**
 * The tab's groups with what its checked pages say (snippet groups alone when no page is known). Only
 * the pages of `released` results count (releasedRanks; all when not given).
 */
export async function composeGroups(
  store: SketchStore,
  all: TabResults,
  outcome: GroupOutcome,
  settings: Settings,
  apart: readonly string[] = [],
  released?: ReadonlySet<number>,
): Promise<PageGroup[]> {
  const shown = among(all, released);
  const recs = await store.getMany(shown.map((r) => r.url));
  const pages = new Map<number, PageEvidence>();
  for (const r of shown) {
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
  return groupWithPages(linkable(all.results, outcome, pages, settings.resemblanceThreshold), outcome, pages, {
    threshold: settings.resemblanceThreshold,
    containment: settings.containmentThreshold,
    ...(apart.length ? { apart: new Set(apart) } : {}),
    sameSite: oneSite,
  });
}

type Checking = CheckProgress | undefined;

/**
 * Regroups the tab with its pages, records the state and tells the page (which may have gone: then
 * nothing). Pages finishing while a regroup waits its turn share the next one, and a regroup starts
 * no sooner than twice the last one's length after it (lib/group/coalesce.ts): each regroup reads the
 * store, writes storage.session and messages the tab, and one per page queued up behind the checks
 * (issue #14) and kept the background busy for most of a long page's check (issue #28).
 */
const regroups = new Coalescer<{ looker: Looker; store: SketchStore; checking: Checking }>((tabId, take) => {
  mark('refresh-asked', String(tabId));
  return inOrder(tabId, () => {
    const { looker, store, checking } = take();
    return traced('refresh', String(tabId), () => regroup(looker, store, checking));
  });
});

function refresh(looker: Looker, store: SketchStore, checking: Checking): Promise<void> {
  return regroups.ask(looker.tabId, { looker, store, checking });
}

async function regroup(looker: Looker, store: SketchStore, asked: Checking): Promise<void> {
  const { tabId } = looker;
  const key = String(tabId);
  const [all, outcome, settings, state] = await Promise.all([tabResults(tabId), snippetOutcome(tabId), readSettings(), getTabState(tabId)]);
  if (!all || !outcome || state.url !== all.url) return;
  const apart = await apartFor(all.results, looker.incognito);
  // The progress as of now, matching the results released now (ticks are coalesced); none once stopped.
  const checking = asked && (checkViewOf(tabId, all.url)?.progress ?? asked);
  const final = !checking || checking.done >= checking.total;
  const shown = releasedRanks(tabId, all);
  const [groups, dead] = await traced('regroup', key, () =>
    Promise.all([composeGroups(store, all, outcome, settings, apart, shown), deadResults(store, all, { ...looker, final }, shown)]),
  );
  await traced('state', key, () => setTabState({ ...state, groups, checking, dead }));
  // Every page checked: the copies across sites among them are evidence of copycat sites (issue #19), off the page's path.
  if (final) void noteTabCopies(store, all, settings, looker.incognito).catch(() => 0);
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
  let last: CheckProgress = { done: 0, total: 0 };
  const looker = { service, tabId, incognito };
  try {
    const store = await storeFor(incognito);
    await checkTab(service, store, tabId, all.url, all.results, settings, {
      progress: (p) => refresh(looker, store, (last = p)),
      resolved: (from, to) => resolveResult(tabId, all.url, from, to),
      incognito,
    });
    // Stopped before the end (page checking turned off, access taken back): no progress left showing,
    // unless the tab shows another view by now (its own check says how far it is).
    if (last.done < last.total && checkViewOf(tabId, all.url) === undefined && (await tabResults(tabId))?.url === all.url)
      await refresh(looker, store, undefined);
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
