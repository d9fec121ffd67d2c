/**
 * The alerts Worker: every five minutes it evaluates the site's indicators on the Analytics Engine
 * SQL API and tells the pager and the webhook what changed (alerts/evaluator.ts). It is a Worker of
 * its own, deployed by the same release path as the site, so that a broken release of the site
 * cannot silence its own alarm.
 */
import { analyticsSqlCount, analyticsSqlRows, pagerEvents, runAlerts, webhookBody, type Channel } from './evaluator';
import type { AlertState } from './indicators';

export interface AlertsEnv {
  /** The Cloudflare account whose Analytics Engine holds the site's events. */
  ACCOUNT_ID: string;
  /** The Cloudflare API's base (`https://api.cloudflare.com/client/v4`). */
  ANALYTICS_SQL_API: string;
  /** PagerDuty's Events API v2 endpoint. */
  PAGERDUTY_EVENTS_URL: string;
  /** Secret: an API token with Account Analytics Read. */
  ANALYTICS_API_TOKEN: string;
  /** Secret: the integration key of the PagerDuty service's Events API v2 integration. */
  PAGERDUTY_ROUTING_KEY: string;
  /** Secret: where every change is also posted as JSON (a chat or ticketing webhook; its URL carries its own secret). */
  ALERT_WEBHOOK_URL: string;
  /** What each channel was last told of each alert (`<channel>:<alert>`), kept while not ok. */
  OPEN_ALERTS: KVNamespace;
}

const SETTINGS = [
  'ACCOUNT_ID',
  'ANALYTICS_SQL_API',
  'PAGERDUTY_EVENTS_URL',
  'ANALYTICS_API_TOKEN',
  'PAGERDUTY_ROUTING_KEY',
  'ALERT_WEBHOOK_URL',
] as const;

const told = (channel: Channel, name: string) => `${channel}:${name}`;

const log = (line: Record<string, unknown>) =>
  (line.level === 'error' ? console.error : console.log)(JSON.stringify({ level: 'info', ...line }));

export default {
  async scheduled(_controller, env) {
    const missing = SETTINGS.filter((name) => !env[name] || env[name].startsWith('<'));
    if (missing.length) {
      log({ level: 'error', msg: 'config', missing });
      throw new Error(`the alerts Worker is missing ${missing.join(', ')}`);
    }
    const post = async (url: string, body: unknown, what: string) => {
      const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${what} answered ${res.status}`);
    };
    const result = await runAlerts({
      count: analyticsSqlCount(env.ANALYTICS_SQL_API, env.ACCOUNT_ID, env.ANALYTICS_API_TOKEN),
      rows: analyticsSqlRows(env.ANALYTICS_SQL_API, env.ACCOUNT_ID, env.ANALYTICS_API_TOKEN),
      told: async (channel, name) => ((await env.OPEN_ALERTS.get(told(channel, name))) as AlertState | null) ?? 'ok',
      remember: (channel, name, state) =>
        state === 'ok' ? env.OPEN_ALERTS.delete(told(channel, name)) : env.OPEN_ALERTS.put(told(channel, name), state),
      notify: async (channel, change, previous) => {
        if (channel === 'webhook') return post(env.ALERT_WEBHOOK_URL, webhookBody(change, new Date()), 'the webhook');
        for (const event of pagerEvents(change, previous, env.PAGERDUTY_ROUTING_KEY))
          await post(env.PAGERDUTY_EVENTS_URL, event, 'PagerDuty');
      },
    });
    log({
      msg: 'alerts',
      states: result.states,
      sent: result.sent.map(({ channel, change }) => `${channel} ${change.name} ${change.state}`),
    });
    for (const { channel, change, error } of result.failed)
      log({ level: 'error', msg: 'alert-not-sent', channel, alert: change.name, state: change.state, error });
  },
} satisfies ExportedHandler<AlertsEnv>;
