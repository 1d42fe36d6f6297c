import { browser } from 'wxt/browser';
import { looksUnderWay } from '../lost/dead-looks';
import type { SketchService } from '../worker/sketch-service';
import { lookLocally } from './dead-page';
import { lookForResult } from './dead-results';
import { tabFor } from './tabs';

/**
 * Issue #15: looks made at once that a stopped service worker cut off go on, for the tabs still showing
 * the page they were made for (a dead result of its results, or the tab's own dead page). What they had
 * verified was not kept (a look keeps its copies when it ends): the candidates are measured again.
 */
export async function resumeLooks(service: SketchService): Promise<void> {
  for (const { url, final, at } of await looksUnderWay()) {
    const tab = await browser.tabs.get(at.tabId).catch(() => undefined);
    if (!tab) continue;
    const t = tabFor(at.tabId);
    const state = await t.state();
    if (at.page) {
      if (state.deadPage?.url === url && !state.deadPage.alternates?.length) void lookLocally(service, at.tabId, url).catch(() => undefined);
      continue;
    }
    const all = await t.view();
    if (all?.url !== at.pageUrl || state.url !== at.pageUrl) continue;
    void lookForResult(service, t, url, at.pageUrl, at.incognito, final).catch(() => undefined);
  }
}
