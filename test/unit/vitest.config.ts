import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['test/console-guard.ts', 'test/unit/browser-build.ts'],
  },
});
