/**
 * Issue #38, version skew: two releases share one synced `settings` item during a store rollout. What the
 * other wrote is a proposal: this version reads what it can, keeps this device's own value for what it
 * cannot, and writes back every key, engine id and field it does not know, untouched. Run both ways: the
 * newer release's item through this version and back, and this version's item through a newer reader
 * (one that knows every key this one does, and more: it must find its own values intact).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS, type Settings, applySettingsPatch, migrateSettings, settingsToStore } from '../../lib/settings';

const MINE = { host: 'search.mine.example', path: '/find', param: 'q', name: 'Mine' };

/** What a newer release (version 2) wrote: one engine id, one added engine's field, one setting and one display mode this version does not know. */
const NEWER = {
  ...DEFAULT_SETTINGS,
  version: 2,
  engines: { ...DEFAULT_SETTINGS.engines, bing: false, futureengine: true },
  addedEngines: [{ ...MINE, icon: 'https://search.mine.example/favicon.ico' }],
  displayMode: 'compact',
  summaries: { on: true, words: 40 },
};

/** The newer release's own reading of its fields: what it wrote must come back. */
const newerReads = (o: Record<string, unknown>) => ({
  version: o.version,
  futureengine: (o.engines as Record<string, unknown>).futureengine,
  icon: (o.addedEngines as Record<string, unknown>[])[0]?.icon,
  displayMode: o.displayMode,
  summaries: o.summaries,
});

describe('settings across versions (lib)', () => {
  const here: Settings = { ...DEFAULT_SETTINGS, displayMode: 'flag', resemblanceThreshold: 0.55 };

  it("a newer release's item read here: Bing stays off, the added engine stays, an unreadable value keeps this device's", () => {
    const s = migrateSettings(NEWER, here);
    expect(s.engines.bing).toBe(false);
    expect(s.engines).not.toHaveProperty('futureengine');
    expect(s.addedEngines).toEqual([MINE]);
    expect(s.displayMode, "'compact' is not this version's: this device's own value").toBe('flag');
    // A value this version reads is the synced one, not this device's.
    expect(s.resemblanceThreshold).toBe(DEFAULT_SETTINGS.resemblanceThreshold);
    expect(s).not.toHaveProperty('summaries');
    // With no copy of this device's own, the default.
    expect(migrateSettings(NEWER).displayMode).toBe('collapse');
  });

  it('an unrelated change here writes back everything the newer release wrote', () => {
    const patch = { resemblanceThreshold: 0.7 };
    const next = applySettingsPatch(migrateSettings(NEWER, here), patch);
    const stored = settingsToStore(NEWER, next, patch);
    expect(stored.resemblanceThreshold).toBe(0.7);
    expect(newerReads(stored)).toEqual(newerReads(NEWER));
    expect(stored.engines).toEqual(NEWER.engines);
    expect(stored.addedEngines).toEqual(NEWER.addedEngines);
  });

  it("a change of the same field here keeps the other version's parts of it", () => {
    const engines = { engines: { google: false } };
    const e = settingsToStore(NEWER, applySettingsPatch(migrateSettings(NEWER, here), engines), engines);
    expect(e.engines).toEqual({ ...NEWER.engines, google: false });
    const renamed = {
      addedEngines: [
        { ...MINE, name: 'Renamed' },
        { host: 'other.example', path: '/s', param: 'k', name: 'Other' },
      ],
    };
    const a = settingsToStore(NEWER, applySettingsPatch(migrateSettings(NEWER, here), renamed), renamed);
    expect(a.addedEngines).toEqual([{ ...NEWER.addedEngines[0], name: 'Renamed' }, renamed.addedEngines[1]]);
    const mode = { displayMode: 'off' as const };
    expect(settingsToStore(NEWER, applySettingsPatch(migrateSettings(NEWER, here), mode), mode).displayMode, 'the user chose here').toBe('off');
    expect(newerReads(settingsToStore(NEWER, applySettingsPatch(migrateSettings(NEWER, here), mode), mode))).toEqual({
      ...newerReads(NEWER),
      displayMode: 'off',
    });
  });

  it("this version's item, read by the newer release after a round trip, holds this version's values as written", () => {
    const patch = { engines: { qwant: false }, copycatDisplay: 'hide' as const };
    const mine = settingsToStore(undefined, applySettingsPatch(DEFAULT_SETTINGS, patch), patch);
    // The newer release adds its fields over this item and writes it back: this version reads its own values.
    const back = { ...mine, version: 2, summaries: { on: false }, engines: { ...(mine.engines as object), futureengine: false } };
    const s = migrateSettings(back, here);
    expect(s.engines.qwant).toBe(false);
    expect(s.copycatDisplay).toBe('hide');
    expect(settingsToStore(back, s, {})).toEqual(back);
  });
});

describe('settings across versions (shared/settings.ts, the browser storage)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.resetModules();
  });

  it('another device on a newer release writes the item: this device reads it, keeps its own where it cannot, and its next write loses nothing', async () => {
    const { readSettings, writeSettings, keepSettingsHere, SETTINGS_HERE_KEY } = await import('../../shared/settings');
    await writeSettings({ displayMode: 'flag', engines: { bing: false } });
    expect((await fakeBrowser.storage.local.get(SETTINGS_HERE_KEY))[SETTINGS_HERE_KEY]).toMatchObject({ displayMode: 'flag' });
    await fakeBrowser.storage.sync.set({ settings: NEWER });
    await keepSettingsHere();
    const s = await readSettings();
    expect(s.displayMode).toBe('flag');
    expect(s.engines.bing).toBe(false);
    expect(s.addedEngines).toEqual([MINE]);
    await writeSettings({ cacheMaxMB: 40 });
    const stored = (await fakeBrowser.storage.sync.get('settings')).settings as Record<string, unknown>;
    expect(stored.cacheMaxMB).toBe(40);
    expect(newerReads(stored)).toEqual(newerReads(NEWER));
    expect(stored.engines).toEqual(NEWER.engines);
  });
});
