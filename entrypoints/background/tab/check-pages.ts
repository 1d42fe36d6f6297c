/**
 * Checking a tab's result pages (pages/page-check.ts) and regrouping it as they come in: marked in
 * storage.session so that a service worker stopped mid-run resumes (`resumeChecks`); records finished
 * before are fresh and are not fetched again.
 */
import { browser } from 'wxt/browser';
import { Coalescer } from '../../../lib/tab/coalesce';
import type { Settings } from '../../../lib/settings';
import type { TabView } from '../../../lib/tab/view';
import { readSettings } from '../../../shared/settings';
import { noteTabCopies } from '../copycat/copycat-evidence';
import { mark, traced } from '../debug/trace';
import { type CheckProgress, checkTab } from '../pages/page-check';
import { hasPageAccess } from '../net/page-access';
import { sketchService } from '../worker/sketch-service';
import { storeFor } from '../worker/store-access';
import { regroup } from './regroup';
import { sessionSet } from '../session/session-space';
import { parseTabKey, tabKey } from '../session/tab-keys';
import type { CheckAsk, Tab } from './tab';
import { tabFor } from './tabs';

/**
 * Pages finishing while a regroup waits its turn share the next one, and a regroup starts no sooner
 * than twice the last one's length after it (lib/tab/coalesce.ts): each regroup reads the store,
 * writes storage.session and messages the tab, and one per page kept the background busy for most of a
 * long page's check (issue #28). One pacer per tab, kept in its record.
 */
const pacerOf = (tab: Tab): Coalescer<CheckAsk> =>
  (tab.pacer ??= new Coalescer<CheckAsk>(async (_, take) => {
    mark('refresh-asked', String(tab.id));
    const incognito = tab.checkIncognito;
    if (incognito === undefined) return;
    // The progress is taken when the regroup starts (after the tab's queue): the latest asked.
    const done = await regroup(tab, incognito, () => ({ kind: 'pages', checking: take().checking }));
    if (!done) return;
    // Every page checked: the copies across sites among them are evidence of copycat sites (issue #19), off the page's path.
    if (done.final)
      void storeFor(incognito)
        .then((store) => noteTabCopies(store, done.view, done.inputs.settings, incognito))
        .catch(() => 0);
    await traced('send', String(tab.id), () => tab.tell(done.groups));
  }));

function refresh(tab: Tab, asked: CheckAsk): Promise<void> {
  tab.checkIncognito = asked.incognito;
  // The last page's regroup (or the one after a stop) is the one the page waits for: not paced.
  const last = !asked.checking || asked.checking.done >= asked.checking.total;
  return pacerOf(tab).ask(tab.id, asked, last);
}

/**
 * Checks the pages of the tab's results when page checking is on and its host access granted; the
 * groups are refined as pages come in. A batch just read hands over what it has (`given`: its results
 * may not be in storage yet).
 */
export async function startChecks(tabId: number, incognito: boolean, given?: { settings: Settings; view: TabView }): Promise<void> {
  mark('checks-start', String(tabId));
  const tab = tabFor(tabId);
  const [settings, view] = given ? [given.settings, given.view] : await Promise.all([readSettings(), tab.view()]);
  if (!settings.pageChecking || !view?.results.length || !(await hasPageAccess())) return;
  // Only for resuming after a restart: the checks run even when storage has no room for the mark, and
  // do not wait for it (it is written long before the first page is fetched and checked).
  const marked = sessionSet({ [tabKey('check', tabId)]: { url: view.url, incognito } }, tabId).catch(() => undefined);
  let last: CheckProgress = { done: 0, total: 0 };
  try {
    const store = await storeFor(incognito);
    await checkTab(sketchService(), store, tab, view.url, view.results, settings, {
      progress: (p) => refresh(tab, { incognito, checking: (last = p) }),
      resolved: (from, to) => tab.resolve(view.url, from, to),
      incognito,
    });
    // Stopped before the end (page checking turned off, access taken back): no progress left showing,
    // unless the tab shows another view by now (its own check says how far it is).
    if (last.done < last.total && tab.check.viewOf(view.url) === undefined && (await tab.view())?.url === view.url)
      await refresh(tab, { incognito, checking: undefined });
  } finally {
    await marked;
    const now = await tab.view();
    if (now?.url === view.url) await browser.storage.session.remove(tabKey('check', tabId));
  }
}

/** After a service-worker restart: the checks that were running go on from what is not yet stored. */
export async function resumeChecks(): Promise<void> {
  const all = await browser.storage.session.get(null);
  for (const [k, v] of Object.entries(all)) {
    const t = parseTabKey(k);
    if (t?.kind === 'check') void startChecks(t.tabId, (v as { incognito?: boolean })?.incognito === true);
  }
}
