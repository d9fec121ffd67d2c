import { defineConfig } from 'vitest/config';

/** The release tier: `npm run deploy` with the real wrangler against the stand-in API and edge (test/release/). */
export default defineConfig({
  test: {
    include: ['test/release/**/*.test.ts'],
    environment: 'node',
    // One release after another, against one account's state.
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 60_000,
  },
});
