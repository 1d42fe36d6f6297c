import { browser } from 'wxt/browser';
import type { Payload, Replies, SenderContext } from '../../../lib/messages';
import { type ResultItem, withResolutions } from '../../../lib/group/result-item';
import type { EngineId } from '../../../lib/settings';
import type { SketchService } from '../worker/sketch-service';
import { readSettings } from '../settings/settings-item';
import { storeFor } from '../worker/store-access';
import { isStale, refreshBoilerplate } from './past-boilerplate';
import { PAST_BOILERPLATE_KEY, readPastBoilerplate } from '../../../lib/group/snippet-groups';
import { doneState, groupTab, serpRecord } from './tab-groups';
import { pageGroups } from '../../../lib/group/page-groups';
import { snippetPageGroups } from '../../../lib/group/snippet-groups';
import { getTabState, setTabState } from './tab-state';
import { type TabResults, inOrder, unsavedResults } from './tab-session';
import { tabKey } from './tab-keys';
import { sessionSet } from './session-space';
import type { GroupOutcome } from '../../../lib/group/results';
import { composeGroups, deadResults, releasedRanks, startChecks } from './tab-checks';
import { checkViewOf } from '../pages/page-check';
import { mark, traced } from '../debug/trace';
import { NOT_A_COPY_KEY, apartAmong } from '../../../lib/group/not-a-copy';
import { PRIVATE_KEY, choicesIn } from './not-a-copy';
import { noteOutcome } from '../engines/engine-outcomes';
import { outcomeOf } from '../../../lib/engines/outcomes';
import type { TabState } from '../../../lib/group/tab-state';

/** What the page showed before this batch plus this batch (a new view starts over). */
function merge(prev: TabResults | undefined, p: Payload<'page/results'>): TabResults {
  const sameView = prev && p.append && prev.url === p.url;
  // A batch asked again (its answer was lost with a stopped service worker) carries ranks already kept.
  const known = new Set(sameView ? prev.results.map((r) => r.rank) : []);
  const fresh = p.results.filter((r) => !known.has(r.rank));
  const reader = p.reader ?? (sameView ? prev.reader : undefined);
  // Opaque links already followed on this results page (issue #27) keep where they lead.
  const resolved = prev && prev.url === p.url ? prev.resolved : undefined;
  const results = sameView ? [...prev.results, ...withResolutions(fresh, resolved)] : withResolutions(p.results, resolved);
  return { url: p.url, engine: p.engine, query: p.query, results, ...(reader ? { reader } : {}), at: Date.now(), ...(resolved ? { resolved } : {}) };
}

/**
 * What grouping a tab needs, read at once: its results so far, the settings, and the cached
 * boilerplate (counted in the Worker when nothing is cached yet).
 */
async function inputs(service: SketchService, tabId: number, incognito: boolean) {
  const [session, local, settings] = await Promise.all([
    browser.storage.session.get([tabKey('results', tabId), PRIVATE_KEY]),
    browser.storage.local.get([PAST_BOILERPLATE_KEY, NOT_A_COPY_KEY]),
    readSettings(),
  ]);
  const got = { ...session, ...local };
  let boilerplate = readPastBoilerplate(got, settings.snippetShingle);
  const stale = boilerplate !== undefined && isStale(got, settings.snippetShingle);
  if (!boilerplate) boilerplate = await refreshBoilerplate(service, await storeFor(false), settings.snippetShingle).catch(() => undefined);
  // Results storage could not take are held in memory, and are newer than storage's.
  const prev = unsavedResults.get(tabId)?.results ?? (got[tabKey('results', tabId)] as TabResults | undefined);
  return { prev, settings, boilerplate, stale, notACopy: choicesIn(local, session, incognito) };
}

/** A result's title and snippet: what its snippet-level sketch is made of. */
const snippetText = (r: ResultItem) => `${r.title}\n${r.snippet}`;

type ResultsReply = Replies['page/results'];

/**
 * Results read by a content script: recorded for the tab (its id from the sender), grouped with
 * everything the page showed so far, and answered as soon as the groups are known; then each result
 * not yet sketched is sketched in the Worker and kept in the store, and the page in the recent pages.
 */
export function pageResults(service: SketchService, p: Payload<'page/results'>, ctx: SenderContext): Promise<ResultsReply> {
  return new Promise<ResultsReply>((resolve, reject) => {
    inOrder(ctx.tabId!, () => readResults(service, p, ctx, resolve)).then(resolve, reject);
  });
}

async function readResults(service: SketchService, p: Payload<'page/results'>, ctx: SenderContext, answer: (r: ResultsReply) => void) {
  const tabId = ctx.tabId!;
  mark('results-in', String(tabId));
  const base: Omit<TabState, 'status' | 'results'> = { tabId, url: p.url, engine: p.engine, query: p.query };
  const { prev, settings, boilerplate, stale, notACopy } = await inputs(service, tabId, ctx.incognito);
  // The content script does not wait for the settings: the engine being off is decided here.
  if (p.disabled || settings.engines[p.engine as EngineId] === false) {
    await setTabState({ ...base, results: 0, status: 'disabled' });
    return { accepted: 0, disabled: true };
  }
  const all = merge(prev, p);
  // How each engine's page was last read, for the options (issue #27): once per page, at its first batch.
  if (!p.append || all.results.length === 0) void noteOutcome(p.engine, outcomeOf(all.results.length, all.reader), ctx.incognito);
  if (all.results.length === 0) {
    const saveError = await saveResults(tabId, all);
    await setTabState({ ...base, results: 0, status: 'unreadable', ...(saveError ? { saveError } : {}) });
    return { accepted: 0 };
  }
  // The popup says when the page was read by its structure rather than the engine's definition.
  if (all.reader) base.reader = all.reader;
  // Pages are checked outside the tab's queue (seconds): later batches are not held up by them. They
  // start now, as the page's fetches are the longest wait of all (issue #14): their regroups queue
  // behind this batch, so they find its results and grouping stored.
  const checks = settings.pageChecking ? startChecks(service, tabId, ctx.incognito, { settings, all }).catch(() => undefined) : undefined;
  // The page waits for its groups: everything else (state, sketches, store) comes after the answer.
  const working = setTabState({ ...base, results: all.results.length, status: 'working', progress: { done: 0, total: all.results.length } });
  const apart = apartAmong(
    notACopy,
    all.results.map((r) => r.url),
  );
  const outcome = await traced('group', String(tabId), () => groupTab(service, all.results, boilerplate, settings, apart));
  const reply = { accepted: p.results.length, groups: snippetPageGroups(outcome, settings) };
  answer(reply);
  mark('answered', String(tabId));
  await working;
  const saveError = await saveResults(tabId, all, outcome);
  // This view's check (under way or done) keeps showing its progress and what the budget left out.
  const checking = checkViewOf(tabId, all.url)?.progress;
  await setTabState({ ...doneState(base, all.results, outcome, settings), ...(checking ? { checking } : {}), ...(saveError ? { saveError } : {}) });
  const store = await storeFor(ctx.incognito);
  const keep = () => traced('keep', String(tabId), () => keepSketches(service, store, p.results, settings));
  // With pages checked, the snippets are kept after, for the results whose page could not be read: a
  // page's sketch replaces its snippet's in the store, and the store's writes (each with its index
  // keys) are the slow part of checking a page: 10 writes while the page waits, not 20.
  if (checks) void checks.then(keep).catch(() => undefined);
  else await keep();
  await traced('serp', String(tabId), () => store.putSerp(serpRecord(all, outcome)).catch(() => undefined));
  if (!ctx.incognito && stale) await refreshBoilerplate(service, store, settings.snippetShingle).catch(() => undefined);
  return reply;
}

/**
 * Records the tab's results (and grouping) in storage.session, making room when it is full
 * (session-space.ts); what still does not fit is held in memory and the reason returned, for the tab
 * state to show. Nothing is retried later: the next batch tries again with everything.
 */
async function saveResults(tabId: number, all: TabResults, outcome?: GroupOutcome, resultsChanged = true): Promise<string | undefined> {
  // A regroup changes only the grouping: the results are written again only when storage lacks them.
  const withResults = resultsChanged || unsavedResults.has(tabId);
  try {
    await sessionSet({ ...(withResults ? { [tabKey('results', tabId)]: all } : {}), ...(outcome ? { [tabKey('snippets', tabId)]: outcome } : {}) }, tabId);
    unsavedResults.delete(tabId);
    return undefined;
  } catch (e) {
    unsavedResults.set(tabId, { results: all, ...(outcome ? { outcome } : {}) });
    return e instanceof Error ? e.message : String(e);
  }
}

/** Sketches results the store does not have yet (the cache is by URL) and keeps them. */
async function keepSketches(
  service: SketchService,
  store: Awaited<ReturnType<typeof storeFor>>,
  results: ResultItem[],
  settings: { snippetShingle: number; sketchSize: number },
) {
  // An opaque link (issue #27) is the engine's address, not the result's: nothing is kept under it.
  const sited = results.filter((r) => !r.unresolved);
  const known = await store.getMany(sited.map((r) => r.url));
  const todo = sited.filter((r) => !known.get(r.url)?.snippet && !known.get(r.url)?.page);
  if (!todo.length) return;
  const sketched = await service.sketch(
    todo.map((r) => ({ text: snippetText(r), format: 'text' as const })),
    {
      shingle: settings.snippetShingle,
      size: settings.sketchSize,
    },
  );
  const now = Date.now();
  for (const [i, r] of todo.entries()) {
    const res = sketched[i];
    if (res?.ok) await store.put({ url: r.url, title: r.title, snippet: res.bytes, firstSeen: now, lastSeen: now });
  }
}

/** The tab's groups again, under the current settings (they changed): from what the tab sent. */
export function regroupTab(service: SketchService, ctx: SenderContext): Promise<Replies['page/groups']> {
  const tabId = ctx.tabId!;
  return inOrder(tabId, async () => {
    const { prev: all, settings, boilerplate, notACopy } = await inputs(service, tabId, ctx.incognito);
    if (!all?.results.length) return null;
    const apart = apartAmong(
      notACopy,
      all.results.map((r) => r.url),
    );
    const outcome = await groupTab(service, all.results, boilerplate, settings, apart);
    const saveError = await saveResults(tabId, all, outcome, false);
    const store = await storeFor(ctx.incognito);
    // Only what the tab's check released counts (issue #28): a regroup must not show the store's answers early.
    const shown = releasedRanks(tabId, all);
    const [groups, dead, prev] = await Promise.all([
      composeGroups(store, all, outcome, settings, apart, shown),
      deadResults(store, all, { service, tabId, incognito: ctx.incognito }, shown),
      getTabState(tabId),
    ]);
    const base = { tabId, url: all.url, engine: all.engine, query: all.query, ...(all.reader ? { reader: all.reader } : {}) };
    await setTabState({
      ...doneState(base, all.results, outcome, settings),
      groups,
      dead,
      ...(prev.checking ? { checking: prev.checking } : {}),
      ...(saveError ? { saveError } : {}),
    });
    return pageGroups(settings, groups, { dead });
  });
}
