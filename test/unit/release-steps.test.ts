import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module
import { Overtaken, Stopped } from '../../scripts/release/context.mjs';
// @ts-expect-error: a plain .mjs module
import { runSteps, STEPS } from '../../scripts/release/index.mjs';

/**
 * `npm run deploy` as its named steps (scripts/release/): one list, run in order, each handed what
 * the one before found; put back, the last, runs only once a step stops or an interrupt comes.
 */
type Found = { trail?: string[]; stopped?: { reason: string; code: number; putBack: boolean } };
type Step = { name: string; run: (found: Found) => Promise<Found> };
type End = (reason: string, code: number) => Promise<void>;

const NAMES = ['preflight', 'build', 'upload', 'zero percent', 'smoke', 'approve', 'share', 'watch', 'promote', 'put back'];

/** Stand-ins of the steps: each notes its name and what it was handed, and adds its name to the trail it gives back; `act` runs inside one. */
function standIns(act: Record<string, () => void> = {}) {
  const calls: Array<{ name: string; found: Found }> = [];
  const steps = (STEPS as Step[]).map(({ name }) => ({
    name,
    run: async (found: Found) => {
      calls.push({ name, found });
      act[name]?.();
      return { ...found, trail: [...(found.trail ?? []), name] };
    },
  }));
  return { steps, calls };
}

describe('the release as its steps', () => {
  it('names its steps in the order they run', () => {
    expect((STEPS as Step[]).map((step) => step.name)).toEqual(NAMES);
    expect((STEPS as Step[]).every((step) => typeof step.run === 'function')).toBe(true);
  });

  it('runs every step but put back in order, each on what the one before found', async () => {
    const { steps, calls } = standIns();
    const found = await runSteps(steps, () => undefined);
    expect(calls.map((c) => c.name)).toEqual(NAMES.slice(0, -1));
    calls.forEach((call, i) => expect(call.found).toEqual(i ? { trail: NAMES.slice(0, i) } : {}));
    expect(found).toEqual({ trail: NAMES.slice(0, -1) });
  });

  it.each([
    ['a stop', new Stopped('the card form answered 500'), 'the card form answered 500', true],
    ["someone else's deployment", new Overtaken('the deployment changed'), 'the deployment changed', false],
    ['an error no step foresaw', new Error('boom'), 'an unexpected error: boom', true],
  ])('%s in the smoke step runs put back on what was found so far, and no later step', async (_, error, reason, putBack) => {
    const { steps, calls } = standIns({
      smoke: () => {
        throw error;
      },
    });
    await runSteps(steps, () => undefined);
    expect(calls.map((c) => c.name)).toEqual([...NAMES.slice(0, 5), 'put back']);
    expect(calls.at(-1)!.found).toEqual({ trail: NAMES.slice(0, 4), stopped: { reason, code: 1, putBack } });
  });

  it('an interrupt during a step runs put back on what the steps before it found', async () => {
    let interrupt: End = async () => undefined;
    const { steps, calls } = standIns({ watch: () => void interrupt('interrupted (SIGINT)', 130) });
    await runSteps(steps, (end: End) => (interrupt = end));
    const back = calls.find((c) => c.name === 'put back');
    expect(back?.found).toEqual({ trail: NAMES.slice(0, 7), stopped: { reason: 'interrupted (SIGINT)', code: 130, putBack: true } });
  });
});
