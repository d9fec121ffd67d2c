import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { browserServer, startSiteCommand } from '../shared/browser-server';
import { DEBIAN_CHROMIUM } from '../shared/browsers.mjs';

const server = browserServer('e2e', 8799, 8798);
export const BASE_URL = server.siteUrl;
export const FORMS_URL = server.formsUrl;
/** Everything `wrangler dev` prints during the run, the Worker's log lines among it; read by worker-logs.check.ts. */
export const WORKER_LOG = server.log;

// Debian's Chromium where it is installed (CI and the dev machines); Playwright's own browser elsewhere.
const launchOptions = existsSync(DEBIAN_CHROMIUM)
  ? {
      executablePath: DEBIAN_CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    }
  : {};

export default defineConfig({
  testDir: '.',
  projects: [
    { name: 'flows', testMatch: '**/*.spec.ts' },
    // After every flow has run: what the Worker logged meanwhile.
    { name: 'logs', testMatch: '**/worker-logs.check.ts', dependencies: ['flows'] },
  ],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: BASE_URL,
    ...devices['Desktop Chrome'],
    launchOptions,
    trace: 'off',
  },
  webServer: [
    {
      command: `FORMS_PORT=${new URL(FORMS_URL).port} SITE_URL=${BASE_URL} node test/e2e/stand-ins/forms.mjs`,
      url: `${FORMS_URL}/merchant`,
      reuseExistingServer: false,
      cwd: '../..',
    },
    {
      command: startSiteCommand(server),
      url: `${BASE_URL}/robots.txt`,
      reuseExistingServer: false,
      timeout: 120_000,
      cwd: '../..',
      env: { WRANGLER_SEND_METRICS: 'false' },
    },
  ],
});
