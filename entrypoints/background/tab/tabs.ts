import { browser } from 'wxt/browser';
import { droppedListeners } from '../session/session-space';
import { tabKeys } from '../session/tab-keys';
import { viewEnded } from '../pages/page-check';
import { Tab } from './tab';

/**
 * The registry of results tabs (issue #39): the background's one map keyed by tab id. Everything the
 * background holds of a tab is in its record (tab.ts); a tab is forgotten in one call.
 */
const tabs = new Map<number, Tab>();

/** The tab's record, made on first use (a restarted service worker reads what it needs from storage.session). */
export function tabFor(tabId: number): Tab {
  let t = tabs.get(tabId);
  if (!t) tabs.set(tabId, (t = new Tab(tabId)));
  return t;
}

/**
 * A closed tab (`closed`), or one that loads another page: its checks stop, and its state, view and
 * grouping go from memory and storage.session. A closed tab's record goes too; a reloading tab keeps
 * its queue, so the new page's first batch waits for the last page's steps.
 */
export async function forgetTab(tabId: number, closed = false): Promise<void> {
  tabs.get(tabId)?.reset();
  viewEnded(tabId);
  if (closed) tabs.delete(tabId);
  await browser.storage.session.remove(tabKeys(tabId));
}

/** Whether the tab shows a results page Resemble read (its view is kept). */
export const isResultsTab = async (tabId: number): Promise<boolean> => Boolean(await tabFor(tabId).view());

/** Page checking was turned off, or its access taken back: every tab's fetches stop. */
export function cancelAllChecks(): void {
  for (const t of tabs.values()) t.check.cancel();
}

// Storage dropped a tab's records to make room for another's: its record drops its copies too.
droppedListeners.add((tabId) => tabs.get(tabId)?.dropped());
