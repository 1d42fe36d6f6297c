import { browser } from 'wxt/browser';
import type { GroupOutcome } from '../../lib/group/results';
import type { ResultItem } from '../../lib/group/result-item';
import { tabKey } from './tab-keys';

/** The results a tab's page has shown so far (in storage.session: survives a stopped service worker). */
export interface TabResults {
  url: string;
  engine: string;
  query: string;
  results: ResultItem[];
  /** When the page last sent results (ms): the least recent tabs make room first when storage is full. */
  at?: number;
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
