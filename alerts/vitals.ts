/**
 * What real visitors wait for: the Web Vitals their browsers measured (`vitals` events, one per
 * page view), as operators read them. p75 of each metric per route and version, weighted by
 * Analytics Engine's `_sample_interval`; the share of good views by web.dev's thresholds; the
 * phones' LCP alert; the canary's LCP margin. No imports but the indicators: Node and a Worker read it alike.
 */
import { EVENTS_DATASET, VERSION_ID, type AlertState } from './indicators';

/** Each metric's column of the `vitals` event (EVENT_LAYOUT; a unit test holds them together). `-1`: not measured. */
export const VITAL_COLUMNS = { lcp: 'double1', inp: 'double2', cls: 'double3', ttfb: 'double4', fcp: 'double5' } as const;
export type Vital = keyof typeof VITAL_COLUMNS;
/** The event's route pattern and device class. */
const ROUTE = 'blob3';
const DEVICE = 'blob4';

/** web.dev's "good" of each metric (the `web-vitals` library's own thresholds; a unit test holds them together). */
export const GOOD: Record<Vital, number> = { lcp: 2500, inp: 200, cls: 0.1, ttfb: 800, fcp: 1800 };
/** The metrics whose p75 the operators read, and those whose good share. */
export const P75_VITALS: readonly Vital[] = ['lcp', 'inp', 'ttfb'];
export const GOOD_SHARE_VITALS: readonly Vital[] = ['lcp', 'inp', 'cls', 'ttfb'];

/** The fewest weighted views of each version a canary's p75 is read from: fewer is a quiet hour, no evidence either way. */
export const VITALS_MIN_VIEWS = 50;
/**
 * The phones' LCP alert: a route's p75 over web.dev's good in each quarter of the last hour, each
 * quarter with enough views to read it, so a few slow minutes never page alone.
 */
export const LCP_ALERT = {
  name: 'vitals-lcp',
  title: 'Phones wait too long for the largest paint',
  runbook: 'docs/operations.md#10-what-real-visitors-wait-for',
  quarterMinutes: 15,
  quarters: 4,
  /** Views each quarter needs to be read. */
  quarterMinViews: 10,
} as const;
/** Decision 017: a canary whose p75 LCP is this much over the serving version's is stopped. */
export const CANARY_LCP_MARGIN_MS = 500;

const window = (minutes: number) => `timestamp > NOW() - INTERVAL '${minutes}' MINUTE`;
const measured = (vital: Vital) => `index1 = 'vitals' AND ${VITAL_COLUMNS[vital]} >= 0`;
const checkedVersions = (versions: readonly string[]) => {
  const bad = versions.find((v) => !VERSION_ID.test(v));
  if (bad !== undefined) throw new Error(`not a version id: ${bad.slice(0, 60)}`);
  return versions.map((v) => `'${v}'`).join(', ');
};

/** p75 of one metric and its weighted views, per route and version, over the last `minutes` (rows: route, version, p75, views). */
export const p75Sql = (vital: Vital, minutes: number) =>
  `SELECT ${ROUTE} AS route, blob2 AS version, quantileExactWeighted(0.75)(${VITAL_COLUMNS[vital]}, _sample_interval) AS p75, SUM(_sample_interval) AS views FROM ${EVENTS_DATASET} WHERE ${measured(vital)} AND ${window(minutes)} GROUP BY route, version ORDER BY route, version`;

/** The share of views whose metric was good, per route and version (rows: route, version, good, views). */
export const goodShareSql = (vital: Vital, minutes: number) =>
  `SELECT ${ROUTE} AS route, blob2 AS version, SUM(IF(${VITAL_COLUMNS[vital]} <= ${GOOD[vital]}, _sample_interval, 0)) / SUM(_sample_interval) AS good, SUM(_sample_interval) AS views FROM ${EVENTS_DATASET} WHERE ${measured(vital)} AND ${window(minutes)} GROUP BY route, version ORDER BY route, version`;

/** The phones' p75 LCP per route from `fromMinutes` to `toMinutes` ago (rows: route, p75, views). */
export const phoneLcpSql = (fromMinutes: number, toMinutes: number) =>
  `SELECT ${ROUTE} AS route, quantileExactWeighted(0.75)(${VITAL_COLUMNS.lcp}, _sample_interval) AS p75, SUM(_sample_interval) AS views FROM ${EVENTS_DATASET} WHERE ${measured('lcp')} AND ${DEVICE} IN ('apple', 'android') AND ${window(fromMinutes)}${toMinutes > 0 ? ` AND timestamp <= NOW() - INTERVAL '${toMinutes}' MINUTE` : ''} GROUP BY route`;

/** p75 LCP of each of `versions` over the last `minutes`, every route together (rows: version, p75, views). */
export const versionsLcpSql = (minutes: number, versions: readonly string[]) =>
  `SELECT blob2 AS version, quantileExactWeighted(0.75)(${VITAL_COLUMNS.lcp}, _sample_interval) AS p75, SUM(_sample_interval) AS views FROM ${EVENTS_DATASET} WHERE ${measured('lcp')} AND blob2 IN (${checkedVersions(versions)}) AND ${window(minutes)} GROUP BY version`;

export type Rows = (sql: string) => Promise<Array<Record<string, unknown>>>;
export interface P75 {
  p75: number;
  views: number;
}
const p75Of = (row: Record<string, unknown> | undefined): P75 => ({ p75: Number(row?.p75 ?? 0), views: Number(row?.views ?? 0) });
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The phones' LCP alert: `page` when a route's p75 was over the threshold in every quarter of the
 * hour, `ok` when some route had views enough to read and none was; `null` for a quiet hour, which
 * says nothing either way (the alert keeps its state, as for events that cannot be read).
 */
export async function evaluateLcp(rows: Rows): Promise<{ state: AlertState | null; reason?: string }> {
  const { quarters, quarterMinutes, quarterMinViews } = LCP_ALERT;
  const read = await Promise.all(
    Array.from({ length: quarters }, (_, k) => rows(phoneLcpSql((k + 1) * quarterMinutes, k * quarterMinutes))),
  );
  const routes = new Set(read.flat().map((row) => String(row.route)));
  let readable = false;
  for (const route of routes) {
    const byQuarter = read.map((quarter) => p75Of(quarter.find((row) => String(row.route) === route)));
    if (byQuarter.some((q) => q.views < quarterMinViews)) continue;
    readable = true;
    if (byQuarter.every((q) => q.p75 > GOOD.lcp))
      return {
        state: 'page',
        reason: `${route}: p75 LCP on phones over ${seconds(GOOD.lcp)} in each quarter of the last hour (${byQuarter
          .map((q) => seconds(q.p75))
          .reverse()
          .join(', ')}; ${byQuarter.reduce((n, q) => n + q.views, 0)} views)`,
      };
  }
  return { state: readable ? 'ok' : null };
}

export type VitalsVerdict = 'promote' | 'wait' | 'stop';

/** The canary's LCP against the serving version's: stopped past the margin, held while either has too few views to read. */
export function judgeLcp(canary: P75, serving: P75): { name: string; verdict: VitalsVerdict; reason: string } {
  const name = 'vitals-lcp';
  // No beacon on either version (an API-only release, a build without islands): vitals say nothing, the other indicators decide.
  if (canary.views === 0 && serving.views === 0) return { name, verdict: 'promote', reason: 'no Web Vitals on either version' };
  if (canary.views < VITALS_MIN_VIEWS || serving.views < VITALS_MIN_VIEWS)
    return {
      name,
      verdict: 'wait',
      reason: `${canary.views} and ${serving.views} views, ${VITALS_MIN_VIEWS} of each needed to read p75 LCP`,
    };
  const worse = canary.p75 - serving.p75;
  const said = `p75 LCP ${seconds(canary.p75)} against ${seconds(serving.p75)} on the serving version`;
  if (worse > CANARY_LCP_MARGIN_MS) return { name, verdict: 'stop', reason: `${said}, past the ${CANARY_LCP_MARGIN_MS} ms margin` };
  return { name, verdict: 'promote', reason: said };
}

/** Each version's p75 LCP from the rows of `versionsLcpSql`. */
export const lcpOf = (rows: Array<Record<string, unknown>>, version: string): P75 => p75Of(rows.find((r) => r.version === version));
