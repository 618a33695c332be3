import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The real storage backend (SQLite files) and host processes make these suites I/O-bound;
    // two workers match the two cores we test on.
    maxWorkers: 2,
  },
});
