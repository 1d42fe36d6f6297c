/**
 * The Chrome store package (issue #16) loads and works: the zip `npm run zip` makes, unpacked as a
 * store would, collapses the offline demo's copies in Chromium, with no test hook in its background.
 * (./store-package.ts: the zip the unit suite's package test made, or made here).
 */
import { installDemoRoutes } from '../../scripts/start-demo.mjs';
import { expect, test } from './fixtures';
import { unpackedPackage } from './store-package';
import { TEST_BUILD_SEED } from '../../lib/sketch/install-seed';

test.use({ extensionDir: unpackedPackage('chrome'), testBuild: false });

test('the Chrome store package collapses the demo’s copies, and its background has no test hook', async ({ context, sw, extensionSeed }) => {
  // A package draws its install's seed at random: never the test builds' fixed one.
  expect(extensionSeed).not.toBe(TEST_BUILD_SEED);
  const demo = await installDemoRoutes(context, { abortOthers: false });
  const page = await context.newPage();
  await page.goto(demo.searchUrl);
  await expect(page.locator(':root')).toHaveAttribute('data-resemble-applied', /^\d/, { timeout: 15_000 });
  for (const g of demo.groups) {
    const [rep, ...copies] = g.ranks;
    await expect(page.locator(`[data-resemble-rank="${rep}"]`)).toHaveAttribute('data-resemble-role', 'representative');
    for (const r of copies) await expect(page.locator(`[data-resemble-rank="${r}"]`), `rank ${r} hidden`).toHaveAttribute('data-resemble-hidden', 'true');
  }
  for (const r of demo.unrelated) await expect(page.locator(`[data-resemble-rank="${r}"]`)).not.toHaveAttribute('data-resemble-cluster', /.*/);
  expect(await sw(() => typeof (globalThis as { __resemble?: unknown }).__resemble), 'no test hook').toBe('undefined');
});
