/**
 * The canary's judge: a new version serving a share of visitors is judged by its own events (each
 * names the version that recorded it) against the serving version's over the same minutes, on
 * each indicator of indicators.ts. Too few events of its own is no evidence: the release waits.
 * No imports but the indicators and the vitals: `npm run alerts:check -- --canary` runs it in Node.
 */
import { BURN_RULES, INDICATORS, type Indicator, type WindowCounts } from './indicators';
import { judgeLcp, type P75 } from './vitals';

export type CanaryVerdict = 'promote' | 'wait' | 'stop';

/** The fewest weighted events of an indicator the canary must have recorded before its share says anything. */
export const CANARY_MIN_EVENTS = 20;
/** The fewest bad events that can stop a release: one failed payment of a few is a visitor, not a version. */
export const CANARY_MIN_BAD = 3;
/**
 * How much worse than the serving version the canary may be: the ticket's burn rate of the
 * indicator's error budget (6 × 0.5 % for payments: 3 points of bad share).
 */
export const canaryAllowance = (indicator: Indicator) => BURN_RULES.find((r) => r.state === 'ticket')!.rate * (1 - indicator.objective);

export interface IndicatorJudgement {
  name: string;
  verdict: CanaryVerdict;
  canary: WindowCounts;
  serving: WindowCounts;
  reason: string;
}

const share = ({ bad, total }: WindowCounts) => (total > 0 ? bad / total : 0);
/** Bad events from enough visitors to be a version's, counted as rows however much each weighs. */
const enoughBad = ({ bad, badRows = bad }: WindowCounts) => Math.min(bad, badRows) >= CANARY_MIN_BAD;
const percent = (x: number) => `${(x * 100).toFixed(1)} %`;

export function judgeIndicator(indicator: Indicator, canary: WindowCounts, serving: WindowCounts): IndicatorJudgement {
  const at = { name: indicator.name, canary, serving };
  const worse = share(canary) - share(serving);
  // Each Durable Object runs one version for both during a split, so a version that breaks its
  // objects fails the serving version's visitors too: the serving version's own budget is judged as well.
  if (enoughBad(serving) && share(serving) > canaryAllowance(indicator))
    return {
      ...at,
      verdict: 'stop',
      reason: `the serving version itself is ${percent(share(serving))} bad during the split (${serving.bad} of ${serving.total}; its allowance ${percent(canaryAllowance(indicator))})`,
    };
  if (enoughBad(canary) && worse > canaryAllowance(indicator))
    return {
      ...at,
      verdict: 'stop',
      reason: `${percent(share(canary))} bad against ${percent(share(serving))} on the serving version (${canary.bad} of ${canary.total})`,
    };
  if (canary.total === 0 && serving.total === 0) return { ...at, verdict: 'promote', reason: 'no such events on either version' };
  if (canary.total < CANARY_MIN_EVENTS && indicator.holds !== false)
    return { ...at, verdict: 'wait', reason: `${canary.total} events of the new version, ${CANARY_MIN_EVENTS} needed to judge` };
  if (canary.total < CANARY_MIN_EVENTS)
    return {
      ...at,
      verdict: 'promote',
      reason: `${canary.total} events of the new version, too few to judge: the others hold the release`,
    };
  return { ...at, verdict: 'promote', reason: `${percent(share(canary))} bad against ${percent(share(serving))}` };
}

/** The whole verdict, the indicators' and the p75 LCP's: any that stops stops; any that waits waits; else promote. */
export function judgeCanary(
  counts: (indicator: Indicator) => { canary: WindowCounts; serving: WindowCounts },
  lcp: { canary: P75; serving: P75 },
): {
  verdict: CanaryVerdict;
  indicators: Array<Pick<IndicatorJudgement, 'name' | 'verdict' | 'reason'>>;
} {
  const indicators: Array<Pick<IndicatorJudgement, 'name' | 'verdict' | 'reason'>> = INDICATORS.map((indicator) => {
    const { canary, serving } = counts(indicator);
    return judgeIndicator(indicator, canary, serving);
  });
  // Real visitors' waits: a version that makes phones wait longer for the page is stopped like one that fails them.
  indicators.push(judgeLcp(lcp.canary, lcp.serving));
  const verdict = indicators.some((j) => j.verdict === 'stop') ? 'stop' : indicators.some((j) => j.verdict === 'wait') ? 'wait' : 'promote';
  return { verdict, indicators };
}
