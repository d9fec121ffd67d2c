// Step 6, approve: the payment pages the new version draws approved (PCI DSS 11.6.1), and the
// manifest put under the version where the hourly check reads it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { approvedManifestKey, checkPayee, checkProvider, publicUrl, siteFlags, worker } from './context.mjs';
import { run, wranglerRun } from './run.mjs';

/** The approval of the new version's payment pages; finds nothing new. */
export async function approve(found) {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-manifest-'));
  const manifest = path.join(dir, `payment-pages.${found.version}.json`);
  try {
    await run("Approve the version's payment pages (PCI DSS 11.6.1)", 'node', [
      'scripts/check-payment-pages.mjs',
      publicUrl ?? '<PUBLIC_URL>',
      '--version',
      found.version,
      '--worker',
      worker,
      '--approve',
      '--payee',
      checkPayee ?? '<RELEASE_CHECK_PAYEE_ID>',
      '--provider',
      checkProvider ?? '<RELEASE_CHECK_PROVIDER>',
      '--manifest',
      manifest,
    ]);
    await wranglerRun('Put the manifest where the hourly check reads it, under the version', [
      'kv',
      'key',
      'put',
      approvedManifestKey(found.version),
      '--binding',
      'CACHE',
      ...siteFlags,
      '--remote',
      '--path',
      manifest,
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return found;
}
