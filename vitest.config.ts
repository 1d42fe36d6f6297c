import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    testTimeout: 60_000,
    // Vitest's default on two cores is one fork (cores - 1); many of these tests wait on child
    // processes (the CLI, the bench), so two forks overlap well.
    maxWorkers: 2,
    minWorkers: 1,
    reporters: ['default'],
  },
});
