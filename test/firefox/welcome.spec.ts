/**
 * The first run in Firefox (MV2 background page): installing the add-on opens the welcome page, with
 * the example's groups and the page-checking choice; the build declares the shortcut.
 */
import { FIREFOX_EXTENSION_DIR, readManifest } from './build';
import { expect, test, until } from './fixtures';

test('installing the add-on opens the welcome page once; the build declares the shortcut', async ({ firefox, extensionOrigin }) => {
  const url = `${extensionOrigin}welcome.html`;
  // WebDriver BiDi reports no navigation of extension documents (page.url() stays about:blank): each tab is asked.
  const welcomeTabs = async () => {
    const pages = await firefox.pages();
    const hrefs = await Promise.all(pages.map((p) => p.evaluate(() => location.href).catch(() => '')));
    return pages.filter((_, i) => hrefs[i] === url);
  };
  const welcome = await until('the welcome tab', 15_000, async () => (await welcomeTabs())[0]);
  const seen = await until('the welcome page drawn', 15_000, async () =>
    welcome.evaluate(() => {
      const h1 = document.querySelector('h1')?.textContent;
      if (!h1 || !document.querySelector('#page-checking-toggle')) return undefined;
      return {
        h1,
        groups: document.querySelectorAll('figure .preview-group').length,
        toggle: document.querySelector('#page-checking-toggle')?.getAttribute('role'),
      };
    }),
  );
  expect(seen).toEqual({ h1: 'Welcome to Resemble', groups: 2, toggle: 'switch' });
  expect(await welcomeTabs()).toHaveLength(1);

  const m = readManifest(FIREFOX_EXTENSION_DIR) as { commands?: Record<string, { suggested_key?: { default?: string } }> };
  expect(m.commands?.['toggle-display-mode']?.suggested_key?.default).toMatch(/^Alt\+Shift\+[A-Z]$/);
});
