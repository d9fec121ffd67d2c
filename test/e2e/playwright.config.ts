import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { browserServer, startSiteCommand } from '../shared/browser-server';
import { DEBIAN_CHROMIUM } from '../shared/browsers.mjs';

const server = browserServer('e2e', 8799, 8798);
export const BASE_URL = server.siteUrl;
export const FORMS_URL = server.formsUrl;
/** Everything `wrangler dev` prints during the run, the Worker's log lines among it; read by worker-logs.check.ts. */
export const WORKER_LOG = server.log;
/** The alerts Worker (alerts/index.ts) and the stand-ins it talks to: the SQL API, PagerDuty and a webhook. */
export const ALERTS_URL = 'http://127.0.0.1:8790';
export const ALERTING_URL = 'http://127.0.0.1:8789';
export const ALERTING_ROUTING_KEY = 'drillroutingkey0000000000000000aa';

// Debian's Chromium where it is installed (CI and the dev machines); Playwright's own browser elsewhere.
export const launchOptions = existsSync(DEBIAN_CHROMIUM)
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
    {
      command: `ALERTING_PORT=${new URL(ALERTING_URL).port} ALERTING_ROUTING_KEY=${ALERTING_ROUTING_KEY} node test/e2e/stand-ins/alerting.mjs`,
      url: `${ALERTING_URL}/_control/received`,
      reuseExistingServer: false,
      cwd: '../..',
    },
    {
      command: [
        'rm -rf .wrangler/e2e-alerts-state &&',
        `npx wrangler dev -c alerts/wrangler.toml --port ${new URL(ALERTS_URL).port} --ip 127.0.0.1 --test-scheduled`,
        '--persist-to .wrangler/e2e-alerts-state --var ACCOUNT_ID:drill-account',
        `--var ANALYTICS_SQL_API:${ALERTING_URL}/client/v4 --var PAGERDUTY_EVENTS_URL:${ALERTING_URL}/v2/enqueue`,
        '> .wrangler/e2e-alerts.log 2>&1',
      ].join(' '),
      port: Number(new URL(ALERTS_URL).port),
      reuseExistingServer: false,
      timeout: 60_000,
      cwd: '../..',
      // The alerts Worker's secrets, read by wrangler dev from its environment (`[secrets] required`).
      env: {
        WRANGLER_SEND_METRICS: 'false',
        ANALYTICS_API_TOKEN: 'drill-analytics-token',
        PAGERDUTY_ROUTING_KEY: ALERTING_ROUTING_KEY,
        ALERT_WEBHOOK_URL: `${ALERTING_URL}/webhook`,
      },
    },
  ],
});
