import { browser } from 'wxt/browser';
import type { TabState } from '../../../lib/group/tab-state';
import { cancelChecks } from '../pages/page-check';
import { sessionSet } from './session-space';
import { tabKey, tabKeys } from './tab-keys';
import { tabResults, unsavedResults } from './tab-session';
import { copycatWords } from '../../../page-support/copycat-words';
import { COPYCAT_PAGE_KEYS, readLookup } from '../../../lib/copycat/table';
import { type CopycatLookup, copycatMarkOf, mayHide } from '../../../lib/copycat/marks';
import { migrateSettings } from '../../../lib/settings';
import { resultHost } from '../../../lib/group/result-item';
import { ADDED_PREFIX } from '../../../lib/engines/added';
import { engineName } from '../../../lib/engines/names';

// In storage.session: survives the service worker being stopped, forgotten when the browser closes.
const key = (tabId: number) => tabKey('state', tabId);
const refusedKey = (tabId: number) => tabKey('refused', tabId);

/**
 * States that could not be written (storage.session full): the popup still gets them, with why,
 * while this service worker lives. Storage keeps a small note saying so for a restarted one.
 */
const unsaved = new Map<number, TabState>();

export async function getTabState(tabId: number): Promise<TabState> {
  const mine = unsaved.get(tabId);
  if (mine) return mine;
  const got = await browser.storage.session.get(key(tabId));
  return (got[key(tabId)] as TabState | undefined) ?? { tabId, results: 0, status: 'not-results-page' };
}

/**
 * The tab's state as the popup reads it, with the results its groups and dead results name: those
 * are kept once, in the tab's results (tab-session.ts), not a second time in every state written.
 */
export async function popupState(tabId: number): Promise<TabState> {
  const s = await popupStateOf(tabId);
  if (!s.engine?.startsWith(ADDED_PREFIX)) return s;
  // An engine the user added: the popup shows the name it was given (the settings keep it, not the state).
  const settings = await browser.storage.sync.get('settings').then(
    (g) => migrateSettings(g.settings),
    () => migrateSettings(undefined),
  );
  return { ...s, engineName: engineName(s.engine, settings.addedEngines) };
}

async function popupStateOf(tabId: number): Promise<TabState> {
  const [state, refused] = await Promise.all([getTabState(tabId), browser.storage.session.get(refusedKey(tabId))]);
  const why = refused[refusedKey(tabId)];
  const s = typeof why === 'string' ? { ...state, refused: why } : state;
  if (s.status !== 'done' || s.items) return s;
  // Storage read as the content script reads it (not settings-item, which this module's tests would have to fake).
  const [all, copycats, settings] = await Promise.all([
    tabResults(tabId),
    browser.storage.local.get(COPYCAT_PAGE_KEYS).then(readLookup, (): CopycatLookup => ({ table: {}, lists: [], unlisted: [] })),
    browser.storage.sync.get('settings').then(
      (g) => migrateSettings(g.settings),
      () => migrateSettings(undefined),
    ),
  ]);
  if (!all || all.url !== s.url) return s;
  // The sites the page marks (content script: copycat-marks.ts), found the same way.
  const flagged = all.results.flatMap((r) => {
    const found = copycatMarkOf(resultHost(r) ?? '', copycats);
    return found ? [{ rank: r.rank, site: found.site, ...copycatWords(found.mark), ...(mayHide(found.mark) ? {} : { labelOnly: true as const }) }] : [];
  });
  const named = new Set([
    ...(s.groups ?? []).flatMap((g) => [g.representative, ...g.members.map((m) => m.rank)]),
    ...(s.dead ?? []).map((d) => d.rank),
    ...flagged.map((c) => c.rank),
  ]);
  const items = all.results
    .filter((r) => named.has(r.rank))
    .map(({ rank, url, title, displayUrl, unresolved }) => ({ rank, url, title, displayUrl, ...(unresolved ? { unresolved } : {}) }));
  return { ...s, items, ...(flagged.length ? { copycats: flagged, copycatDisplay: settings.copycatDisplay } : {}) };
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Records the tab's state; when it cannot be saved, the state says so (`saveError`) instead of the write failing silently. */
export async function setTabState(state: TabState): Promise<void> {
  try {
    await sessionSet({ [key(state.tabId)]: state }, state.tabId);
    unsaved.delete(state.tabId);
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

/** A closed tab (or one that loads another page): its state, results and checks are dropped. */
export async function forgetTab(tabId: number): Promise<void> {
  cancelChecks(tabId);
  unsaved.delete(tabId);
  unsavedResults.delete(tabId);
  await browser.storage.session.remove(tabKeys(tabId));
}
