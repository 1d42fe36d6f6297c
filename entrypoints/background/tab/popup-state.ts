import { browser } from 'wxt/browser';
import { COPYCAT_PAGE_KEYS, readLookup } from '../../../lib/copycat/table';
import type { CopycatLookup } from '../../../lib/copycat/marks';
import { ADDED_PREFIX } from '../../../lib/engines/added';
import { engineName } from '../../../lib/engines/names';
import { popupView } from '../../../lib/tab/popup-view';
import type { TabState } from '../../../lib/tab/tab-state';
import { readSettings } from '../../../shared/settings';
import { tabKey } from '../session/tab-keys';
import { tabFor } from './tabs';

/**
 * The tab's state as the popup reads it (lib/tab/popup-view.ts): with the results its groups, dead
 * results and copycat sites name (kept once, in the tab's view, not in every state written), why a
 * batch was refused, and for an engine the user added, the name it was given.
 */
export async function popupState(tabId: number): Promise<TabState> {
  const tab = tabFor(tabId);
  const refusedKey = tabKey('refused', tabId);
  const [state, refused, view, copycats, settings] = await Promise.all([
    tab.state(),
    browser.storage.session.get(refusedKey),
    tab.view(),
    browser.storage.local.get(COPYCAT_PAGE_KEYS).then(readLookup, (): CopycatLookup => ({ table: {}, lists: [], unlisted: [] })),
    readSettings(),
  ]);
  const why = refused[refusedKey];
  const s = popupView(typeof why === 'string' ? { ...state, refused: why } : state, view, copycats, settings);
  return s.engine?.startsWith(ADDED_PREFIX) ? { ...s, engineName: engineName(s.engine, settings.addedEngines) } : s;
}
