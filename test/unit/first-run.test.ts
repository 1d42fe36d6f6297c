import { describe, expect, test } from 'vitest';
import { EXAMPLE_RESULTS } from '../../entrypoints/welcome/example';
import { opensWelcome, toggledDisplayMode } from '../../lib/first-run';
import { groupResults } from '../../lib/group/results';
import { DEFAULT_SETTINGS, DISPLAY_MODES } from '../../lib/settings';

describe('the welcome page opens on a first install only', () => {
  test('install opens it', () => expect(opensWelcome('install')).toBe(true));
  // Chrome's and Firefox's other reasons, and whatever a later browser adds.
  test.each(['update', 'browser_update', 'shared_module_update', 'chrome_update', '', 'INSTALL'])('%j does not', (reason) =>
    expect(opensWelcome(reason)).toBe(false),
  );
});

describe('the shortcut’s display mode', () => {
  test('collapse and flag swap; off stays off', () => {
    expect(toggledDisplayMode('collapse')).toBe('flag');
    expect(toggledDisplayMode('flag')).toBe('collapse');
    expect(toggledDisplayMode('off')).toBeUndefined();
  });
  test('every mode is handled, and toggling twice comes back', () => {
    for (const m of DISPLAY_MODES) {
      const once = toggledDisplayMode(m);
      if (once) expect(toggledDisplayMode(once)).toBe(m);
    }
  });
});

describe('the welcome page’s example', () => {
  test('groups at the default threshold show both kinds of copy: the same page at another address, and the same text on another site', () => {
    const { groups } = groupResults(EXAMPLE_RESULTS, { threshold: DEFAULT_SETTINGS.resemblanceThreshold });
    const kinds = new Set(groups.flatMap((g) => g.members.map((m) => m.reason.kind)));
    expect(kinds).toEqual(new Set(['same-page', 'snippet']));
    // Not everything is a copy: most results stay on their own.
    const grouped = groups.reduce((n, g) => n + 1 + g.members.length, 0);
    expect(grouped).toBeLessThan(EXAMPLE_RESULTS.length);
  });
  test('ranks are 1…n in order and addresses are https', () => {
    expect(EXAMPLE_RESULTS.map((r) => r.rank)).toEqual(EXAMPLE_RESULTS.map((_, i) => i + 1));
    for (const r of EXAMPLE_RESULTS) expect(new URL(r.url).protocol).toBe('https:');
  });
});
