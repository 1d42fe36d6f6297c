import { browser } from 'wxt/browser';
import type { TabState } from '../../lib/messages';

// In storage.session: survives the service worker being stopped, forgotten when the browser closes.
const key = (tabId: number) => `tab:${tabId}`;

export async function getTabState(tabId: number): Promise<TabState> {
  const got = await browser.storage.session.get(key(tabId));
  return (got[key(tabId)] as TabState | undefined) ?? { tabId, results: 0, status: 'not-results-page' };
}

export async function setTabState(state: TabState): Promise<void> {
  await browser.storage.session.set({ [key(state.tabId)]: state });
}

/** A closed tab: its state and the results it showed are dropped. */
export async function forgetTab(tabId: number): Promise<void> {
  await browser.storage.session.remove([key(tabId), `results:${tabId}`]);
}
