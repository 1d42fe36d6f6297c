/**
 * The user's choices through the browser's sync (issue #30): a change here is dated in the ledger and
 * written to storage.sync (sync-write.ts, coalesced); another machine's write (storage.onChanged,
 * area 'sync', `c:` keys) is merged by the latest change per choice and applied here at once
 * (apply-remote.ts). "Keep my choices on this device only" stops both ways, and the settings with them.
 */
import { browser } from 'wxt/browser';
import { keyOf } from '../../../lib/sync/choices';
import { CHUNK_PREFIX } from '../../../lib/sync/encode';
import { keepOnDevice } from '../../../lib/sync/ledger';
import { CHOICE_KEYS } from './local-choices';
import { resumePending } from './pending';
import { noteLocalChange, reconcile } from './reconcile';
import { loadLedger, loadState, saveLedger, serial, syncIsOff } from './sync-store';
import { type SyncHere, syncHereWith } from './sync-here';
import { scheduleWrite } from './sync-write';

/**
 * A verdict given in a private window (the 'copycat/verdict' handler): seen as it will be here before
 * `write` gives it, in one step, so neither it nor the value it replaces is taken for a change to sync.
 * `verdict` 'none' is an undo.
 */
export const privateVerdict = <T>(site: string, verdict: 'not-copycat' | 'marked' | 'none', write: () => Promise<T>): Promise<T> =>
  serial(async () => {
    const key = keyOf({ kind: 'verdict', site, verdict: 'marked', at: 0 });
    const before = await loadLedger();
    await saveLedger(keepOnDevice(before, key, verdict === 'none' ? undefined : verdict));
    try {
      return await write();
    } catch (e) {
      await saveLedger(before);
      throw e;
    }
  });

/**
 * Listeners (registered at the service worker's start, as MV3 requires) and one reconcile at install
 * and browser start-up; what a stopped worker still owed (remote changes to apply, a write) is done now.
 * `here`: what another device's choices change here (sync-here.ts).
 */
export function startChoiceSync(here: SyncHere): void {
  syncHereWith(here);
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && CHOICE_KEYS.some((k) => k in changes)) void noteLocalChange().catch(() => undefined);
    if (area === 'sync' && Object.keys(changes).some((k) => k.startsWith(CHUNK_PREFIX))) void reconcile().catch(() => undefined);
  });
  browser.runtime.onInstalled.addListener(() => void reconcile(true).catch(() => undefined));
  browser.runtime.onStartup.addListener(() => void reconcile(true).catch(() => undefined));
  void resumePending().catch(() => undefined);
  void loadState()
    .then(async (s) => {
      if (s.dirty && !(await syncIsOff())) scheduleWrite();
    })
    .catch(() => undefined);
}
