import { browser } from 'wxt/browser';
import type { TabState } from '../../lib/messages';
import { cancelChecks } from './page-check';
import { checkKey, resultsKey, snippetsKey } from './tab-session';

// In storage.session: survives the service worker being stopped, forgotten when the browser closes.
const key = (tabId: number) => `tab:${tabId}`;

export async function getTabState(tabId: number): Promise<TabState> {
  const got = await browser.storage.session.get(key(tabId));
  return (got[key(tabId)] as TabState | undefined) ?? { tabId, results: 0, status: 'not-results-page' };
}

export async function setTabState(state: TabState): Promise<void> {
  await browser.storage.session.set({ [key(state.tabId)]: state });
}

/** A closed tab (or one that loads another page): its state, results and checks are dropped. */
export async function forgetTab(tabId: number): Promise<void> {
  cancelChecks(tabId);
  await browser.storage.session.remove([key(tabId), resultsKey(tabId), snippetsKey(tabId), checkKey(tabId)]);
}
