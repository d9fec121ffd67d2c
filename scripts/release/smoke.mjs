// Step 5, smoke: the new version read on the real host before any visitor gets it, by its override
// (it answers for itself, the zone's affinity rule reaches it, its card form draws); a first
// release waits instead for its host's certificate and /healthz naming it.
import { overrideHeader, read, readUntil } from './api.mjs';
import { checkPayee, dry, HOST_WAIT_MS, hosts, OVERRIDE_WAIT_MS, progress, publicUrl, stop, worker } from './context.mjs';

/** The smoke test of the new version; finds nothing new. */
export async function smoke(found) {
  if (found.exists) await byOverride(found.version);
  else await firstHost(found.version);
  return found;
}

/** Reads the new version at 0 % by its override until it answers for itself with a version key, then its card form. */
async function byOverride(version) {
  console.log(
    `\n${++progress.step}. Read the new version on the real host by its override (at most ${OVERRIDE_WAIT_MS / 1000} s)\n   Cloudflare-Workers-Version-Overrides: ${worker}="${version}"`,
  );
  if (dry) return;
  // It answers for itself, and the zone's version-affinity rule reaches it (a rule takes moments to spread): its /healthz says a key came.
  const itself = (a) => a.startsWith('200') && a.includes(version);
  const keyed = (a) => !hosts.length || /\nversion key\n/.test(a);
  const health = await readUntil('/healthz', overrideHeader(version), (a) => itself(a) && keyed(a), OVERRIDE_WAIT_MS);
  if (!itself(health.last)) stop(`the new version does not answer for itself by its override (/healthz: ${health.last.slice(0, 120)})`);
  if (!health.ok)
    stop(
      `the zone's version-affinity rule does not reach the Worker (its /healthz names no version key): a split would send one visitor's page and its scripts to different versions. Check the zone's Transform Rules (npm run deploy -- --check)`,
    );
  const pay = await read(`/web-payment?p=${checkPayee}`, overrideHeader(version));
  if (!pay.startsWith('200 ')) stop(`the new version's card form answered ${pay.slice(0, 60)}`);
}

/** A first release's host read until its certificate and /healthz answer with that version. */
async function firstHost(version) {
  console.log(
    `\n${++progress.step}. Wait for its host: the Custom Domain's certificate, then /healthz naming ${version} (at most ${HOST_WAIT_MS / 60_000} minutes)\n   GET ${publicUrl}/healthz`,
  );
  const { last, ok } = await readUntil('/healthz', {}, (answer) => answer.startsWith('200') && answer.includes(version), HOST_WAIT_MS);
  if (!ok)
    stop(
      `${worker} is deployed, but its host did not answer as ${version} in ${HOST_WAIT_MS / 60_000} minutes (/healthz: ${last.slice(0, 120)}). ` +
        `Check the Custom Domain's certificate (dashboard: Workers → ${worker} → Settings → Domains), then approve its pages: npm run check:payment-pages -- ${publicUrl} --version ${version} --approve (docs/operations.md, "Releasing").`,
    );
}
