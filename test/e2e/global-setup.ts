/**
 * Builds the extension once for the whole run (`wxt build` → .output/chrome-mv3), unless
 * RESEMBLE_E2E_NO_BUILD=1 (then the existing build is used as it is). Also fails early, with the way to
 * fix it, when Chromium is missing.
 */
import { assertBuilt, buildExtension, findChromium } from '../../scripts/start-browser.mjs';

export default async function globalSetup(): Promise<void> {
  const chromium = findChromium();
  if (process.env.RESEMBLE_E2E_NO_BUILD === '1') {
    assertBuilt();
    console.log(`e2e: using the existing build in .output/chrome-mv3 (RESEMBLE_E2E_NO_BUILD=1); Chromium: ${chromium}`);
    return;
  }
  const ms = await buildExtension({ quiet: true });
  console.log(`e2e: built the extension (wxt build, ${(ms / 1000).toFixed(1)} s); Chromium: ${chromium}`);
}
