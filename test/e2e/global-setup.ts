/**
 * Builds the extension once for the whole run (`wxt build` → .output/chrome-mv3), unless
 * RESEMBLE_E2E_NO_BUILD=1 (then the existing build is used as it is). Also fails early, with the way to
 * fix it, when Chromium is missing.
 */
import { GRANTED_EXTENSION_DIR, GRANTED_OUT_DIR, assertBuilt, buildExtension, findChromium } from '../../scripts/start-browser.mjs';

export default async function globalSetup(): Promise<void> {
  const chromium = findChromium();
  if (process.env.RESEMBLE_E2E_NO_BUILD === '1') {
    assertBuilt();
    assertBuilt(GRANTED_EXTENSION_DIR);
    console.log(`e2e: using the existing build in .output/chrome-mv3 (RESEMBLE_E2E_NO_BUILD=1); Chromium: ${chromium}`);
    return;
  }
  const ms = await buildExtension({ quiet: true });
  // The same extension with page checking's host access granted at install (a user grants it at runtime).
  const granted = await buildExtension({ quiet: true, env: { RESEMBLE_OUT_DIR: GRANTED_OUT_DIR, RESEMBLE_GRANT_HOSTS: '1' }, extDir: GRANTED_EXTENSION_DIR });
  console.log(`e2e: built the extension (wxt build, ${(ms / 1000).toFixed(1)} s; with host access ${(granted / 1000).toFixed(1)} s); Chromium: ${chromium}`);
}
