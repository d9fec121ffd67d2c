import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(__dirname, '../../migrations'));
  return {
    plugins: [
      cloudflareTest(({ inject }) => ({
        main: './src/index.ts',
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            STAND_IN_URL: inject('standInUrl'),
            REFUSED_URL: inject('refusedUrl'),
            ATTRIBUTION_URL: 'https://attribution.test/papaya',
            FINANCING_BACK_LINKS: 'Valley Medical Group=https://valleymed.example/billing,Pinecrest=https://pinecrest.example/pay',
            WIDGET_FRAME_ANCESTORS: 'https://partner.example',
          },
        },
      })),
    ],
    test: {
      include: ['test/worker/**/*.test.{ts,tsx}'],
      globalSetup: ['test/worker/global-setup.ts'],
      setupFiles: ['test/console-guard.ts', 'test/worker/apply-migrations.ts'],
      // The Worker's one-line-per-request logs are checked by their own tests, not printed.
      onConsoleLog: (log: string) => !log.startsWith('{"level":"info"'),
    },
  };
});
