import { browser } from 'wxt/browser';
import type { GroupOutcome } from '../../../lib/group/results';
import { type ResultItem, type Resolutions, withResolutions } from '../../../lib/group/result-item';
import { sessionSet } from './session-space';
import type { Reader } from '../../../lib/engines/types';
import { tabKey } from './tab-keys';

/** The results a tab's page has shown so far (in storage.session: survives a stopped service worker). */
export interface TabResults {
  url: string;
  engine: string;
  query: string;
  results: ResultItem[];
  /** How the page's results were read (issue #27): by the engine's definition or by its structure. */
  reader?: Reader;
  /** When the page last sent results (ms): the least recent tabs make room first when storage is full. */
  at?: number;
  /**
   * Opaque links page checking followed (issue #27): the engine's redirect → where it ended. `results`
   * already carry the addresses; kept so that the page's next batch (which sends the redirects again) gets them too.
   */
  resolved?: Resolutions;
}

/**
 * A tab's results and grouping that storage.session could not take (full): kept here while the
 * service worker lives, so that the page's next batch extends them rather than starting over.
 */
export const unsavedResults = new Map<number, { results: TabResults; outcome?: GroupOutcome }>();

export async function tabResults(tabId: number): Promise<TabResults | undefined> {
  const held = unsavedResults.get(tabId); // newer than what storage has: a write that succeeds drops it
  if (held) return held.results;
  const key = tabKey('results', tabId);
  return (await browser.storage.session.get(key))[key] as TabResults | undefined;
}

export async function snippetOutcome(tabId: number): Promise<GroupOutcome | undefined> {
  const held = unsavedResults.get(tabId);
  if (held) return held.outcome;
  const key = tabKey('snippets', tabId);
  return (await browser.storage.session.get(key))[key] as GroupOutcome | undefined;
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
 * An opaque result's link was followed to `to` (page checking, issue #27): the tab's results say so from
 * now on, in storage.session, so that a regroup and a restarted service worker keep it. Only while the
 * tab still shows the results page `pageUrl`.
 */
export function resolveResult(tabId: number, pageUrl: string, from: string, to: string): Promise<void> {
  return inOrder(tabId, async () => {
    const all = await tabResults(tabId);
    if (!all || all.url !== pageUrl || all.resolved?.[from] === to) return;
    const resolved = { ...all.resolved, [from]: to };
    const next: TabResults = { ...all, resolved, results: withResolutions(all.results, resolved) };
    const held = unsavedResults.get(tabId);
    try {
      await sessionSet({ [tabKey('results', tabId)]: next }, tabId);
      if (held) unsavedResults.set(tabId, { ...held, results: next });
    } catch {
      unsavedResults.set(tabId, { results: next, ...(held?.outcome ? { outcome: held.outcome } : {}) });
    }
  });
}
