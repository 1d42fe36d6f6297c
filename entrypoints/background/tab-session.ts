import { browser } from 'wxt/browser';
import type { GroupOutcome } from '../../lib/group/results';
import type { ResultItem } from '../../lib/messages';

/** The results a tab's page has shown so far (in storage.session: survives a stopped service worker). */
export interface TabResults {
  url: string;
  engine: string;
  query: string;
  results: ResultItem[];
}

export const resultsKey = (tabId: number) => `results:${tabId}`;
/** The tab's snippet grouping (its pairs too): pages checked later refine it. */
export const snippetsKey = (tabId: number) => `groups:${tabId}`;
/** Present while the tab's pages are being checked: a restarted service worker resumes from it. */
export const checkKey = (tabId: number) => `check:${tabId}`;

export async function tabResults(tabId: number): Promise<TabResults | undefined> {
  return (await browser.storage.session.get(resultsKey(tabId)))[resultsKey(tabId)] as TabResults | undefined;
}

export async function snippetOutcome(tabId: number): Promise<GroupOutcome | undefined> {
  return (await browser.storage.session.get(snippetsKey(tabId)))[snippetsKey(tabId)] as GroupOutcome | undefined;
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
