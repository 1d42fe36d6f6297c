import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests of the Firefox build in the real Firefox (test/firefox/):
 *   npx playwright test -c playwright.firefox.config.ts
 * The builds are made once by the global setup (`wxt build -b firefox`, twice: as users get it, and a
 * test build with host access granted and loopback counted as a site's address; skip with
 * RESEMBLE_E2E_NO_BUILD=1). Each test starts its own Firefox, driven by puppeteer-core over WebDriver
 * BiDi (test/firefox/fixtures.ts), not Playwright's browsers. Firefox: /usr/bin/firefox-esr (Debian's),
 * or $RESEMBLE_FIREFOX.
 */
export default defineConfig({
  testDir: 'test/firefox',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/firefox/global-setup.ts',
  outputDir: 'test-results/firefox',
  // One browser at a time: two cores, and each test starts its own Firefox.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000, // a loaded two-core machine: see playwright.config.ts
  expect: { timeout: 10_000 },
  globalTimeout: 10 * 60_000,
  forbidOnly: !!process.env.CI,
  reporter: [['list', { printSteps: false }]],
  use: { trace: 'off', video: 'off' },
});
