import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

/**
 * The pool brings its own workerd, which may be older than wrangler's. The Worker runs on the
 * newest compatibility date that runtime supports, up to the one in wrangler.toml.
 */
async function poolCompatibilityDate(): Promise<string | undefined> {
  const poolMiniflare = createRequire(import.meta.url).resolve('miniflare', {
    paths: [path.resolve('node_modules/@cloudflare/vitest-plugin')],
  });
  const { compatibilityDate } = (await import(createRequire(poolMiniflare).resolve('workerd'))) as { compatibilityDate: string };
  return compatibilityDate;
}

export default defineConfig(async () => {
  const [configured] = /^compatibility_date = "([\d-]+)"/m.exec(readFileSync('wrangler.toml', 'utf8'))?.slice(1) ?? [];
  const supported = await poolCompatibilityDate();
  const compatibilityDate = configured && supported && supported < configured ? supported : configured;
  const migrations = await readD1Migrations(path.join(import.meta.dirname, '../../migrations'));
  return {
    plugins: [
      cloudflareTest(({ inject }) => ({
        main: './src/index.ts',
        wrangler: { configPath: './wrangler.toml' },
        // The runtime as `wrangler dev` runs it: verbose, it prints every subrequest failure the
        // Worker handled (the backend refusing a connection, on purpose in the fault tests) as an
        // "uncaught exception".
        verbose: false,
        miniflare: {
          compatibilityDate,
          bindings: {
            TEST_MIGRATIONS: migrations,
            STAND_IN_URL: inject('standInUrl'),
            REFUSED_URL: inject('refusedUrl'),
            ATTRIBUTION_URL: `${inject('standInUrl')}/attribution/papaya`,
            FORM_KEY_SECRET: 'test-form-key-secret',
            CARD_HMAC_KEY: 'test-card-hmac-key',
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
      onConsoleLog: (log: string) =>
        !log.startsWith('{"level":"info"') &&
        !log.startsWith('{"level":"warn","msg":"security"') &&
        !log.startsWith('{"level":"warn","msg":"browser-error"'),
    },
  };
});
