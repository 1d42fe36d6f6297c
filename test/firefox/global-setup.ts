/**
 * Builds the two Firefox builds the suite runs (./build.ts), unless RESEMBLE_E2E_NO_BUILD=1 (then the
 * existing ones are used as they are). Fails early, with the way to fix it, when Firefox is missing.
 */
import { accessSync, constants } from 'node:fs';
import { FIREFOX, FIREFOX_EXTENSION_DIR, FIREFOX_OUT_DIR, FIREFOX_TEST_EXTENSION_DIR, FIREFOX_TEST_OUT_DIR, TEST_BUILD_ENV, assertBuilt, buildFirefox } from './build';

export default async function globalSetup(): Promise<void> {
  try {
    accessSync(FIREFOX, constants.X_OK);
  } catch {
    throw new Error(`Firefox was not found at ${FIREFOX}. Install Debian's with  sudo apt-get install -y firefox-esr  (or point RESEMBLE_FIREFOX at another Firefox: one whose WebDriver BiDi installs extensions, 138 or later; tested with 153 ESR).`);
  }
  if (process.env.RESEMBLE_E2E_NO_BUILD === '1') {
    assertBuilt(FIREFOX_EXTENSION_DIR);
    assertBuilt(FIREFOX_TEST_EXTENSION_DIR);
    console.log(`firefox e2e: using the existing builds (RESEMBLE_E2E_NO_BUILD=1); Firefox: ${FIREFOX}`);
    return;
  }
  // One after the other: two builds at once share WXT's .wxt directory.
  const plain = await buildFirefox(FIREFOX_OUT_DIR);
  const test = await buildFirefox(FIREFOX_TEST_OUT_DIR, TEST_BUILD_ENV);
  console.log(`firefox e2e: built the extension (wxt build -b firefox, ${(plain / 1000).toFixed(1)} s; test build with host access and loopback ${(test / 1000).toFixed(1)} s); Firefox: ${FIREFOX}`);
}
