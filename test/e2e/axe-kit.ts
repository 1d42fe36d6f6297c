/**
 * Accessibility checks with axe-core (issue #20): WCAG 2.0/2.1 A and AA rules, colour contrast
 * included, in the light and the dark scheme. Only serious and critical violations fail a test; the
 * others are attached to the report. Each check also sees that the page (its body) or Resemble's
 * controls have a dark background in the dark scheme and a light one in the light scheme.
 *
 *   const found = new AxeFindings();
 *   await found.check(popup, 'popup, groups');                       // extension pages: AxeBuilder
 *   await found.checkPageUi(tab, evalInContentScript, 'collapse');   // Resemble's UI on a results page
 *   found.expectNone();
 *
 * Resemble's UI on results pages lives in closed shadow roots (./page-ui-kit.ts): AxeBuilder, which runs
 * in the page's own world, cannot see into them. checkPageUi runs the same axe-core in the content
 * script's isolated world instead, where chrome.dom.openOrClosedShadowRoot opens them, scoped to
 * Resemble's hosts: the routed engine markup around them is the engine's, not ours to judge.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type ResembleFixtures, expect, test } from './fixtures';
import { UI_HOSTS } from '../../entrypoints/results/marks';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
export type Scheme = 'light' | 'dark';
export const SCHEMES: readonly Scheme[] = ['light', 'dark'];
const FAILING = new Set(['serious', 'critical']);

/** The axe-core that @axe-core/playwright runs (its own dependency), for the content script's world. */
const AXE_SOURCE = readFileSync(createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Switches `page` to `scheme` and waits until its media queries say so (the persistent context has no per-context colorScheme). */
export async function useScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect.poll(() => page.evaluate((s) => matchMedia(`(prefers-color-scheme: ${s})`).matches, scheme), { message: `${scheme} scheme applied` }).toBe(true);
}

/** Relative luminance (WCAG) of a computed colour "rgb(r, g, b)" or "rgba(…)". */
export function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? [])
    .slice(0, 3)
    .map((v) => Number(v) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Whether a background drawn in `scheme` looks it: dark ones dark, light ones light. */
const looks = (scheme: Scheme, background: string) => (scheme === 'dark' ? luminance(background) < 0.1 : luminance(background) > 0.6);

/** Whether axe's colour-contrast rule judged at least one node (passed or failed) in `r`. */
const contrastSeen = (r: { passes: { id: string }[]; violations: { id: string }[] }) => [...r.passes, ...r.violations].some((x) => x.id === 'color-contrast');

/** A violation as one line per node: what, where, why (axe's summary carries the contrast ratio and colours). */
const lines = (where: string, vs: readonly Violation[]) =>
  vs.flatMap((v) =>
    v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) ${JSON.stringify(n.target)}: ${v.help}. ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
  );

export class AxeFindings {
  /** `tags`: the axe rule sets run (WCAG 2.1 A/AA by default; the phone spec adds 'wcag22aa' for target-size). */
  constructor(private readonly tags: readonly string[] = WCAG_TAGS) {}
  readonly failing: string[] = [];
  readonly minor: string[] = [];
  /** What was checked (each page and state, in each scheme), for the report. */
  readonly checked: string[] = [];
  /** Backgrounds that did not follow the scheme (a page or control left light in dark mode, or the reverse). */
  readonly unfollowed: string[] = [];

  private follows(where: string, scheme: Scheme, background: string): void {
    if (!looks(scheme, background)) this.unfollowed.push(`${where} [${scheme}]: background ${background}`);
  }

  private add(where: string, vs: readonly Violation[], contrastChecked: boolean): void {
    // Text whose contrast axe could not measure (behind a closed root, say) would pass unseen.
    if (!contrastChecked) this.failing.push(`${where}: axe measured the contrast of no text`);
    this.failing.push(
      ...lines(
        where,
        vs.filter((v) => FAILING.has(v.impact ?? '')),
      ),
    );
    this.minor.push(
      ...lines(
        where,
        vs.filter((v) => !FAILING.has(v.impact ?? '')),
      ),
    );
    this.checked.push(where);
  }

  /** An extension page (popup, options, lost and found, privacy) as it is now, in both schemes; leaves it light. */
  async check(page: Page, what: string, include?: string): Promise<void> {
    for (const scheme of SCHEMES) {
      await useScheme(page, scheme);
      let b = new AxeBuilder({ page }).withTags([...this.tags]);
      if (include) b = b.include(include);
      const res = await b.analyze();
      this.add(`${what} [${scheme}]`, res.violations as Violation[], contrastSeen(res));
      this.follows(what, scheme, await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
    }
    await useScheme(page, 'light');
  }

  /** Resemble's own UI on a results page (labels, toggles, tooltips, the checking indicator), in both schemes. */
  async checkPageUi(page: Page, evalIn: ResembleFixtures['evalInContentScript'], what: string): Promise<void> {
    if (!(await evalIn<boolean>(page, 'typeof axe === "object"'))) {
      await evalIn(page, AXE_SOURCE);
      // Only this world's Element.prototype: the page's own world keeps the closed roots closed.
      await evalIn(
        page,
        `Object.defineProperty(Element.prototype, 'shadowRoot', { configurable: true, get() { return this instanceof HTMLElement ? (chrome.dom.openOrClosedShadowRoot(this) ?? null) : null; } }), true`,
      );
    }
    const hosts = JSON.stringify(UI_HOSTS.join(', '));
    for (const scheme of SCHEMES) {
      await useScheme(page, scheme);
      const r = await evalIn<{ hosts: number; violations: Violation[]; backgrounds: string[]; contrast: boolean }>(
        page,
        `(async () => {
          const hosts = [...document.querySelectorAll(${hosts})];
          if (!hosts.length) return { hosts: 0, violations: [], backgrounds: [], contrast: false };
          const r = await axe.run({ include: hosts }, { runOnly: { type: 'tag', values: ${JSON.stringify(this.tags)} }, resultTypes: ['violations'] });
          const controls = hosts.flatMap((h) => [...(h.shadowRoot?.querySelectorAll('button, .label, [data-resemble-checking]') ?? [])]);
          const contrast = [...r.passes, ...r.violations].some((x) => x.id === 'color-contrast');
          return { hosts: hosts.length, contrast, backgrounds: controls.map((c) => getComputedStyle(c).backgroundColor), violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) })) };
        })()`,
      );
      expect(r.hosts, `${what}: Resemble's UI is on the page`).toBeGreaterThan(0);
      this.add(`results page, ${what} [${scheme}]`, r.violations, r.contrast);
      for (const bg of new Set(r.backgrounds)) this.follows(`results page, ${what}: a control`, scheme, bg);
    }
    await useScheme(page, 'light');
  }

  /** Fails with every serious or critical violation found; attaches the rest. */
  expectNone(): void {
    test.info().annotations.push({ type: 'axe', description: `checked: ${this.checked.join('; ')}` });
    if (this.minor.length) test.info().annotations.push({ type: 'axe (moderate or minor, not failing)', description: this.minor.join('\n') });
    expect(this.failing, 'serious or critical axe violations (WCAG 2.1 A/AA)').toEqual([]);
    expect(this.unfollowed, 'pages and controls follow prefers-color-scheme').toEqual([]);
  }
}
