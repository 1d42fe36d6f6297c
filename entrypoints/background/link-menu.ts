import { browser } from 'wxt/browser';
import { t } from '../../page-support/i18n';

export const LINK_MENU_ID = 'resemble-find-copy';
/** "Find copies of this page" (issue #19), on the page itself. */
export const PAGE_MENU_ID = 'resemble-find-page-copies';

const WEB = ['http://*/*', 'https://*/*'];

/** The context-menu entries, on links and on web pages (menus survive a service-worker restart: made once on install). */
export async function installLinkMenu(): Promise<void> {
  const menus = browser.contextMenus;
  if (!menus) return;
  await menus.removeAll();
  menus.create({ id: LINK_MENU_ID, title: t('bg_menu_findSimilar'), contexts: ['link'], targetUrlPatterns: WEB });
  menus.create({ id: PAGE_MENU_ID, title: t('bg_menu_findCopies'), contexts: ['page'], documentUrlPatterns: WEB });
}

/** A new tab's document shows in runtime.getContexts only once it loads: until then it counts as open. */
const LOADING_MS = 10_000;
/** Lost-and-found tabs this worker opened, by the URL they look for, while they may still be loading. */
const opened = new Map<string, { tabId: number; at: number }>();
/** One request at a time: five clicks at once must find the tab the first one opened. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Shows lost and found for an http(s) URL: in a new tab, or the tab already looking for it (focused),
 * so that at most one per URL is open and its search (which sends remembered phrases to an engine) is
 * made once, however often a page or the user asks.
 */
export function openLostAndFound(url: string): Promise<boolean> {
  if (!/^https?:\/\//i.test(url)) return Promise.resolve(false);
  const next = queue.then(async () => {
    const open = await lostTabOf(url);
    if (open) {
      const tab = await browser.tabs.update(open, { active: true });
      if (tab?.windowId !== undefined) await browser.windows?.update(tab.windowId, { focused: true }).catch(() => undefined);
      return true;
    }
    const tab = await browser.tabs.create({ url: `${browser.runtime.getURL('/lost.html')}?url=${encodeURIComponent(url)}` });
    if (tab.id !== undefined) opened.set(url, { tabId: tab.id, at: Date.now() });
    return true;
  });
  queue = next.catch(() => undefined);
  return next;
}

/** The tab showing lost and found for `url`: listed by the browser (survives a worker restart), or just opened here. */
async function lostTabOf(url: string): Promise<number | undefined> {
  const rt = browser.runtime as unknown as { getContexts?: (f: object) => Promise<{ tabId: number; documentUrl?: string }[]> };
  const contexts = rt.getContexts ? await rt.getContexts({ contextTypes: ['TAB'] }).catch(() => undefined) : undefined;
  const listed = contexts?.find((c) => c.tabId >= 0 && lostUrlOf(c.documentUrl) === url);
  if (listed) return listed.tabId;
  const mine = opened.get(url);
  // Where the browser lists tabs, one of ours it does not list is loading, or shows something else now.
  if (mine && (!contexts || Date.now() - mine.at < LOADING_MS) && (await browser.tabs.get(mine.tabId).catch(() => undefined))) return mine.tabId;
  opened.delete(url);
  return undefined;
}

function lostUrlOf(documentUrl: string | undefined): string | undefined {
  if (!documentUrl?.startsWith(browser.runtime.getURL('/lost.html'))) return undefined;
  return new URL(documentUrl).searchParams.get('url') ?? undefined;
}
