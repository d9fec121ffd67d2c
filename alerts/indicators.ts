/**
 * The operators' indicators (docs/operations.md), each in one place: its objective, the SQL that
 * counts its bad and total events over a window of Analytics Engine's dataset, and its runbook
 * entry. The alerts Worker (alerts/index.ts) runs the SQL every five minutes on the Analytics
 * Engine SQL API; `npm run alerts:check` runs it on the local demo's events (in ClickHouse, through
 * chDB: Analytics Engine's SQL is ClickHouse's dialect) or on production's dataset. It imports only
 * the domain's list of the pages with islands: Node and a Worker read it alike.
 */

import { ISLAND_ROUTES } from '../src/domain/island-routes';

/** The dataset the site's events are written to (`[[analytics_engine_datasets]]` in wrangler.toml). */
export const EVENTS_DATASET = 'papaya_public_site_events';

export type AlertState = 'ok' | 'ticket' | 'page';

/**
 * Multi-window burn-rate rules for a 30-day objective (the Google SRE workbook): page when the
 * last hour and the last 5 minutes both burn the error budget 14.4 times as fast as allowed; a
 * ticket when the last 6 hours and the last 30 minutes both burn it 6 times as fast. Each window's
 * share is its whole window's bad events over its whole window's events, never an average of shares.
 */
export const BURN_RULES: ReadonlyArray<{ state: Exclude<AlertState, 'ok'>; rate: number; longMinutes: number; shortMinutes: number }> = [
  { state: 'page', rate: 14.4, longMinutes: 60, shortMinutes: 5 },
  { state: 'ticket', rate: 6, longMinutes: 360, shortMinutes: 30 },
];

export interface Indicator {
  name: string;
  title: string;
  /** The share of events that must be good over 30 days. */
  objective: number;
  /** The runbook entry an alert names. */
  runbook: string;
  /** The events it counts (a SQL condition). */
  where: string;
  /** Which of them are bad (a SQL condition). */
  bad: string;
  /**
   * Whether a canary with too few of these events is held until it has more (the default). An
   * indicator that says `false` can stop a release but never holds one: the others gate promotion on traffic.
   */
  holds?: boolean;
  /** How many events each row stands for (a SQL expression); Analytics Engine's own sampling, `_sample_interval`, unless said. */
  weight?: string;
}

const window = (minutes: number) => `timestamp > NOW() - INTERVAL '${minutes}' MINUTE`;

/** Weighted counts of an indicator's bad and of all its events over the last `minutes`: one row, columns `bad` and `total`. */
export const windowSql = (indicator: Indicator, minutes: number) =>
  `SELECT ${counts(indicator)} FROM ${EVENTS_DATASET} WHERE (${indicator.where}) AND ${window(minutes)}`;

/** The weighted bad and total counts of an indicator's rows, and how many rows were bad (events the dataset kept, each a visitor's). */
const counts = ({ bad, weight = '_sample_interval' }: Indicator) =>
  `SUM(IF(${bad}, ${weight}, 0)) AS bad, SUM(${weight}) AS total, SUM(IF(${bad}, 1, 0)) AS bad_rows`;

/** What a version id looks like (`blob2` of every event): a UUID, or `local` in development. */
export const VERSION_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|local)$/;

/** The same counts for each of `versions` (each event names the version that recorded it): one row per version, columns `version`, `bad`, `total`. */
export function versionsSql(indicator: Indicator, minutes: number, versions: readonly string[]): string {
  const bad = versions.find((v) => !VERSION_ID.test(v));
  if (bad !== undefined) throw new Error(`not a version id: ${bad.slice(0, 60)}`);
  return `SELECT blob2 AS version, ${counts(indicator)} FROM ${EVENTS_DATASET} WHERE (${indicator.where}) AND blob2 IN (${versions.map((v) => `'${v}'`).join(', ')}) AND ${window(minutes)} GROUP BY version`;
}

export const INDICATORS: readonly Indicator[] = [
  {
    name: 'payments',
    title: "Payments that fail for the site's reasons",
    objective: 0.995,
    runbook: 'docs/operations.md#1-payments-that-fail-for-the-sites-reasons',
    where: "index1 = 'payment'",
    bad: "blob3 = 'failed'",
  },
  {
    name: 'backend',
    title: 'Backend errors per call',
    objective: 0.995,
    runbook: 'docs/operations.md#3-backend-errors-and-latency-per-call',
    where: "index1 = 'backend'",
    bad: "blob4 != 'ok'",
  },
  {
    name: 'texts',
    title: 'Texts',
    objective: 0.99,
    runbook: 'docs/operations.md#4-texts',
    // Texts asked for and not refused: sent, or failed at the backend.
    where: "index1 = 'text' AND blob3 IN ('sent', 'failed-backend')",
    bad: "blob3 = 'failed-backend'",
  },
  {
    name: 'assets',
    title: "Scripts and stylesheets a page asked for that its version's Worker did not have",
    // A tab kept open across a release, or a crawler, may ask for a file of the version before: 1 % is allowed.
    objective: 0.99,
    runbook: 'docs/operations.md#9-assets-missing-version-skew',
    // Every file of the build the Worker answered (`/assets/*`); a 404 is one it does not have.
    where: "index1 = 'answer' AND blob3 = '/assets/*'",
    bad: 'double1 = 404',
    // Few files are asked of a canary in a quiet hour; three missing of them still stop it.
    holds: false,
  },
  {
    name: 'islands',
    title: 'Pages whose islands did not start',
    // A weak connection loses the islands' code now and then; the page still works without it.
    objective: 0.99,
    runbook: 'docs/operations.md#6-browser-errors-per-version',
    // The views of pages with islands (as indicator 6 counts them), and the reports of islands that did not start.
    where: `(index1 = 'browserError' AND blob4 = 'start') OR (index1 = 'answer' AND blob3 IN (${ISLAND_ROUTES.map((r) => `'${r}'`).join(', ')}) AND blob4 = 'GET' AND blob5 NOT IN ('bot', 'check') AND double1 < 400)`,
    bad: "index1 = 'browserError'",
    // A report stands for the page views its sample left out (`double3`).
    weight: "IF(index1 = 'browserError', _sample_interval * double3, _sample_interval)",
    holds: false,
  },
  {
    name: 'card-testing',
    title: 'Card payments paused by card testing',
    objective: 0.999,
    runbook: 'docs/operations.md#2-declines-by-reason-and-card-testing',
    // Payment attempts, and the pauses a payee's or the site's declines tripped (`limit` events whose action is `paused`).
    where: "index1 = 'payment' OR (index1 = 'limit' AND blob5 = 'paused')",
    bad: "index1 = 'limit' OR (blob3 = 'refused' AND blob4 IN ('pausedPayee', 'pausedSite'))",
  },
];

export interface WindowCounts {
  bad: number;
  total: number;
  /** The bad events as rows, unweighted: one sampled report standing for a hundred views is still one visitor. */
  badRows?: number;
}

export interface Evaluation {
  indicator: Indicator;
  state: AlertState;
  /** The bad share of each window asked, by minutes. */
  shares: Record<number, number>;
}

/** An indicator's state by the burn rules, from its counts over each rule's windows (`count` runs the SQL). */
export async function evaluate(indicator: Indicator, count: (sql: string) => Promise<WindowCounts>): Promise<Evaluation> {
  const shares: Record<number, number> = {};
  const shareOver = async (minutes: number) => {
    if (!(minutes in shares)) {
      const { bad, total } = await count(windowSql(indicator, minutes));
      shares[minutes] = total > 0 ? bad / total : 0;
    }
    return shares[minutes]!;
  };
  let state: AlertState = 'ok';
  for (const rule of BURN_RULES) {
    const threshold = rule.rate * (1 - indicator.objective);
    const burning = (await shareOver(rule.longMinutes)) >= threshold && (await shareOver(rule.shortMinutes)) >= threshold;
    if (burning && state === 'ok') state = rule.state;
  }
  return { indicator, state, shares };
}
