/**
 * Phone-sized (issue #30): Firefox for Android runs extensions, and opens the popup as a full-width page.
 * Here Chromium plays the phone: a 360×740 viewport, touch (page.tap, touchscreen) and mobile emulation,
 * where a page without a meta viewport is laid out 980 px wide and shrunk (fixtures.ts `phone`). Not a
 * real Android device, nor Firefox for Android itself (none here; README says so).
 *
 * 1. The extension's pages (popup, options, lost and found, copies, privacy, welcome) fit 360 px: no
 *    horizontal scroll, and axe finds no serious or critical violation in light and dark, WCAG 2.2's
 *    target size (24×24 CSS px, or spaced apart) included.
 * 2. On the demo results page, the labels' details open by a tap, stay inside the 360 px, close on a
 *    second tap or a tap elsewhere; the on-page controls pass axe with the target size too.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { AxeFindings, WCAG_TAGS } from './axe-kit';
import { expect, test } from './fixtures';
import { applied, openPopup, setSettings } from './page-check-kit';
import { demo } from './page-demo-serp';
import { pageUi } from './page-ui-kit';
import { installDemoRoutes } from '../../scripts/start-demo.mjs';

test.use({ phone: true });

const PHONE_WIDTH = 360;
const TAGS = [...WCAG_TAGS, 'wcag22aa'];

/** The page's layout width and how wide its content is, with what sticks out past the right edge (for the message). */
const widths = (page: Page) =>
  page.evaluate(() => {
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5)
      .slice(0, 5)
      .map((el) => `${el.localName}.${[...el.classList].join('.')}`);
    return { innerWidth, scrollWidth: document.scrollingElement?.scrollWidth ?? 0, wide };
  });

/**
 * The demo results page made fluid, as an engine's phone markup is (its desktop layout is 832 px wide):
 * the same results, their columns at the screen's width.
 */
const PHONE_DEMO_CSS = `<style>
  .demo-note, .tabs { padding-left: 12px !important; }
  #searchform { padding-left: 12px !important; height: auto !important; }
  .logo { display: none !important; }
  .RNNXgb { width: calc(100vw - 24px) !important; }
  .tabs { overflow-x: auto; }
  #center_col { margin-left: 0 !important; width: auto !important; padding: 0 12px; }
  .g { width: auto !important; }
</style>`;

async function openPhoneDemo(context: BrowserContext): Promise<Page> {
  await installDemoRoutes(context, { abortOthers: false });
  const html = demo.resultsHtml.replace('</head>', `${PHONE_DEMO_CSS}</head>`);
  await context.route(
    (u) => u.href === demo.searchUrl,
    (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
  const tab = await context.newPage();
  await tab.goto(demo.searchUrl);
  await applied(tab);
  return tab;
}

/** No horizontal scroll at the phone's width: laid out at 360 (its meta viewport counts) and nothing wider. */
async function fits(page: Page, what: string): Promise<void> {
  const w = await widths(page);
  expect(w.innerWidth, `${what}: laid out at the phone's width (meta viewport)`).toBe(PHONE_WIDTH);
  // What sticks out is named in the message only: inside a scrolling box (a row of tabs) it scrolls no page.
  expect(w.scrollWidth, `${what}: no horizontal scroll (past the edge: ${w.wide.join(', ') || 'nothing'})`).toBeLessThanOrEqual(PHONE_WIDTH);
}

test('at 360 px with touch: the popup, options, lost and found, copies, privacy and welcome fit and pass axe (target size too), light and dark', async ({
  context,
  openExtensionPage,
  extensionOrigin,
}) => {
  test.setTimeout(150_000);
  const found = new AxeFindings(TAGS);

  const options = await openExtensionPage('options.html');
  await expect(options.locator('input#resemblance-threshold')).toBeVisible();
  await fits(options, 'options');
  await found.check(options, 'options');

  const lost = await openExtensionPage(`lost.html?url=${encodeURIComponent('https://gone.example/a/very/long/address/that/does/not/wrap/by/itself')}`);
  await expect(lost.getByTestId('needs-access')).toBeVisible();
  await fits(lost, 'lost and found');
  await found.check(lost, 'lost and found, asking for access');

  for (const [path, what] of [
    ['privacy.html', 'privacy'],
    ['welcome.html', 'welcome'],
    ['copies.html', 'copies, no run'],
  ] as const) {
    const p = await openExtensionPage(path);
    await expect(p.locator('h1')).toBeVisible();
    await fits(p, what);
    await found.check(p, what);
  }

  const notResults = await openPopup(context, extensionOrigin, options);
  await expect(notResults.locator('main')).toContainText('not a search results page');
  await fits(notResults, 'popup, not a results page');
  await found.check(notResults, 'popup, not a results page');
  // Narrower phones (320 px): the popup is fluid, no desktop width forced on it.
  await notResults.setViewportSize({ width: 320, height: 740 });
  await expect
    .poll(
      async () => {
        const w = await widths(notResults);
        return { innerWidth: w.innerWidth, scrollWidth: w.scrollWidth };
      },
      { message: 'popup at 320 px: no horizontal scroll' },
    )
    .toEqual({ innerWidth: 320, scrollWidth: 320 });
  found.expectNone();
});

test('at 360 px with touch: the popup with groups fits; on the results page a tap opens a label’s details and a tap closes them, inside the screen', async ({
  context,
  openExtensionPage,
  extensionOrigin,
  evalInContentScript,
}) => {
  test.setTimeout(150_000);
  const found = new AxeFindings(TAGS);
  const options = await openExtensionPage('options.html');
  const tab = await openPhoneDemo(context);
  const ui = pageUi(tab, evalInContentScript);
  await expect.poll(() => ui('resemble-ui', 'button:not(.action)').count()).toBe(3);
  await fits(tab, 'the results page, made fluid');

  // Collapse: a tap on a group's toggle reveals its copies.
  const toggle = ui('[data-resemble-rank="1"] resemble-ui', 'button');
  const tb = await toggle.box();
  expect(Math.min(tb.width, tb.height), 'the toggle is at least 24 px each way').toBeGreaterThanOrEqual(24);
  await tab.touchscreen.tap(tb.x + tb.width / 2, tb.y + tb.height / 2);
  await expect.poll(() => toggle.attr('aria-expanded')).toBe('true');
  await found.checkPageUi(tab, evalInContentScript, 'collapse, a group revealed by a tap');

  const popup = await openPopup(context, extensionOrigin, tab);
  await expect(popup.locator('.group')).toHaveCount(3);
  await fits(popup, 'popup, groups');
  await found.check(popup, 'popup, groups and the page-checking offer');

  // Flag: each copy's label opens its details by a tap (no hover on a phone), inside the 360 px.
  await setSettings(options, { displayMode: 'flag' });
  await tab.bringToFront();
  await expect.poll(() => ui('resemble-ui', '.label').count()).toBe(4);
  const label = ui('[data-resemble-rank="3"] resemble-ui', '.label');
  const tip = ui('[data-resemble-rank="3"] resemble-ui', '[role="tooltip"]');
  await expect.poll(() => tip.visible(), 'closed until asked').toBe(false);
  const lb = await label.box();
  expect(Math.min(lb.width, lb.height), 'the label is at least 24 px each way').toBeGreaterThanOrEqual(24);
  const tapLabel = () => tab.touchscreen.tap(lb.x + lb.width / 2, lb.y + lb.height / 2);
  await tapLabel();
  await expect.poll(() => tip.visible(), 'a tap opens the details').toBe(true);
  const box = (await tip.node())?.box;
  expect(box && box.x >= 0 && box.x + box.width <= PHONE_WIDTH, `the details stay on the screen: ${JSON.stringify(box)}`).toBe(true);
  await fits(tab, 'the results page, a label’s details open');
  await found.checkPageUi(tab, evalInContentScript, 'flag, a label’s details opened by a tap');
  await tapLabel();
  await expect.poll(() => tip.visible(), 'a second tap closes them').toBe(false);
  await tapLabel();
  await expect.poll(() => tip.visible()).toBe(true);
  // A tap on the page's own text (a result's snippet), away from Resemble's controls, closes them too.
  const snippet = tab.locator('[data-resemble-rank="3"] .VwiC3b');
  await snippet.scrollIntoViewIfNeeded();
  const sb = (await snippet.boundingBox())!;
  await tab.touchscreen.tap(sb.x + 8, sb.y + sb.height / 2);
  await expect.poll(() => tip.visible(), 'a tap elsewhere closes them').toBe(false);
  found.expectNone();
});
