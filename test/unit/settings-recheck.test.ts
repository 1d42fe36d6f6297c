/** The `recheckHours` setting (issue #40): its default, bounds, reading from storage and the settings/set check. */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lib/messages';
import {
  DEFAULT_SETTINGS,
  SETTING_BOUNDS,
  SETTINGS_VERSION,
  applySettingsPatch,
  checkSettingsPatch,
  migrateSettings,
  settingsToStore,
} from '../../lib/settings';
import { check } from '../../lib/validate';

describe('settings: recheckHours', () => {
  it('defaults to 24 hours, whole hours from 0 (every visit) to 720', () => {
    expect(DEFAULT_SETTINGS.recheckHours).toBe(24);
    expect(migrateSettings(undefined).recheckHours).toBe(24);
    expect(SETTING_BOUNDS.recheckHours).toEqual({ min: 0, max: 720, step: 1 });
  });

  it('settings stored before it existed read with the default, the others kept; stored values are read back', () => {
    const old = { version: SETTINGS_VERSION, cacheMaxAgeDays: 7, displayMode: 'flag' };
    expect(migrateSettings(old)).toMatchObject({ recheckHours: 24, cacheMaxAgeDays: 7, displayMode: 'flag' });
    expect(migrateSettings({ ...old, recheckHours: 0 }).recheckHours).toBe(0);
    expect(migrateSettings({ ...old, recheckHours: 720 }).recheckHours).toBe(720);
    for (const bad of [-1, 721, 1.5, '24', null, Number.NaN]) expect(migrateSettings({ ...old, recheckHours: bad }).recheckHours, String(bad)).toBe(24);
    // An unreadable stored value keeps this device's own.
    expect(migrateSettings({ ...old, recheckHours: 'x' }, { ...DEFAULT_SETTINGS, recheckHours: 6 }).recheckHours).toBe(6);
  });

  it('settings/set accepts it within its bounds and refuses anything else', () => {
    const payload = MESSAGES['settings/set'].payload;
    for (const ok of [0, 1, 24, 720]) {
      expect(checkSettingsPatch({ recheckHours: ok }).ok, String(ok)).toBe(true);
      expect(check(payload, { recheckHours: ok }).ok, String(ok)).toBe(true);
    }
    for (const bad of [-1, 721, 2.5, '24', null, Number.POSITIVE_INFINITY]) {
      expect(checkSettingsPatch({ recheckHours: bad }).ok, String(bad)).toBe(false);
      expect(check(payload, { recheckHours: bad }).ok, String(bad)).toBe(false);
    }
    const p = checkSettingsPatch({ recheckHours: 0 });
    if (!p.ok) throw new Error('refused');
    const next = applySettingsPatch(DEFAULT_SETTINGS, p.value);
    expect(next.recheckHours).toBe(0);
    // Written over what another version stored, keeping its fields.
    expect(settingsToStore({ version: SETTINGS_VERSION, future: 1 }, next, p.value)).toMatchObject({ recheckHours: 0, future: 1 });
  });
});
