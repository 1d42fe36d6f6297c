/**
 * Results read by a content script (`page/results`): merged into the tab's view (lib/tab/view.ts),
 * grouped with lib/tab's functions (the content script's own), and answered as soon as the groups are
 * known; then each result not yet sketched is sketched in the Worker and kept in the store, and the
 * page in the recent pages.
 */
import type { Payload, Replies, SenderContext } from '../../../lib/messages';
import type { ResultItem } from '../../../lib/group/result-item';
import type { TabState } from '../../../lib/tab/tab-state';
import { outcomeOf } from '../../../lib/engines/outcomes';
import { tellPage } from '../../../lib/tab/compose';
import { engineOff } from '../../../lib/tab/inputs';
import { type TabView, mergeBatch } from '../../../lib/tab/view';
import type { Settings } from '../../../lib/settings';
import { mark, traced } from '../debug/trace';
import { noteOutcome } from '../engines/engine-outcomes';
import { type SketchService, sketchService } from '../worker/sketch-service';
import { storeFor } from '../worker/store-access';
import { refreshBoilerplate } from './past-boilerplate';
import { doneState, groupTab, serpRecord } from './grouping';
import { readInputs } from './grouping-inputs';
import { withSameAs } from './same-as';
import type { Tab } from './tab';
import { tabFor } from './tabs';

type ResultsReply = Replies['page/results'];

/** Starts checking a tab's pages (check-pages.ts's `startChecks`, given by the handler: its chain of imports is long). */
export type StartChecks = (tabId: number, incognito: boolean, given: { settings: Settings; view: TabView }) => Promise<void>;

export function pageResults(p: Payload<'page/results'>, ctx: SenderContext, startChecks: StartChecks): Promise<ResultsReply> {
  return new Promise<ResultsReply>((resolve, reject) => {
    const tab = tabFor(ctx.tabId!);
    tab.inOrder(() => readResults(sketchService(), tab, p, ctx, resolve, startChecks)).then(resolve, reject);
  });
}

async function readResults(
  service: SketchService,
  tab: Tab,
  p: Payload<'page/results'>,
  ctx: SenderContext,
  answer: (r: ResultsReply) => void,
  startChecks: StartChecks,
) {
  const tabId = tab.id;
  mark('results-in', String(tabId));
  const base: Omit<TabState, 'status' | 'results'> = { tabId, url: p.url, engine: p.engine, query: p.query };
  const [prev, inputs] = await Promise.all([tab.view(), readInputs(ctx.incognito)]);
  const { settings } = inputs;
  // The content script's settings may be older than these: the engine being off is decided here too, by the same function.
  if (p.disabled || engineOff(settings, p.engine)) {
    await tab.setState({ ...base, results: 0, status: 'disabled' });
    return { accepted: 0, disabled: true };
  }
  let view = mergeBatch(prev, p);
  // "Same as" cards the page said before this batch arrived (same-as.ts).
  const waiting = tab.sameAsWaiting;
  if (waiting?.url === view.url) {
    view = withSameAs(view, waiting.ranks);
    tab.sameAsWaiting = undefined;
  }
  // How each engine's page was last read, for the options (issue #27): once per page, at its first batch.
  if (!p.append || view.results.length === 0) void noteOutcome(p.engine, outcomeOf(view.results.length, view.reader), ctx.incognito);
  if (view.results.length === 0) {
    const saveError = await tab.saveView(view);
    await tab.setState({ ...base, results: 0, status: 'unreadable', ...(saveError ? { saveError } : {}) });
    return { accepted: 0 };
  }
  // The popup says when the page was read by its structure rather than the engine's definition.
  if (view.reader) base.reader = view.reader;
  // Pages are checked outside the tab's queue (seconds): later batches are not held up by them. They
  // start now, as the page's fetches are the longest wait of all (issue #14): their regroups queue
  // behind this batch, so they find its results and grouping stored.
  const checks = settings.pageChecking ? startChecks(tabId, ctx.incognito, { settings, view }).catch(() => undefined) : undefined;
  // The page waits for its groups: everything else (state, sketches, store) comes after the answer.
  const working = tab.setState({ ...base, results: view.results.length, status: 'working', progress: { done: 0, total: view.results.length } });
  const outcome = await traced('group', String(tabId), () => groupTab(service, view.results, inputs));
  const reply = { accepted: p.results.length, groups: tellPage(settings, outcome) };
  answer(reply);
  mark('answered', String(tabId));
  await working;
  const saveError = await tab.saveView(view, outcome);
  // This view's check (under way or done) keeps showing its progress and what the budget left out.
  const checking = tab.check.viewOf(view.url)?.progress;
  await tab.setState({ ...doneState(base, view.results, outcome, settings), ...(checking ? { checking } : {}), ...(saveError ? { saveError } : {}) });
  const store = await storeFor(ctx.incognito);
  const keep = () => traced('keep', String(tabId), () => keepSketches(service, store, p.results, settings));
  // With pages checked, the snippets are kept after, for the results whose page could not be read: a
  // page's sketch replaces its snippet's in the store, and the store's writes (each with its index
  // keys) are the slow part of checking a page: 10 writes while the page waits, not 20.
  if (checks) void checks.then(keep).catch(() => undefined);
  else await keep();
  await traced('serp', String(tabId), () => store.putSerp(serpRecord(view, outcome)).catch(() => undefined));
  if (!ctx.incognito && inputs.stale) await refreshBoilerplate(service, store, settings.snippetShingle).catch(() => undefined);
  return reply;
}

/** A result's title and snippet: what its snippet-level sketch is made of. */
const snippetText = (r: ResultItem) => `${r.title}\n${r.snippet}`;

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
    { shingle: settings.snippetShingle, size: settings.sketchSize },
  );
  const now = Date.now();
  for (const [i, r] of todo.entries()) {
    const res = sketched[i];
    if (res?.ok) await store.put({ url: r.url, title: r.title, snippet: res.bytes, firstSeen: now, lastSeen: now });
  }
}
