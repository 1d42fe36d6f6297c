import { browser } from 'wxt/browser';
import { t } from '../../../shared/i18n';
import { privateLostPage, registerPrivateLost } from '../../../shared/private-lost';

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
/** Lost-and-found tabs this worker opened, by what they look for (the URL, or a private run's id), while they may still be loading. */
const opened = new Map<string, { tabId: number; at: number }>();
/** One request at a time: five clicks at once must find the tab the first one opened. */
let queue: Promise<unknown> = Promise.resolve();

/** Where lost and found was asked for: the tab (menu click, results page), when there is one. */
export interface AskedFrom {
  incognito?: boolean;
  windowId?: number;
}

/**
 * Shows lost and found for an http(s) URL: in a new tab, or the tab already looking for it (focused),
 * so that at most one per URL is open and its search (which sends remembered phrases to an engine) is
 * made once, however often a page or the user asks.
 *
 * Asked from a private window (issue #28), the page's address holds an opaque run id, never the URL
 * (shared/private-lost.ts), and it is opened in that window: Firefox shows it there; Chrome
 * ("spanning" mode, its default) puts extension pages in a regular window, whose History then keeps
 * only `lost.html?run=<id>` and a title without the address (entrypoints/lost/main.tsx).
 */
export function openLostAndFound(url: string, from: AskedFrom = {}): Promise<boolean> {
  if (!/^https?:\/\//i.test(url)) return Promise.resolve(false);
  const next = queue.then(async () => {
    const run = from.incognito ? await registerPrivateLost(url) : undefined;
    const what = run ?? url;
    const open = await lostTabOf(what);
    if (open) {
      const tab = await browser.tabs.update(open, { active: true });
      if (tab?.windowId !== undefined) await browser.windows?.update(tab.windowId, { focused: true }).catch(() => undefined);
      return true;
    }
    const page = run ? privateLostPage(run) : `${browser.runtime.getURL('/lost.html')}?url=${encodeURIComponent(url)}`;
    const tab = await browser.tabs.create({ url: page, ...(from.windowId !== undefined && { windowId: from.windowId }) });
    if (tab.id !== undefined) opened.set(what, { tabId: tab.id, at: Date.now() });
    return true;
  });
  queue = next.catch(() => undefined);
  return next;
}

/** Lost and found asked for from tab `tabId` (a results page's dead-link label, the test hook): in that tab's window, private or not. */
export async function openLostAndFoundFrom(url: string, tabId: number | undefined): Promise<boolean> {
  const tab = tabId === undefined ? undefined : await browser.tabs.get(tabId).catch(() => undefined);
  return openLostAndFound(url, { incognito: tab?.incognito === true, ...(tab && { windowId: tab.windowId }) });
}

/** The tab showing lost and found for `what` (a URL, or a private run's id): listed by the browser (survives a worker restart), or just opened here. */
async function lostTabOf(what: string): Promise<number | undefined> {
  const rt = browser.runtime as unknown as { getContexts?: (f: object) => Promise<{ tabId: number; documentUrl?: string }[]> };
  const contexts = rt.getContexts ? await rt.getContexts({ contextTypes: ['TAB'] }).catch(() => undefined) : undefined;
  const listed = contexts?.find((c) => c.tabId >= 0 && lostTargetOf(c.documentUrl) === what);
  if (listed) return listed.tabId;
  const mine = opened.get(what);
  // Where the browser lists tabs, one of ours it does not list is loading, or shows something else now.
  if (mine && (!contexts || Date.now() - mine.at < LOADING_MS) && (await browser.tabs.get(mine.tabId).catch(() => undefined))) return mine.tabId;
  opened.delete(what);
  return undefined;
}

/** What a lost-and-found page looks for: its `url`, or its private run's id (a regular ask never finds a private run's page). */
function lostTargetOf(documentUrl: string | undefined): string | undefined {
  if (!documentUrl?.startsWith(browser.runtime.getURL('/lost.html'))) return undefined;
  const q = new URL(documentUrl).searchParams;
  return q.get('url') ?? q.get('run') ?? undefined;
}
