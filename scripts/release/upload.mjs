// Step 3, upload: the new version uploaded without traffic, with its commit and record; a first
// release, with no serving version to stand beside, deploys the Worker whole instead.
import { commit, dry, RECORD, site, siteFlags, stop, worker } from './context.mjs';
import { secretsFile, wranglerOutput } from './run.mjs';

/** The upload: finds the new version, which from here may serve beside the serving one (`beside.version`: any stop puts the serving version back). */
export async function upload(found) {
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
