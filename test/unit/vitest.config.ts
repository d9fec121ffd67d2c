import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The islands' code as the browser's build has it (client/build.d.ts): their masks and handlers are tried here.
  define: { BROWSER_BUILD: 'true' },
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['test/console-guard.ts'],
  },
});
