/**
 * The first run (issue #20): a first install opens the welcome page, once; an update of Resemble or of
 * the browser does not. The page shows the example search's groups as lib groups them, and its one
 * choice, page checking, asks for access to sites (what the browser prompts for) and saves the setting
 * as the options do. The browser's own prompt cannot be answered from a test: the page's request is
 * recorded and answered by the build (granted: yes) or by the test (refused).
 */
import type { Page } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { groupResults } from '../../lib/group/results';
import { PAGE_ORIGINS } from '../../lib/fetch/fetch-page';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import { EXAMPLE_RESULTS } from '../../entrypoints/welcome/example';
import { GRANTED_EXTENSION_DIR, expect, test, welcomePage } from './fixtures';
import { requireHook } from './hook';

declare const chrome: typeof Browser;

test.use({ welcomeTab: 'keep' });

type HookWithFirstRun = { __resemble: { installed(reason: string): Promise<boolean> } };

const settingsOf = (page: Page) =>
  page.evaluate(async () => ((await chrome.runtime.sendMessage({ type: 'settings/get', payload: {} })) as { value: Record<string, unknown> }).value);

/** The welcome tabs open now. */
const welcomeTabs = (pages: Page[]) => pages.filter((p) => /^chrome-extension:\/\/[a-p]{32}\/welcome\.html$/.test(p.url())).length;

/**
 * Records the page's permission requests and answers them with `answer` (undefined: the browser's own
 * answer), in the page's extension API, which WXT's `browser` is in Chromium.
 */
async function recordRequests(page: Page, answer?: boolean): Promise<void> {
  await page.evaluate((a) => {
    const w = window as unknown as { __requested: string[][] };
    w.__requested = [];
    const real = chrome.permissions.request.bind(chrome.permissions);
    chrome.permissions.request = ((p: { origins?: string[] }) => {
      w.__requested.push(p.origins ?? []);
      return a === null ? real(p) : Promise.resolve(a);
    }) as typeof chrome.permissions.request;
  }, answer ?? null);
}
const requested = (page: Page) => page.evaluate(() => (window as unknown as { __requested: string[][] }).__requested);

test('a first install opens the welcome page once: what Resemble does, the example groups as lib groups them, links; an update does not open it', async ({
  context,
  sw,
  takeScreenshot,
}) => {
  const welcome = await welcomePage(context);
  await expect(welcome.getByRole('heading', { level: 1 })).toHaveText('Welcome to Resemble');
  await expect(welcome.getByRole('main')).toContainText('folds each copy under the best-ranked result');
  // The picture: the example's groups exactly as lib's grouping makes them at the default threshold.
  const expected = groupResults(EXAMPLE_RESULTS, { threshold: DEFAULT_SETTINGS.resemblanceThreshold }).groups;
  expect(expected.length, 'the example shows groups').toBeGreaterThanOrEqual(2);
  const figure = welcome.getByRole('figure');
  await expect(figure.locator('.preview-group')).toHaveCount(expected.length);
  for (const g of expected) {
    const group = figure.locator(`.preview-group[data-group="${g.id}"]`);
    await expect(group.locator('.preview-rep .preview-rank')).toHaveText(`#${g.representative}`);
    await expect(group.locator('li[data-rank]')).toHaveCount(g.members.length);
    for (const m of g.members) await expect(group.locator(`li[data-rank="${m.rank}"] .preview-title`)).toHaveText(EXAMPLE_RESULTS[m.rank - 1].title);
  }
  // The one choice, with what it fetches and that cookies are never sent.
  const choice = welcome.getByRole('region', { name: 'One choice: check result pages?' });
  await expect(choice).toContainText('only the addresses listed on the results pages you open');
  await expect(choice).toContainText('cookies and logins are never sent');
  await expect(choice.getByRole('switch', { name: 'Check result pages' })).not.toBeChecked();
  // The shortcut as this browser has it (the manifest's suggested key).
  const key = await sw(() => chrome.runtime.getManifest().commands?.['toggle-display-mode']?.suggested_key?.default);
  expect(key).toBeTruthy();
  await expect(welcome.getByTestId('welcome-shortcut').locator('kbd')).toHaveText(key!);
  await expect(welcome.getByRole('link', { name: 'All options' })).toHaveAttribute('href', '/options.html');
  await expect(welcome.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy.html');
  await takeScreenshot(welcome, 'welcome');

  // onInstalled for an update of Resemble or of the browser: no page (the hook awaits the tab it would open).
  await requireHook(sw);
  for (const reason of ['update', 'browser_update', 'shared_module_update']) {
    expect(await sw((r) => (globalThis as unknown as HookWithFirstRun).__resemble.installed(r), reason), reason).toBe(false);
  }
  expect(welcomeTabs(context.pages()), 'still the install’s one welcome tab').toBe(1);
  // The same path with 'install' does open one: the check above can fail.
  expect(await sw(() => (globalThis as unknown as HookWithFirstRun).__resemble.installed('install'))).toBe(true);
  await expect.poll(() => welcomeTabs(context.pages())).toBe(2);
});

test('the welcome page’s choice refused by the browser: page checking stays off and the page says why', async ({ context }) => {
  const welcome = await welcomePage(context);
  const toggle = welcome.getByRole('switch', { name: 'Check result pages' });
  await expect(toggle).toBeEnabled();
  await recordRequests(welcome, false);
  await toggle.click();
  await expect(welcome.locator('#page-checking-toggle-error')).toHaveText('Access to sites was not granted: pages are not checked.');
  expect(await requested(welcome)).toEqual([PAGE_ORIGINS]);
  await expect(toggle).not.toBeChecked();
  expect(await settingsOf(welcome)).toMatchObject({ pageChecking: false });
});

test.describe('with access to sites granted', () => {
  test.use({ extensionDir: GRANTED_EXTENSION_DIR });

  test('the welcome page’s choice asks for access to every site and turns page checking on, as the options show', async ({ context, openExtensionPage }) => {
    const welcome = await welcomePage(context);
    const toggle = welcome.getByRole('switch', { name: 'Check result pages' });
    await expect(toggle).not.toBeChecked();
    await recordRequests(welcome);
    await toggle.check();
    await expect(toggle).toBeChecked();
    expect(await requested(welcome), 'the access asked for').toEqual([PAGE_ORIGINS]);
    await expect.poll(() => settingsOf(welcome)).toMatchObject({ pageChecking: true, pageCheckingAsked: true });
    const options = await openExtensionPage('options.html');
    await expect(options.getByRole('switch', { name: 'Check result pages' })).toBeChecked();
    // And off again from the welcome page: no access asked to turn it off.
    await toggle.uncheck();
    await expect.poll(() => settingsOf(welcome)).toMatchObject({ pageChecking: false });
    expect(await requested(welcome)).toEqual([PAGE_ORIGINS]);
  });
});
