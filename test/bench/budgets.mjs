// The bench's budgets checked against a run's results: each with its figure, value, budget and whether it holds.
import { IDLE_JS_BUDGET, KIB, RATIO_BUDGET, SPANISH_JS_MARGIN, SPANISH_RATIO, WORKER_BUNDLE_BUDGET } from './pages.mjs';

/** A number as the bench prints it, and bytes as KB. */
export const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const kb = (bytes) => `${fmt(bytes / KIB, 1)} KB`;
/** The middle of a run's figures (the mean of the two middle ones when their count is even). */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export function checkBudgets(results) {
  const checks = [];
  for (const r of results.roundTrips?.routes ?? [])
    if (r.budget !== null)
      checks.push({ figure: `remote round trips, warm, ${r.name}`, value: String(r.warm.rounds), budget: `≤ ${r.budget}`, holds: r.holds });
  for (const t of results.coldStart?.targets ?? [])
    if (t.budgetMs !== undefined)
      checks.push({
        figure: `cold first answer ${t.name}`,
        value: `${t.medianMs} ms`,
        budget: `≤ ${t.budgetMs} ms (the bare Worker's + ${results.coldStart.marginMs})`,
        holds: t.holds,
      });
  for (const p of results.pages) {
    const floor = RATIO_BUDGET[p.kind];
    checks.push({ figure: `throughput ${p.path} ÷ baseline`, value: fmt(p.ratio, 2), budget: `≥ ${floor}`, holds: p.ratio >= floor });
    checks.push({ figure: `errors under load ${p.path}`, value: String(p.errors), budget: '0', holds: p.errors === 0 });
    checks.push({
      figure: `JavaScript before usable ${p.path}${p.jsBudgetName ? ` (${p.jsBudgetName})` : ''}`,
      value: p.jsGzipBytes === 0 ? '0 bytes' : kb(p.jsGzipBytes),
      budget: p.jsBudget === 0 ? '0 bytes' : `≤ ${kb(p.jsBudget)}`,
      holds: p.jsGzipBytes <= p.jsBudget,
    });
    const idleBudget = IDLE_JS_BUDGET[p.jsBudgetName];
    if (idleBudget)
      checks.push({
        figure: `JavaScript once idle ${p.path} (${p.jsBudgetName})`,
        value: kb(p.jsIdleGzipBytes),
        budget: `≤ ${kb(idleBudget)}`,
        holds: p.jsIdleGzipBytes <= idleBudget,
      });
  }
  for (const p of results.pages.filter((x) => x.englishOf)) {
    const english = results.pages.find((x) => x.path === p.englishOf);
    checks.push({
      figure: `throughput ${p.path} ÷ its English page`,
      value: fmt(p.rps / english.rps, 2),
      budget: `≥ ${SPANISH_RATIO}`,
      holds: p.rps / english.rps >= SPANISH_RATIO,
    });
    checks.push({
      figure: `JavaScript once idle ${p.path} − its English page`,
      value: `${fmt(p.jsIdleGzipBytes - english.jsIdleGzipBytes)} bytes`,
      budget: `≤ ${kb(SPANISH_JS_MARGIN)}`,
      holds: p.jsIdleGzipBytes - english.jsIdleGzipBytes <= SPANISH_JS_MARGIN,
    });
  }
  checks.push({
    figure: 'errors under load, baseline',
    value: String(results.baseline.errors),
    budget: '0',
    holds: results.baseline.errors === 0,
  });
  checks.push({
    figure: 'errors under load, bare Worker + origin call',
    value: String(results.bareOriginCall.errors),
    budget: '0',
    holds: results.bareOriginCall.errors === 0,
  });
  checks.push({
    figure: 'Worker bundle as deployed (gzip)',
    value: kb(results.workerBundle.gzipBytes),
    budget: `≤ ${kb(WORKER_BUNDLE_BUDGET)}`,
    holds: results.workerBundle.gzipBytes <= WORKER_BUNDLE_BUDGET,
  });
  return checks;
}
