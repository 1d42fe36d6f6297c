import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, MIGRATIONS, applySettingsPatch, checkSettingsPatch, migrateSettings } from '../../lib/settings';

describe('settings', () => {
  it('nothing stored gives the defaults', () => {
    expect(migrateSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({ resemblanceThreshold: 0.5, displayMode: 'collapse', sketchSize: 128, pageChecking: false });
    expect(Object.values(DEFAULT_SETTINGS.engines).every(Boolean)).toBe(true);
  });

  it('a corrupt field falls back to its default without losing the others', () => {
    const s = migrateSettings({ version: 1, resemblanceThreshold: 'high', displayMode: 'flag', cacheMaxMB: -4, engines: { bing: false, google: 'yes' } });
    expect(s.resemblanceThreshold).toBe(0.5);
    expect(s.displayMode).toBe('flag');
    expect(s.cacheMaxMB).toBe(20);
    // One engine's unreadable switch costs that switch only (issue #38): Bing stays off.
    expect(s.engines).toEqual({ ...DEFAULT_SETTINGS.engines, bing: false });
  });

  it('engines missing from an older stored map start enabled; stored choices are kept', () => {
    const s = migrateSettings({ version: 1, engines: { bing: false } });
    expect(s.engines.bing).toBe(false);
    expect(s.engines.qwant).toBe(true);
  });

  it('runs migrations in order from the stored version', () => {
    MIGRATIONS[0] = (o) => ({ ...o, displayMode: o.mode });
    try {
      expect(migrateSettings({ version: 0, mode: 'off' }).displayMode).toBe('off');
    } finally {
      delete MIGRATIONS[0];
    }
  });

  it('patches are checked strictly and applied without touching other fields', () => {
    expect(checkSettingsPatch({ resemblanceThreshold: 0.99 }).ok).toBe(false);
    expect(checkSettingsPatch({ displayMode: 'hide' }).ok).toBe(false);
    expect(checkSettingsPatch({ sketchSize: 100 }).ok).toBe(false);
    const p = checkSettingsPatch({ resemblanceThreshold: 0.7, engines: { bing: false } });
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    const s = applySettingsPatch(DEFAULT_SETTINGS, p.value);
    expect(s.resemblanceThreshold).toBe(0.7);
    expect(s.engines.bing).toBe(false);
    expect(s.engines.google).toBe(true);
  });

  it('SearXNG hosts are held to the options’ host check (a "*" or a path would become a match pattern)', () => {
    for (const bad of [
      '*',
      '*.example.org',
      'searx.example.org/search',
      'https://searx.example.org',
      'SEARX.example.org',
      'a b',
      'user@host.example',
      'host.example:99999',
    ]) {
      expect(checkSettingsPatch({ searxngHosts: [bad] }).ok, bad).toBe(false);
    }
    expect(checkSettingsPatch({ searxngHosts: ['searx.example.org', 'localhost:8888', 'xn--bcher-kva.example'] }).ok).toBe(true);
    // Read from storage: the unusable ones are dropped, the others kept.
    expect(migrateSettings({ searxngHosts: ['searx.example.org', '*', 'x/y', 'search.example.net:8443'] }).searxngHosts).toEqual([
      'searx.example.org',
      'search.example.net:8443',
    ]);
  });
});
