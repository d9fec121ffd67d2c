import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    cloudflareTest({
      main: './src/index.ts',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          ATTRIBUTION_URL: 'https://attribution.test/papaya',
          FINANCING_BACK_LINKS: 'Valley Medical Group=https://valleymed.example/billing,Pinecrest=https://pinecrest.example/pay',
          WIDGET_FRAME_ANCESTORS: 'https://partner.example',
        },
      },
    }),
  ],
  test: {
    include: ['test/worker/**/*.test.{ts,tsx}'],
    setupFiles: ['test/console-guard.ts'],
    // The Worker's one-line-per-request logs are checked by their own tests, not printed.
    onConsoleLog: (log) => !log.startsWith('{"level":"info"'),
  },
});
