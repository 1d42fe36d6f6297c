/**
 * A tab's view (lib/tab/view.ts) and its snippet grouping, kept in storage.session: they survive a
 * stopped service worker and go when the browser closes. What storage cannot take (full) is held in
 * memory while this worker lives, and the tab's state says why.
 */
import { browser } from 'wxt/browser';
import type { GroupOutcome } from '../../../lib/group/results';
import { type TabView, withResolved } from '../../../lib/tab/view';
import { droppedListeners, sessionSet } from './session-space';
import { tabKey } from './tab-keys';

/**
 * A tab's results and grouping that storage.session could not take (full): kept here while the
 * service worker lives, so that the page's next batch extends them rather than starting over.
 */
export const unsavedResults = new Map<number, { results: TabView; outcome?: GroupOutcome }>();

/**
 * What this service worker last wrote or read of each tab (storage.session is written through, and read
 * only by a worker that has just started): each regroup of a checked page read the tab's view and
 * grouping from storage, about a third of its time (issue #29). Dropped with the tab (forget-tab.ts).
 */
type Kept = { view?: TabView; outcome?: GroupOutcome };
const kept = new Map<number, Kept>();

async function read<K extends keyof Kept>(tabId: number, which: K): Promise<Kept[K]> {
  const held = unsavedResults.get(tabId); // newer than what storage has: a write that succeeds drops it
  if (held) return (which === 'view' ? held.results : held.outcome) as Kept[K];
  const mine = kept.get(tabId);
  if (mine && which in mine) return mine[which];
  const key = tabKey(which === 'view' ? 'results' : 'snippets', tabId);
  const got = (await browser.storage.session.get(key))[key];
  kept.set(tabId, { ...kept.get(tabId), [which]: got });
  return got as Kept[K];
}

export const tabResults = (tabId: number): Promise<TabView | undefined> => read(tabId, 'view');
export const snippetOutcome = (tabId: number): Promise<GroupOutcome | undefined> => read(tabId, 'outcome');

// Storage dropped the tab's records to make room for another's: this copy goes too (the tab's state says so).
droppedListeners.add((tabId) => kept.delete(tabId));

/** A tab that is gone: nothing of it is held here any more. */
export function forgetTabSession(tabId: number): void {
  unsavedResults.delete(tabId);
  kept.delete(tabId);
}

/**
 * Records the tab's view and (when given) its snippet grouping, making room when storage is full
 * (session-space.ts); what still does not fit is held in memory and the reason returned, for the tab
 * state to show. Nothing is retried later: the next batch tries again with everything.
 */
export async function saveView(tabId: number, view: TabView, outcome?: GroupOutcome, viewChanged = true): Promise<string | undefined> {
  // A regroup changes only the grouping: the view is written again only when storage lacks it.
  const held = unsavedResults.get(tabId);
  const withView = viewChanged || held !== undefined;
  // A grouping held in memory (an earlier write failed) goes with this write.
  const keep = outcome ?? held?.outcome;
  try {
    await sessionSet({ ...(withView ? { [tabKey('results', tabId)]: view } : {}), ...(keep ? { [tabKey('snippets', tabId)]: keep } : {}) }, tabId);
    unsavedResults.delete(tabId);
    kept.set(tabId, { view, ...(keep ? { outcome: keep } : {}) });
    return undefined;
  } catch (e) {
    unsavedResults.set(tabId, { results: view, ...(keep ? { outcome: keep } : {}) });
    return e instanceof Error ? e.message : String(e);
  }
}

// One tab's steps run one after another: an appended batch must not finish before the batch it
// extends, and a checked page's regroup must not overwrite a newer state. Lost with the service
// worker: harmless, since every step reads and writes session storage.
const queues = new Map<number, Promise<unknown>>();

export function inOrder<T>(tabId: number, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(tabId) ?? Promise.resolve()).then(work, work);
  const tail = run.catch(() => undefined);
  queues.set(tabId, tail);
  void tail.then(() => queues.get(tabId) === tail && queues.delete(tabId));
  return run;
}

/**
 * An opaque result's link was followed to `to` (page checking, issue #27): the tab's view says so from
 * now on, so that a regroup and a restarted service worker keep it. Only while the tab still shows the
 * results page `pageUrl`.
 */
export function resolveResult(tabId: number, pageUrl: string, from: string, to: string): Promise<void> {
  return inOrder(tabId, async () => {
    const view = await tabResults(tabId);
    if (!view || view.url !== pageUrl) return;
    const next = withResolved(view, from, to);
    if (next !== view) await saveView(tabId, next);
  });
}
