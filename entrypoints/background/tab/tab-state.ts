import { browser } from 'wxt/browser';
import type { TabState } from '../../../lib/tab/tab-state';
import { COPYCAT_PAGE_KEYS, readLookup } from '../../../lib/copycat/table';
import type { CopycatLookup } from '../../../lib/copycat/marks';
import { ADDED_PREFIX } from '../../../lib/engines/added';
import { engineName } from '../../../lib/engines/names';
import { popupView } from '../../../lib/tab/popup-view';
import { readSettings } from '../../../shared/settings';
import { droppedListeners, sessionSet } from './session-space';
import { tabKey } from './tab-keys';
import { tabResults } from './tab-session';

// In storage.session: survives the service worker being stopped, forgotten when the browser closes.
const key = (tabId: number) => tabKey('state', tabId);
const refusedKey = (tabId: number) => tabKey('refused', tabId);

/**
 * States that could not be written (storage.session full): the popup still gets them, with why,
 * while this service worker lives. Storage keeps a small note saying so for a restarted one.
 */
const unsaved = new Map<number, TabState>();
/** The states this service worker wrote (written through to storage.session, which a restarted worker reads). */
const written = new Map<number, TabState>();
droppedListeners.add((tabId) => written.delete(tabId));

export async function getTabState(tabId: number): Promise<TabState> {
  const mine = unsaved.get(tabId) ?? written.get(tabId);
  if (mine) return mine;
  const got = await browser.storage.session.get(key(tabId));
  return (got[key(tabId)] as TabState | undefined) ?? { tabId, results: 0, status: 'not-results-page' };
}

/**
 * The tab's state as the popup reads it (lib/tab/popup-view.ts): with the results its groups, dead
 * results and copycat sites name (kept once, in the tab's view, not in every state written), and for an
 * engine the user added, the name it was given.
 */
export async function popupState(tabId: number): Promise<TabState> {
  const [state, refused, view, copycats, settings] = await Promise.all([
    getTabState(tabId),
    browser.storage.session.get(refusedKey(tabId)),
    tabResults(tabId),
    browser.storage.local.get(COPYCAT_PAGE_KEYS).then(readLookup, (): CopycatLookup => ({ table: {}, lists: [], unlisted: [] })),
    readSettings(),
  ]);
  const why = refused[refusedKey(tabId)];
  const s = popupView(typeof why === 'string' ? { ...state, refused: why } : state, view, copycats, settings);
  return s.engine?.startsWith(ADDED_PREFIX) ? { ...s, engineName: engineName(s.engine, settings.addedEngines) } : s;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Records the tab's state; when it cannot be saved, the state says so (`saveError`) instead of the write failing silently. */
export async function setTabState(state: TabState): Promise<void> {
  try {
    await sessionSet({ [key(state.tabId)]: state }, state.tabId);
    unsaved.delete(state.tabId);
    written.set(state.tabId, state);
  } catch (e) {
    const saveError = state.saveError ?? message(e);
    unsaved.set(state.tabId, { ...state, saveError });
    const { tabId, url, engine, query, results, status } = state;
    const note: TabState = { tabId, ...(url ? { url } : {}), ...(engine ? { engine } : {}), ...(query ? { query } : {}), results, status, saveError };
    await browser.storage.session.set({ [key(tabId)]: note }).catch(() => undefined);
  }
}

/**
 * Results the page sent and the background refused (a field or batch past the limits the extractor
 * should have kept): the content script tries once more; the popup says what was refused.
 */
export async function resultsRefused(tabId: number, why: string): Promise<void> {
  await browser.storage.session.set({ [refusedKey(tabId)]: why }).catch(() => undefined);
}

/** What this module holds in memory for a tab that is gone. */
export function forgetTabState(tabId: number): void {
  unsaved.delete(tabId);
  written.delete(tabId);
}
