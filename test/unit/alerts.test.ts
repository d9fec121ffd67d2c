import { describe, expect, it, vi } from 'vitest';
import {
  analyticsSqlCount,
  pagerEvents,
  runAlerts,
  webhookBody,
  type AlertChange,
  type AlertsRun,
  type Channel,
} from '../../alerts/evaluator';
import type { AlertState, WindowCounts } from '../../alerts/indicators';
import alertsWorker, { type AlertsEnv } from '../../alerts/index';
import { PagerDutyService } from '../shared/pagerduty';

/**
 * The alerts' runs as the pager and the webhook see them: PagerDuty's incidents (a stand-in that
 * keeps them by dedup key and urgency as PagerDuty documents), the webhook's posts, and what is
 * kept between runs. The browser tier runs the same code in workerd against the stand-ins.
 */
function harness() {
  const told = new Map<string, AlertState>();
  const pager = new PagerDutyService('key');
  const webhook: unknown[] = [];
  let counts: Record<string, { bad: number; total: number }> = {};
  let unreadable = false;
  /** The phones' p75 LCP per route, in every window. */
  let phoneLcp: Array<Record<string, unknown>> = [];
  const refusing = new Set<Channel>();
  const run: AlertsRun = {
    count: async (sql: string): Promise<WindowCounts> => {
      if (unreadable) throw new Error('the Analytics Engine SQL API answered 503: unavailable');
      const name = sql.includes("blob5 = 'paused'")
        ? 'card-testing'
        : sql.includes("'/assets/*'")
          ? 'assets'
          : sql.includes("blob4 = 'start'")
            ? 'islands'
            : sql.includes("index1 = 'payment'")
              ? 'payments'
              : sql.includes("index1 = 'backend'")
                ? 'backend'
                : 'texts';
      return counts[name] ?? { bad: 0, total: 100 };
    },
    rows: async () => {
      if (unreadable) throw new Error('the Analytics Engine SQL API answered 503: unavailable');
      return phoneLcp;
    },
    told: async (channel, name) => told.get(`${channel}:${name}`) ?? 'ok',
    remember: async (channel, name, state) =>
      void (state === 'ok' ? told.delete(`${channel}:${name}`) : told.set(`${channel}:${name}`, state)),
    notify: async (channel, change, previous) => {
      if (refusing.has(channel)) throw new Error(`${channel} answered 503`);
      if (channel === 'webhook') return void webhook.push(webhookBody(change, new Date(0)));
      for (const event of pagerEvents(change, previous, 'key')) expect(pager.receive(event).status).toBe(202);
    },
  };
  return {
    run: () => runAlerts(run),
    pager,
    webhook,
    told,
    /** In every window, `page`: half of the events bad; `ticket`: a tenth (a ticket for texts, whose objective is 99 %); absent: none. */
    set: (states: Record<string, 'page' | 'ticket'>) =>
      void (counts = Object.fromEntries(Object.entries(states).map(([name, st]) => [name, { bad: st === 'page' ? 50 : 10, total: 100 }]))),
    unreadable: (value: boolean) => void (unreadable = value),
    phoneLcp: (rows: Array<Record<string, unknown>>) => void (phoneLcp = rows),
    refuse: (channel: Channel, value: boolean) => void (value ? refusing.add(channel) : refusing.delete(channel)),
  };
}

const incidents = (pager: PagerDutyService) => pager.incidents.map((i) => `${i.dedupKey} ${i.urgency} ${i.status}`);

describe('the alerts runs', () => {
  it('an incident when an alert opens, nothing while it holds, resolved when it is ok again', async () => {
    const h = harness();
    expect((await h.run()).sent).toEqual([]);
    h.set({ payments: 'page' });
    await h.run();
    expect(incidents(h.pager)).toEqual(['papaya-public-site/payments/page high triggered']);
    await h.run();
    expect(h.pager.events).toHaveLength(1);
    expect(h.webhook).toHaveLength(1);
    h.set({});
    await h.run();
    expect(incidents(h.pager)).toEqual(['papaya-public-site/payments/page high resolved']);
    expect(h.webhook).toEqual([
      expect.objectContaining({ alert: 'payments', state: 'page', dedupKey: 'papaya-public-site/payments' }),
      expect.objectContaining({ alert: 'payments', state: 'resolved', dedupKey: 'papaya-public-site/payments' }),
    ]);
    expect(h.told.size).toBe(0);
  });

  it("a route's p75 LCP on phones over 2.5 s all hour pages with its route and runbook; a quiet hour keeps it as it was", async () => {
    const h = harness();
    // Every quarter of the hour reads the same.
    h.phoneLcp([{ route: '/pay/:provider', p75: 3400, views: 100 }]);
    await h.run();
    expect(incidents(h.pager)).toEqual(['papaya-public-site/vitals-lcp/page high triggered']);
    expect(h.webhook).toEqual([
      expect.objectContaining({
        alert: 'vitals-lcp',
        state: 'page',
        runbook: 'docs/operations.md#10-what-real-visitors-wait-for',
        reason: '/pay/:provider: p75 LCP on phones over 2.5 s in each quarter of the last hour (3.4 s, 3.4 s, 3.4 s, 3.4 s; 400 views)',
      }),
    ]);
    // Too few views to read: neither resolved nor paged again.
    h.phoneLcp([{ route: '/pay/:provider', p75: 900, views: 9 }]);
    await h.run();
    expect(incidents(h.pager)).toEqual(['papaya-public-site/vitals-lcp/page high triggered']);
    h.phoneLcp([{ route: '/pay/:provider', p75: 1400, views: 100 }]);
    await h.run();
    expect(incidents(h.pager)).toEqual(['papaya-public-site/vitals-lcp/page high resolved']);
  });

  it('a ticket that grows into a page reaches PagerDuty as a high-urgency incident, and the ticket is resolved', async () => {
    const h = harness();
    h.set({ texts: 'ticket' });
    await h.run();
    expect(incidents(h.pager)).toEqual(['papaya-public-site/texts/ticket low triggered']);
    h.set({ texts: 'page' });
    await h.run();
    expect(incidents(h.pager)).toEqual(['papaya-public-site/texts/ticket low resolved', 'papaya-public-site/texts/page high triggered']);
    expect(h.pager.open()).toEqual([expect.objectContaining({ urgency: 'high', summary: expect.stringContaining('PAGE Texts') })]);
  });

  it('a change the pager refused is sent again on the next run', async () => {
    const h = harness();
    h.set({ texts: 'page' });
    h.refuse('pager', true);
    const refused = await h.run();
    expect(refused.failed.map((f) => [f.channel, f.change.name, f.error])).toEqual([['pager', 'texts', 'pager answered 503']]);
    expect(h.webhook).toHaveLength(1);
    h.refuse('pager', false);
    await h.run();
    expect(incidents(h.pager)).toEqual(['papaya-public-site/texts/page high triggered']);
    expect(h.webhook).toHaveLength(1);
  });

  it('a change half delivered (PagerDuty took it, the webhook failed) is delivered on the next run', async () => {
    const h = harness();
    h.set({ payments: 'page' });
    h.refuse('webhook', true);
    await h.run();
    expect(incidents(h.pager)).toEqual(['papaya-public-site/payments/page high triggered']);
    expect(h.webhook).toEqual([]);
    h.refuse('webhook', false);
    await h.run();
    expect(h.webhook).toEqual([expect.objectContaining({ alert: 'payments', state: 'page' })]);
    expect(h.pager.events).toHaveLength(1);
  });

  it('a channel that missed a change is never left behind: the recovery still resolves the incident PagerDuty opened', async () => {
    const h = harness();
    h.set({ payments: 'page' });
    h.refuse('webhook', true);
    await h.run();
    // Payments recover while the webhook is still down: PagerDuty hears of it; the webhook's last word (none) is already right.
    h.set({});
    await h.run();
    expect(incidents(h.pager)).toEqual(['papaya-public-site/payments/page high resolved']);
    h.refuse('webhook', false);
    await h.run();
    expect(h.webhook).toEqual([]);
    expect(h.told.size).toBe(0);
  });

  it('events that cannot be read page as the evaluator, and leave every open alert as it was', async () => {
    const h = harness();
    h.set({ backend: 'page' });
    await h.run();
    h.unreadable(true);
    h.set({});
    const blind = await h.run();
    expect(blind.states).toEqual({ evaluator: 'page' });
    expect(incidents(h.pager)).toEqual([
      'papaya-public-site/backend/page high triggered',
      'papaya-public-site/evaluator/page high triggered',
    ]);
    expect(h.pager.incidents[1]).toMatchObject({ summary: expect.stringContaining('The alerts cannot read the events') });
    expect(h.told.get('pager:backend')).toBe('page');
    h.unreadable(false);
    await h.run();
    expect(h.pager.open()).toEqual([]);
  });
});

describe("the pager's and the SQL API's wire", () => {
  it('PagerDuty Events v2: a page is critical and a ticket a warning, each under its own key; a change resolves the key it replaces', () => {
    const change: AlertChange = {
      name: 'texts',
      title: 'Texts',
      runbook: 'docs/operations.md#4-texts',
      state: 'ticket',
      dedupKey: 'papaya-public-site/texts',
      shares: { 30: 0.07 },
    };
    expect(pagerEvents(change, 'ok', 'key')).toEqual([
      expect.objectContaining({
        routing_key: 'key',
        event_action: 'trigger',
        dedup_key: 'papaya-public-site/texts/ticket',
        payload: expect.objectContaining({
          severity: 'warning',
          source: 'papaya-public-site',
          custom_details: { state: 'ticket', runbook: 'docs/operations.md#4-texts', 'bad share over 30 min': 0.07 },
        }),
      }),
    ]);
    expect(pagerEvents({ ...change, state: 'page' }, 'ticket', 'key').map((e) => [e.event_action, e.dedup_key])).toEqual([
      ['trigger', 'papaya-public-site/texts/page'],
      ['resolve', 'papaya-public-site/texts/ticket'],
    ]);
    expect(pagerEvents({ ...change, state: 'page' }, 'ok', 'key')[0]).toMatchObject({ payload: { severity: 'critical' } });
    expect(pagerEvents({ ...change, state: 'ok' }, 'page', 'key')).toEqual([
      { routing_key: 'key', event_action: 'resolve', dedup_key: 'papaya-public-site/texts/page' },
    ]);
  });

  it("asks the Analytics Engine SQL API with the account's path and the token, and reads the JSON format's first row", async () => {
    const fetcher = vi.fn(async () => Response.json({ meta: [], data: [{ bad: '3', total: '40' }], rows: 1 }));
    const count = analyticsSqlCount('https://api.cloudflare.com/client/v4/', 'acc', 'tok', fetcher as unknown as typeof fetch);
    expect(await count('SELECT 1')).toEqual({ bad: 3, total: 40, badRows: 3 });
    expect(fetcher).toHaveBeenCalledWith('https://api.cloudflare.com/client/v4/accounts/acc/analytics_engine/sql', {
      method: 'POST',
      headers: { Authorization: 'Bearer tok' },
      body: 'SELECT 1 FORMAT JSON',
    });
    const refused = analyticsSqlCount(
      'https://api',
      'acc',
      'tok',
      (async () => new Response('no', { status: 403 })) as unknown as typeof fetch,
    );
    await expect(refused('SELECT 1')).rejects.toThrow('answered 403');
  });

  it('the Worker refuses to run with a setting missing or still a placeholder, and says which', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const env = {
      ACCOUNT_ID: '<Cloudflare account id>',
      ANALYTICS_SQL_API: 'https://api',
      PAGERDUTY_EVENTS_URL: 'https://pd',
    } as unknown as AlertsEnv;
    await expect(alertsWorker.scheduled({} as ScheduledController, env)).rejects.toThrow(
      'missing ACCOUNT_ID, ANALYTICS_API_TOKEN, PAGERDUTY_ROUTING_KEY, ALERT_WEBHOOK_URL',
    );
    expect(error.mock.calls[0]![0]).toContain('"msg":"config"');
    error.mockRestore();
  });
});
