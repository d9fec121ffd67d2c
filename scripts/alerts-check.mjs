// npm run alerts:check -- <site base URL | events file>
// npm run alerts:check -- --production        (CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN from the environment)
//
// Evaluates every indicator of src/web/indicators.ts with the same SQL and burn-rate rules as
// production, and prints each with its state (ok, ticket, page) and the runbook entry to read.
// Exits 1 when one pages. Against the local demo (its /_dev/metrics, or a file of those events)
// the SQL runs in ClickHouse in-process (chDB, a development dependency: Analytics Engine's SQL is
// ClickHouse's dialect); against production it runs on the Analytics Engine SQL API.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runnerImport } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
/** chDB is a development tool of its own (about 550 MB), installed beside the project's packages. */
const CHDB_MISSING = 'chDB is missing: npm install --no-save chdb@3.4.0 (.ci/run installs it).';
const { values, positionals } = parseArgs({ allowPositionals: true, options: { production: { type: 'boolean', default: false } } });
const load = async (file) => (await runnerImport(path.join(root, file), { configFile: false, logLevel: 'silent' })).module;
const { INDICATORS, EVENTS_DATASET, evaluate } = await load('src/web/indicators.ts');

let count;
if (values.production) {
  const account = process.env.CLOUDFLARE_ACCOUNT_ID;
  const token = process.env.CLOUDFLARE_API_TOKEN;
  if (!account || !token) {
    console.error('Production needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (an API token with Account Analytics Read).');
    process.exit(2);
  }
  count = async (sql) => {
    const res = await fetch(`https://api.cloudflare.com/client/v4/accounts/${account}/analytics_engine/sql`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: `${sql} FORMAT JSON`,
    });
    if (!res.ok) throw new Error(`the Analytics Engine SQL API answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    const row = (await res.json()).data?.[0] ?? {};
    return { bad: Number(row.bad ?? 0), total: Number(row.total ?? 0) };
  };
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
  const { EVENT_LAYOUT } = await load('src/web/events.ts');
  count = await clickhouse(events, EVENT_LAYOUT, EVENTS_DATASET);
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

/** The events as Analytics Engine stores them, in an in-process ClickHouse table of the dataset's name. */
async function clickhouse(events, layout, dataset) {
  let Session;
  try {
    ({ Session } = await import('chdb'));
  } catch {
    console.error(`${CHDB_MISSING}`);
    process.exit(2);
  }
  const session = new Session();
  const blobs = Array.from({ length: 20 }, (_, i) => `blob${i + 1} String`).join(', ');
  const doubles = Array.from({ length: 20 }, (_, i) => `double${i + 1} Float64`).join(', ');
  session.query(
    `CREATE TABLE ${dataset} (timestamp DateTime64(3, 'UTC'), index1 String, _sample_interval UInt32, ${blobs}, ${doubles}) ENGINE = Memory`,
  );
  const quote = (text) => `'${String(text).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const rows = events.map((e) => {
    const own = layout[e.event] ?? { blobs: [], doubles: [] };
    const b = [e.event, e.version, ...own.blobs.map((name) => e[name] ?? '')];
    const d = own.doubles.map((name) => Number(e[name] ?? 0));
    const at = new Date(e.at).toISOString().replace('T', ' ').replace('Z', '');
    return `(${quote(at)}, ${quote(e.event)}, 1, ${Array.from({ length: 20 }, (_, i) => quote(b[i] ?? '')).join(', ')}, ${Array.from({ length: 20 }, (_, i) => d[i] ?? 0).join(', ')})`;
  });
  if (rows.length) session.query(`INSERT INTO ${dataset} VALUES ${rows.join(', ')}`);
  return async (sql) => {
    const line = session.query(sql, 'JSONEachRow').trim().split('\n')[0];
    const row = line ? JSON.parse(line) : {};
    return { bad: Number(row.bad ?? 0), total: Number(row.total ?? 0) };
  };
}
