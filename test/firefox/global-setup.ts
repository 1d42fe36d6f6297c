/**
 * Builds the two Firefox builds the suite runs (./build.ts), unless RESEMBLE_E2E_NO_BUILD=1 (then the
 * existing ones are used as they are). Installs Firefox first when it is missing, or fails with the way to fix it.
 */
import { ensureBrowsers } from '../../scripts/ensure-browsers.mjs';
import {
  FIREFOX,
  FIREFOX_EXTENSION_DIR,
  FIREFOX_OUT_DIR,
  FIREFOX_TEST_EXTENSION_DIR,
  FIREFOX_TEST_OUT_DIR,
  TEST_BUILD_ENV,
  assertBuilt,
  buildFirefox,
} from './build';

export default async function globalSetup(): Promise<void> {
  // Debian's firefox-esr, installed when missing (or the exact command to run). RESEMBLE_FIREFOX: another
  // Firefox, one whose WebDriver BiDi installs extensions (138 or later; tested with 153 ESR).
  ensureBrowsers(['firefox']);
  if (process.env.RESEMBLE_E2E_NO_BUILD === '1') {
    assertBuilt(FIREFOX_EXTENSION_DIR);
    assertBuilt(FIREFOX_TEST_EXTENSION_DIR);
    console.log(`firefox e2e: using the existing builds (RESEMBLE_E2E_NO_BUILD=1); Firefox: ${FIREFOX}`);
    return;
  }
  // One after the other: two builds at once share WXT's .wxt directory.
  const plain = await buildFirefox(FIREFOX_OUT_DIR);
  const test = await buildFirefox(FIREFOX_TEST_OUT_DIR, TEST_BUILD_ENV);
  console.log(
    `firefox e2e: built the extension (wxt build -b firefox, ${(plain / 1000).toFixed(1)} s; test build with host access and loopback ${(test / 1000).toFixed(1)} s); Firefox: ${FIREFOX}`,
  );
}
