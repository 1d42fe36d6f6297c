/**
 * The options page's navigation (issue #39): a link to each section, deep links (options.html#copycats
 * opens at Copycat sites, also when the address changes while the page is open), the section being read
 * marked aria-current, focus visible from the keyboard; at 360 px (a phone) one button that names the
 * current section and opens the list, which passes axe with WCAG 2.2's target size.
 */
import type { Page } from '@playwright/test';
import { readLocale } from '../unit/helpers/i18n';
import { AxeFindings, WCAG_TAGS } from './axe-kit';
import { expect, test } from './fixtures';

const en = readLocale('en');
/** The sections in page order, with their titles as the page says them (public/_locales/en). */
const SECTIONS = [
  ['grouping', 'options_grouping'],
  ['display', 'options_display'],
  ['engines', 'options_engines'],
  ['page-checking', 'options_pageChecking'],
  ['copycats', 'options_copycats'],
  ['not-a-copy', 'options_notACopy'],
  ['sync', 'options_sync'],
  ['advanced', 'options_advanced'],
  ['cache', 'options_cache'],
].map(([id, key]) => ({ id, title: en[key].message }));
const title = (id: string) => SECTIONS.find((s) => s.id === id)!.title;

const navOf = (options: Page) => options.getByRole('navigation', { name: en.options_nav.message });
/** A section's heading, inside the page's sections (the nav's links carry the same words). */
const heading = (options: Page, id: string) => options.locator(`main section#${id}`).getByRole('heading', { level: 2, name: title(id), exact: true });
const link = (options: Page, id: string) => navOf(options).getByRole('link', { name: title(id), exact: true });

async function expectCurrent(options: Page, id: string): Promise<void> {
  await expect(link(options, id), `${id} marked current`).toHaveAttribute('aria-current', 'location');
  await expect(navOf(options).locator('a[aria-current]'), 'one section current').toHaveCount(1);
}

async function openOptions(openExtensionPage: (path: string) => Promise<Page>, path: string): Promise<Page> {
  const options = await openExtensionPage(path);
  await expect(options.locator('input#resemblance-threshold')).toBeVisible();
  return options;
}

test('options.html#copycats opens at Copycat sites; the links move between sections and mark the current one', async ({ openExtensionPage }) => {
  const options = await openOptions(openExtensionPage, 'options.html#copycats');
  const nav = navOf(options);

  // Every section, once, in page order, each link to its own section.
  await expect(nav.getByRole('link')).toHaveText(SECTIONS.map((s) => s.title));
  for (const s of SECTIONS) {
    await expect(link(options, s.id)).toHaveAttribute('href', `#${s.id}`);
    await expect(heading(options, s.id)).toHaveCount(1);
  }
  // A sidebar on a wide window: beside the sections, no button to open it.
  await expect(nav.getByRole('button')).toBeHidden();

  await expect(heading(options, 'copycats'), 'the linked section in view').toBeInViewport();
  await expectCurrent(options, 'copycats');
  // Still there once the sections above it have filled in (the preview, the lists).
  await expect(options.locator('#copycats .copycat-find')).toBeVisible();
  await expect(heading(options, 'copycats')).toBeInViewport();

  await link(options, 'cache').click();
  await expect(options).toHaveURL(/options\.html#cache$/);
  await expect(heading(options, 'cache')).toBeInViewport();
  await expectCurrent(options, 'cache');

  await link(options, 'grouping').click();
  await expect(options).toHaveURL(/options\.html#grouping$/);
  await expect(heading(options, 'grouping')).toBeInViewport();
  await expectCurrent(options, 'grouping');

  // The address changed while the page is open (another link, the history): followed too.
  await options.evaluate(() => {
    location.hash = '#sync';
  });
  await expect(heading(options, 'sync')).toBeInViewport();
  await expectCurrent(options, 'sync');
  await options.goBack();
  await expect(options).toHaveURL(/options\.html#grouping$/);
  await expectCurrent(options, 'grouping');
});

test('the navigation from the keyboard: the first stop, its focus visible, Enter follows a link', async ({ openExtensionPage }) => {
  const options = await openOptions(openExtensionPage, 'options.html');
  await options.keyboard.press('Tab');
  const first = link(options, 'grouping');
  await expect(first, 'the first link is the first stop').toBeFocused();
  expect(await first.evaluate((el) => getComputedStyle(el).outlineStyle), 'focus visible').not.toBe('none');
  await options.keyboard.press('Tab');
  await options.keyboard.press('Tab');
  await expect(link(options, 'engines')).toBeFocused();
  await options.keyboard.press('Enter');
  await expect(options).toHaveURL(/options\.html#engines$/);
  await expect(heading(options, 'engines')).toBeInViewport();
  await expectCurrent(options, 'engines');
});

test.describe('at 360 px with touch', () => {
  test.use({ phone: true });

  test('the navigation is one button naming the current section; it opens the list, a link closes it', async ({ openExtensionPage }) => {
    const options = await openOptions(openExtensionPage, 'options.html#not-a-copy');
    const nav = navOf(options);
    const toggle = nav.getByRole('button');

    // Collapsed: the button names where the reader is; the links are not shown.
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveText(en.options_nav_current.message.replace('$1', title('not-a-copy')));
    await expect(nav.getByRole('link')).toHaveCount(0);
    const box = await nav.boundingBox();
    expect(box?.height, 'the closed navigation takes one line').toBeLessThan(80);
    await expect(heading(options, 'not-a-copy')).toBeInViewport();

    // Opened: every section's link, within the 360 px, and axe finds nothing (target size included).
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link')).toHaveText(SECTIONS.map((s) => s.title));
    await expectCurrent(options, 'not-a-copy');
    expect(await options.evaluate(() => document.scrollingElement!.scrollWidth), 'no horizontal scroll').toBeLessThanOrEqual(360);
    const found = new AxeFindings([...WCAG_TAGS, 'wcag22aa']);
    await found.check(options, 'options at 360 px, the navigation open', 'nav');
    found.expectNone();

    // A link followed: there, and the list closed again.
    await link(options, 'cache').tap();
    await expect(options).toHaveURL(/options\.html#cache$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link')).toHaveCount(0);
    await expect(heading(options, 'cache')).toBeInViewport();
    await expect(toggle).toHaveText(en.options_nav_current.message.replace('$1', title('cache')));

    // Escape closes it too, and gives the focus back to the button.
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await link(options, 'grouping').focus();
    await options.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });
});
