// npm run bench:lighthouse: Lighthouse (mobile profile, simulated throttling) on the production
// Worker under workerd, each page three times, the median run kept; written beside the load
// figures in test/bench/results.json.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { userAgents } from 'lighthouse/core/config/constants.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { FORM_PAGE_LCP_MS, LIGHTHOUSE_BUDGET, PAGES, shortLinkPath } from './pages.mjs';
import { startEdge } from './edge.mjs';
import { ensureDebianPackage, RESULTS } from './run.mjs';
import { buildWorker, hasCommand, startServer } from './server.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** LIGHTHOUSE_PAGES=/pay,/update-password measures only those pages (the results file keeps them alone). */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const EDGE_PORT = 8913;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * Some pages send a phone off this site (to the app store or to web pay): those are measured as
 * this site serves them, to a browser with its own desktop name, on the same mobile screen and throttling.
 */
async function phonesLeave(url) {
  let at = new URL(url);
  for (let hop = 0; hop < 5; hop++) {
    const res = await fetch(at, {
      redirect: 'manual',
      headers: { 'user-agent': userAgents.mobile, 'sec-ch-ua-mobile': '?1', 'sec-ch-ua-platform': '"Android"' },
    });
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || location === null) return false;
    const next = new URL(location, at);
    if (next.origin !== at.origin) return true;
    at = next;
  }
  return false;
}

async function audit(url, { desktopName, errorStatus }, chromePath) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: FLAGS });
  try {
    // A not-found page answers 404 by design; Lighthouse audits it only when told to.
    const settings = { onlyCategories: CATEGORIES, logLevel: 'error', output: 'json', ignoreStatusCode: errorStatus };
    // Lighthouse's phone name comes with phone client hints, which Chromium sends again on every
    // redirect; keeping the browser's own desktop name and hints is what holds across redirects.
    if (desktopName) settings.emulatedUserAgent = false;
    const result = await lighthouse(url, { port: chrome.port, ...settings });
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

function summarize(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failing = (id) =>
    lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
      .map((ref) => ref.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
    fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
    serverResponseMs: Math.round(lhr.audits['server-response-time']?.numericValue ?? 0),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    notPassed: Object.fromEntries(CATEGORIES.map((id) => [id, failing(id)]).filter(([, ids]) => ids.length)),
    userAgent: lhr.environment.networkUserAgent.includes('Mobile') ? 'mobile' : 'desktop name, mobile screen and throttling',
  };
}

async function main() {
  const chromePath = existsSync(CHROMIUM) ? CHROMIUM : undefined;
  if (!chromePath && !hasCommand('chromium')) ensureDebianPackage('chromium', 'chromium');
  console.log('Building the production Worker…');
  buildWorker();
  // Visitors reach the site through the edge: its address is the site's public one (links, short links).
  const server = await startServer({ vars: { PUBLIC_URL: `http://127.0.0.1:${EDGE_PORT}` } });
  const edge = await startEdge(EDGE_PORT, server.site);
  const pages = [];
  try {
    for (const page of PAGES.filter((p) => !ONLY || ONLY.includes(p.path))) {
      const path = page.path === '/s/<key>' ? await shortLinkPath(edge.url) : page.path;
      const url = `${edge.url}${path}`;
      const desktopName = await phonesLeave(url);
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        // A trace Chromium failed to record (NO_NAVSTART and the like) is taken again, twice at most.
        let lhr;
        for (let attempt = 0; attempt < 3 && (!lhr || lhr.runtimeError); attempt++)
          lhr = await audit(url, { desktopName, errorStatus: page.status >= 400 }, chromePath ?? CHROMIUM);
        runs.push(lhr);
      }
      const failed = runs.find((run) => run.runtimeError);
      if (failed) {
        const error = `${failed.runtimeError.code}: ${failed.runtimeError.message}`;
        pages.push({ name: page.name, path: page.path, error, ...Object.fromEntries(CATEGORIES.map((id) => [id, 0])) });
        console.log(`${page.path}: Lighthouse could not measure it (${error})`);
        continue;
      }
      const median = summarize(computeMedianRun(runs));
      pages.push({ name: page.name, path: page.path, kind: page.kind, ...median });
      console.log(
        `${page.path}: performance ${median.performance}, accessibility ${median.accessibility}, best practices ${median['best-practices']}, SEO ${median.seo}, LCP ${median.lcpMs} ms (FCP ${median.fcpMs} ms, server ${median.serverResponseMs} ms, ${median.lcpElement}), TBT ${median.tbtMs} ms, CLS ${median.cls}`,
      );
    }
  } finally {
    await edge.close();
    await server.stop();
  }
  const budgets = pages.flatMap((p) => [
    ...Object.entries(LIGHTHOUSE_BUDGET).map(([category, floor]) => {
      // What this page is right to fail (PAGES' lighthouseExpects): its budget says so.
      const expected = PAGES.find((page) => page.path === p.path)?.lighthouseExpects?.[category] ?? [];
      const failing = p.error ? [p.error] : (p.notPassed[category] ?? []);
      const onlyExpected = failing.length > 0 && failing.every((id) => expected.includes(id));
      return {
        figure: `Lighthouse ${category} ${p.path}`,
        value: String(p[category]),
        budget: expected.length ? `≥ ${floor} but for ${expected.join(', ')}` : `≥ ${floor}`,
        holds: p[category] >= floor || onlyExpected,
        ...(p[category] < floor ? { notPassed: failing } : {}),
      };
    }),
    ...(p.kind === 'ssr'
      ? [
          {
            figure: `Lighthouse LCP ${p.path}`,
            value: `${p.lcpMs ?? '—'} ms`,
            budget: `≤ ${FORM_PAGE_LCP_MS} ms`,
            holds: (p.lcpMs ?? Infinity) <= FORM_PAGE_LCP_MS,
          },
        ]
      : []),
  ]);
  const results = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
  results.lighthouse = {
    date: new Date().toISOString(),
    runs: RUNS,
    profile: 'mobile (Lighthouse default: Moto G Power screen, simulated slow 4G, 4x CPU slowdown)',
    pages,
    budgets,
  };
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nBudgets:');
  for (const c of budgets)
    console.log(
      `  ${c.holds ? 'holds' : 'FAILS'}  ${c.figure}: ${c.value} (budget ${c.budget})${c.notPassed ? ` — not passed: ${c.notPassed.join(', ')}` : ''}`,
    );
  process.exitCode = budgets.every((c) => c.holds) ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
