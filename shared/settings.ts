/**
 * The settings' one reader and writer, in every context (background, content script, extension pages):
 * the raw value in storage.sync (so they follow the user; Firefox without an account keeps them locally),
 * migrated and checked by lib's schema on every read, so a corrupt or hand-edited value never reaches the
 * rest of the extension. Only the background writes (pages send `settings/set`).
 *
 * "Keep my choices on this device only" (issue #30, SYNC_OFF_KEY in storage.local) keeps the settings
 * here too: a copy under the same key in storage.local is read and written instead of storage.sync's.
 */
import { browser } from 'wxt/browser';
import { type Settings, type SettingsPatch, applySettingsPatch, migrateSettings, settingsToStore } from '../lib/settings';
import { SYNC_QUOTA, itemBytes } from '../lib/sync/bytes';

export const SETTINGS_KEY = 'settings';
/** storage.local: true when this device's choices and settings stay on it (a per-device flag, never synced). */
export const SYNC_OFF_KEY = 'syncOff';
/** storage.local: the settings were changed while sync was off (turning it on writes them to sync). */
export const EDITED_OFF_KEY = 'settingsEditedOff';
/**
 * storage.local: the settings could not go to storage.sync (over its 8 KB an item — many added engines
 * with long paths — or the browser refused the write): why and when. The local copy is read meanwhile,
 * and the next write that fits goes to sync again and drops both. Nothing the user set is lost.
 */
export const SETTINGS_LOCAL_KEY = 'settingsKeptLocal';
/**
 * storage.local: this device's own settings as it last read them whole (issue #38). A synced value this
 * version cannot read (another device's newer release) leaves this device's value in place, not the
 * default. Written by the background only (`keepSettingsHere`, and with each write).
 */
export const SETTINGS_HERE_KEY = 'settingsHere';

/** Whether a storage change may change the settings (either area's copy, or the switch between them). */
export const settingsChanged = (changes: Record<string, unknown>, area: string): boolean =>
  (area === 'sync' && SETTINGS_KEY in changes) || (area === 'local' && (SETTINGS_KEY in changes || SYNC_OFF_KEY in changes || SETTINGS_LOCAL_KEY in changes));

// Read once per context's lifetime and again after any change (from any context): a results page
// waits on this read, and storage.sync costs milliseconds.
let cached: Promise<Settings> | undefined;
let listening = false;

/** Both areas in parallel (one wait at document_start): the local copy when sync is off, or the settings could not sync, and a copy exists. */
async function readRaw(): Promise<{ raw: unknown; off: boolean; keptLocal: boolean; here: Settings | undefined }> {
  const [synced, local] = await Promise.all([
    browser.storage.sync.get(SETTINGS_KEY),
    browser.storage.local.get([SETTINGS_KEY, SYNC_OFF_KEY, SETTINGS_LOCAL_KEY, SETTINGS_HERE_KEY]),
  ]);
  const off = local[SYNC_OFF_KEY] === true;
  const keptLocal = local[SETTINGS_LOCAL_KEY] !== undefined;
  const here = local[SETTINGS_HERE_KEY] === undefined ? undefined : migrateSettings(local[SETTINGS_HERE_KEY]);
  return { raw: (off || keptLocal) && local[SETTINGS_KEY] !== undefined ? local[SETTINGS_KEY] : synced[SETTINGS_KEY], off, keptLocal, here };
}

/** To sync; kept here (with why) when they do not fit an item or the browser refuses them. */
async function writeSynced(next: Record<string, unknown>, keptLocal: boolean): Promise<void> {
  const bytes = itemBytes(SETTINGS_KEY, next);
  try {
    if (bytes > SYNC_QUOTA.perItem) throw new Error(`the settings take ${bytes} bytes; the browser's sync holds ${SYNC_QUOTA.perItem} bytes an item`);
    await browser.storage.sync.set({ [SETTINGS_KEY]: next });
  } catch (e) {
    const message = (e instanceof Error ? e.message : String(e)).slice(0, 300);
    await browser.storage.local.set({ [SETTINGS_KEY]: next, [SETTINGS_LOCAL_KEY]: { at: Date.now(), bytes, message } });
    return;
  }
  if (keptLocal) await browser.storage.local.remove([SETTINGS_KEY, SETTINGS_LOCAL_KEY]);
}

const watchers = new Set<(s: Settings) => void>();

/** The cache is dropped on any change from any context: registered before anything is cached (a read or a write). */
function listen(): void {
  if (listening) return;
  listening = true;
  browser.storage.onChanged.addListener((changes, area) => {
    if (!settingsChanged(changes, area)) return;
    cached = undefined;
    // Watchers get the settings as read after the change, never a raw value.
    if (watchers.size)
      void readSettings().then(
        (s) => watchers.forEach((w) => w(s)),
        () => undefined,
      );
  });
}

/** Calls `f` with the settings, read anew, after every change of them (from any context or device). */
export function watchSettings(f: (s: Settings) => void): void {
  listen();
  watchers.add(f);
}

export function readSettings(): Promise<Settings> {
  listen();
  cached ??= readRaw().then(
    ({ raw, here }) => migrateSettings(raw, here),
    (e: unknown) => {
      cached = undefined;
      throw e;
    },
  );
  return cached;
}

/** The settings with `patch` applied, written and returned (the background's `settings/set`). */
export async function writeSettings(patch: SettingsPatch): Promise<Settings> {
  listen();
  const { raw, off, keptLocal, here } = await readRaw();
  const next = applySettingsPatch(migrateSettings(raw, here), patch);
  // What another version wrote (keys, engine ids, fields, values this one cannot read) is written back as it was.
  const stored = settingsToStore(raw, next, patch);
  if (off) await browser.storage.local.set({ [SETTINGS_KEY]: stored, [EDITED_OFF_KEY]: true, [SETTINGS_HERE_KEY]: next });
  else {
    await writeSynced(stored, keptLocal);
    await browser.storage.local.set({ [SETTINGS_HERE_KEY]: next });
  }
  cached = Promise.resolve(next);
  return next;
}

/**
 * "Keep my choices on this device only" turned on (the background's sync switch): the settings as they
 * are now, raw (what another version wrote included), kept here before they are read from here.
 */
export async function keepSettingsOnDevice(): Promise<void> {
  const got = await browser.storage.sync.get(SETTINGS_KEY);
  await browser.storage.local.set({ ...(got[SETTINGS_KEY] !== undefined && { [SETTINGS_KEY]: got[SETTINGS_KEY] }), [SYNC_OFF_KEY]: true });
}

/**
 * Turned off again: changed here meanwhile, this device's settings are the latest change and go to sync;
 * else sync's stand (another device may have changed them). The local copy goes.
 */
export async function returnSettingsToSync(): Promise<void> {
  const got = await browser.storage.local.get([SETTINGS_KEY, EDITED_OFF_KEY]);
  if (got[EDITED_OFF_KEY] === true && got[SETTINGS_KEY] !== undefined) await browser.storage.sync.set({ [SETTINGS_KEY]: got[SETTINGS_KEY] });
  await browser.storage.local.remove(SYNC_OFF_KEY);
  await browser.storage.local.remove([SETTINGS_KEY, EDITED_OFF_KEY]);
}

/** The background, when the settings changed (another device's write): this device's own copy follows what it can read. */
export async function keepSettingsHere(): Promise<void> {
  const { raw, here } = await readRaw();
  const now = migrateSettings(raw, here);
  if (JSON.stringify(now) !== JSON.stringify(here)) await browser.storage.local.set({ [SETTINGS_HERE_KEY]: now });
}
