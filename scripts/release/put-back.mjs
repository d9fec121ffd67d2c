// Step 10, put back: what runs instead of the steps left once one stops, a signal comes or the
// output closes: every running command ended, then the serving version back to every visitor
// wherever the new one may serve beside it, its settings too after the promotion, and what the
// account holds said.
import { endRunning, runCommand } from '../lib/commands.mjs';
import { api, json } from './api.mjs';
import { COMMAND_MS, deployFlags, progress, root, shellWord, siteFlags, sleep, worker, wrangler } from './context.mjs';
import { isOurs, servesAlone } from './deployment.mjs';

/**
 * Ends the release after a stop (`found.stopped`: its reason, exit code, and whether to put back),
 * the serving version put back where the new one may serve, then exits with the code; a second
 * call (a second Ctrl-C) changes nothing and waits for the first.
 */
export function putBack(found) {
  const { reason, code, putBack: back } = found.stopped;
  if (progress.ending) {
    console.error(`\n${reason}: the release is already stopping, and finishes its stop first.`);
    return progress.ending;
  }
  progress.ending = (async () => {
    console.error(`\nRelease stopped: ${reason}`);
    await endRunning();
    if (!back) process.exit(code);
    const { beside } = found;
    const backed = !found.exists || !beside.version || (await putServingBack(found.serving, beside.version, beside));
    if (backed && beside.settings) await restoreSettings(found.serving, found.settings);
    if (backed && beside.triggers)
      console.error(
        `\nIts triggers may be partly applied (routes, the Custom Domain, crons): run npx wrangler triggers deploy ${siteFlags.join(' ')} from the serving version's commit.`,
      );
    else if (backed && found.exists)
      console.error(`\n${worker} serves as it did before the release; the next \`npm run deploy\` can start.`);
    process.exit(code);
  })();
  return progress.ending;
}

/**
 * The serving version back to every visitor, its Durable Objects at once: the deployment read
 * first (nothing to do if it already serves alone), the put-back, a deployment wrangler never
 * retries itself, tried three times at most; gives back whether it holds.
 */
async function putServingBack(old, version, beside) {
  const command = [
    ...wrangler,
    'versions',
    'deploy',
    `${old}@100%`,
    ...deployFlags,
    '--yes',
    '--durable-objects-code-update-mode',
    'immediate',
  ];
  let said = '';
  let state = await servesAlone(old);
  // A deployment someone else made since this release's last (a hand fix) is theirs: left in place.
  if (!state.alone && state.newest && !isOurs(state.newest, beside)) {
    console.error(
      `\nThe deployment is no longer this release's (now ${state.versions.map((v) => `${v.version_id} at ${v.percentage} %`).join(' and ')}): someone changed it, and it is left as it is. Check it: npx wrangler deployments list ${siteFlags.join(' ')}`,
    );
    return false;
  }
  for (let attempt = 1; attempt <= 3 && !state.alone; attempt++) {
    if (attempt > 1) await sleep(attempt * 2000);
    console.log(
      `\n${++progress.step}. Put the serving version back to every visitor, its Durable Objects at once (try ${attempt} of 3)\n   $ ${command.map(shellWord).join(' ')}`,
    );
    const done = await runCommand(command[0], command.slice(1), {
      cwd: root,
      timeoutMs: COMMAND_MS,
      echo: true,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    });
    said = done.output;
    // Read again: a deployment a stopped command sent before it was ended may land after this one.
    state = await servesAlone(old);
    if (done.status === 0 && state.alone) return true;
    if (done.status === 0) continue;
    // A refusal that asking again cannot change: the token, or secrets changed since the serving version (10220).
    if (/\[code: (10000|9109|10220)\]/.test(said)) break;
  }
  if (state.alone) {
    console.log(`\nThe serving version ${old} has every visitor: nothing to put back.`);
    return true;
  }
  notPutBack(old, version, state, said, command);
  return false;
}

/** Says what the account serves after a put-back that did not hold, and the commands that put the serving version back by hand. */
function notPutBack(old, version, state, said, command) {
  console.error(
    `\nThe serving version could not be put back: the account serves ${state.versions.map((v) => `${v.version_id} at ${v.percentage} %`).join(' and ') || 'what could not be read'}.` +
      `\nRun, once the cause above is mended:\n  ${command.map(shellWord).join(' ')}` +
      (/\[code: 10220\]/.test(said)
        ? `\nCloudflare refused it because a secret changed since ${old} last served (10220). Roll back to it as it was (wrangler re-sends the deployment with ?force=true, its old secrets with it), then change the secret onto its code with npm run deploy -- --secret <NAME>:\n  ${[...wrangler, 'rollback', old, ...siteFlags, '--message', 'Put back after a stopped release', '--yes', '--durable-objects-code-update-mode', 'immediate'].map(shellWord).join(' ')}`
        : '') +
      `\nThen check it: npx wrangler deployments list ${siteFlags.join(' ')} (the stopped version ${version} must not serve).`,
  );
}

/** After a put-back that follows the promotion: the serving version's settings, as the preflight read them, on the Worker again. */
async function restoreSettings(old, settings) {
  console.log(
    `\n${++progress.step}. Put the serving version's settings back (${Object.keys(settings).join(', ')})\n   PATCH /workers/scripts/${worker}/script-settings`,
  );
  const done = await api(`/workers/scripts/${worker}/script-settings`, { ...json(settings), method: 'PATCH' });
  if (done.status !== 200)
    console.error(
      `\nThe serving version's settings could not be put back (${done.status || 'no answer'}): from its commit, run npx wrangler versions deploy ${old}@100% ${siteFlags.join(' ')} --yes`,
    );
}
