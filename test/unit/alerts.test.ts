import { describe, expect, it, vi } from 'vitest';
import { analyticsSqlCount, pagerEvent, runAlerts, type AlertChange, type AlertsRun } from '../../alerts/evaluator';
import type { AlertState, WindowCounts } from '../../alerts/indicators';
import alertsWorker, { type AlertsEnv } from '../../alerts/index';

/**
 * The alerts' runs as the pager sees them: what is sent when, under which dedup key, and what is
 * kept between runs. The browser tier runs the same code in workerd against the stand-ins.
 */
function harness() {
  const open = new Map<string, AlertState>();
  const sent: AlertChange[] = [];
  let burning = new Set<string>();
  let unreadable = false;
  let refuse = false;
  const run: AlertsRun = {
    count: async (sql: string): Promise<WindowCounts> => {
      if (unreadable) throw new Error('the Analytics Engine SQL API answered 503: unavailable');
      const name = sql.includes("index1 = 'payment'") ? 'payments' : sql.includes("index1 = 'backend'") ? 'backend' : 'texts';
      return burning.has(name) ? { bad: 50, total: 100 } : { bad: 0, total: 100 };
    },
    opened: async (name) => open.get(name) ?? 'ok',
    remember: async (name, state) => void (state === 'ok' ? open.delete(name) : open.set(name, state)),
    notify: async (change) => {
      if (refuse) throw new Error('PagerDuty answered 429');
      sent.push(change);
    },
  };
  return {
    run: () => runAlerts(run),
    sent,
    open,
    burn: (...names: string[]) => void (burning = new Set(names)),
    unreadable: (value: boolean) => void (unreadable = value),
    refuse: (value: boolean) => void (refuse = value),
  };
}

describe('the alerts runs', () => {
  it('a trigger when an alert opens, nothing while it holds, a resolve under the same key when it is ok again', async () => {
    const h = harness();
    expect((await h.run()).sent).toEqual([]);
    h.burn('payments');
    await h.run();
    expect(h.sent.map((c) => [c.dedupKey, c.state])).toEqual([['papaya-public-site/payments', 'page']]);
    await h.run();
    expect(h.sent).toHaveLength(1);
    h.burn();
    await h.run();
    expect(h.sent.map((c) => [c.dedupKey, c.state])).toEqual([
      ['papaya-public-site/payments', 'page'],
      ['papaya-public-site/payments', 'ok'],
    ]);
    expect(h.open.size).toBe(0);
  });

  it('a change the pager refused is sent again on the next run', async () => {
    const h = harness();
    h.burn('texts');
    h.refuse(true);
    const refused = await h.run();
    expect(refused.failed.map((f) => [f.change.name, f.error])).toEqual([['texts', 'PagerDuty answered 429']]);
    expect(h.open.size).toBe(0);
    h.refuse(false);
    await h.run();
    expect(h.sent.map((c) => [c.name, c.state])).toEqual([['texts', 'page']]);
  });

  it('events that cannot be read page as the evaluator, and leave every open alert as it was', async () => {
    const h = harness();
    h.burn('backend');
    await h.run();
    h.unreadable(true);
    h.burn();
    const blind = await h.run();
    expect(blind.states).toEqual({ evaluator: 'page' });
    expect(h.sent.map((c) => [c.name, c.state])).toEqual([
      ['backend', 'page'],
      ['evaluator', 'page'],
    ]);
    expect(h.sent[1]!.reason).toContain('503');
    expect(h.open.get('backend')).toBe('page');
    h.unreadable(false);
    await h.run();
    expect(h.sent.slice(2).map((c) => [c.name, c.state])).toEqual([
      ['backend', 'ok'],
      ['evaluator', 'ok'],
    ]);
  });
});

describe("the pager's and the SQL API's wire", () => {
  it('PagerDuty Events v2: a page is critical, a ticket a warning, a resolve names only its dedup key', () => {
    const change: AlertChange = {
      name: 'texts',
      title: 'Texts',
      runbook: 'docs/operations.md#4-texts',
      state: 'ticket',
      dedupKey: 'papaya-public-site/texts',
      shares: { 30: 0.07 },
    };
    expect(pagerEvent(change, 'key')).toMatchObject({
      routing_key: 'key',
      event_action: 'trigger',
      dedup_key: 'papaya-public-site/texts',
      payload: {
        severity: 'warning',
        source: 'papaya-public-site',
        custom_details: { runbook: 'docs/operations.md#4-texts', 'bad share over 30 min': 0.07 },
      },
    });
    expect(pagerEvent({ ...change, state: 'page' }, 'key').payload?.severity).toBe('critical');
    expect(pagerEvent({ ...change, state: 'ok' }, 'key')).toEqual({
      routing_key: 'key',
      event_action: 'resolve',
      dedup_key: 'papaya-public-site/texts',
    });
  });

  it("asks the Analytics Engine SQL API with the account's path and the token, and reads the JSON format's first row", async () => {
    const fetcher = vi.fn(async () => Response.json({ meta: [], data: [{ bad: '3', total: '40' }], rows: 1 }));
    const count = analyticsSqlCount('https://api.cloudflare.com/client/v4/', 'acc', 'tok', fetcher as unknown as typeof fetch);
    expect(await count('SELECT 1')).toEqual({ bad: 3, total: 40 });
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
