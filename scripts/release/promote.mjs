// Step 9, promote: the new version given every visitor with its settings (observability, logpush,
// tail consumers), then its triggers, which a version upload never changes; a first release,
// deployed whole, is released already.
import { dry, RECORD, siteFlags, worker } from './context.mjs';
import { deployOurs } from './deployment.mjs';
import { wranglerRun } from './run.mjs';

/** The promotion: once done, the new version is the serving one and a stop puts nothing back (`beside.version` cleared). */
export async function promote(found) {
  const { beside, version } = found;
  if (found.exists) {
    // From here a stop also puts the serving version's settings back, then its triggers may be partly applied.
    beside.settings = true;
    await deployOurs(
      beside,
      'Give the new version every visitor, and its settings (observability, logpush, tail consumers)',
      [`${version}@100%`],
      `${RECORD}: promoted`,
      siteFlags,
    );
    beside.triggers = true;
    await wranglerRun('Apply its triggers (routes, the custom domain, crons): a version upload never changes them', [
      'triggers',
      'deploy',
      ...siteFlags,
    ]);
    beside.version = undefined;
  }
  console.log(
    dry ? '\nDry run: nothing was changed.' : found.exists ? `\nReleased ${version}.` : `\nReleased ${worker} for the first time.`,
  );
  return found;
}
