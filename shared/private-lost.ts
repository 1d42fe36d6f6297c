import { browser } from 'wxt/browser';

/**
 * Lost and found asked for from a private window (issue #28). Its page is opened as lost.html?run=<id>,
 * never with the address: Chrome puts an extension page opened from a private window into a regular
 * one ("spanning" mode), whose History and sessions keep the page's address and title. The run's
 * address is kept in storage.session (memory only, never on disk) under `lost-private:<id>`, read by
 * the page (entrypoints/lost/main.tsx) and the background, and dropped when the last private window
 * closes (entrypoints/background/private/private-windows.ts). One key a run: the popup and the background
 * may both add one at once.
 */
export const PRIVATE_LOST_PREFIX = 'lost-private:';
const keyOf = (id: string) => PRIVATE_LOST_PREFIX + id;
/** Run ids are crypto.randomUUID()s. */
const RUN_ID = /^[0-9a-f-]{36}$/;

async function keys(): Promise<string[]> {
  const s = browser.storage.session as unknown as { getKeys?: () => Promise<string[]> };
  // getKeys (Chrome 130+) lists the keys without reading every tab's state.
  return s.getKeys ? s.getKeys() : Object.keys(await browser.storage.session.get(null));
}

/** Every private run: id → address. */
export async function privateLostRuns(): Promise<Map<string, string>> {
  const mine = (await keys()).filter((k) => k.startsWith(PRIVATE_LOST_PREFIX));
  if (!mine.length) return new Map();
  const got = await browser.storage.session.get(mine);
  return new Map(Object.entries(got).flatMap(([k, v]) => (typeof v === 'string' ? [[k.slice(PRIVATE_LOST_PREFIX.length), v] as [string, string]] : [])));
}

/** The run for `url` (one per address while private windows are open), made if there is none. */
export async function registerPrivateLost(url: string): Promise<string> {
  for (const [id, u] of await privateLostRuns()) if (u === url) return id;
  const id = crypto.randomUUID();
  await browser.storage.session.set({ [keyOf(id)]: url });
  return id;
}

/** The address a run looks for; undefined once it ended (the last private window closed). */
export async function privateLostUrl(id: string): Promise<string | undefined> {
  if (!RUN_ID.test(id)) return undefined;
  const v = (await browser.storage.session.get(keyOf(id)))[keyOf(id)];
  return typeof v === 'string' ? v : undefined;
}

/** The run id lost.html was opened with (`?run=`), if any. */
export function parseLostRun(search: string): string | undefined {
  return new URLSearchParams(search).get('run') ?? undefined;
}

/** lost.html's address for a private run. */
export const privateLostPage = (id: string): string => `${browser.runtime.getURL('/lost.html')}?run=${encodeURIComponent(id)}`;

/** lost.html's address for `url` asked for about tab `tabId` (the popup's "Find a copy"): a private tab's is a run. */
export async function lostPageFor(url: string, tabId: number): Promise<string> {
  const tab = await browser.tabs.get(tabId).catch(() => undefined);
  if (tab?.incognito) return privateLostPage(await registerPrivateLost(url));
  return `${browser.runtime.getURL('/lost.html')}?url=${encodeURIComponent(url)}`;
}
