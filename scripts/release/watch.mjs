// Step 8, watch: the canary judged every minute for --watch-minutes, the new version by its own
// events against the serving version's and the serving version by its own budget; a stop from the
// judge, or too few events to judge, stops the release (a first release has no canary to watch).
import { runCommand } from '../lib/commands.mjs';
import { COMMAND_MS, dry, MINUTE_MS, progress, root, share, sleep, stop, watchMinutes } from './context.mjs';
import { stillOurs } from './deployment.mjs';

/** The canary's watch, to its verdict to promote; finds nothing new. */
export async function watch(found) {
  if (!found.exists) return found;
  console.log(
    `\n${++progress.step}. Judge the new version by its own events against the serving version's, and the serving version by its own budget, every minute for ${watchMinutes} minutes\n   $ node scripts/alerts-check.mjs --production --canary ${found.version} --serving ${found.serving} --minutes <since the split>`,
  );
  let verdict = dry ? 'promote' : 'wait';
  const split = Date.now();
  for (let minute = 1; !dry && minute <= watchMinutes; minute++) {
    await sleep(Math.max(0, split + minute * MINUTE_MS - Date.now()));
    verdict = await judge(found, split);
  }
  if (verdict !== 'promote')
    stop(
      `too few events of the new version in ${watchMinutes} minutes to judge it: watch longer (--watch-minutes) or give it more (--share)`,
    );
  return found;
}

/** One minute's judgement (alerts:check) while the deployment is still the release's: promote or wait; a stop, or a judge that could not answer, stops the release. */
async function judge(found, split) {
  await stillOurs(found.beside);
  if (progress.ending) stop('the release is stopping');
  const minutes = String(Math.max(1, Math.ceil((Date.now() - split) / 60_000)));
  const judged = await runCommand(
    'node',
    ['scripts/alerts-check.mjs', '--production', '--canary', found.version, '--serving', found.serving, '--minutes', minutes],
    { cwd: root, timeoutMs: COMMAND_MS, echo: true, env: process.env },
  );
  const verdict = { 0: 'promote', 1: 'stop', 3: 'wait' }[judged.status] ?? 'unread';
  if (verdict === 'stop') stop(`the canary judge stopped it at ${share} % (alerts:check above)`);
  if (verdict === 'unread') stop(`the canary could not be judged (alerts:check exited ${judged.status ?? judged.signal})`);
  return verdict;
}
