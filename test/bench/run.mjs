// npm run bench: the production Worker under workerd on one core, wrk on the other, a baseline
// Worker measured in the same process and rounds, results in test/bench/results.json.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { javascriptBeforeUsable } from './js-weight.mjs';
import { DESKTOP_UA, PAGES, SPANISH, SPANISH_PAGES, WORKER_BUNDLE_BUDGET, shortLinkPath } from './pages.mjs';
import { ROOT, buildWorker, hasCommand, startServer } from './server.mjs';
import { checkBudgets, fmt, kb, median } from './budgets.mjs';
import { measureColdStarts, printColdStarts } from './cold-start.mjs';
import { measureRoundTrips, printRoundTrips } from './round-trips.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 3);
const CONNECTIONS = Math.min(16, Number(process.env.BENCH_CONNECTIONS ?? 16));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
export const RESULTS = join(ROOT, 'test/bench/results.json');

/** wrk from Debian when it is missing (the bench's only tool outside npm). */
export function ensureDebianPackage(command, pkg) {
  if (hasCommand(command)) return;
  if (!hasCommand('apt-get') || process.getuid?.() !== 0)
    throw new Error(`${command} is missing: install Debian's ${pkg} package (apt-get install -y ${pkg})`);
  console.log(`Installing Debian's ${pkg}…`);
  execFileSync('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`], { stdio: 'inherit' });
}

function wrk(url, expectStatus, durationS, pinned, language) {
  const args = [
    '-t1',
    `-c${CONNECTIONS}`,
    `-d${durationS}s`,
    '--timeout',
    '5s',
    '-s',
    join(ROOT, 'test/bench/wrk.lua'),
    '-H',
    `User-Agent: ${DESKTOP_UA}`,
    ...(language ? ['-H', `Accept-Language: ${language}`] : []),
    url,
  ];
  const [cmd, argv] = pinned ? ['taskset', ['-c', '1', 'wrk', ...args]] : ['wrk', args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { env: { ...process.env, EXPECT_STATUS: String(expectStatus) }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('WRK_RESULT '));
      if (code !== 0 || !line) return reject(new Error(`wrk failed (${code}): ${out}`));
      const r = JSON.parse(line.slice('WRK_RESULT '.length));
      resolve({
        rps: r.requests / (r.durationUs / 1e6),
        p50Ms: r.p50Us / 1000,
        p99Ms: r.p99Us / 1000,
        requests: r.requests,
        errors: r.connect + r.read + r.write + r.timeout + r.unexpected,
      });
    });
  });
}

async function pageFacts(site, path, expectStatus, language) {
  const url = `${site}${path}`;
  const res = await fetch(url, {
    redirect: 'manual',
    headers: { 'user-agent': DESKTOP_UA, ...(language ? { 'accept-language': language } : {}) },
  });
  const html = await res.text();
  if (res.status !== expectStatus) throw new Error(`${path} answered ${res.status}, expected ${expectStatus}`);
  if (language && !html.includes('<html lang="es-US"')) throw new Error(`${path} was not drawn in Spanish`);
  const js = await javascriptBeforeUsable(html, url);
  const idle = await javascriptBeforeUsable(html, url, undefined, { idle: true });
  return { htmlBytes: Buffer.byteLength(html), js, idle };
}

export function printTable(results) {
  const rows = [
    ['page', 'req/s', '÷ baseline', 'p50 ms', 'p99 ms', 'errors', 'HTML bytes', 'JS before usable (gzip)', 'JS once idle (gzip)'],
  ];
  const b = results.baseline;
  rows.push(['baseline: /healthz (fixed string)', fmt(b.rps), '1.00', fmt(b.p50Ms, 2), fmt(b.p99Ms, 2), String(b.errors), '—', '—', '—']);
  const w = results.bareWorker;
  rows.push([
    '(reference) bare Worker, same process',
    fmt(w.rps),
    fmt(w.rps / b.rps, 2),
    fmt(w.p50Ms, 2),
    fmt(w.p99Ms, 2),
    String(w.errors),
    '—',
    '—',
    '—',
  ]);
  const o = results.bareOriginCall;
  if (o)
    rows.push([
      '(reference) bare Worker + 1 origin call',
      fmt(o.rps),
      fmt(o.rps / b.rps, 2),
      fmt(o.p50Ms, 2),
      fmt(o.p99Ms, 2),
      String(o.errors),
      '—',
      '—',
      '—',
    ]);
  for (const p of results.pages) {
    rows.push([
      `${p.path}`,
      fmt(p.rps),
      fmt(p.ratio, 2),
      fmt(p.p50Ms, 2),
      fmt(p.p99Ms, 2),
      String(p.errors),
      fmt(p.htmlBytes),
      kb(p.jsGzipBytes),
      kb(p.jsIdleGzipBytes),
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(
    [
      line(rows[0]),
      `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
      ...rows.slice(1).map(line),
    ].join('\n'),
  );
  const bundle = results.workerBundle;
  if (results.docs)
    console.log(
      `\nDocs (docs/, README.md, ARCHITECTURE.md): ${kb(results.docs.bytes)} in ${results.docs.files} files, a figure to watch, not a budget`,
    );
  console.log(
    `\nWorker bundle as deployed: ${fmt(bundle.bytes)} bytes minified, ${kb(bundle.gzipBytes)} gzip (budget ${kb(WORKER_BUNDLE_BUDGET)} gzip)`,
  );
  console.log(
    bundle.report
      .slice(0, 12)
      .map(({ part, bytes }) => `  ${part.padEnd(28)} ${kb(bytes).padStart(9)}`)
      .join('\n'),
  );
  console.log('\nBudgets:');
  for (const c of results.budgets) console.log(`  ${c.holds ? 'holds' : 'FAILS'}  ${c.figure}: ${c.value} (budget ${c.budget})`);
}

/** The size of what a newcomer reads: docs/, README.md and ARCHITECTURE.md. */
function docsSize() {
  const walk = (dir) =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
  const files = [...walk(join(ROOT, 'docs')), join(ROOT, 'README.md'), join(ROOT, 'ARCHITECTURE.md')].filter((f) => f.endsWith('.md'));
  return { files: files.length, bytes: files.reduce((sum, f) => sum + statSync(f).size, 0) };
}

async function main() {
  ensureDebianPackage('wrk', 'wrk');
  console.log('Building the production Worker…');
  const build = buildWorker();
  const server = await startServer();
  try {
    const pages = [];
    for (const page of PAGES) {
      const path = page.path === '/s/<key>' ? await shortLinkPath(server.site) : page.path;
      pages.push({ ...page, path, label: page.path, url: `${server.site}${path}`, ...(await pageFacts(server.site, path, page.status)) });
    }
    for (const path of SPANISH_PAGES) {
      const page = PAGES.find((p) => p.path === path);
      pages.push({
        ...page,
        name: `${page.name} (es)`,
        path,
        label: `${path} (es)`,
        language: SPANISH,
        englishOf: path,
        url: `${server.site}${path}`,
        ...(await pageFacts(server.site, path, page.status, SPANISH)),
      });
    }
    // The baseline is the Worker's own cheapest route; a bare Worker in the same process is the
    // runtime's ceiling, shown for reference.
    // A bare Worker that makes one backend call first is the ceiling of any page that must call it.
    const targets = [
      { name: 'baseline', url: `${server.site}/healthz`, status: 200 },
      { name: 'bare Worker', url: `${server.bare}/`, status: 200 },
      { name: 'bare Worker + origin call', url: `${server.bare}/origin-call`, status: 200 },
      ...pages,
    ];
    console.log(`Warming up, then ${ROUNDS} interleaved rounds of ${DURATION_S} s per page, ${CONNECTIONS} connections…`);
    for (const t of targets) await wrk(t.url, t.status, 1, server.pinned, t.language);
    const runs = new Map(targets.map((t) => [t, []]));
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts one target later, so no page always runs right after the same one.
      for (let i = 0; i < targets.length; i++) {
        const t = targets[(i + round) % targets.length];
        runs.get(t).push(await wrk(t.url, t.status, DURATION_S, server.pinned, t.language));
      }
      process.stdout.write(`  round ${round + 1}/${ROUNDS} done\n`);
    }
    const summary = (t) => {
      const rs = runs.get(t);
      return {
        rps: median(rs.map((r) => r.rps)),
        p50Ms: median(rs.map((r) => r.p50Ms)),
        p99Ms: median(rs.map((r) => r.p99Ms)),
        errors: rs.reduce((s, r) => s + r.errors, 0),
        requests: rs.reduce((s, r) => s + r.requests, 0),
        roundsRps: rs.map((r) => Math.round(r.rps)),
      };
    };
    const baseline = summary(targets[0]);
    const bareWorker = summary(targets[1]);
    const bareOriginCall = summary(targets[2]);
    const results = {
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        workerd: JSON.parse(readFileSync(join(ROOT, 'node_modules/workerd/package.json'), 'utf8')).version,
        pinned: server.pinned ? 'workerd on CPU 0, wrk on CPU 1 (taskset)' : 'not pinned (taskset missing)',
      },
      settings: { durationS: DURATION_S, connections: CONNECTIONS, rounds: ROUNDS, loadGenerator: 'wrk, 1 thread' },
      baseline: { path: '/healthz', ...baseline },
      bareWorker: { description: 'a Worker that only returns a fixed string, in the same workerd process', ...bareWorker },
      bareOriginCall: {
        description:
          'the bare Worker after one POST /api/forgot_password_back.php to the backend stand-in, as the password-reset page makes',
        ...bareOriginCall,
        ratio: bareOriginCall.rps / baseline.rps,
      },
      pages: pages.map((p) => {
        const s = summary(p);
        return {
          name: p.name,
          path: p.label,
          status: p.status,
          kind: p.kind,
          ...s,
          ratio: s.rps / baseline.rps,
          htmlBytes: p.htmlBytes,
          jsGzipBytes: p.js.gzipBytes,
          jsIdleGzipBytes: p.idle.gzipBytes,
          jsFiles: p.js.files,
          jsBudget: p.jsBudget,
          jsBudgetName: p.jsBudgetName,
          ...(p.englishOf ? { englishOf: p.englishOf } : {}),
        };
      }),
      workerBundle: { bytes: build.bytes, gzipBytes: build.gzipBytes, minified: true, reactBuild: 'production', report: build.report },
      docs: docsSize(),
    };
    // The first answer of new isolates, each in a process of its own: the site's throughput process is done.
    await server.stopSite();
    results.coldStart = await measureColdStarts(server);
    console.log('Counting the remote round trips of every route, cold and warm…');
    results.roundTrips = await measureRoundTrips();
    results.budgets = checkBudgets(results);
    const previous = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
    if (previous.lighthouse) results.lighthouse = previous.lighthouse;
    writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
    console.log('\nRemote round trips a visitor waits on, one after another:');
    printRoundTrips(results.roundTrips);
    printColdStarts(results.coldStart);
    console.log('');
    printTable(results);
    console.log(`\nWritten to ${RESULTS}`);
    process.exitCode = results.budgets.every((c) => c.holds) ? 0 : 1;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
