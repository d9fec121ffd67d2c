// What a new isolate's CPU does before its first answer, named by V8's sampling profiler on the
// production bundle: the first request of a page in workerd (the inspector's profiler, attached once
// the process has started), and the bundle's global scope (what runs before any request) in Node's
// V8, which workerd gives no inspector to before it serves. The profiler slows what it samples: its
// milliseconds are the parts' shares of a slowed run, the cold-start medians are the wall-clock truth.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { median } from './budgets.mjs';
import { DESKTOP_UA } from './pages.mjs';
import { OUT, spawnWorkerd, stopChild } from './server.mjs';

const require = createRequire(import.meta.url);
const { SourceMapConsumer } = require('source-map-js');

const PROFILE_ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 5);
const INSPECTOR_PORT = 9329;
/** Microseconds between samples: fine enough for parts of a few milliseconds. */
const SAMPLING_US = 100;

/**
 * The parts of a first request, by the source of the frame that leads to the work: a frame under
 * a part's own frame counts for that part (zod checking the settings counts as the settings).
 * React's renderer keeps its frames while it loads, though its module is also the render's.
 */
const FIRST_REQUEST_PARTS = [
  {
    part: 'renderer',
    name: "React's server renderer, loaded on first use",
    sticky: true,
    test: (s) => s.endsWith('src/web/react-dom-server.ts'),
  },
  { part: 'settings', name: 'the settings, checked against their schema', sticky: true, test: (s) => s.includes('src/settings/') },
  { part: 'backend', name: 'the payee asked of the backend, its answer checked', sticky: true, test: (s) => s.includes('src/origin/') },
  {
    part: 'render',
    name: 'the page, rendered (React, the page and its islands, the catalogue)',
    sticky: false,
    test: (s) =>
      /node_modules\/react(-dom)?\//.test(s) ||
      /(^|\/)(src\/pages|client)\//.test(s) ||
      /src\/web\/(render\.tsx|page-reuse\.ts|page-context\.ts)$/.test(s) ||
      s.includes('src/domain/catalogue'),
  },
];
const REST = { part: 'rest', name: 'routing, middleware and the rest of the request' };
const ENGINE = { part: 'engine', name: "V8's own work (compiling on first call, collecting garbage)" };

const round1 = (ms) => Math.round(ms * 10) / 10;

function sourceMap(bundle) {
  const smc = new SourceMapConsumer(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')));
  const sources = new Map();
  return (callFrame) => {
    if (!callFrame.url || callFrame.lineNumber < 0) return null;
    const at = `${callFrame.lineNumber}:${callFrame.columnNumber}`;
    if (!sources.has(at))
      sources.set(at, smc.originalPositionFor({ line: callFrame.lineNumber + 1, column: callFrame.columnNumber }).source ?? '');
    return sources.get(at);
  };
}

/** Milliseconds per node id of a V8 CPU profile, and each node's parent. */
function sampled(profile) {
  const ms = new Map();
  profile.samples.forEach((id, i) => ms.set(id, (ms.get(id) ?? 0) + profile.timeDeltas[i] / 1000));
  return ms;
}

function firstRequestParts(profile, sourceOf) {
  const ms = sampled(profile);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map();
  const walk = (node, inherited) => {
    const source = sourceOf(node.callFrame);
    let part = inherited;
    if (!inherited?.sticky && source) part = FIRST_REQUEST_PARTS.find((p) => p.test(source)) ?? inherited;
    if (!part && !source && ['(program)', '(garbage collector)'].includes(node.callFrame.functionName)) part = ENGINE;
    const t = ms.get(node.id) ?? 0;
    if (t && node.callFrame.functionName !== '(idle)') totals.set((part ?? REST).part, (totals.get((part ?? REST).part) ?? 0) + t);
    for (const child of node.children ?? []) walk(byId.get(child), part);
  };
  walk(profile.nodes[0], null);
  return totals;
}

/** A minimal WebSocket client of the inspector protocol. */
async function inspector(url) {
  const ws = new globalThis.WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', reject, { once: true });
  });
  let id = 0;
  const waiting = new Map();
  ws.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolve) => {
        waiting.set(++id, resolve);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

async function profileOneFirstRequest(config, url) {
  const { child } = spawnWorkerd(config, '0', 'cold-profile.log', [`--inspector-addr=127.0.0.1:${INSPECTOR_PORT}`]);
  try {
    let targets;
    for (let tries = 0; !targets; tries++) {
      if (child.exitCode !== null || tries > 600) throw new Error('workerd did not open its inspector');
      targets = await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json/list`)
        .then((r) => r.json())
        .catch(() => new Promise((resolve) => setTimeout(() => resolve(undefined), 50)));
    }
    const session = await inspector(targets.find((t) => t.id === 'site').webSocketDebuggerUrl);
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
    await session.send('Profiler.start');
    const res = await fetch(url, { headers: { 'user-agent': DESKTOP_UA } });
    await res.arrayBuffer();
    if (res.status >= 500) throw new Error(`${url} answered ${res.status} on a cold start`);
    const { result } = await session.send('Profiler.stop');
    session.close();
    return result.profile;
  } finally {
    await stopChild(child);
  }
}

/** The first request of each path in a new workerd process, `PROFILE_ROUNDS` times: the median of each part. */
export async function profileFirstRequests(server, paths) {
  const sourceOf = sourceMap(join(OUT, 'worker/index.js'));
  const out = [];
  for (const path of paths) {
    const runs = [];
    for (let i = 0; i < PROFILE_ROUNDS; i++)
      runs.push(firstRequestParts(await profileOneFirstRequest(server.configs.siteAlone, `${server.site}${path}`), sourceOf));
    const parts = [...FIRST_REQUEST_PARTS, REST, ENGINE].map(({ part, name }) => ({
      part,
      name,
      ms: round1(median(runs.map((r) => r.get(part) ?? 0))),
    }));
    out.push({ path, sampledMs: round1(median(runs.map((r) => [...r.values()].reduce((a, b) => a + b, 0)))), parts });
  }
  return out;
}

/** What runs before the first request, by package: the bundle imported in Node with the profiler on. */
export function profileGlobalScope() {
  const dir = join(OUT, 'global-scope');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // The import of the Workers runtime, replaced by a stand-in of the same length, so the source map still fits.
  const stub = './cfw-stand-in.mjs';
  const bundle = readFileSync(join(OUT, 'worker/index.js'), 'utf8').replaceAll('"cloudflare:workers"', `"${stub}"`);
  writeFileSync(join(dir, 'index.mjs'), bundle);
  copyFileSync(join(OUT, 'worker/index.js.map'), join(dir, 'index.mjs.map'));
  writeFileSync(join(dir, stub), 'export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }\n');
  const sourceOf = sourceMap(join(dir, 'index.mjs'));
  const runs = [];
  for (let i = 0; i < PROFILE_ROUNDS; i++) {
    const profiles = join(dir, `run-${i}`);
    execFileSync(
      process.execPath,
      [
        '--cpu-prof',
        `--cpu-prof-interval=${SAMPLING_US}`,
        `--cpu-prof-dir=${profiles}`,
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(join(dir, 'index.mjs'))});`,
      ],
      { stdio: 'ignore' },
    );
    const profile = JSON.parse(readFileSync(join(profiles, readdirSync(profiles)[0]), 'utf8'));
    const ms = sampled(profile);
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const totals = new Map();
    const packageOf = (source) =>
      /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1] ?? (source ? "the site's modules" : "the site's modules (top level)");
    const walk = (node, inherited) => {
      const source = sourceOf(node.callFrame);
      const part = node.callFrame.url.endsWith('index.mjs') ? packageOf(source) : inherited;
      totals.set(part, (totals.get(part) ?? 0) + (ms.get(node.id) ?? 0));
      for (const child of node.children ?? []) walk(byId.get(child), part);
    };
    // The bundle's module function: line 0, column 0 of the bundle.
    for (const top of profile.nodes.filter(
      (n) => n.callFrame.url.endsWith('index.mjs') && n.callFrame.lineNumber === 0 && n.callFrame.columnNumber === 0,
    ))
      walk(top, "the site's modules (top level)");
    runs.push(totals);
  }
  const names = [...new Set(runs.flatMap((r) => [...r.keys()]))];
  const parts = names
    .map((name) => ({ name, ms: round1(median(runs.map((r) => r.get(name) ?? 0))) }))
    .filter((p) => p.ms >= 0.1)
    .sort((a, b) => b.ms - a.ms);
  return { sampledMs: round1(median(runs.map((r) => [...r.values()].reduce((a, b) => a + b, 0)))), parts };
}

export function printColdProfile({ globalScope, firstRequests }) {
  console.log(
    `\nWhere a new isolate's CPU goes (V8's sampling profiler, every ${SAMPLING_US} µs; medians of ${PROFILE_ROUNDS}; sampled ms, slowed by the profiler):`,
  );
  console.log(`  the global scope, before any request (Node's V8): ${globalScope.sampledMs} ms`);
  for (const p of globalScope.parts) console.log(`    ${p.name.padEnd(40)} ${`${p.ms} ms`.padStart(9)}`);
  for (const r of firstRequests) {
    console.log(`  the first request of ${r.path} (workerd): ${r.sampledMs} ms`);
    for (const p of r.parts) console.log(`    ${p.name.padEnd(72)} ${`${p.ms} ms`.padStart(9)}`);
  }
}
