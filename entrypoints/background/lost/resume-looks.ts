import { browser } from 'wxt/browser';
import { look, looksUnderWay } from '../pages/dead-alternates';
import { lookLocally } from './dead-page';
import type { SketchService } from '../worker/sketch-service';
import { tabResults } from '../tab/tab-session';
import { getTabState } from '../tab/tab-state';

/**
 * Issue #15: looks made at once that a stopped service worker cut off go on, for the tabs still showing
 * the page they were made for (a dead result of its results, or the tab's own dead page). What they had
 * verified was not kept (a look keeps its copies when it ends): the candidates are measured again.
 */
export async function resumeLooks(service: SketchService): Promise<void> {
  for (const { url, final, at } of await looksUnderWay()) {
    const tab = await browser.tabs.get(at.tabId).catch(() => undefined);
    if (!tab) continue;
    const state = await getTabState(at.tabId);
    if (at.page) {
      if (state.deadPage?.url === url && !state.deadPage.alternates?.length) void lookLocally(service, at.tabId, url).catch(() => undefined);
      continue;
    }
    const all = await tabResults(at.tabId);
    if (all?.url !== at.pageUrl || state.url !== at.pageUrl) continue;
    void look({ service, tabId: at.tabId, incognito: at.incognito, final }, url, at.pageUrl);
  }
}
