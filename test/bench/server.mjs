// Builds the production Worker and serves it with `workerd serve` (the workerd npm package) from a
// generated config: the site on one port, a baseline Worker on another, in the same process, with
// the bindings wrangler.toml gives it in production (test/bench/bindings.mjs), each on a stand-in:
// in-memory KV and D1, the client build as ASSETS. No wrangler or Miniflare on the request path.
import { spawn, execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchBindings } from './bindings.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const OUT = join(ROOT, 'test/bench/.out');
const SERVICES = join(ROOT, 'test/bench/services');
const require = createRequire(import.meta.url);

function run(cmd, args, env = {}) {
  execFileSync(cmd, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
}

/** The client build and the Worker as deployed: minified, with React's production build. */
export function buildWorker() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  // As `npm run build:client` builds it, whatever runs this (a test runner sets NODE_ENV=test, which would build React's development runtime).
  run('npx', ['vite', 'build', '--logLevel', 'warn'], { NODE_ENV: 'production' });
  run(
    'npx',
    [
      'wrangler',
      'deploy',
      '--env',
      'production',
      '--dry-run',
      '--outdir',
      join(OUT, 'worker'),
      '--metafile',
      join(OUT, 'worker-meta.json'),
    ],
    {
      NODE_ENV: 'production',
      WRANGLER_SEND_METRICS: 'false',
    },
  );
  run('npx', ['wrangler', 'deploy', '--dry-run', '--minify', '--config', join(SERVICES, 'origin.toml'), '--outdir', join(OUT, 'origin')], {
    WRANGLER_SEND_METRICS: 'false',
  });
  const bundle = join(OUT, 'worker/index.js');
  const source = readFileSync(bundle, 'utf8');
  // A module of a development build (React's `*.development.js`) in the bundle, by esbuild's own list of inputs.
  const meta = JSON.parse(readFileSync(join(OUT, 'worker-meta.json'), 'utf8'));
  const development = Object.keys(meta.inputs).filter((input) => input.endsWith('.development.js'));
  if (development.length) throw new Error(`the Worker bundle holds a development build: ${development.join(', ')}`);
  return { bundle, bytes: statSync(bundle).size, gzipBytes: gzipSync(source).length, report: bundleReport(join(OUT, 'worker-meta.json')) };
}

/** What the Worker bundle is made of, by package (or folder of the project), largest first, from esbuild's metafile. */
export function bundleReport(metafile) {
  const meta = JSON.parse(readFileSync(metafile, 'utf8'));
  const output = Object.entries(meta.outputs).find(([name]) => name.endsWith('.js'))[1];
  const parts = new Map();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.replace(/^((?:src|client)\/[^/]+).*/, '$1');
    parts.set(name, (parts.get(name) ?? 0) + bytesInOutput);
  }
  return [...parts].sort((a, b) => b[1] - a[1]).map(([part, bytes]) => ({ part, bytes }));
}

/** The `[vars]` of wrangler.toml (simple quoted strings, as this project keeps them). */
export function wranglerVars() {
  const toml = readFileSync(join(ROOT, 'wrangler.toml'), 'utf8');
  const block = toml.split(/^\[vars\]\s*$/m)[1]?.split(/^\[/m)[0] ?? '';
  const vars = {};
  for (const line of block.split('\n')) {
    const m = /^([A-Z0-9_]+)\s*=\s*(".*")\s*$/.exec(line.trim());
    if (m) vars[m[1]] = JSON.parse(m[2]);
  }
  return vars;
}

const capnpString = (s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

function workerConfig({ modules, bindings = [], extra = '' }) {
  const compatibilityDate = /compatibility_date\s*=\s*"([^"]+)"/.exec(readFileSync(join(ROOT, 'wrangler.toml'), 'utf8'))[1];
  return `(
    modules = [${modules.join(', ')}],
    compatibilityDate = ${capnpString(compatibilityDate)},
    compatibilityFlags = ["nodejs_compat"],
    bindings = [${bindings.join(',\n      ')}],
    ${extra}
  )`;
}

/** The site's bindings as wrangler.toml's production environment declares them (test/bench/bindings.mjs). */
const SITE = benchBindings();
/** The stand-ins of what Cloudflare runs on other machines, each on a loopback port: assets, each KV namespace, D1 where there is one, the backend. */
const SERVICE_NAMES = ['assets', ...SITE.kv, ...(SITE.d1 ? ['d1'] : []), 'origin'];

function servicePorts(base) {
  return Object.fromEntries(SERVICE_NAMES.map((name, i) => [name, base + i]));
}

/**
 * Two workerd configs. `services.capnp`: what Cloudflare runs on other machines (static assets,
 * KV, D1), here in-memory stand-ins on loopback ports. `site.capnp`: the site, reaching those
 * services over HTTP as external servers, and a bare Worker for reference, on two ports.
 */
/** The D1 stand-in, a SQLite Durable Object with the migrations applied, on a scratch disk (only where wrangler.toml binds a database). */
const d1Services = () => `    (name = "d1", worker = ${workerConfig({
  modules: ['(name = "d1.js", esModule = embed "d1.js")', '(name = "migrations.sql", text = embed "migrations.sql")'],
  bindings: ['(name = "DATABASE", durableObjectNamespace = "Database")'],
  extra:
    'durableObjectNamespaces = [(className = "Database", uniqueKey = "papaya-bench-d1", enableSql = true, preventEviction = true)], durableObjectStorage = (localDisk = "d1-files"),',
})}),
    (name = "d1-files", disk = (path = ${capnpString(join(OUT, 'd1'))}, writable = true)),`;

export function writeConfigs({ port, barePort, servicesPort, vars }) {
  for (const file of readdirSync(SERVICES).filter((f) => f.endsWith('.js'))) copyFileSync(join(SERVICES, file), join(OUT, file));
  const migrations = readdirSync(join(ROOT, 'migrations'))
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => readFileSync(join(ROOT, 'migrations', f), 'utf8'))
    .join('\n');
  writeFileSync(join(OUT, 'migrations.sql'), migrations);
  for (const dir of ['d1', 'guard']) {
    rmSync(join(OUT, dir), { recursive: true, force: true });
    mkdirSync(join(OUT, dir));
  }
  const ports = servicePorts(servicesPort);

  const kv = workerConfig({ modules: ['(name = "kv.js", esModule = embed "kv.js")'] });
  const services = `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "assets", worker = ${workerConfig({ modules: ['(name = "assets.js", esModule = embed "assets.js")'], bindings: ['(name = "FILES", service = "client-files")'] })}),
    (name = "client-files", disk = (path = ${capnpString(join(ROOT, 'dist/client'))}, writable = false)),
${SITE.kv.map((name) => `    (name = "${name}", worker = ${kv}),`).join('\n')}
${SITE.d1 ? d1Services() : ''}
    (name = "origin", worker = ${workerConfig({
      modules: ['(name = "origin.js", esModule = embed "origin/origin.js")'],
    })}),
  ],
  sockets = [
${SERVICE_NAMES.map((name) => `    (name = "${name}", address = "127.0.0.1:${ports[name]}", http = (), service = "${name}"),`).join('\n')}
  ],
);
`;

  const varBindings = Object.entries(vars).map(([name, value]) => `(name = ${capnpString(name)}, text = ${capnpString(value)})`);
  // The Durable Objects of the site's own classes (the abuse guard's counters, the payment claims), on a scratch disk.
  const objects = SITE.objects
    .map(
      ({ className, sql }) =>
        `(className = ${capnpString(className)}, uniqueKey = ${capnpString(`papaya-bench-${className}`)}, enableSql = ${sql})`,
    )
    .join(', ');
  const site = workerConfig({
    modules: ['(name = "index.js", esModule = embed "worker/index.js")'],
    bindings: [...SITE.bindings, ...varBindings],
    extra: `durableObjectNamespaces = [${objects}], durableObjectStorage = (localDisk = "guard-files"),`,
  });
  const bare = workerConfig({
    modules: ['(name = "bare.js", esModule = embed "bare.js")'],
    bindings: [`(name = "ORIGIN_URL", text = ${capnpString(vars.ORIGIN_URL)})`],
  });
  /** One workerd process serving `workers` (the site, the bare Worker or both) on their ports, the services as external servers. */
  const processConfig = (workers) => `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
${workers.includes('site') ? `    (name = "site", worker = ${site}),\n    (name = "guard-files", disk = (path = ${capnpString(join(OUT, 'guard'))}, writable = true)),` : ''}
${workers.includes('bare') ? `    (name = "bare", worker = ${bare}),` : ''}
${SERVICE_NAMES.map((name) => `    (name = "${name}", external = (address = "127.0.0.1:${ports[name]}", http = ())),`).join('\n')}
    # fetch() to ORIGIN_URL goes to the backend on loopback.
    (name = "internet", network = (allow = ["public", "local"])),
  ],
  sockets = [
${workers.includes('site') ? `    (name = "site", address = "127.0.0.1:${port}", http = (), service = "site"),` : ''}
${workers.includes('bare') ? `    (name = "bare", address = "127.0.0.1:${barePort}", http = (), service = "bare"),` : ''}
  ],
);
`;
  writeFileSync(join(OUT, 'services.capnp'), services);
  writeFileSync(join(OUT, 'site.capnp'), processConfig(['site', 'bare']));
  // Each Worker in a process of its own, for the cold-start bench: a process loads every Worker it serves before it answers.
  writeFileSync(join(OUT, 'site-alone.capnp'), processConfig(['site']));
  writeFileSync(join(OUT, 'bare-alone.capnp'), processConfig(['bare']));
  return {
    services: join(OUT, 'services.capnp'),
    site: join(OUT, 'site.capnp'),
    siteAlone: join(OUT, 'site-alone.capnp'),
    bareAlone: join(OUT, 'bare-alone.capnp'),
    ports,
  };
}

export async function waitFor(url, child, deadline = Date.now() + 30_000) {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`workerd exited with ${child.exitCode}; see the logs in ${OUT}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`workerd did not answer ${url}`);
}

export function spawnWorkerd(config, cpu, logName, extraArgs = []) {
  const workerd = join(dirname(require.resolve('workerd/package.json')), 'bin/workerd');
  const pinned = hasCommand('taskset');
  const log = createWriteStream(join(OUT, logName));
  const child = spawn(
    pinned ? 'taskset' : workerd,
    [...(pinned ? ['-c', cpu, workerd] : []), 'serve', config, '--experimental', ...extraArgs],
    {
      cwd: OUT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return { child, pinned };
}

export function stopChild(child) {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

/**
 * Starts the services on the load generator's CPU (they stand for other machines) and the site on
 * its own CPU, when taskset is there; resolves once every port answers.
 */
export async function startServer({
  port = 8911,
  barePort = 8912,
  servicesPort = 8920,
  siteCpu = '0',
  otherCpu = '1',
  vars: overrides = {},
} = {}) {
  const originUrl = `http://127.0.0.1:${servicePorts(servicesPort).origin}`;
  const vars = {
    ...wranglerVars(),
    // Production would refuse to start without Turnstile, which the bench cannot reach; with a
    // backend set, a development Worker takes the same path through every measured page.
    ENVIRONMENT: 'development',
    // Production's logging: a sample of the requests that went well, every failure.
    REQUEST_LOG: 'sampled',
    HUMAN_CHECK: 'off',
    ORIGIN_URL: originUrl,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Throwaway secrets, so no page pays for making its own.
    FORM_KEY_SECRET: 'bench-form-key-secret-0123456789abcdef',
    CARD_HMAC_KEY: 'bench-card-hmac-key-0123456789abcdefgh',
    ...overrides,
  };
  const configs = writeConfigs({ port, barePort, servicesPort, vars });
  const services = spawnWorkerd(configs.services, otherCpu, 'services.log');
  const site = spawnWorkerd(
    configs.site,
    siteCpu,
    'site.log',
    process.env.BENCH_INSPECTOR ? [`--inspector-addr=${process.env.BENCH_INSPECTOR}`] : [],
  );
  const urls = { site: `http://127.0.0.1:${port}`, bare: `http://127.0.0.1:${barePort}` };
  const stop = () => Promise.all([stopChild(site.child), stopChild(services.child)]);
  try {
    for (const p of Object.values(configs.ports)) await waitFor(`http://127.0.0.1:${p}/`, services.child);
    await waitFor(`${urls.bare}/`, site.child);
    await waitFor(`${urls.site}/healthz`, site.child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { ...urls, pinned: site.pinned, stop, configs, siteChild: site.child, stopSite: () => stopChild(site.child) };
}

export function hasCommand(name) {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
