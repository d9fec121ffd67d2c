// Step 3, upload: what the account must hold before the new version can get a visitor, the alerts
// Worker first (a broken release of the site cannot silence it), then the zone's version-affinity
// rules, then the new version without traffic; a first release deploys the Worker whole instead.
import { ensureAffinity } from './affinity.mjs';
import { alerts, commit, dry, RECORD, site, siteFlags, stop, values, worker } from './context.mjs';
import { secretsFile, wranglerOutput, wranglerRun } from './run.mjs';

/** The upload: finds the new version, which from here may serve beside the serving one (`beside.version`: any stop puts the serving version back). */
export async function upload(found) {
  await deployAlerts(found.alertsNew);
  await ensureAffinity(found.affinity);
  if (!found.exists) return { ...found, version: await deployWhole() };
  const uploaded = await wranglerOutput(
    'Upload the new version, without traffic, with its commit and record',
    ['versions', 'upload', ...siteFlags, '--tag', commit, '--message', RECORD],
    'version-upload',
  );
  const version = dry ? '<new version id>' : uploaded.version_id;
  if (!version) stop('wrangler did not name the uploaded version');
  found.beside.version = version;
  return { ...found, version };
}

/** Deploys the alerts Worker, with its secrets from the environment when it is new. */
async function deployAlerts(alertsNew) {
  const alertsSecrets = alertsNew ? secretsFile(alerts.secrets.required) : undefined;
  try {
    await wranglerRun('Deploy the alerts Worker first (a Worker of its own, so that a broken release of the site cannot silence it)', [
      'deploy',
      '--config',
      values['alerts-config'],
      ...(alertsSecrets ? ['--secrets-file', alertsSecrets.file] : []),
    ]);
  } finally {
    alertsSecrets?.remove();
  }
}

/** The first release: the Worker deployed whole, its secrets and Durable Object classes with it; gives back its version. */
async function deployWhole() {
  const secrets = secretsFile(site.secrets?.required ?? []);
  let deployed;
  try {
    deployed = await wranglerOutput(
      `First release: deploy ${worker} whole, its secrets and Durable Object classes with it`,
      ['deploy', ...siteFlags, '--secrets-file', secrets.file],
      'deploy',
    );
  } finally {
    secrets.remove();
  }
  // A dry run shows the release of a Worker that exists: a first release always runs for real.
  if (!deployed.version_id) stop('wrangler did not name the deployed version');
  return deployed.version_id;
}
