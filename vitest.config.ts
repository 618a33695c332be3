import { defineConfig } from 'vitest/config';

/**
 * Four projects, all run by `npm test`; `npm run test:unit` runs the first alone.
 * - unit: the shared code, the page's logic and the project's tools, in this process (with the real SQLite backend).
 * - integration: the hosts as processes on real sockets, the desktop's main process with Electron mocked,
 *   sync with a real matigo/streams server where one can run, and the IndexedDB web-platform-tests on each
 *   IndexedDB backend (test/conformance).
 * - e2e: the page in Debian's Chromium against a real headless host.
 * - build: the desktop app's build and packaging.
 */
const BUILD = ['test/main/desktop/build.test.ts', 'test/main/desktop/packaging.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The real storage backend (SQLite files) and host processes make these suites I/O-bound;
    // two workers match the two cores we test on.
    maxWorkers: 2,
    // Everything the suites put in the temporary folder goes in one folder, removed after the run.
    globalSetup: ['test/support/temp-root.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/shared/**/*.test.ts', 'test/renderer/**/*.test.ts', 'test/tools/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/main/**/*.test.ts', 'test/interop/**/*.test.ts', 'test/conformance/**/*.test.ts'],
          exclude: BUILD,
        },
      },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'] } },
      { extends: true, test: { name: 'build', include: BUILD } },
    ],
  },
});
