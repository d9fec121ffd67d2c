// The remote round trips of every route of both specs (test/shared/round-trip-routes.ts), cold
// (the first request of an isolate) and warm (its payee and flag seen): the site as built for
// production runs in workerd (Miniflare) with every Durable Object, D1 and KV call, the backend
// and siteverify held at the gate of test/shared/round-trips.ts and let through in rounds, each
// round `DELAY_MS` late as far-away storage would be. Prints the table and a modelled wait per city.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, extname } from 'node:path';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { ROOT, OUT, wranglerVars } from './server.mjs';

const DELAY_MS = Number(process.env.ROUND_TRIP_DELAY_MS ?? 300);

/**
 * Round-trip times from a visitor's Cloudflare data centre, rounded, from Microsoft's published
 * Azure network round-trip latency statistics (ThousandEyes probes between regions, monthly
 * averages): storage and the backend in the US East (Virginia). `near` is a Durable Object made in
 * or beside the visitor's own data centre, and Turnstile's siteverify, served by Cloudflare's edge.
 */
export const CITIES = {
  Sydney: { far: 200, near: 2, measuredAs: 'Australia East ↔ East US' },
  Frankfurt: { far: 90, near: 2, measuredAs: 'Germany West Central ↔ East US' },
  'New York': { far: 10, near: 2, measuredAs: 'East US 2 ↔ East US' },
};
/** What is far from a visitor: the backend, D1's primary and KV's central stores, and a Durable Object name's first-use check around the world. */
const FAR = new Set(['backend', 'd1', 'kv', 'first use']);

/** A visitor's wait on one route's rounds: each round as long as its farthest call. */
export function modelledWait(rounds, city) {
  return rounds.reduce((sum, round) => {
    const kinds = round.split(' + ').map((part) => part.split(' ×')[0]);
    return sum + (kinds.some((kind) => FAR.has(kind)) ? CITIES[city].far : CITIES[city].near);
  }, 0);
}

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** The harness Worker: the site's production build with the gate around it (services/round-trips-worker.ts). */
function build() {
  const out = join(OUT, 'round-trips');
  execFileSync(
    'npx',
    ['wrangler', 'deploy', 'test/bench/services/round-trips-worker.ts', '--env', 'production', '--dry-run', '--outdir', out],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production', WRANGLER_SEND_METRICS: 'false' } },
  );
  const script = readdirSync(out).find((f) => f.endsWith('.js'));
  return join(out, script);
}

function site(scriptPath) {
  const compatibilityDate = /compatibility_date\s*=\s*"([^"]+)"/.exec(readFileSync(join(ROOT, 'wrangler.toml'), 'utf8'))[1];
  return new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        {
          name: 'site',
          modules: true,
          scriptPath,
          compatibilityDate,
          compatibilityFlags: ['nodejs_compat'],
          bindings: {
            ...wranglerVars(),
            ENVIRONMENT: 'development',
            ORIGIN_URL: 'https://backend.papaya.test',
            HUMAN_CHECK: 'turnstile',
            TURNSTILE_SITE_KEY: '0x4AAAAAAAbench',
            TURNSTILE_SECRET: 'bench-turnstile-secret',
            TURNSTILE_INTERACTIVE_SITE_KEY: '0x4AAAAAAAbenchinteractive',
            TURNSTILE_INTERACTIVE_SECRET: 'bench-turnstile-interactive-secret',
            FORM_KEY_SECRET: 'bench-form-key-secret-0123456789abcdef',
            CARD_HMAC_KEY: 'bench-card-hmac-key-0123456789abcdefgh',
          },
          kvNamespaces: ['LINKS', 'CACHE'],
          durableObjects: { GUARD: { className: 'AbuseCounter', useSQLite: true }, CLAIMS: { className: 'PaymentClaim', useSQLite: true } },
          // The client build, as Cloudflare's asset server gives it (the site reads its legal pages and catalogues through it).
          serviceBindings: {
            ASSETS: async (request) => {
              const file = join(ROOT, 'dist/client', new URL(request.url).pathname);
              if (!file.startsWith(join(ROOT, 'dist/client')) || !existsSync(file) || !extname(file))
                return new Response('Not found', { status: 404 });
              return new Response(readFileSync(file), { headers: { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' } });
            },
          },
        },
      ],
      // The site's own log lines are not the harness's output.
      handleStructuredLogs: () => undefined,
    }),
  );
}

async function ask(mf, name) {
  const res = await mf.dispatchFetch(`http://localhost/?route=${encodeURIComponent(name)}&delayMs=${DELAY_MS}`);
  if (!res.ok) throw new Error(`the harness answered ${res.status} for ${name}: ${await res.text()}`);
  return res.json();
}

/** Every route, cold then warm, each in an isolate of its own. */
export async function measureRoundTrips() {
  const scriptPath = build();
  let mf = site(scriptPath);
  const { routes } = await (await mf.dispatchFetch('http://localhost/')).json();
  await mf.dispose();
  const results = [];
  for (const { name, budget } of routes) {
    mf = site(scriptPath);
    try {
      const cold = await ask(mf, name);
      const warm = await ask(mf, name);
      if (cold.status >= 500 || warm.status >= 500) throw new Error(`${name} answered ${cold.status} and ${warm.status}`);
      results.push({
        name,
        budget,
        status: warm.status,
        cold: { rounds: cold.rounds.length, waits: cold.rounds, elapsedMs: cold.elapsedMs },
        warm: { rounds: warm.rounds.length, waits: warm.rounds, elapsedMs: warm.elapsedMs },
        modelledWarmMs: Object.fromEntries(Object.keys(CITIES).map((city) => [city, modelledWait(warm.rounds, city)])),
        holds: budget === null || warm.rounds.length <= budget,
      });
      process.stdout.write('.');
    } finally {
      await mf.dispose();
    }
  }
  process.stdout.write('\n');
  return { delayMs: DELAY_MS, cities: CITIES, routes: results };
}

export function printRoundTrips({ delayMs, routes }) {
  const rows = [
    [
      'route',
      'budget',
      'cold',
      'warm',
      'warm, each round ' + delayMs + ' ms late',
      ...Object.keys(CITIES).map((c) => `${c} (model)`),
      'waits on (warm)',
    ],
  ];
  for (const r of routes)
    rows.push([
      r.name,
      r.budget === null ? '—' : String(r.budget),
      String(r.cold.rounds),
      `${r.warm.rounds}${r.holds ? '' : ' FAILS'}`,
      `${r.warm.elapsedMs} ms`,
      ...Object.keys(CITIES).map((c) => `${r.modelledWarmMs[c]} ms`),
      r.warm.waits.join(' → ') || '—',
    ]);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) console.log(`| ${row.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureRoundTrips();
  printRoundTrips(result);
  process.exitCode = result.routes.every((r) => r.holds) ? 0 : 1;
}
