// npm run alerts:check -- <site base URL | events file>
// npm run alerts:check -- --production        (CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN from the environment)
//
// Evaluates every indicator of alerts/indicators.ts with the same SQL and burn-rate rules as
// production, and prints each with its state (ok, ticket, page) and the runbook entry to read.
// Exits 1 when one pages. Against the local demo (its /_dev/metrics, or a file of those events)
// the SQL runs in ClickHouse in-process (chDB, a development dependency: Analytics Engine's SQL is
// ClickHouse's dialect); against production it runs on the Analytics Engine SQL API, as the alerts Worker does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runnerImport } from 'vite';
import { CHDB_MISSING, chdbSession, loadEvents } from './lib/clickhouse.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({ allowPositionals: true, options: { production: { type: 'boolean', default: false } } });
const load = async (file) => (await runnerImport(path.join(root, file), { configFile: false, logLevel: 'silent' })).module;
const { INDICATORS, EVENTS_DATASET, evaluate } = await load('alerts/indicators.ts');

let count;
if (values.production) {
  const account = process.env.CLOUDFLARE_ACCOUNT_ID;
  const token = process.env.CLOUDFLARE_API_TOKEN;
  if (!account || !token) {
    console.error('Production needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (an API token with Account Analytics Read).');
    process.exit(2);
  }
  const { analyticsSqlCount } = await load('alerts/evaluator.ts');
  count = analyticsSqlCount('https://api.cloudflare.com/client/v4', account, token);
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
  count = async (sql) => {
    const line = session.query(sql, 'JSONEachRow').trim().split('\n')[0];
    const row = line ? JSON.parse(line) : {};
    return { bad: Number(row.bad ?? 0), total: Number(row.total ?? 0) };
  };
}

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
process.exit(paging ? 1 : 0);
