/**
 * One run of the alerts: every indicator evaluated by its burn-rate rules, and each change told to
 * the pager (PagerDuty Events API v2) and a plain webhook: a trigger when an alert opens or grows
 * from ticket to page, a resolve when it is ok again, always under the alert's one dedup key. The
 * open alerts are remembered between runs so that nothing is sent while a state holds; a change is
 * remembered only once every notification of it went out, so a failed one is sent again next run.
 * No imports but the indicators: Node's tests and the Worker run the same code.
 */
import { evaluate, INDICATORS, type AlertState, type WindowCounts } from './indicators';

/** The source every alert names, and the prefix of its dedup key. */
export const ALERT_SOURCE = 'papaya-public-site';

/** The evaluator's own alert: it could not read the events, so it cannot say whether anything burns. */
export const EVALUATOR_ALERT = {
  name: 'evaluator',
  title: 'The alerts cannot read the events',
  runbook: 'docs/operations.md#the-alerts-worker',
} as const;

export const dedupKey = (name: string) => `${ALERT_SOURCE}/${name}`;

export interface AlertChange {
  name: string;
  title: string;
  runbook: string;
  /** The new state; `ok` resolves. */
  state: AlertState;
  dedupKey: string;
  /** The bad share of each window read, by minutes (none for the evaluator's own alert). */
  shares: Record<number, number>;
  /** Why the evaluator's own alert fired (the SQL API's answer), without any secret. */
  reason?: string;
}

export interface AlertsRun {
  /** Runs one SQL statement; throws when the events cannot be read. */
  count(sql: string): Promise<WindowCounts>;
  /** The state each open alert was last told in; `ok` for none. */
  opened(name: string): Promise<AlertState>;
  remember(name: string, state: AlertState): Promise<void>;
  /** Tells one change to every channel; throws when one refused it. */
  notify(change: AlertChange): Promise<void>;
}

export interface RunResult {
  states: Record<string, AlertState>;
  sent: AlertChange[];
  failed: Array<{ change: AlertChange; error: string }>;
}

export async function runAlerts(run: AlertsRun): Promise<RunResult> {
  const now: AlertChange[] = [];
  let unreadable: string | undefined;
  for (const indicator of INDICATORS) {
    const base = { name: indicator.name, title: indicator.title, runbook: indicator.runbook, dedupKey: dedupKey(indicator.name) };
    try {
      const { state, shares } = await evaluate(indicator, (sql) => run.count(sql));
      now.push({ ...base, state, shares });
    } catch (error) {
      unreadable ??= error instanceof Error ? error.message : String(error);
    }
  }
  // An indicator that could not be read keeps its last state: neither opened nor resolved blind.
  now.push({
    ...EVALUATOR_ALERT,
    dedupKey: dedupKey(EVALUATOR_ALERT.name),
    state: unreadable ? 'page' : 'ok',
    shares: {},
    reason: unreadable,
  });

  const result: RunResult = { states: {}, sent: [], failed: [] };
  for (const change of now) {
    result.states[change.name] = change.state;
    if ((await run.opened(change.name)) === change.state) continue;
    try {
      await run.notify(change);
      await run.remember(change.name, change.state);
      result.sent.push(change);
    } catch (error) {
      result.failed.push({ change, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}

/** PagerDuty Events API v2: a trigger (critical for a page, warning for a ticket) or a resolve, under the alert's dedup key. */
export function pagerEvent(change: AlertChange, routingKey: string) {
  if (change.state === 'ok') return { routing_key: routingKey, event_action: 'resolve', dedup_key: change.dedupKey };
  return {
    routing_key: routingKey,
    event_action: 'trigger',
    dedup_key: change.dedupKey,
    payload: {
      summary: `${change.state === 'page' ? 'PAGE' : 'TICKET'} ${change.title} (runbook: ${change.runbook})`,
      source: ALERT_SOURCE,
      severity: change.state === 'page' ? 'critical' : 'warning',
      component: change.name,
      class: change.name === EVALUATOR_ALERT.name ? 'evaluator' : 'burn rate',
      custom_details: {
        state: change.state,
        runbook: change.runbook,
        ...shareDetails(change.shares),
        ...(change.reason ? { reason: change.reason } : {}),
      },
    },
    client: 'papaya alerts',
  };
}

/** The plain webhook's body: the same change in the project's own words. */
export function webhookBody(change: AlertChange, at: Date) {
  return {
    alert: change.name,
    title: change.title,
    state: change.state === 'ok' ? 'resolved' : change.state,
    dedupKey: change.dedupKey,
    runbook: change.runbook,
    shares: shareDetails(change.shares),
    ...(change.reason ? { reason: change.reason } : {}),
    at: at.toISOString(),
  };
}

const shareDetails = (shares: Record<number, number>) =>
  Object.fromEntries(Object.entries(shares).map(([minutes, share]) => [`bad share over ${minutes} min`, Number(share.toFixed(4))]));

/** The counts of one statement from the Analytics Engine SQL API (`POST /accounts/<id>/analytics_engine/sql`, a bearer token). */
export function analyticsSqlCount(api: string, account: string, token: string, fetcher: typeof fetch = fetch) {
  return async (sql: string): Promise<WindowCounts> => {
    const res = await fetcher(`${api.replace(/\/$/, '')}/accounts/${account}/analytics_engine/sql`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: `${sql} FORMAT JSON`,
    });
    if (!res.ok) throw new Error(`the Analytics Engine SQL API answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    const row = ((await res.json()) as { data?: Array<Record<string, unknown>> }).data?.[0] ?? {};
    return { bad: Number(row.bad ?? 0), total: Number(row.total ?? 0) };
  };
}
