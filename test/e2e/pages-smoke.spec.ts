import { installDemoRoutes } from '../../scripts/start-demo.mjs';
import { GRANTED_EXTENSION_DIR, expect, test } from './fixtures';
import type { HookScope } from './hook';

declare const chrome: typeof import('wxt/browser').Browser;

test.use({ extensionDir: GRANTED_EXTENSION_DIR });

test('smoke: page checking on the demo', async ({ context, sw, openExtensionPage }) => {
  const demo = await installDemoRoutes(context, { abortOthers: false });
  const ext = await openExtensionPage('options.html');
  await ext.evaluate(() => chrome.runtime.sendMessage({ type: 'settings/set', payload: { pageChecking: true, pageCheckingAsked: true } }));
  const page = await context.newPage();
  await page.goto(demo.searchUrl);
  await expect.poll(async () => (await sw(async (urls) => Promise.all(urls.map((u) => (globalThis as unknown as HookScope).__resemble!.recall(u))), demo.results.map((r) => r.url))).filter((r) => r?.status).length, { timeout: 20_000 }).toBe(10);
  const recs = await sw(async (urls) => Promise.all(urls.map((u) => (globalThis as unknown as HookScope).__resemble!.recall(u))), demo.results.map((r) => r.url));
  console.log(JSON.stringify(recs.map((r) => [r?.url, r?.status, r?.hasPage, r?.bytes, r?.canonical])));
  await page.waitForTimeout(1000);
  const states = await sw(async () => chrome.storage.session.get(null));
  console.log(JSON.stringify(Object.entries(states).filter(([k]) => k.startsWith('tab:')).map(([, v]) => (v as { groups?: unknown; checking?: unknown })), null, 0));
  const attrs = await page.locator('[data-resemble-cluster]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-resemble-rank'), e.getAttribute('data-resemble-cluster'), e.getAttribute('data-resemble-role')]));
  console.log(JSON.stringify(attrs));
});
