/**
 * Keyboard paths (issue #20), with real key presses only (page.keyboard: trusted input, like a user's):
 *
 * 1. A results page in collapse mode: Tab reaches a group's reveal control (its tooltip shows on focus,
 *    Escape closes it); Enter reveals the copies and Space hides them, the state announced by
 *    aria-expanded; a hidden copy is never in the Tab order. In flag mode, Tab reaches a copy's label,
 *    whose tooltip opens on focus and closes on Escape with focus staying.
 * 2. The options page's sliders move with the arrow keys, say their value (aria-valuetext), and the
 *    resemblance slider regroups the open results page: one step across the threshold where the demo's
 *    groups change (found with lib in Node, not read off the extension) and one step back.
 */
import type { Page } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { pct } from '../../shared/i18n';
import { useLocale } from '../unit/helpers/i18n';
import { groupResults } from '../../lib/group/results';
import { expect, test } from './fixtures';
import { DEMO_GROUPS, DEMO_N, demoResults, expectedMarks, libGroups, readMarks } from './groups-kit';
import { openDemo, setSettings } from './page-check-kit';
import { type UiQuery, pageUi } from './page-ui-kit';
// The words the page shows, said in Node in English (the browser's language here); lib keeps no words.
useLocale('en');

declare const chrome: typeof Browser;

/** Where focus is on the results page: the rank of the result holding it, and whether that result is hidden (a closed root's focus shows as its host). */
const focusAt = (page: Page) =>
  page.evaluate(() => {
    const r = document.activeElement?.closest('[data-resemble-rank]');
    return {
      rank: r ? Number(r.getAttribute('data-resemble-rank')) : undefined,
      hidden: r?.getAttribute('data-resemble-hidden') === 'true',
      host: document.activeElement?.localName,
    };
  });

/** Presses Tab until `target` has focus (at most `max` presses); the number of presses. */
async function tabTo(page: Page, target: UiQuery, max = 8): Promise<number> {
  let n = 0;
  while (!(await target.focused()) && n < max) {
    await page.keyboard.press('Tab');
    n++;
  }
  expect(await target.focused(), `reached by Tab within ${max} presses`).toBe(true);
  return n;
}

test('results page: Tab reaches the reveal control and the labels; Enter and Space reveal and hide; tooltips open on focus and close on Escape', async ({
  context,
  openExtensionPage,
  evalInContentScript,
}) => {
  const page = await openDemo(context);
  const ui = pageUi(page, evalInContentScript);
  const inRank = (rank: number, inner: string) => ui(`[data-resemble-rank="${rank}"] resemble-ui`, inner);
  await expect.poll(() => page.evaluate(readMarks)).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, true));
  const toggle = inRank(1, 'button');
  const toggleTip = inRank(1, '[role="tooltip"]');
  const copies = [3, 6].map((r) => page.locator(`[data-resemble-rank="${r}"]`));

  // From the representative's title link, Tab reaches its toggle: collapsed, said so, its tooltip shown.
  await page.bringToFront();
  await page.locator('[data-resemble-rank="1"] a[href]:has(h3)').focus();
  const presses = await tabTo(page, toggle);
  expect(await toggle.attr('aria-expanded'), 'announced collapsed').toBe('false');
  expect(await toggle.attr('aria-describedby')).toBe((await toggleTip.attr('id')) ?? 'no tooltip id');
  await expect.poll(() => toggleTip.visible(), 'the tooltip opens on focus').toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => toggleTip.visible(), 'Escape closes it').toBe(false);
  expect(await toggle.focused(), 'focus stays on the toggle').toBe(true);

  await page.keyboard.press('Enter');
  await expect.poll(() => toggle.attr('aria-expanded'), 'Enter reveals').toBe('true');
  for (const c of copies) await expect(c).toBeVisible();
  expect(await toggle.text()).toMatch(/^Hide /);
  await page.keyboard.press('Space');
  await expect.poll(() => toggle.attr('aria-expanded'), 'Space hides again').toBe('false');
  for (const c of copies) await expect(c).toBeHidden();
  expect(await toggle.focused(), 'focus stays on the toggle').toBe(true);

  // The next Tab stop after the toggle is in a shown result: hidden copies hold no focus.
  await page.keyboard.press('Tab');
  const next = await focusAt(page);
  expect(next.hidden, `the next Tab stop (${JSON.stringify(next)}) is not in a hidden copy`).toBe(false);
  expect([3, 6, 8, 9]).not.toContain(next.rank);
  test.info().annotations.push({ type: 'keyboard', description: `toggle of #1 reached with ${presses} Tab press(es) from its title link` });

  // Flag mode: every copy shown with a label at its top, reached by Tab from the result before it.
  const ext = await openExtensionPage('options.html');
  await setSettings(ext, { displayMode: 'flag' });
  await expect.poll(() => ui('resemble-ui', '.label').count()).toBe(4);
  const label = inRank(3, '.label');
  const tip = inRank(3, '[role="tooltip"]');
  await page.bringToFront();
  await page.locator('[data-resemble-rank="2"] a[href]:has(h3)').focus();
  await tabTo(page, label);
  expect(await label.attr('aria-describedby')).toBe((await tip.attr('id')) ?? 'no tooltip id');
  await expect.poll(() => tip.visible(), 'the label’s tooltip opens on focus').toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => tip.visible(), 'Escape closes it').toBe(false);
  expect(await label.focused(), 'focus stays on the label').toBe(true);
  // Away and back by keyboard: the tooltip opens again.
  await page.keyboard.press('Shift+Tab');
  await expect.poll(() => label.focused()).toBe(false);
  await page.keyboard.press('Tab');
  await expect.poll(() => label.focused()).toBe(true);
  await expect.poll(() => tip.visible(), 'shown again on the next focus').toBe(true);
});

test('options: the sliders move with the arrow keys, say their value, and the resemblance slider regroups the open page', async ({
  context,
  openExtensionPage,
}) => {
  const groupsAt = (t: number) => libGroups(groupResults(demoResults, { threshold: t }).groups);
  // The first threshold above the default (0.5) where lib groups the demo differently, in hundredths.
  const start = 50;
  let at = start + 1;
  while (at <= 95 && JSON.stringify(groupsAt(at / 100)) === JSON.stringify(groupsAt(start / 100))) at++;
  expect(at, 'the demo’s groups change somewhere between 0.51 and 0.95').toBeLessThanOrEqual(95);
  expect(groupsAt(start / 100)).toEqual(DEMO_GROUPS);

  const page = await openDemo(context);
  await expect.poll(() => page.evaluate(readMarks)).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, true));
  const options = await openExtensionPage('options.html');
  const slider = options.locator('input#resemblance-threshold');
  await expect(slider).toHaveValue(String(start / 100));
  const saved = async (key: string) =>
    ((await options.evaluate(() => chrome.runtime.sendMessage({ type: 'settings/get', payload: {} }))) as { value: Record<string, number> }).value[key];

  // Up to the change, one arrow step at a time (Right and Up both step up).
  await slider.focus();
  for (let v = start + 1; v <= at; v++) await options.keyboard.press(v % 2 ? 'ArrowRight' : 'ArrowUp');
  await expect(slider).toHaveValue(String(at / 100));
  await expect(slider, 'the value announced').toHaveAttribute('aria-valuetext', pct(at / 100));
  await expect.poll(() => saved('resemblanceThreshold'), 'saved once it rests').toBe(at / 100);
  await expect.poll(() => page.evaluate(readMarks), { message: `the page regrouped at ${at / 100}` }).toEqual(expectedMarks(DEMO_N, groupsAt(at / 100), true));

  // One step back down: the demo's groups again.
  await options.keyboard.press('ArrowLeft');
  await expect(slider).toHaveValue(String((at - 1) / 100));
  await expect.poll(() => saved('resemblanceThreshold')).toBe((at - 1) / 100);
  await expect.poll(() => page.evaluate(readMarks), { message: `the page regrouped at ${(at - 1) / 100}` }).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, true));

  // The containment slider: Tab leaves the first slider (saving it) and reaches the second, which the arrows move.
  const containment = options.locator('input#containment-threshold');
  const before = Number(await containment.inputValue());
  let presses = 0;
  while (!(await containment.evaluate((el) => el === document.activeElement)) && presses < 10) {
    await options.keyboard.press('Tab');
    presses++;
  }
  await expect(containment, 'reached by Tab from the resemblance slider').toBeFocused();
  await options.keyboard.press('ArrowDown');
  await options.keyboard.press('ArrowDown');
  const after = Math.round((before - 0.02) * 100) / 100;
  await expect(containment).toHaveValue(String(after));
  await expect(containment).toHaveAttribute('aria-valuetext', pct(after));
  await expect.poll(() => saved('containmentThreshold')).toBe(after);
});
