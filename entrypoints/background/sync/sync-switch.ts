/**
 * "Keep my choices on this device only" (issue #30) and what the options are told. Off: the settings
 * are copied into storage.local and read from there (shared/settings.ts), and nothing of the choices
 * is written to or applied from storage.sync (the ledger still dates local changes). On again: this
 * device's settings go to sync if they were changed meanwhile, and its choices are merged with sync's
 * by the latest change and written.
 */
import { browser } from 'wxt/browser';
import type { Entry } from '../../../lib/sync/choices';
import { choicesOf, decode, encode, itemBytes } from '../../../lib/sync/encode';
import type { SyncStatus } from '../../../lib/sync/status';
import { EDITED_OFF_KEY, SETTINGS_KEY, SETTINGS_LOCAL_KEY, SYNC_OFF_KEY } from '../../../shared/settings';
import { reconcile } from './reconcile';
import { loadLedger, loadState, serial, syncIsOff, syncedChunks } from './sync-store';
import { cancelWrite, flush } from './sync-write';

export async function syncStatus(): Promise<SyncStatus> {
  const [off, ledger, state, chunks, kept] = await Promise.all([
    syncIsOff(),
    loadLedger(),
    loadState(),
    syncedChunks(),
    browser.storage.local.get(SETTINGS_LOCAL_KEY).then((g) => g[SETTINGS_LOCAL_KEY] as SyncStatus['settingsLocal']),
  ]);
  const live = (es: readonly Entry[]) => choicesOf(es).length;
  return {
    on: !off,
    synced: live(decode(chunks)),
    bytes: Object.entries(chunks).reduce((n, [k, v]) => n + itemBytes(k, v), 0),
    keptLocal: off ? 0 : live(encode(ledger.entries).left),
    ...(state.failed && { failed: state.failed }),
    ...(!off && kept && { settingsLocal: kept }),
  };
}

export async function setSyncOn(on: boolean): Promise<SyncStatus> {
  if (on === !(await syncIsOff())) return syncStatus();
  if (!on) {
    await serial(async () => {
      cancelWrite();
      // The settings as they are now, kept here before they are read from here.
      const got = await browser.storage.sync.get(SETTINGS_KEY);
      await browser.storage.local.set({ ...(got[SETTINGS_KEY] !== undefined && { [SETTINGS_KEY]: got[SETTINGS_KEY] }), [SYNC_OFF_KEY]: true });
    });
    return syncStatus();
  }
  await serial(async () => {
    const got = await browser.storage.local.get([SETTINGS_KEY, EDITED_OFF_KEY]);
    // Changed here while off: this device's are the latest change; else sync's stand (another machine may have changed them).
    if (got[EDITED_OFF_KEY] === true && got[SETTINGS_KEY] !== undefined) await browser.storage.sync.set({ [SETTINGS_KEY]: got[SETTINGS_KEY] });
    await browser.storage.local.remove(SYNC_OFF_KEY);
    await browser.storage.local.remove([SETTINGS_KEY, EDITED_OFF_KEY]);
  });
  await reconcile(true);
  // This device's choices are written now, not after the usual wait.
  await serial(flush);
  return syncStatus();
}
