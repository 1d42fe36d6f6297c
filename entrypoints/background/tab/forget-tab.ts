import { browser } from 'wxt/browser';
import { cancelChecks } from '../pages/page-check';
import { tabKeys } from './tab-keys';
import { forgetTabSession } from './tab-session';
import { forgetTabState } from './tab-state';

/** A closed tab (or one that loads another page): its checks stop, and its state, view and grouping go. */
export async function forgetTab(tabId: number): Promise<void> {
  cancelChecks(tabId);
  forgetTabState(tabId);
  forgetTabSession(tabId);
  await browser.storage.session.remove(tabKeys(tabId));
}
