// npm run bench:lighthouse: Lighthouse (mobile profile, simulated throttling) on the production
// Worker under workerd, each page three times, the median run kept; written beside the load
// figures in test/bench/results.json.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { DESKTOP_UA, LIGHTHOUSE_BUDGET, PAGES, shortLinkPath } from './pages.mjs';
import { ensureDebianPackage, RESULTS } from './run.mjs';
import { buildWorker, hasCommand, startServer } from './server.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Phones are sent from these pages to the app store or web pay, off this site; measured with a desktop browser's name. */
const PHONES_LEAVE = new Set(['provider', 'short link']);

async function audit(url, page, chromePath) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: FLAGS });
  try {
    const settings = { onlyCategories: CATEGORIES, logLevel: 'error', output: 'json' };
    if (PHONES_LEAVE.has(page.name)) settings.emulatedUserAgent = DESKTOP_UA;
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
  const server = await startServer();
  const pages = [];
  try {
    for (const page of PAGES) {
      const path = page.path === '/s/<key>' ? await shortLinkPath(server.site) : page.path;
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${server.site}${path}`, page, chromePath ?? CHROMIUM));
      const median = summarize(computeMedianRun(runs));
      pages.push({ name: page.name, path: page.path, ...median });
      console.log(`${page.path}: performance ${median.performance}, accessibility ${median.accessibility}, best practices ${median['best-practices']}, SEO ${median.seo}, LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms, CLS ${median.cls}`);
    }
  } finally {
    await server.stop();
  }
  const budgets = pages.flatMap((p) =>
    Object.entries(LIGHTHOUSE_BUDGET).map(([category, floor]) => ({
      figure: `Lighthouse ${category} ${p.path}`,
      value: String(p[category]),
      budget: `≥ ${floor}`,
      holds: p[category] >= floor,
      ...(p[category] < floor ? { notPassed: p.notPassed[category] ?? [] } : {}),
    })),
  );
  const results = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
  results.lighthouse = { date: new Date().toISOString(), runs: RUNS, profile: 'mobile (Lighthouse default: Moto G Power screen, simulated slow 4G, 4x CPU slowdown)', pages, budgets };
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nBudgets:');
  for (const c of budgets) console.log(`  ${c.holds ? 'holds' : 'FAILS'}  ${c.figure}: ${c.value} (budget ${c.budget})${c.notPassed ? ` — not passed: ${c.notPassed.join(', ')}` : ''}`);
  process.exitCode = budgets.every((c) => c.holds) ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
