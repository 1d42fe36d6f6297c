import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  // WXT's test setup: `wxt/browser` is its fakeBrowser (@webext-core/fake-browser, in-memory storage,
  // tabs and messages; test/unit/helpers/fake-browser.ts stubs what it lacks), `browser` and `chrome`
  // are too, and import.meta.env has WXT's build flags (a Chrome build's: FIREFOX false).
  plugins: [WxtVitest()],
  // Unit tests run the product's code paths: no test hook, and the sketch seed drawn at random (a test
  // build's fixed seed is for the browser tests, lib/sketch/install-seed.ts).
  define: { __RESEMBLE_TEST_BUILD__: 'false' },
  resolve: {
    // WXT's fake `wxt/browser` (wxt/dist/virtual/mock-browser) imports fakeBrowser from `wxt/testing`,
    // whose index also loads WxtVitest and WXT's build tooling: 4–8 s more per test file (measured on a
    // loaded 2-core machine). Its `wxt/testing/fake-browser` is fakeBrowser alone.
    alias: [{ find: /^wxt\/testing$/, replacement: 'wxt/testing/fake-browser' }],
  },
  test: {
    include: ['test/unit/**/*.test.ts'],
    // The UI's words come from public/_locales through shared/i18n; Node has no browser.i18n.
    setupFiles: ['test/unit/helpers/i18n-setup.ts'],
    testTimeout: 60_000,
    // Reading ../shared's saved pages in a beforeAll takes seconds on a busy machine (10 s by default).
    hookTimeout: 60_000,
    // Threads start faster than forks (about 30 s less here); Vitest's default on two cores is one
    // worker (cores - 1), and many of these tests wait on child processes (the CLI, the bench, the
    // package build), so two overlap well.
    pool: 'threads',
    maxWorkers: 2,
    minWorkers: 1,
    reporters: ['default'],
  },
});
