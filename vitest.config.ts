import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    // The UI's words come from public/_locales through page-support/i18n; Node has no browser.i18n.
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
