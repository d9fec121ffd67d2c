import { readConfig } from '../settings/config';
import type { Fetcher } from '../security/page-check';
import { checkVersionedPages, readApprovedManifests } from '../security/page-compare';
import { scrub } from '../domain/scrub';
import { OWN_CHECK_HEADER, ownCheckToken } from '../security/own-check';
import { formKeySecret } from '../security/secrets';
import { writeEvent } from '../telemetry/events';
import { logSecurityEvent } from '../telemetry/log';

/**
 * The scheduled half of PCI DSS 11.6.1: the payment pages at PUBLIC_URL, read as a visitor's
 * browser receives them, each compared with the manifest its release approved for the version
 * that drew it (two versions answer during a gradual deploy, an older one after a rollback). Quiet when they are as
 * approved (one `pageCheck` event); on any difference, a security log line per difference and an
 * event an alert counts (docs/operations.md). A site without PUBLIC_URL (the local demo unless
 * it names itself) has no address to read.
 */
export async function watchPaymentPages(env: Env, fetcher: Fetcher = (url, init) => fetch(url, init)): Promise<void> {
  const config = readConfig(env);
  if (!config.publicUrl) return;
  // Every request names itself as the site's own check, so that it is not counted as a visitor's.
  const token = await ownCheckToken(formKeySecret(config));
  const ownFetcher: Fetcher = (url, init) => {
    const headers = new Headers(init.headers);
    headers.set(OWN_CHECK_HEADER, token);
    return fetcher(url, { ...init, headers });
  };
  const keepLocally = !config.originUrl;
  const record = (outcome: string, differences = 0, pages = 0, page = '', what = '') =>
    writeEvent(env, keepLocally, 'pageCheck', { outcome, page, what, differences, pages });
  try {
    const approved = await readApprovedManifests(env.CACHE);
    if (!approved.size) {
      logSecurityEvent('scheduled', 'payment-page-check-failed', { reason: 'no approved manifest' });
      record('no-manifest');
      return;
    }
    const pages = Object.keys([...approved.values()][0]!.pages).length;
    const differences = await checkVersionedPages(config.publicUrl, approved, ownFetcher);
    for (const d of differences)
      logSecurityEvent('scheduled', 'payment-page-changed', { page: d.page, what: d.what, approved: d.approved, served: d.served });
    record(differences.length ? 'changed' : 'as-approved', differences.length, pages, differences[0]?.page, differences[0]?.what);
  } catch (error) {
    logSecurityEvent('scheduled', 'payment-page-check-failed', {
      reason: error instanceof Error ? scrub(error.message, 200) : 'unknown',
    });
    record('failed');
  }
}
