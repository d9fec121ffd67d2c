// The release as its steps, in the order they run: each takes what the one before found and gives
// back what it found; the last, put back, runs instead of the steps left once one stops.
import { approve } from './approve.mjs';
import { build } from './build.mjs';
import { Overtaken, setUp, Stopped, values } from './context.mjs';
import { printLog } from './log.mjs';
import { preflight } from './preflight.mjs';
import { promote } from './promote.mjs';
import { putBack } from './put-back.mjs';
import { fixSecret } from './secret.mjs';
import { share } from './share.mjs';
import { smoke } from './smoke.mjs';
import { upload } from './upload.mjs';
import { watch } from './watch.mjs';
import { zeroPercent } from './zero-percent.mjs';

export const STEPS = [
  { name: 'preflight', run: preflight },
  { name: 'build', run: build },
  { name: 'upload', run: upload },
  { name: 'zero percent', run: zeroPercent },
  { name: 'smoke', run: smoke },
  { name: 'approve', run: approve },
  { name: 'share', run: share },
  { name: 'watch', run: watch },
  { name: 'promote', run: promote },
  { name: 'put back', run: putBack },
];

/** `npm run deploy`: the flags and configurations read, then `--log`, `--secret NAME` or the release. */
export async function main() {
  await setUp();
  if (values.log) await printLog();
  if (values.secret) await fixSecret(values.secret);
  await runSteps(STEPS);
}

/**
 * Runs the steps but the last in order, each on what the one before found, and once the first (the
 * preflight, which changes nothing) has passed, any stop, interrupt (`onInterrupt` is handed the
 * stop) or error no step foresaw runs the last, put back, on what was found so far and why.
 */
export async function runSteps(steps, onInterrupt = stopOnInterrupt) {
  const [first, ...changing] = steps.slice(0, -1);
  let found = await first.run({});
  const end = (reason, code, { putBack = true } = {}) => steps.at(-1).run({ ...found, stopped: { reason, code, putBack } });
  onInterrupt(end);
  try {
    for (const step of changing) found = await step.run(found);
  } catch (error) {
    // Any failure ends the same way, a step's or one no step foresaw.
    await end(error instanceof Stopped ? error.message : `an unexpected error: ${error instanceof Error ? error.message : error}`, 1, {
      putBack: !(error instanceof Overtaken),
    });
  }
  return found;
}

/** A release interrupted (Ctrl-C, a closed terminal, a stopped job) or its output closed ends as a stop does, however many come. */
function stopOnInterrupt(end) {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void end(`interrupted (${signal})`, 130));
  // Its output closed (a terminal gone, `npm run deploy | tee` losing its pipe): lines written after are lost, never fatal.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => void end('its output was closed', 1));
}
