import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

export const BASE_URL = 'http://127.0.0.1:8799';
export const FORMS_URL = 'http://127.0.0.1:8798';
/** Everything `wrangler dev` prints during the run, the Worker's log lines among it; read by worker-logs.check.ts. */
export const WORKER_LOG = '.wrangler/e2e-worker.log';

// Debian's Chromium where it is installed (CI and the dev machines); Playwright's own browser elsewhere.
const debianChromium = '/usr/bin/chromium';
const launchOptions = existsSync(debianChromium)
  ? {
      executablePath: debianChromium,
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

const vars = [
  `VERIFY_MERCHANT_FORM_URL:${FORMS_URL}/merchant`,
  `VERIFY_CONFIRMATION_FORM_URL:${FORMS_URL}/confirmation`,
  `VERIFY_NEWPARTNER_FORM_URL:${FORMS_URL}/newpartner`,
  `WIDGET_FRAME_ANCESTORS:${FORMS_URL}`,
  // The promotion ended in 2019; the browser tests walk the live flow.
  'PAY_LATER_UNTIL:2099-12-31',
].map((v) => `--var ${v}`);

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
      command: 'node test/e2e/stand-ins/forms.mjs',
      url: `${FORMS_URL}/merchant`,
      reuseExistingServer: false,
      cwd: '../..',
    },
    {
      // A fresh, migrated database each run, so demo tokens and send limits start over.
      command: [
        `rm -rf .wrangler/e2e-state ${WORKER_LOG}`,
        'npx wrangler d1 migrations apply DB --local --persist-to .wrangler/e2e-state',
        `npx wrangler dev --port 8799 --ip 127.0.0.1 --persist-to .wrangler/e2e-state ${vars.join(' ')} > ${WORKER_LOG} 2>&1`,
      ].join(' && '),
      url: `${BASE_URL}/robots.txt`,
      reuseExistingServer: false,
      timeout: 120_000,
      cwd: '../..',
      env: { WRANGLER_SEND_METRICS: 'false' },
    },
  ],
});
