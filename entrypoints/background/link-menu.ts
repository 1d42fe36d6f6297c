import { browser } from 'wxt/browser';

export const LINK_MENU_ID = 'resemble-find-copy';

/** The context-menu entry on every link (menus survive a service-worker restart: made once on install). */
export async function installLinkMenu(): Promise<void> {
  const menus = browser.contextMenus;
  if (!menus) return;
  await menus.removeAll();
  menus.create({ id: LINK_MENU_ID, title: 'Find similar copy', contexts: ['link'], targetUrlPatterns: ['http://*/*', 'https://*/*'] });
}

/** Opens the lost-and-found page for an http(s) URL in a new tab. */
export async function openLostAndFound(url: string): Promise<boolean> {
  if (!/^https?:\/\//i.test(url)) return false;
  await browser.tabs.create({ url: `${browser.runtime.getURL('/lost.html')}?url=${encodeURIComponent(url)}` });
  return true;
}
