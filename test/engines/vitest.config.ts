import { defineConfig } from 'vitest/config';

/**
 * The browser tier in WebKit and Firefox (Chromium is Playwright's, in test/e2e). One engine
 * alone: `npm run test:engines -- webkit` or `-- firefox`.
 */
export default defineConfig({
  test: {
    include: ['test/engines/*.test.ts'],
    globalSetup: ['test/engines/global-setup.ts'],
    // One site and one demo database: the engines take turns.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // A flow is tried once more when it fails: WebKitWebDriver, under a loaded CI machine, has
    // left a click's navigation waiting until the test's time ran out (once in four clean-clone
    // runs, a different flow each time, and the next flow on the same window passed). A real
    // fault fails both tries; vitest names each flow that needed a second.
    retry: 1,
  },
});
