import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests of the extension in Chromium (test/e2e/). `npm run test:e2e`.
 * The extension is built once by the global setup (skip with RESEMBLE_E2E_NO_BUILD=1); each test gets a
 * fresh browser profile with the extension loaded and the network cut off (test/e2e/fixtures.ts).
 * Chromium: /usr/bin/chromium (Debian's), or $RESEMBLE_CHROMIUM.
 */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  // Browsers at a time (each test starts its own Chromium): the specs spend much of their time waiting
  // on the extension, so one more than the cores overlap well (3 here: 3.4 min against 3.9 with 2).
  // The tests wait for conditions, so a busy machine makes them slower, not red. RESEMBLE_E2E_WORKERS overrides.
  workers: Number(process.env.RESEMBLE_E2E_WORKERS ?? availableParallelism() + 1),
  fullyParallel: false,
  retries: 0,
  // A budget for a loaded two-core machine: the tests wait for conditions, and on a busy machine a
  // page check of 10 real-size pages takes three times as long as on an idle one.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A backstop against a hang, not a speed goal: the suite took 14.8 min in a loaded clean-clone run here (131 tests).
  globalTimeout: 25 * 60_000,
  forbidOnly: !!process.env.CI,
  // 'list' prints every test as it finishes and a summary of passed / failed / skipped counts.
  reporter: [['list', { printSteps: false }]],
  use: { trace: 'off', video: 'off' },
});
