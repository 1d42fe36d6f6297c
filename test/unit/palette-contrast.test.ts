/**
 * The colour palettes (issue #20): the extension pages' (components/styles.css) and the on-page UI's
 * (entrypoints/results/page-styles.ts) define the same properties in the light and the dark scheme,
 * and every text colour meets WCAG AA (4.5:1) on every background it is drawn on, in both. The e2e
 * checks (test/e2e/a11y.spec.ts, axe's color-contrast) see the states a test reaches; this sees the
 * palettes whole, including colours only rare states use (an error, a failed source).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PALETTE_CSS } from '../../entrypoints/results/page-styles';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

type Palette = Record<string, string>;

/** The custom properties of the first block `selector {…}` in `css`, and of the same block under the dark media query. */
function palettes(css: string, selector: string): { light: Palette; dark: Palette } {
  const props = (block: string): Palette => Object.fromEntries([...block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
  const at = css.indexOf('@media (prefers-color-scheme: dark)');
  expect(at, 'a dark palette').toBeGreaterThan(0);
  const blockAfter = (from: number) => {
    const open = css.indexOf(`${selector} {`, from);
    return css.slice(open, css.indexOf('}', open));
  };
  return { light: props(blockAfter(0)), dark: props(blockAfter(at)) };
}

function luminance(hex: string): number {
  const m = hex.match(/^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = m
    .slice(1)
    .map((h) => parseInt(h, 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Pairs [text, background] below 4.5:1 in `p`. */
function failing(p: Palette, pairs: readonly [string, string][]): string[] {
  return pairs.filter(([fg, bg]) => contrast(p[fg], p[bg]) < 4.5).map(([fg, bg]) => `${fg} ${p[fg]} on ${bg} ${p[bg]}: ${contrast(p[fg], p[bg]).toFixed(2)}`);
}

const cross = (fgs: string[], bgs: string[]) => fgs.flatMap((fg) => bgs.map((bg) => [fg, bg] as [string, string]));

const PAGES = palettes(readFileSync(resolve(ROOT, 'components/styles.css'), 'utf8'), ':root');
/** Text colours of the extension pages on each background they are drawn on; and the filled buttons. */
const PAGE_PAIRS: [string, string][] = [
  ...cross(['--fg', '--muted', '--accent', '--danger', '--ok'], ['--bg', '--panel', '--info-bg']),
  ['--accent-fg', '--accent'],
  ['--bg', '--danger'],
];

const UI = palettes(PALETTE_CSS, ':host');
const UI_PAIRS: [string, string][] = [
  ['--r-fg', '--r-bg'],
  ['--r-fg', '--r-hover'],
  ['--r-tip-fg', '--r-tip-bg'],
  ['--r-dead-fg', '--r-dead-bg'],
  ['--r-live-fg', '--r-live-bg'],
];

describe('colour palettes, light and dark', () => {
  for (const [name, p, pairs] of [
    ['extension pages (components/styles.css)', PAGES, PAGE_PAIRS],
    ['on-page UI (entrypoints/results/page-styles.ts)', UI, UI_PAIRS],
  ] as const) {
    it(`${name}: the dark scheme sets every colour the light one does`, () => {
      const colours = (q: Palette) =>
        Object.keys(q)
          .filter((k) => q[k].startsWith('#'))
          .sort();
      expect(colours(p.dark)).toEqual(colours(p.light));
      expect(colours(p.light).length).toBeGreaterThan(4);
    });
    for (const scheme of ['light', 'dark'] as const) {
      it(`${name}: every text colour has 4.5:1 on its backgrounds (${scheme})`, () => {
        expect(failing(p[scheme], pairs)).toEqual([]);
      });
    }
  }

  it('the contrast formula gives WCAG’s known values', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrast('#777777', '#ffffff')).toBeLessThan(4.5);
  });
});
