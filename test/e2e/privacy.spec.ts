import { expect, test } from './fixtures';

// The privacy policy ships in the package (entrypoints/privacy shows PRIVACY.md), linked from the options.
test('the options link to the privacy page, which shows PRIVACY.md', async ({ context, extensionOrigin, takeScreenshot }) => {
  const options = await context.newPage();
  const errors: string[] = [];
  await options.goto(`${extensionOrigin}options.html`);
  const [privacy] = await Promise.all([context.waitForEvent('page'), options.getByRole('link', { name: 'Privacy' }).click()]);
  privacy.on('pageerror', (e) => errors.push(e.message));
  await privacy.waitForLoadState();
  expect(privacy.url()).toBe(`${extensionOrigin}privacy.html`);
  await expect(privacy.getByRole('heading', { level: 1 })).toHaveText("Resemble's privacy policy");
  await expect(privacy.getByRole('heading', { level: 2, name: 'How to clear it' })).toBeVisible();
  await expect(privacy.locator('strong', { hasText: 'Options → Cache → Clear cache' })).toBeVisible();
  await takeScreenshot(privacy, 'privacy');
  expect(errors).toEqual([]);
});
