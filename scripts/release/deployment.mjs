// The release's hold on the Worker's deployment: each deployment it makes only while the
// deployment is still its own, so that anyone else's change stops it and is left in place.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { api } from './api.mjs';
import { deployFlags, dry, Overtaken, RECORD, root, SETTINGS_FREE, site, siteFlags, sleep, stop, worker } from './context.mjs';
import { wranglerOutput } from './run.mjs';

/** Writes the settings-free configuration every deployment but the promotion is made with (SETTINGS_FREE). */
export function writeSettingsFree() {
  mkdirSync(path.dirname(path.join(root, SETTINGS_FREE)), { recursive: true });
  writeFileSync(path.join(root, SETTINGS_FREE), JSON.stringify({ name: worker, compatibility_date: site.compatibility_date }));
}

/** Whether a deployment is this release's: the one it read before its first change or the last wrangler said it made, or one carrying its record (made, its command ended before it said so). */
export const isOurs = (deployment, beside) =>
  deployment.id === beside.deployment || (deployment.annotations?.['workers/message'] ?? '').startsWith(RECORD);

/** The account's newest deployment, read up to three times (undefined: it could not be read). */
async function latestDeployment() {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const read = await api(`/workers/scripts/${worker}/deployments`);
    if (read.status === 200) return read.result?.deployments?.[0];
    if (attempt < 3) await sleep(attempt * 2000);
  }
  return undefined;
}

/** Whether the account's deployment is `old` alone at 100 % (undefined: it could not be read). */
export async function servesAlone(old) {
  const now = await api(`/workers/scripts/${worker}/deployments`);
  if (now.status !== 200) return { alone: undefined, versions: [] };
  const newest = now.result?.deployments?.[0];
  const versions = newest?.versions ?? [];
  return { alone: versions.length === 1 && versions[0].version_id === old && versions[0].percentage === 100, versions, newest };
}

/**
 * Whether the deployment is still the one this release made (or read before its first change):
 * anyone else's change, a hand fix in an incident or another release, stops it and is left in place.
 */
export async function stillOurs(beside) {
  if (dry) return;
  const now = await latestDeployment();
  if (!now) stop('the deployment could not be read before the next step');
  if (isOurs(now, beside)) return;
  const what = now.versions.map((v) => `${v.version_id} at ${v.percentage} %`).join(' and ');
  throw new Overtaken(
    `the deployment changed while the release ran (now ${what}${now.annotations?.['workers/message'] ? `: "${now.annotations['workers/message']}"` : ''}). ` +
      `Someone else changed it: the release stops here and leaves it as it is. Check it: npx wrangler deployments list ${siteFlags.join(' ')}`,
  );
}

/** A deployment of this release, made only while the deployment is still its own; the one wrangler says it made becomes its own. */
export async function deployOurs(beside, title, versions, message, flags = deployFlags) {
  await stillOurs(beside);
  const deployed = await wranglerOutput(
    title,
    ['versions', 'deploy', ...versions, ...flags, '--yes', '--message', message],
    'version-deploy',
  );
  if (dry) return;
  if (!deployed.deployment_id) stop(`${title}: wrangler did not name the deployment it made`);
  beside.deployment = deployed.deployment_id;
}
