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
  },
});
