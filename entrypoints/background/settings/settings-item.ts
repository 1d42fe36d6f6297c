import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { DEFAULT_SETTINGS, MIGRATIONS, SETTINGS_VERSION, type Settings, type SettingsPatch, applySettingsPatch, migrateSettings } from '../../../lib/settings';

/**
 * The settings in browser storage (sync, so they follow the user; Firefox without an account keeps
 * them locally). WXT versions the item; lib's schema migrates and checks every read, so a corrupt or
 * hand-edited value never reaches the rest of the extension.
 */
export const settingsItem = storage.defineItem<Settings>('sync:settings', {
  fallback: DEFAULT_SETTINGS as Settings,
  version: SETTINGS_VERSION,
  migrations: Object.fromEntries(Object.entries(MIGRATIONS).map(([from, f]) => [Number(from) + 1, (old: Record<string, unknown>) => f(old)])),
});

// Read once per service-worker lifetime and again after any change (from any context): a results page
// waits on this read, and storage.sync costs milliseconds.
let cached: Promise<Settings> | undefined;
browser.storage.onChanged.addListener((changes, area) => {
  if (area === 'sync' && 'settings' in changes) cached = undefined;
});

export function readSettings(): Promise<Settings> {
  cached ??= settingsItem.getValue().then(migrateSettings, (e: unknown) => {
    cached = undefined;
    throw e;
  });
  return cached;
}

export async function writeSettings(patch: SettingsPatch): Promise<Settings> {
  const next = applySettingsPatch(await readSettings(), patch);
  await settingsItem.setValue(next);
  cached = Promise.resolve(next);
  return next;
}
