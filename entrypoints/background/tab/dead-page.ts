import { browser } from 'wxt/browser';
import { fetchPage } from '../../../lib/fetch/fetch-page';
import { type FailedLoad, deadLoadStatus, isDeadLoad } from '../../../lib/lost/dead-load';
import { fetchPolicy } from '../net/fetch-policy';
import { look } from '../lost/dead-looks';
import { findLocalCopies } from '../lost/lost-local';
import { localReach } from '../lost/lost-deps';
import type { SketchService } from '../worker/sketch-service';
import { badgeDeadPage } from '../browser-ui/toolbar-badge';
import { tabFor } from './tabs';

const RECHECK_MS = 1500;

/**
 * A page the user opened failed to load (a navigation error, or a status ≥ 400 but for bot walls,
 * busy servers and login walls: lib/lost/dead-load; an aborted load — stop, back — is nothing). It is
 * checked once more after a moment, without cookies; only if it is still dead does the popup offer
 * lost and found, with a badge on the toolbar button.
 */
export async function mainFrameFailed(tabId: number, url: string, failure: FailedLoad, service?: SketchService): Promise<void> {
  if (!isDeadLoad(failure) || !/^https?:/.test(url)) return;
  // Checks under way, by URL: Chromium reports one failed navigation twice.
  const checking = tabFor(tabId).deadPageChecks;
  if (checking.has(url)) return;
  checking.add(url);
  try {
    if ((await recheck(tabId, url)) && service) await lookLocally(service, tabId, url);
  } finally {
    checking.delete(url);
  }
}

/** Whether the page is still dead (and now recorded as the tab's dead page). */
async function recheck(tabId: number, url: string): Promise<boolean> {
  await new Promise((r) => setTimeout(r, RECHECK_MS));
  // The fetch policy names a DNS or connection failure (fetch() says only "Failed to fetch"), without
  // which a dead host would never count as dead, and keeps out the user's own machine and network (a
  // dev server that is down is no lost page to look for copies of).
  // A private tab's page is fetched past the browser's HTTP cache (issue #28: nothing of it stays there).
  const before = await browser.tabs.get(tabId).catch(() => undefined);
  const again = await fetchPage(url, { ...(await fetchPolicy()), timeoutMs: 10_000, noStore: before?.incognito === true });
  if (again.ok || !isDeadLoad(again)) return false;
  const tab = await browser.tabs.get(tabId).catch(() => undefined);
  // Gone, or already on another page (the user went back or elsewhere meanwhile): that page is not the dead one.
  const noHash = (u: string | undefined) => (u ?? '').replace(/#.*$/, '');
  if (!tab || noHash(tab.url) !== noHash(url)) return false;
  const t = tabFor(tabId);
  await t.setState({ ...(await t.state()), deadPage: { url, reason: deadLoadStatus(again) } });
  await badgeDeadPage(tabId);
  return true;
}

/**
 * Issue #15: the dead page's copies are looked for at once in the sources that send nothing anywhere
 * (its groups, the store), so the popup has them before it is opened; kept with the tab's state while
 * the tab still shows that dead page.
 */
export async function lookLocally(service: SketchService, tabId: number, url: string): Promise<void> {
  const tab = await browser.tabs.get(tabId).catch(() => undefined);
  const incognito = tab?.incognito === true;
  const t = tabFor(tabId);
  // Under way: a service worker stopped meanwhile resumes it (resume-looks.ts).
  await look(
    url,
    { tabId, pageUrl: url, incognito, page: true },
    true,
    () => findLocalCopies(localReach(service, incognito), url),
    async (alternates) => {
      const state = await t.state();
      if (state.deadPage?.url === url) await t.setState({ ...state, deadPage: { ...state.deadPage, alternates } });
    },
  );
}
