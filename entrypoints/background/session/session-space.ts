import { browser } from 'wxt/browser';
import { BULKY, parseTabKey as tabOf, tabKey } from './tab-keys';

/**
 * storage.session is small (10 MB in Chrome, for everything): a write that does not fit fails, and
 * what did not fit must not be lost silently. Writes of per-tab state go through `sessionSet`: on a
 * failure it makes room — first the state of tabs that are no longer open, then the bulky records
 * (results, groupings, checks) of the other tabs least recently read — and tries once more; what
 * still fails throws a SaveError whose message says so, for the caller to show.
 */

export class SaveError extends Error {
  override name = 'SaveError';
}

async function keys(): Promise<string[]> {
  const s = browser.storage.session as unknown as { getKeys?: () => Promise<string[]> };
  // getKeys (Chrome 130+) lists the keys without reading 10 MB of values.
  return s.getKeys ? s.getKeys() : Object.keys(await browser.storage.session.get(null));
}

/** Drops the state of tabs that are no longer open (closed while the service worker was stopped, say); the ids dropped. */
export async function evictClosedTabs(): Promise<number[]> {
  // No `tabs` permission: tab URLs are hidden, ids are not.
  const [all, tabs] = await Promise.all([keys(), browser.tabs.query({})]);
  const open = new Set(tabs.map((t) => t.id));
  const gone = all.filter((k) => {
    const t = tabOf(k);
    return t !== undefined && !open.has(t.tabId);
  });
  if (gone.length) await browser.storage.session.remove(gone);
  return [...new Set(gone.map((k) => tabOf(k)!.tabId))];
}

/** Other tabs' bulky keys, grouped by tab, the least recently recorded tab first. */
async function oldTabs(keep: number): Promise<string[][]> {
  const bulky = (await keys()).filter((k) => {
    const t = tabOf(k);
    return t !== undefined && t.tabId !== keep && BULKY.has(t.kind);
  });
  if (!bulky.length) return [];
  const got = await browser.storage.session.get(bulky);
  const byTab = new Map<number, { at: number; keys: string[] }>();
  for (const k of bulky) {
    const id = tabOf(k)!.tabId;
    const e = byTab.get(id) ?? { at: 0, keys: [] };
    const at = (got[k] as { at?: unknown } | undefined)?.at;
    if (typeof at === 'number') e.at = Math.max(e.at, at);
    e.keys.push(k);
    byTab.set(id, e);
  }
  return [...byTab.values()].sort((a, b) => a.at - b.at).map((e) => e.keys);
}

export const DROPPED = "its results were dropped to make room for a newer tab's (session storage is full); reload the page to group it again";

/** An open tab whose records made room: its state (what the popup shows) says so. */
/** Who holds a tab's records in memory too (the tab records, tab/tabs.ts): told when storage dropped them, they drop theirs. */
export const droppedListeners = new Set<(tabId: number) => void>();

async function markDropped(tabId: number): Promise<void> {
  for (const f of droppedListeners) f(tabId);
  const k = tabKey('state', tabId);
  const state = (await browser.storage.session.get(k))[k] as Record<string, unknown> | undefined;
  if (state) await browser.storage.session.set({ [k]: { ...state, saveError: DROPPED } });
}

const sizeOf = (items: Record<string, unknown>) => Object.entries(items).reduce((n, [k, v]) => n + k.length + JSON.stringify(v ?? null).length, 0);
const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** storage.session.set, making room when it fails (see above); throws a SaveError when it still does not fit. */
export async function sessionSet(items: Record<string, unknown>, tabId?: number): Promise<void> {
  const set = () => browser.storage.session.set(items);
  try {
    return await set();
  } catch (first) {
    const retry = () =>
      set().then(
        () => true,
        () => false,
      );
    if ((await evictClosedTabs().catch(() => [])).length && (await retry())) return;
    // Open tabs lose their records only to a full storage (not to, say, a value it cannot hold), one
    // tab at a time so that no more goes than is needed.
    if (tabId !== undefined && /quota/i.test(reason(first))) {
      for (const drop of await oldTabs(tabId).catch(() => [])) {
        await browser.storage.session.remove(drop).catch(() => undefined);
        await markDropped(tabOf(drop[0])!.tabId).catch(() => undefined);
        if (await retry()) return;
      }
    }
    throw new SaveError(`${reason(first)} (${Math.round(sizeOf(items) / 1024).toLocaleString('en')} KB to write)`);
  }
}
