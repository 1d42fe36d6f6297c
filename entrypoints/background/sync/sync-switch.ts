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
import { SETTINGS_LOCAL_KEY, keepSettingsOnDevice, returnSettingsToSync } from '../../../shared/settings';
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
      await keepSettingsOnDevice();
    });
    return syncStatus();
  }
  await serial(returnSettingsToSync);
  await reconcile(true);
  // This device's choices are written now, not after the usual wait.
  await serial(flush);
  return syncStatus();
}
