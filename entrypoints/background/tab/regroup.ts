/**
 * The one regroup of a tab, for each of its causes: the grouping's inputs changed (settings, "not a
 * copy") and the snippets are grouped again; or checked pages came in, and the stored snippet grouping
 * is composed with them (lib/tab/compose.ts). Either way the state is recorded and the page's groups
 * returned; the caller says them on the channel of its cause (an answer to the page's question, or a
 * `page/update`).
 */
import { MAX_RESOLVED_URL, type PageGroups, type ResolvedLink } from '../../../lib/tab/page-groups';
import type { GroupOutcome } from '../../../lib/group/results';
import type { TabState } from '../../../lib/tab/tab-state';
import { CHECK_BUDGET } from '../../../lib/fetch/budget';
import { readCompactSketch } from '../../../lib/store';
import type { SketchStore } from '../../../lib/store';
import type { PageEvidence } from '../../../lib/group/pages';
import { tellPage } from '../../../lib/tab/compose';
import { type CheckedPage, pageChanges } from '../../../lib/group/page-changes';
import { withPages } from '../../../lib/tab/with-pages';
import type { GroupingInputs } from '../../../lib/tab/inputs';
import type { TabView } from '../../../lib/tab/view';
import { type DeadAsk, looksLoaded, withAlternates } from '../lost/dead-looks';
import type { CheckProgress } from '../pages/tab-check';
import { sketchService } from '../worker/sketch-service';
import { storeFor } from '../worker/store-access';
import { mark, traced } from '../debug/trace';
import { deadAsk } from './dead-results';
import { doneState, groupTab } from './grouping';
import { readInputs } from './grouping-inputs';
import type { Tab } from './tab';

/** Page-check outcomes that make a result dead (issue #7): gone, a name that no longer resolves, a refused connection, a soft 404. */
export const DEAD_KINDS: ReadonlySet<string> = new Set(['gone', 'dns', 'connection', 'soft404']);

/**
 * The ranks whose checked page the tab's page may be told of (issue #28): while this service worker
 * checks the view, those released in rank order (lib/fetch/check-view.ts: the store's answers are never
 * shown before the fetches ranked above them); otherwise the view's first results within the budget
 * (lib/fetch/budget.ts), the only ones a check looks at. Results past them rest on their snippets alone.
 */
export function releasedRanks(tab: Pick<Tab, 'check'>, view: TabView): Set<number> {
  const running = tab.check.viewOf(view.url);
  if (running) return running.revealed();
  return new Set(
    [...view.results]
      .sort((a, b) => a.rank - b.rank)
      .slice(0, CHECK_BUDGET.perView)
      .map((r) => r.rank),
  );
}

const among = (view: TabView, ranks?: ReadonlySet<number>) => (ranks ? view.results.filter((r) => ranks.has(r.rank)) : view.results);

/**
 * What the store knows of the released results: their checked pages (for grouping) and which are dead,
 * with the live copies known for them (given a looker, those not looked for yet are looked for at once
 * in the local sources, issue #15). One read of the store for both.
 */
export async function storeEvidence(store: SketchStore, view: TabView, released: ReadonlySet<number> | undefined, ask: DeadAsk) {
  const shown = among(view, released);
  const recs = await store.getMany(shown.map((r) => r.url));
  const pages = new Map<number, PageEvidence>();
  const dead: { rank: number; kind: string }[] = [];
  // Pages with an earlier version kept (issue #40): compared once the groups are made.
  const versioned: CheckedPage[] = [];
  for (const r of shown) {
    const rec = recs.get(r.url);
    if (rec?.status && DEAD_KINDS.has(rec.status)) dead.push({ rank: r.rank, kind: rec.status });
    if (!rec?.page) continue;
    try {
      pages.set(r.rank, { sketch: readCompactSketch(rec.page), ...(rec.canonical ? { canonical: rec.canonical } : {}) });
      versioned.push({ rank: r.rank, page: rec.page, versions: rec.versions, changedAt: rec.changedAt, fetchedAt: rec.fetchedAt });
    } catch {
      // unreadable: the snippet speaks for it
    }
  }
  await looksLoaded();
  return { pages, dead: withAlternates(dead, view, ask), versioned };
}

/** Why the tab regroups: its inputs changed (snippets grouped again), or pages were checked (`checking`: how far, none once stopped). */
export type Cause = { kind: 'inputs' } | { kind: 'pages'; checking: CheckProgress | undefined };

export interface Regrouped {
  view: TabView;
  inputs: GroupingInputs;
  groups: PageGroups;
  /** Every page of the view is checked (a 'pages' regroup only). */
  final: boolean;
}

/**
 * The tab's groups again, for this cause (read when the regroup really starts, after the tab's queue:
 * a coalesced cause is its latest); undefined when the tab shows no results (or another view than its checks).
 */
export function regroup(tab: Tab, incognito: boolean, cause: Cause | (() => Cause)): Promise<Regrouped | undefined> {
  return tab.inOrder(() => traced('regroup', String(tab.id), () => regroupNow(tab, incognito, typeof cause === 'function' ? cause() : cause)));
}

async function regroupNow(tab: Tab, incognito: boolean, cause: Cause): Promise<Regrouped | undefined> {
  const [view, state, inputs] = await Promise.all([tab.view(), tab.state(), readInputs(incognito, cause.kind === 'inputs')]);
  if (!view?.results.length) return undefined;
  if (cause.kind === 'pages' && state.url !== view.url) return undefined;
  let outcome: GroupOutcome | undefined;
  let saveError: string | undefined;
  if (cause.kind === 'inputs') {
    outcome = await groupTab(sketchService(), view.results, inputs);
    saveError = await tab.saveView(view, outcome, false);
  } else outcome = await tab.snippetOutcome();
  if (!outcome) return undefined;
  // The progress as of now, matching the results released now (ticks are coalesced); none once stopped.
  const checking = cause.kind === 'pages' ? cause.checking && (tab.check.viewOf(view.url)?.progress ?? cause.checking) : state.checking;
  const final = cause.kind === 'pages' && (!checking || checking.done >= checking.total);
  const store = await storeFor(incognito);
  // Only what the tab's check released counts (issue #28): a regroup must not show the store's answers early.
  const { pages, dead, versioned } = await storeEvidence(store, view, releasedRanks(tab, view), deadAsk(sketchService(), tab, incognito, final));
  const groups = withPages(view, outcome, pages, inputs);
  // Pages changed since they were last checked, and the copies still holding a changed page's earlier version (issue #40).
  const changes = pageChanges(versioned, groups);
  const { changed, stale } = changes;
  const { progress: _working, ...kept } = state;
  const base: Omit<TabState, 'status' | 'results'> = { ...kept, tabId: tab.id, url: view.url, engine: view.engine, query: view.query };
  const next = doneState(base, view.results, outcome, inputs.settings);
  await traced('state', String(tab.id), () =>
    tab.setState({
      ...next,
      groups,
      dead,
      checking,
      changed: changed.length ? changed : undefined,
      stale: stale.length ? stale : undefined,
      ...(saveError ? { saveError } : {}),
    } as TabState),
  );
  mark('regrouped', String(tab.id));
  const told = tellPage(inputs.settings, groups, { checking, dead, changes });
  const resolved = resolvedLinks(view);
  return { view, inputs, groups: resolved.length ? { ...told, resolved } : told, final };
}

/**
 * The view's opaque results page checking followed (issue #41: `view.resolved`, whose addresses the
 * results already carry), as the page is told them so that its copycat labels name the final address's
 * site, as the popup's do: http(s) addresses the page's check takes (a longer one would cost the whole update).
 */
export function resolvedLinks(view: Pick<TabView, 'results' | 'resolved'>): ResolvedLink[] {
  const ends = new Set(Object.values(view.resolved ?? {}));
  if (!ends.size) return [];
  return view.results
    .filter((r) => ends.has(r.url) && /^https?:\/\//i.test(r.url) && r.url.length <= MAX_RESOLVED_URL)
    .map((r) => ({ rank: r.rank, url: r.url }));
}
