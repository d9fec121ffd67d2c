import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANARY_MIN_EVENTS, judgeCanary } from '../../alerts/canary';
import { countsOf } from '../../alerts/evaluator';
import { EVENTS_DATASET, INDICATORS, versionsSql, type Indicator, type WindowCounts } from '../../alerts/indicators';
import { CANARY_LCP_MARGIN_MS, evaluateLcp, goodShareSql, lcpOf, p75Sql, versionsLcpSql, VITALS_MIN_VIEWS } from '../../alerts/vitals';
import { EVENT_LAYOUT } from '../../src/telemetry/events';
// @ts-expect-error: a plain .mjs module of the scripts
import { CHDB_INSTALL, chdbSession, loadEvents } from '../../scripts/lib/clickhouse.mjs';

/**
 * The canary's judge on the events of two versions: the serving one at 90 % of visitors, the new
 * one at 10 %, each event naming the version that recorded it, counted with the indicators' SQL
 * in ClickHouse (chDB, Analytics Engine's dialect), then judged.
 */
const OLD = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const NEW = '11111111-2222-4333-8444-555555555555';
const at = () => new Date(Date.now() - 2 * 60_000).toISOString();
const payments = (version: string, n: number, failed: number) =>
  Array.from({ length: n }, (_, i) => ({ event: 'payment', at: at(), version, outcome: i < failed ? 'failed' : 'approved', reason: '' }));
const texts = (version: string, n: number, failed: number) =>
  Array.from({ length: n }, (_, i) => ({
    event: 'text',
    at: at(),
    version,
    outcome: i < failed ? 'failed-backend' : 'sent',
    kind: 'link',
  }));
const backend = (version: string, n: number) =>
  Array.from({ length: n }, () => ({ event: 'backend', at: at(), version, call: 'payment_back', outcome: 'ok', ms: 40, status: 200 }));

/** Files of the build the Worker answered (`/assets/*`), `missing` of them 404 (a file its version does not have). */
const assets = (version: string, n: number, missing: number) =>
  Array.from({ length: n }, (_, i) => ({
    event: 'answer',
    at: at(),
    version,
    route: '/assets/*',
    method: 'GET',
    device: 'phone',
    language: 'en',
    status: i < missing ? 404 : 200,
    ms: 2,
  }));

/** Views of the card form (`n` answers), and `failed` reports of its islands not starting, each standing for `stands` views (a sampled report). */
const views = (version: string, n: number) =>
  Array.from({ length: n }, () => ({
    event: 'answer',
    at: at(),
    version,
    route: '/web-payment',
    method: 'GET',
    device: 'apple',
    language: 'en',
    status: 200,
    ms: 40,
  }));
const notStarted = (version: string, failed: number, stands: number) =>
  Array.from({ length: failed }, () => ({
    event: 'browserError',
    at: at(),
    version,
    route: 'Web-Pay',
    kind: 'start',
    message: 'The islands did not start',
    source: '',
    browser: 'webkit/apple',
    clientVersion: version,
    stands,
  }));

const root = path.resolve(import.meta.dirname, '../..');
const chdbInstalled = existsSync(path.join(root, 'node_modules/chdb/package.json'));
if (!chdbInstalled && process.env.CI !== 'true')
  console.warn(`SKIPPED: the canary judge on recorded events needs chDB: ${CHDB_INSTALL} (npm test installs it).`);

/** One ClickHouse session for the file (chDB keeps one data directory per process); each judgement loads its events anew. */
let session: { query(sql: string, format: string): string } | undefined;

/** A statement's rows, as the SQL API's JSON gives them. */
const rowsOf = async (engine: { query(sql: string, format: string): string }, sql: string) =>
  engine
    .query(sql, 'JSONEachRow')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line: string) => JSON.parse(line) as Record<string, unknown>);

/** Loads `events` into ClickHouse and judges the new version against the old over the last 30 minutes. */
async function judge(events: unknown[]) {
  const engine: { query(sql: string, format: string): string } = (session ??= new (await chdbSession())());
  loadEvents(engine, events, EVENT_LAYOUT, EVENTS_DATASET);
  const counted = new Map<string, { canary: WindowCounts; serving: WindowCounts }>();
  for (const indicator of INDICATORS) {
    const rows = engine
      .query(versionsSql(indicator, 30, [NEW, OLD]), 'JSONEachRow')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line: string) => JSON.parse(line) as Record<string, unknown>);
    const of = (version: string) => countsOf(rows.find((r: Record<string, unknown>) => r.version === version));
    counted.set(indicator.name, { canary: of(NEW), serving: of(OLD) });
  }
  const lcp = await rowsOf(engine, versionsLcpSql(30, [NEW, OLD]));
  return judgeCanary((indicator: Indicator) => counted.get(indicator.name)!, { canary: lcpOf(lcp, NEW), serving: lcpOf(lcp, OLD) });
}

describe.skipIf(!chdbInstalled && process.env.CI !== 'true')('the canary judged on the events of two versions', () => {
  it('a new version failing every payment at a 10 % share is stopped, though the whole hour stays under the paging threshold', async () => {
    const { verdict, indicators } = await judge([
      ...payments(OLD, 270, 3),
      ...payments(NEW, 30, 30),
      ...backend(OLD, 270),
      ...backend(NEW, 30),
    ]);
    expect(verdict).toBe('stop');
    expect(indicators.find((j) => j.name === 'payments')).toMatchObject({
      verdict: 'stop',
      canary: { bad: 30, total: 30 },
      serving: { bad: 3, total: 270 },
      reason: '100.0 % bad against 1.1 % on the serving version (30 of 30)',
    });
    // All traffic together: 33 of 300 failed, 11 %: what the paging rule alone would have seen.
  });

  it('the same failure share as the serving version is promoted', async () => {
    const { verdict, indicators } = await judge([
      ...payments(OLD, 270, 3),
      ...payments(NEW, 30, 0),
      ...texts(OLD, 180, 2),
      ...texts(NEW, 20, 1),
      ...backend(OLD, 270),
      ...backend(NEW, 30),
    ]);
    expect(indicators.map((j) => `${j.name} ${j.verdict}`)).toEqual([
      'payments promote',
      'backend promote',
      'texts promote',
      'assets promote',
      'islands promote',
      'card-testing promote',
      'vitals-lcp promote',
    ]);
    expect(verdict).toBe('promote');
  });

  it('a split without version affinity: pages of one version ask the other for their files, and the 404s either version answers stop it', async () => {
    const { verdict, indicators } = await judge([...assets(OLD, 100, 25), ...assets(NEW, 100, 25)]);
    expect(verdict).toBe('stop');
    expect(indicators.find((j) => j.name === 'assets')).toMatchObject({
      verdict: 'stop',
      reason: 'the serving version itself is 25.0 % bad during the split (25 of 100; its allowance 6.0 %)',
    });
    // With affinity each page's files come from its own version: none missing, nothing to stop.
    expect((await judge([...assets(OLD, 100, 0), ...assets(NEW, 100, 0)])).indicators.find((j) => j.name === 'assets')?.verdict).toBe(
      'promote',
    );
  });

  it('a new version missing one of its own files is stopped; a tab of the version before asking for an old file now and then is not', async () => {
    const missing = await judge([...assets(OLD, 360, 2), ...assets(NEW, 40, 10)]);
    expect(missing.indicators.find((j) => j.name === 'assets')).toMatchObject({
      verdict: 'stop',
      reason: '25.0 % bad against 0.6 % on the serving version (10 of 40)',
    });
    const stale = await judge([...assets(OLD, 360, 2), ...assets(NEW, 40, 1)]);
    expect(stale.indicators.find((j) => j.name === 'assets')?.verdict).toBe('promote');
    // A quiet canary asked for few files holds nothing, but three of them missing still stop it.
    const quiet = await judge([...assets(OLD, 90, 0), ...assets(NEW, 8, 0)]);
    expect(quiet.indicators.find((j) => j.name === 'assets')).toMatchObject({
      verdict: 'promote',
      reason: '8 events of the new version, too few to judge: the others hold the release',
    });
    const broken = await judge([...assets(OLD, 90, 0), ...assets(NEW, 8, 3)]);
    expect(broken.indicators.find((j) => j.name === 'assets')?.verdict).toBe('stop');
  });

  it('islands that did not start: a sampled report stands for its views, but one visitor is never a version (three reports are needed)', async () => {
    // One report at the production sample (1 in 100) is 100 of 1,000 views: 10 %, but one visitor.
    const one = await judge([...views(OLD, 9000), ...views(NEW, 1000), ...notStarted(NEW, 1, 100)]);
    expect(one.indicators.find((j) => j.name === 'islands')).toMatchObject({ verdict: 'promote', canary: { bad: 100, badRows: 1 } });
    const three = await judge([...views(OLD, 9000), ...views(NEW, 1000), ...notStarted(NEW, 3, 100)]);
    expect(three.indicators.find((j) => j.name === 'islands')).toMatchObject({
      verdict: 'stop',
      reason: '23.1 % bad against 0.0 % on the serving version (300 of 1300)',
    });
  });

  it('too few events of the new version means wait, not promote', async () => {
    const { verdict, indicators } = await judge([...payments(OLD, 270, 0), ...payments(NEW, CANARY_MIN_EVENTS - 1, 0)]);
    expect(verdict).toBe('wait');
    expect(indicators.find((j) => j.name === 'payments')).toMatchObject({
      verdict: 'wait',
      reason: '19 events of the new version, 20 needed to judge',
    });
  });

  it('events older than the window and of other versions are not counted', async () => {
    const old = new Date(Date.now() - 45 * 60_000).toISOString();
    const { indicators } = await judge([
      ...payments(NEW, 30, 30).map((e) => ({ ...e, at: old })),
      ...payments('22222222-2222-4333-8444-555555555555', 30, 30),
      ...payments(NEW, 25, 0),
      ...payments(OLD, 100, 0),
    ]);
    expect(indicators.find((j) => j.name === 'payments')).toMatchObject({ verdict: 'promote', canary: { bad: 0, total: 25 } });
  });
});

describe('the canary judge on counts', () => {
  const judgeCounts = (byName: Record<string, { canary: WindowCounts; serving: WindowCounts }>) =>
    judgeCanary((indicator) => byName[indicator.name] ?? { canary: { bad: 0, total: 0 }, serving: { bad: 0, total: 0 } }, {
      canary: { p75: 0, views: 0 },
      serving: { p75: 0, views: 0 },
    });

  it('a few failures of a few payments are a visitor, not a version: under 3 bad never stops', () => {
    expect(judgeCounts({ payments: { canary: { bad: 2, total: 20 }, serving: { bad: 0, total: 180 } } }).verdict).toBe('promote');
    expect(judgeCounts({ payments: { canary: { bad: 3, total: 20 }, serving: { bad: 0, total: 180 } } }).verdict).toBe('stop');
  });

  it('worse by no more than the ticket burn rate of the budget is promoted (payments: 3 points)', () => {
    expect(judgeCounts({ payments: { canary: { bad: 4, total: 100 }, serving: { bad: 20, total: 1000 } } }).verdict).toBe('promote');
    expect(judgeCounts({ payments: { canary: { bad: 6, total: 100 }, serving: { bad: 20, total: 1000 } } }).verdict).toBe('stop');
  });

  it('a split whose serving version burns its own budget is stopped, however the canary compares (objects run one version for both)', () => {
    // Both versions at 40 % bad: the new version broke the Durable Objects both call.
    const judged = judgeCounts({ payments: { canary: { bad: 8, total: 20 }, serving: { bad: 72, total: 180 } } });
    expect(judged.verdict).toBe('stop');
    expect(judged.indicators.find((j) => j.name === 'payments')).toMatchObject({
      verdict: 'stop',
      reason: 'the serving version itself is 40.0 % bad during the split (72 of 180; its allowance 3.0 %)',
    });
    // Within its allowance, or too few failures to be a version: judged on the canary as before.
    expect(judgeCounts({ payments: { canary: { bad: 0, total: 20 }, serving: { bad: 5, total: 180 } } }).verdict).toBe('promote');
    expect(judgeCounts({ payments: { canary: { bad: 0, total: 20 }, serving: { bad: 2, total: 10 } } }).verdict).toBe('promote');
  });

  it('a stop on one indicator wins over a wait on another', () => {
    expect(
      judgeCounts({
        payments: { canary: { bad: 0, total: 5 }, serving: { bad: 0, total: 45 } },
        texts: { canary: { bad: 10, total: 10 }, serving: { bad: 0, total: 90 } },
      }).verdict,
    ).toBe('stop');
  });

  it('version ids only: anything else is refused before it reaches the SQL', () => {
    expect(() => versionsSql(INDICATORS[0]!, 30, [NEW, "x' OR 1=1 --"])).toThrow(/not a version id/);
  });
});

/** A page view's Web Vitals as the beacon's event holds them (`-1`: not measured), `minutesAgo`, weighing `sampleInterval`. */
const vitals = (version: string, n: number, lcp: number, more: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) => ({
    event: 'vitals',
    at: new Date(Date.now() - (((more.minutesAgo as number) ?? i % 55) + 1) * 60_000).toISOString(),
    version,
    route: '/pay/:provider',
    device: 'android',
    country: 'US',
    colo: 'DFW',
    navigation: 'navigate',
    browser: 'chromium',
    lcp,
    inp: 120,
    cls: 0.02,
    ttfb: 300,
    fcp: 900,
    ...more,
  }));

describe.skipIf(!chdbInstalled && process.env.CI !== 'true')('what real visitors wait for, read in ClickHouse', () => {
  const load = async (events: unknown[]) => {
    const engine: { query(sql: string, format: string): string } = (session ??= new (await chdbSession())());
    loadEvents(engine, events, EVENT_LAYOUT, EVENTS_DATASET);
    return (sql: string) => rowsOf(engine, sql);
  };

  it('p75 of LCP, INP and TTFB per route and version, each row weighing the views Analytics Engine kept it for', async () => {
    const rows = await load([
      // The serving version: 10 views kept one to one at 1 s, and 2 rows kept at 1 in 10 at 4 s (20 views).
      ...vitals(OLD, 10, 1000),
      ...vitals(OLD, 2, 4000, { sampleInterval: 10, inp: 600, ttfb: 2000 }),
      ...vitals(NEW, 8, 1800, { route: '/web-payment', device: 'apple', browser: 'webkit', cls: -1, inp: -1 }),
    ]);
    const lcp = await rows(p75Sql('lcp', 60));
    expect(lcp).toEqual([
      { route: '/pay/:provider', version: OLD, p75: 4000, views: 30 },
      { route: '/web-payment', version: NEW, p75: 1800, views: 8 },
    ]);
    // Unweighted, the serving version's p75 would read 1 s: most of its views were the slow ones.
    expect((await rows(p75Sql('inp', 60))).map((r) => [r.version, r.p75, r.views])).toEqual([[OLD, 600, 30]]);
    expect((await rows(p75Sql('ttfb', 60))).map((r) => [r.version, r.p75])).toEqual([
      [OLD, 2000],
      [NEW, 300],
    ]);
    // The share of good views by web.dev's thresholds, of the views that measured the metric: WebKit's missing CLS is no view.
    expect((await rows(goodShareSql('lcp', 60))).map((r) => [r.version, Number(r.good).toFixed(3), r.views])).toEqual([
      [OLD, '0.333', 30],
      [NEW, '1.000', 8],
    ]);
    expect((await rows(goodShareSql('cls', 60))).map((r) => [r.version, r.good, r.views])).toEqual([[OLD, 1, 30]]);
    expect((await rows(goodShareSql('inp', 60))).map((r) => [r.version, Number(r.good).toFixed(3)])).toEqual([[OLD, '0.333']]);
  });

  it("a route whose p75 LCP on phones stays over 2.5 s for an hour pages; a few slow minutes, computers' and a quiet hour's do not", async () => {
    // Phones all hour long, a view a minute, three of every four waiting 3.2 s: each quarter of the hour is slow.
    const hour = (lcp: (minute: number) => number) =>
      Array.from({ length: 59 }, (_, m) => vitals(OLD, 1, lcp(m), { minutesAgo: m })).flat();
    const slowPhones = hour((m) => (m % 4 === 0 ? 1200 : 3200));
    expect(await evaluateLcp(await load(slowPhones))).toEqual({
      state: 'page',
      reason: '/pay/:provider: p75 LCP on phones over 2.5 s in each quarter of the last hour (3.2 s, 3.2 s, 3.2 s, 3.2 s; 59 views)',
    });
    // Good all hour, then slow for the last five minutes: the last quarter's p75 is over, the hour is not.
    const lastMinutes = [...hour(() => 1200), ...vitals(OLD, 20, 3200, { minutesAgo: 4 })];
    expect(await evaluateLcp(await load(lastMinutes))).toEqual({ state: 'ok' });
    // The same waits on computers: phones are who the alert is for, and no phone was seen.
    expect(await evaluateLcp(await load(slowPhones.map((e) => ({ ...e, device: 'desktop' }))))).toEqual({ state: null });
    // A quiet hour: 20 slow views are no evidence either way.
    expect(await evaluateLcp(await load(vitals(OLD, 20, 5000)))).toEqual({ state: null });
  });

  it(`a version whose p75 LCP is over the serving version's by more than ${CANARY_LCP_MARGIN_MS} ms is stopped; a quiet hour waits`, async () => {
    const now = { minutesAgo: 2 };
    const slower = await judge([...vitals(OLD, 270, 1900, now), ...vitals(NEW, 60, 2600, now)]);
    expect(slower.verdict).toBe('stop');
    expect(slower.indicators.find((j) => j.name === 'vitals-lcp')).toMatchObject({
      verdict: 'stop',
      reason: `p75 LCP 2.6 s against 1.9 s on the serving version, past the ${CANARY_LCP_MARGIN_MS} ms margin`,
    });
    expect((await judge([...vitals(OLD, 270, 1900, now), ...vitals(NEW, 60, 2300, now)])).verdict).toBe('promote');
    // Too few views of the new version to read its p75: neither promoted nor stopped on vitals alone.
    const quiet = await judge([...vitals(OLD, 270, 1900, now), ...vitals(NEW, 12, 9000, now)]);
    expect(quiet.verdict).toBe('wait');
    expect(quiet.indicators.find((j) => j.name === 'vitals-lcp')?.reason).toBe(
      `12 and 270 views, ${VITALS_MIN_VIEWS} of each needed to read p75 LCP`,
    );
  });
});
