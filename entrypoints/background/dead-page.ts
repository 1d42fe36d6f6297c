import { browser } from 'wxt/browser';
import { fetchPage } from '../../lib/fetch/fetch-page';
import { type FailedLoad, deadLoadStatus, isDeadLoad } from '../../lib/lost/dead-load';
import { fetchPolicy } from './fetch-policy';
import { getTabState, setTabState } from './tab-state';

const RECHECK_MS = 1500;

/** Checks under way, by tab and URL: Chromium reports one failed navigation twice. */
const checking = new Set<string>();

/**
 * A page the user opened failed to load (a navigation error, or a status ≥ 400 but for bot walls,
 * busy servers and login walls: lib/lost/dead-load; an aborted load — stop, back — is nothing). It is
 * checked once more after a moment, without cookies; only if it is still dead does the popup offer
 * lost and found, with a badge on the toolbar button.
 */
export async function mainFrameFailed(tabId: number, url: string, failure: FailedLoad): Promise<void> {
  if (!isDeadLoad(failure) || !/^https?:/.test(url)) return;
  const key = `${tabId} ${url}`;
  if (checking.has(key)) return;
  checking.add(key);
  try {
    await recheck(tabId, url);
  } finally {
    checking.delete(key);
  }
}

async function recheck(tabId: number, url: string): Promise<void> {
  await new Promise((r) => setTimeout(r, RECHECK_MS));
  // The fetch policy names a DNS or connection failure (fetch() says only "Failed to fetch"), without
  // which a dead host would never count as dead, and keeps out the user's own machine and network (a
  // dev server that is down is no lost page to look for copies of).
  const again = await fetchPage(url, { ...(await fetchPolicy()), timeoutMs: 10_000 });
  if (again.ok || !isDeadLoad(again)) return;
  const tab = await browser.tabs.get(tabId).catch(() => undefined);
  // Gone, or already on another page (the user went back or elsewhere meanwhile): that page is not the dead one.
  const noHash = (u: string | undefined) => (u ?? '').replace(/#.*$/, '');
  if (!tab || noHash(tab.url) !== noHash(url)) return;
  const state = await getTabState(tabId);
  await setTabState({ ...state, deadPage: { url, reason: deadLoadStatus(again) } });
  await browser.action?.setBadgeText({ tabId, text: '!' }).catch(() => undefined);
  await browser.action?.setTitle({ tabId, title: 'Resemble: this page did not load — find a copy' }).catch(() => undefined);
}
