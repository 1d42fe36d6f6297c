/**
 * The settings' one reader and writer, in every context (background, content script, extension pages):
 * the raw value in storage.sync (so they follow the user; Firefox without an account keeps them locally),
 * migrated and checked by lib's schema on every read, so a corrupt or hand-edited value never reaches the
 * rest of the extension. Only the background writes (pages send `settings/set`).
 */
import { browser } from 'wxt/browser';
import { type Settings, type SettingsPatch, applySettingsPatch, migrateSettings } from '../lib/settings';

export const SETTINGS_KEY = 'settings';

// Read once per context's lifetime and again after any change (from any context): a results page
// waits on this read, and storage.sync costs milliseconds.
let cached: Promise<Settings> | undefined;
let listening = false;

export function readSettings(): Promise<Settings> {
  if (!listening) {
    listening = true;
    browser.storage.onChanged.addListener((changes, area) => {
      if (area === 'sync' && SETTINGS_KEY in changes) cached = undefined;
    });
  }
  cached ??= browser.storage.sync.get(SETTINGS_KEY).then(
    (got) => migrateSettings(got[SETTINGS_KEY]),
    (e: unknown) => {
      cached = undefined;
      throw e;
    },
  );
  return cached;
}

/** The settings with `patch` applied, written and returned (the background's `settings/set`). */
export async function writeSettings(patch: SettingsPatch): Promise<Settings> {
  const next = applySettingsPatch(await readSettings(), patch);
  await browser.storage.sync.set({ [SETTINGS_KEY]: next });
  cached = Promise.resolve(next);
  return next;
}
