/**
 * One run of the alerts: every indicator evaluated by its burn-rate rules, and each change told to
 * each channel, the pager (PagerDuty Events API v2) and a plain webhook. Each channel's last word
 * on each alert is remembered on its own, so nothing is sent while a state holds, and a change a
 * channel refused is sent to that channel again next run, even if the state moved on meanwhile.
 * No imports but the indicators and the vitals: Node's tests and the Worker run the same code.
 */
import { evaluate, INDICATORS, type AlertState, type WindowCounts } from './indicators';
import { evaluateLcp, LCP_ALERT, type Rows } from './vitals';

/** The source every alert names, and the prefix of its dedup key. */
export const ALERT_SOURCE = 'papaya-public-site';

/** The evaluator's own alert: it could not read the events, so it cannot say whether anything burns. */
export const EVALUATOR_ALERT = {
  name: 'evaluator',
  title: 'The alerts cannot read the events',
  runbook: 'docs/operations.md#the-alerts-worker',
} as const;

/** The alert's own key: the webhook names it, and the pager's keys start with it. */
export const dedupKey = (name: string) => `${ALERT_SOURCE}/${name}`;

/**
 * The pager's key of an alert in one state. PagerDuty sets an incident's urgency when it opens
 * (high for a critical event, low for a warning, with the service's urgency "based on alert
 * severity") and folds later events with its key into it: a ticket that grows into a page opens
 * an incident of its own, so that it pages, and the ticket's is resolved.
 */
export const pagerKey = (name: string, state: Exclude<AlertState, 'ok'>) => `${dedupKey(name)}/${state}`;

/** Where each change is told; each remembers what it was last told. */
export const CHANNELS = ['pager', 'webhook'] as const;
export type Channel = (typeof CHANNELS)[number];

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
  /** Runs one SQL statement for its rows (the Web Vitals, read per route); throws when the events cannot be read. */
  rows: Rows;
  /** The state a channel was last told of an alert; `ok` for none. */
  told(channel: Channel, name: string): Promise<AlertState>;
  remember(channel: Channel, name: string, state: AlertState): Promise<void>;
  /** Tells one channel one change, from the state it was last told; throws when the channel refused it. */
  notify(channel: Channel, change: AlertChange, previous: AlertState): Promise<void>;
}

export interface RunResult {
  states: Record<string, AlertState>;
  sent: Array<{ channel: Channel; change: AlertChange }>;
  failed: Array<{ channel: Channel; change: AlertChange; error: string }>;
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
  try {
    const { state, reason } = await evaluateLcp(run.rows);
    const { name, title, runbook } = LCP_ALERT;
    // A quiet hour says nothing: the alert keeps its state.
    if (state) now.push({ name, title, runbook, dedupKey: dedupKey(name), state, shares: {}, ...(reason && { reason }) });
  } catch (error) {
    unreadable ??= error instanceof Error ? error.message : String(error);
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
    for (const channel of CHANNELS) {
      const previous = await run.told(channel, change.name);
      if (previous === change.state) continue;
      try {
        await run.notify(channel, change, previous);
        await run.remember(channel, change.name, change.state);
        result.sent.push({ channel, change });
      } catch (error) {
        result.failed.push({ channel, change, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return result;
}

/**
 * What PagerDuty is sent for one change (Events API v2): the new state's trigger (critical for a
 * page, a warning for a ticket) under its own key, then the resolve of the state it replaces.
 */
export function pagerEvents(change: AlertChange, previous: AlertState, routingKey: string) {
  const events: Array<ReturnType<typeof pagerTrigger> | { routing_key: string; event_action: 'resolve'; dedup_key: string }> = [];
  if (change.state !== 'ok') events.push(pagerTrigger(change, change.state, routingKey));
  if (previous !== 'ok') events.push({ routing_key: routingKey, event_action: 'resolve', dedup_key: pagerKey(change.name, previous) });
  return events;
}

function pagerTrigger(change: AlertChange, state: Exclude<AlertState, 'ok'>, routingKey: string) {
  return {
    routing_key: routingKey,
    event_action: 'trigger' as const,
    dedup_key: pagerKey(change.name, state),
    payload: {
      summary: `${state === 'page' ? 'PAGE' : 'TICKET'} ${change.title} (runbook: ${change.runbook})`,
      source: ALERT_SOURCE,
      severity: state === 'page' ? 'critical' : 'warning',
      component: change.name,
      class: change.name === EVALUATOR_ALERT.name ? 'evaluator' : change.name === LCP_ALERT.name ? 'web vitals' : 'burn rate',
      custom_details: {
        state,
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

/** The rows of one statement from the Analytics Engine SQL API (`POST /accounts/<id>/analytics_engine/sql`, a bearer token). */
export function analyticsSqlRows(api: string, account: string, token: string, fetcher: typeof fetch = fetch) {
  return async (sql: string): Promise<Array<Record<string, unknown>>> => {
    const res = await fetcher(`${api.replace(/\/$/, '')}/accounts/${account}/analytics_engine/sql`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: `${sql} FORMAT JSON`,
    });
    if (!res.ok) throw new Error(`the Analytics Engine SQL API answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return ((await res.json()) as { data?: Array<Record<string, unknown>> }).data ?? [];
  };
}

/** The counts of one statement's first row (columns `bad` and `total`). */
export function analyticsSqlCount(api: string, account: string, token: string, fetcher: typeof fetch = fetch) {
  const rows = analyticsSqlRows(api, account, token, fetcher);
  return async (sql: string): Promise<WindowCounts> => countsOf((await rows(sql))[0]);
}

/** A row's `bad` and `total`, as numbers (none when the row is missing). */
export const countsOf = (row: Record<string, unknown> | undefined): WindowCounts => ({
  bad: Number(row?.bad ?? 0),
  total: Number(row?.total ?? 0),
  badRows: Number(row?.bad_rows ?? row?.bad ?? 0),
});
