/**
 * The popup's one-click offers (issues #5, #6), end to end in the extension as installed (no access to
 * sites granted): turning a switched-off engine back on; the one-time question about page checking
 * ("Not now" is remembered); and page checking switched on in the settings (synced from another device,
 * say) without this browser's access, which the popup and the options say, offering to allow it.
 * The browser's own permission prompt cannot be answered from a test: the clicks that would show it
 * are not made here (the granted build's tests cover what follows a grant).
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { expect, test } from './fixtures';
import { requireHook } from './hook';
import { applied, openPopup, setSettings, tabStateOf } from './page-check-kit';
import { demo } from './page-demo-serp';

declare const chrome: typeof Browser;

const settingsOf = (page: Page) =>
  page.evaluate(async () => ((await chrome.runtime.sendMessage({ type: 'settings/get', payload: {} })) as { value: Record<string, unknown> }).value);

async function demoTab(context: BrowserContext, serveHtml: (u: string, h: string) => Promise<void>): Promise<Page> {
  await serveHtml(demo.searchUrl, demo.resultsHtml);
  const tab = await context.newPage();
  await tab.goto(demo.searchUrl);
  return tab;
}

test('an engine turned off: "Turn on for Google" in the popup turns it on, and the open page is read without a reload', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  extensionOrigin,
}) => {
  await requireHook(sw);
  const ext = await openExtensionPage('options.html');
  await setSettings(ext, { engines: { google: false } });
  const tab = await demoTab(context, serveHtml);
  // The barrier: the background recorded the tab as turned off. The content script says so only once it
  // has decided not to read the page (after its early look while loading, which checks the same setting).
  await expect.poll(async () => (await tabStateOf(sw, demo.searchUrl))?.status, { message: 'the tab’s state', timeout: 15_000 }).toBe('disabled');
  expect(await tab.locator('[data-resemble-rank], [data-resemble-applied]').count(), 'nothing read while Google is off').toBe(0);

  const popup = await openPopup(context, extensionOrigin, tab);
  await expect(popup.locator('main')).toContainText('Resemble is turned off for Google.');
  await popup.getByRole('button', { name: 'Turn on for Google' }).click();
  // The confirmation, or already the page's groups: the popup polls the tab every second, and on a busy
  // machine the page may be read (and the popup show its groups) before the confirmation is seen.
  const confirmed = popup.getByRole('status').filter({ hasText: 'Turned on for Google: the page is being read.' });
  await expect(confirmed.or(popup.locator('.group').first()), 'the confirmation, or the page’s groups').toBeVisible();
  await expect(popup.getByRole('button', { name: 'Reload the page' }), 'no reload needed').toHaveCount(0);
  expect(((await settingsOf(ext)).engines as Record<string, boolean>).google).toBe(true);
  await applied(tab);
  await expect(tab.locator('[data-resemble-rank]')).toHaveCount(10);
  await expect(tab.locator('[data-resemble-role="copy"]').first()).toBeAttached();
});

test('the one-time question about page checking: shown on a results page; "Not now" is remembered', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  extensionOrigin,
}) => {
  await requireHook(sw);
  const tab = await demoTab(context, serveHtml);
  await applied(tab);
  const popup = await openPopup(context, extensionOrigin, tab);
  const offer = popup.getByRole('complementary', { name: 'Confirm these groups with the pages themselves?' });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('without your cookies');
  await expect(offer.getByRole('button', { name: 'Check result pages' })).toBeEnabled();
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);
  const ext = await openExtensionPage('options.html');
  expect(await settingsOf(ext)).toMatchObject({ pageChecking: false, pageCheckingAsked: true });
  const again = await openPopup(context, extensionOrigin, tab);
  await expect(again.locator('.group').first()).toBeVisible();
  await expect(again.getByRole('complementary', { name: 'Confirm these groups with the pages themselves?' }), 'asked once only').toHaveCount(0);
});

test('page checking on in the settings but not allowed in this browser: the popup and the options say so and offer to allow it', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  extensionOrigin,
}) => {
  await requireHook(sw);
  const ext = await openExtensionPage('options.html');
  await setSettings(ext, { pageChecking: true, pageCheckingAsked: true });
  const tab = await demoTab(context, serveHtml);
  await applied(tab);
  const popup = await openPopup(context, extensionOrigin, tab);
  const lacking = popup.getByTestId('page-access-lacking');
  await expect(lacking).toContainText('Page checking is on, but this browser has not allowed Resemble to read sites.');
  await expect(lacking.getByRole('button', { name: 'Allow access to sites' })).toBeEnabled();
  await expect(popup.locator('.checking[role="status"]'), 'nothing is being checked').toHaveCount(0);

  await ext.reload();
  const toggle = ext.getByRole('switch', { name: 'Check result pages' });
  await expect(toggle).not.toBeChecked();
  await expect(ext.locator('#page-checking-toggle-error')).toContainText('this browser has not allowed Resemble to read sites');
});
