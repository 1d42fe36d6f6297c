/**
 * The options' controls take every bound and choice from lib/settings.ts (issue #29): rendered with the
 * schema's constants replaced by odd ones, each control must follow them. A control that hard-codes a
 * bound again (min={0.3}, [64, 128, 256]) keeps the old value and fails here.
 */
import { h } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import { mountIn } from './helpers/mount';
import type { SettingsProps } from '../../page-support/use-settings';

// Odd bounds no control could carry by chance; the lists reversed, so their order must come from here too.
vi.mock('../../lib/settings', async (original) => {
  const real = await original<typeof import('../../lib/settings')>();
  const odd = Object.fromEntries(
    Object.entries(real.SETTING_BOUNDS).map(([k, b]) => [k, { min: b.min + b.step * 3, max: b.max - b.step * 2, step: b.step === 1 ? 1 : b.step * 5 }]),
  );
  return {
    ...real,
    SETTING_BOUNDS: odd,
    SKETCH_SIZES: [256, 64],
    DISPLAY_MODES: [...real.DISPLAY_MODES].reverse(),
    COPYCAT_DISPLAYS: [...real.COPYCAT_DISPLAYS].reverse(),
  };
});
// The preview and the cache usage ask the background; no answer is needed to read the controls.
vi.mock('../../page-support/messaging', async (original) => ({
  ...(await original<typeof import('../../page-support/messaging')>()),
  send: () => new Promise(() => {}),
}));

const { DEFAULT_SETTINGS, SETTING_BOUNDS, SKETCH_SIZES, DISPLAY_MODES, COPYCAT_DISPLAYS } = await import('../../lib/settings');
const { GroupingControls } = await import('../../entrypoints/options/grouping/grouping');
const { AdvancedControls } = await import('../../entrypoints/options/advanced/advanced');
const { CacheControls } = await import('../../entrypoints/options/cache/cache');
const { CopycatSettings } = await import('../../entrypoints/options/copycats/copycat-settings');
const { DisplayModeControl } = await import('../../entrypoints/options/display/display-mode');
const { RecheckControl } = await import('../../entrypoints/options/page-checking/recheck');

/** Which setting each number or range input edits, by the input's id. */
const INPUTS: Record<string, keyof typeof SETTING_BOUNDS> = {
  'resemblance-threshold': 'resemblanceThreshold',
  'containment-threshold': 'containmentThreshold',
  'snippet-shingle': 'snippetShingle',
  'page-shingle': 'pageShingle',
  'cache-max-mb': 'cacheMaxMB',
  'cache-max-age': 'cacheMaxAgeDays',
  'copycat-min-originals': 'copycatMinOriginals',
  'copycat-min-sites': 'copycatMinSites',
  'recheck-hours': 'recheckHours',
};

const props: SettingsProps = { settings: { ...DEFAULT_SETTINGS }, save: async () => undefined };
const render = () =>
  [GroupingControls, AdvancedControls, CacheControls, CopycatSettings, DisplayModeControl, RecheckControl].map((c) => mountIn(h(c, props)).root);

describe('options: bounds and choices come from lib/settings', () => {
  it('every slider and number field takes its min, max and step from SETTING_BOUNDS', () => {
    const inputs = render().flatMap((root) => [...root.querySelectorAll('input[type=number], input[type=range]')]);
    const seen = inputs.map((el) => {
      const key = INPUTS[el.id];
      expect(key, `input #${el.id} edits a setting this test knows`).toBeDefined();
      const b = SETTING_BOUNDS[key!];
      expect([Number(el.getAttribute('min')), Number(el.getAttribute('max')), Number(el.getAttribute('step'))], el.id).toEqual([b.min, b.max, b.step]);
      return key;
    });
    // Every bounded setting has its control (a new one in the schema is seen here).
    expect(seen.sort()).toEqual(Object.keys(SETTING_BOUNDS).sort());
  });

  it('the sketch sizes, display modes and copycat displays are the schema lists, in their order', () => {
    const [, advanced, , copycat, mode] = render();
    expect([...advanced!.querySelectorAll('#sketch-size option')].map((o) => o.getAttribute('value'))).toEqual(SKETCH_SIZES.map(String));
    expect([...mode!.querySelectorAll('input[name=display-mode]')].map((o) => o.getAttribute('value'))).toEqual([...DISPLAY_MODES]);
    expect([...copycat!.querySelectorAll('input[name=copycat-display]')].map((o) => o.getAttribute('value'))).toEqual([...COPYCAT_DISPLAYS]);
  });
});
