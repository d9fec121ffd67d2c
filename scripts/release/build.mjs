// Step 2, build: what the new version stands on, built before it is uploaded: the settings-free
// configuration of the deployments before the promotion, the client's islands and stylesheet
// (unless --skip-build takes them as they are), the alerts Worker (deployed first, so that a broken
// release of the site cannot silence it), and the zone's version-affinity rules.
import { ensureAffinity } from './affinity.mjs';
import { alerts, dry, values } from './context.mjs';
import { writeSettingsFree } from './deployment.mjs';
import { run, secretsFile, wranglerRun } from './run.mjs';

/** The build: nothing of the site's Worker changes yet, and it finds nothing the next steps need. */
export async function build(found) {
  if (!dry) writeSettingsFree();
  if (!values['skip-build']) await run('Build the islands and the stylesheet', 'npm', ['run', 'build:client']);
  await deployAlerts(found.alertsNew);
  await ensureAffinity(found.affinity);
  return found;
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
