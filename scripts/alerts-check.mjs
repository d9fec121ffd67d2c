// npm run alerts:check -- <site base URL | events file>
// npm run alerts:check -- --production        (CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN from the environment)
// npm run alerts:check -- <source | --production> --canary <new version> --serving <old version> [--minutes N]
//
// Evaluates every indicator of alerts/indicators.ts with the same SQL and burn-rate rules as
// production, and prints each with its state (ok, ticket, page) and the runbook entry to read.
// Exits 1 when one pages. With --canary, judges the new version's events against the serving
// version's over the last N minutes (alerts/canary.ts): exits 0 to promote, 1 to stop, 3 to wait. Against the local demo (its /_dev/metrics, or a file of those events)
// the SQL runs in ClickHouse in-process (chDB, a development dependency: Analytics Engine's SQL is
// ClickHouse's dialect); against production it runs on the Analytics Engine SQL API, as the alerts Worker does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runnerImport } from 'vite';
import { CHDB_MISSING, chdbSession, loadEvents } from './lib/clickhouse.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    production: { type: 'boolean', default: false },
    canary: { type: 'string' },
    serving: { type: 'string' },
    minutes: { type: 'string', default: '30' },
  },
});
const load = async (file) => (await runnerImport(path.join(root, file), { configFile: false, logLevel: 'silent' })).module;
const { INDICATORS, EVENTS_DATASET, evaluate, versionsSql } = await load('alerts/indicators.ts');
const { countsOf } = await load('alerts/evaluator.ts');

/** Runs one statement; its rows. */
let rows;
if (values.production) {
  const account = process.env.CLOUDFLARE_ACCOUNT_ID;
  const token = process.env.CLOUDFLARE_API_TOKEN;
  if (!account || !token) {
    console.error('Production needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (an API token with Account Analytics Read).');
    process.exit(2);
  }
  const { analyticsSqlRows } = await load('alerts/evaluator.ts');
  rows = analyticsSqlRows(process.env.CLOUDFLARE_API_BASE_URL ?? 'https://api.cloudflare.com/client/v4', account, token);
} else {
  const [source] = positionals;
  if (!source) {
    console.error('Usage: npm run alerts:check -- <site base URL, e.g. http://localhost:8787 | events file> | --production');
    process.exit(2);
  }
  const events = /^https?:\/\//.test(source)
    ? await (await fetch(new URL('/_dev/metrics', source))).json()
    : JSON.parse(readFileSync(source, 'utf8'));
  if (!Array.isArray(events)) {
    console.error(`${source} holds no list of events (/_dev/metrics exists only in the local demo).`);
    process.exit(2);
  }
  const Session = await chdbSession();
  if (!Session) {
    console.error(CHDB_MISSING);
    process.exit(2);
  }
  const { EVENT_LAYOUT } = await load('src/telemetry/events.ts');
  const session = new Session();
  loadEvents(session, events, EVENT_LAYOUT, EVENTS_DATASET);
  rows = async (sql) =>
    session
      .query(sql, 'JSONEachRow')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
}

if (values.canary) {
  const minutes = Number(values.minutes);
  if (!values.serving || !(minutes >= 1)) {
    console.error('Usage: --canary <new version> --serving <old version> [--minutes N ≥ 1]');
    process.exit(2);
  }
  const { judgeCanary } = await load('alerts/canary.ts');
  const counted = new Map();
  for (const indicator of INDICATORS) {
    const got = await rows(versionsSql(indicator, minutes, [values.canary, values.serving]));
    const of = (version) => countsOf(got.find((row) => row.version === version));
    counted.set(indicator.name, { canary: of(values.canary), serving: of(values.serving) });
  }
  const { versionsLcpSql, lcpOf } = await load('alerts/vitals.ts');
  const lcp = await rows(versionsLcpSql(minutes, [values.canary, values.serving]));
  const { verdict, indicators } = judgeCanary((indicator) => counted.get(indicator.name), {
    canary: lcpOf(lcp, values.canary),
    serving: lcpOf(lcp, values.serving),
  });
  for (const j of indicators) console.log(`${j.verdict.toUpperCase().padEnd(8)} ${j.name}: ${j.reason}`);
  console.log(`Canary ${values.canary} over the last ${minutes} min: ${verdict}`);
  process.exit({ promote: 0, stop: 1, wait: 3 }[verdict]);
}

const count = async (sql) => countsOf((await rows(sql))[0]);

let paging = false;
for (const indicator of INDICATORS) {
  const { state, shares } = await evaluate(indicator, count);
  if (state === 'page') paging = true;
  const windows = Object.entries(shares)
    .map(([minutes, share]) => `${minutes} min ${(share * 100).toFixed(1)} %`)
    .join(', ');
  console.log(
    `${state.toUpperCase().padEnd(6)} ${indicator.name}: ${indicator.title} (objective ${indicator.objective * 100} %; bad share ${windows})`,
  );
  if (state !== 'ok') console.log(`       runbook: ${indicator.runbook}`);
}
const { evaluateLcp, LCP_ALERT } = await load('alerts/vitals.ts');
const lcp = await evaluateLcp(rows);
if (lcp.state === 'page') paging = true;
console.log(
  `${(lcp.state ?? 'quiet').toUpperCase().padEnd(6)} ${LCP_ALERT.name}: ${LCP_ALERT.title}${lcp.reason ? ` (${lcp.reason})` : lcp.state ? '' : ' (too few phone views in each quarter of the hour to read)'}`,
);
if (lcp.state === 'page') console.log(`       runbook: ${LCP_ALERT.runbook}`);
process.exit(paging ? 1 : 0);
