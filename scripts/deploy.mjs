// npm run deploy [-- --dry-run] [--url https://www.papayapay.com] [--share 10] [--watch-minutes 30] [--payee ID --provider CODE]
//
// The release path (docs/operations.md, "Releasing"): build; deploy the alerts Worker (alerts/); upload the
// new version without traffic; read it on the real host by its version override (health and the
// payment pages, approved as that version's manifest, put in KV); deploy it to a small share beside
// the version serving; judge it every minute by its own events against the serving version's
// (`alerts:check --canary`, alerts/canary.ts); then 100 % once it did no worse with enough events
// to say so, or back to the old version and stop. Any step that fails stops the release with the old version serving. --dry-run prints
// every step and its command and touches nothing; --skip-build takes the client build as it is.
// WRANGLER names the wrangler command (tests stand one in).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runnerImport } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    'dry-run': { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    url: { type: 'string' },
    share: { type: 'string', default: '10' },
    'watch-minutes': { type: 'string', default: '30' },
    payee: { type: 'string', default: '1001' },
    provider: { type: 'string', default: 'valleymed' },
  },
});
const dry = values['dry-run'];
const toml = readFileSync(path.join(root, 'wrangler.toml'), 'utf8');
const worker = /^name\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
const production = toml.slice(toml.indexOf('[env.production.vars]'));
const configured = values.url ?? /^PUBLIC_URL\s*=\s*"([^"]+)"/m.exec(production)?.[1];
// A dry run shows the steps even before [env.production] names its address.
const url = configured && /^https?:\/\//.test(configured) ? configured : dry ? '<PUBLIC_URL>' : undefined;
const share = Number(values.share);
const watchMinutes = Number(values['watch-minutes']);
if (!url || !(share > 0 && share < 100) || !(watchMinutes >= 0)) {
  console.error(
    'Usage: npm run deploy -- [--dry-run] [--url <public URL>] [--share 1-99] [--watch-minutes N] (PUBLIC_URL of [env.production.vars] by default)',
  );
  process.exit(2);
}
const wrangler = (process.env.WRANGLER ?? 'npx wrangler').split(' ');
/** A minute of the canary's watch (tests shorten it). */
const MINUTE_MS = Number(process.env.DEPLOY_MINUTE_MS ?? 60_000);
const override = (version) => `Cloudflare-Workers-Version-Overrides: ${worker}="${version}"`;

let step = 0;
/** Prints a step and its command; runs it unless this is a dry run, and gives back what it printed. */
function run(title, command, args) {
  console.log(`\n${++step}. ${title}\n   $ ${[command, ...args].join(' ')}`);
  if (dry) return '';
  try {
    return execFileSync(command, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  } catch (error) {
    stop(`${title}: ${error.message.split('\n')[0]}`);
  }
}
const wranglerRun = (title, args) => run(title, wrangler[0], [...wrangler.slice(1), ...args]);

/** A failed step: the release stops, the old version serving (put back at 100 % once the new one had a share). */
function stop(reason, oldVersion) {
  console.error(`\nRelease stopped: ${reason}`);
  if (oldVersion)
    wranglerRun('Put the old version back to every visitor', ['versions', 'deploy', `${oldVersion}@100%`, '--env', 'production', '--yes']);
  process.exit(1);
}

if (!values['skip-build']) run('Build the islands and the stylesheet', 'npm', ['run', 'build:client']);

wranglerRun('Deploy the alerts Worker first (a Worker of its own, so that a broken release of the site cannot silence it)', [
  'deploy',
  '-c',
  'alerts/wrangler.toml',
]);

const uploaded = wranglerRun('Upload the new version, without traffic', ['versions', 'upload', '--env', 'production']);
const version = dry ? '<new version id>' : /Worker Version ID:\s*([0-9a-f-]{36})/i.exec(uploaded)?.[1];
if (!version) stop('wrangler did not name the uploaded version');

const deployed = wranglerRun('Note the version serving now', ['deployments', 'status', '--env', 'production', '--json']);
const oldVersion = dry ? '<serving version id>' : servingVersion(deployed);
if (!oldVersion) stop('wrangler did not name one version serving every visitor (a gradual deploy under way?)');

console.log(
  `\n${++step}. Read the new version on the real host by its override\n   ${override(version)}\n   GET ${url}/healthz, ${url}/web-payment?p=${values.payee}`,
);
if (!dry) {
  const headers = { 'Cloudflare-Workers-Version-Overrides': `${worker}="${version}"` };
  const health = await fetch(new URL('/healthz', url), { headers }).then(async (r) => `${r.status} ${await r.text()}`, String);
  if (!health.startsWith('200') || !health.includes(version))
    stop(`the new version does not answer for itself (/healthz: ${health.slice(0, 120)})`);
  const pay = await fetch(new URL(`/web-payment?p=${values.payee}`, url), { headers }).then(
    (r) => r.status,
    () => 0,
  );
  if (pay !== 200) stop(`the new version's card form answered ${pay}`);
}

const manifest = `payment-pages.${version}.json`;
run("Approve the new version's payment pages (PCI DSS 11.6.1)", 'node', [
  'scripts/check-payment-pages.mjs',
  url,
  '--version',
  version,
  '--approve',
  '--payee',
  values.payee,
  '--provider',
  values.provider,
  '--manifest',
  manifest,
]);
const { approvedManifestKey } = (
  await runnerImport(path.join(root, 'src/security/page-compare.ts'), { configFile: false, logLevel: 'silent' })
).module;
const where = ['--binding', 'CACHE', '--env', 'production', '--remote'];
wranglerRun('Put the manifest where the hourly check reads it, under the version', [
  'kv',
  'key',
  'put',
  approvedManifestKey(version),
  ...where,
  '--path',
  manifest,
]);

wranglerRun(`Give the new version ${share} % of visitors`, [
  'versions',
  'deploy',
  `${version}@${share}%`,
  `${oldVersion}@${100 - share}%`,
  '--env',
  'production',
  '--yes',
]);

// The canary is judged by its own events against the serving version's (alerts/canary.ts): a
// failure share that all traffic would dilute below any alert stops it at its share.
console.log(
  `\n${++step}. Judge the new version by its own events against the serving version's, every minute for ${watchMinutes} minutes\n   $ node scripts/alerts-check.mjs --production --canary ${version} --serving ${oldVersion} --minutes <since the split>`,
);
let verdict = dry ? 'promote' : 'wait';
const split = Date.now();
for (let minute = 1; !dry && minute <= watchMinutes; minute++) {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, split + minute * MINUTE_MS - Date.now())));
  const minutes = String(Math.ceil((Date.now() - split) / 60_000));
  const judged = spawnSync(
    'node',
    ['scripts/alerts-check.mjs', '--production', '--canary', version, '--serving', oldVersion, '--minutes', minutes],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  verdict = { 0: 'promote', 1: 'stop', 3: 'wait' }[judged.status] ?? 'unread';
  if (verdict === 'stop') stop(`the new version does worse than the serving one at ${share} %`, oldVersion);
  if (verdict === 'unread') stop(`the canary could not be judged (alerts:check exited ${judged.status})`, oldVersion);
}
if (verdict !== 'promote')
  stop(
    `too few events of the new version in ${watchMinutes} minutes to judge it: watch longer (--watch-minutes) or give it more (--share)`,
    oldVersion,
  );

wranglerRun('Give the new version every visitor', ['versions', 'deploy', `${version}@100%`, '--env', 'production', '--yes']);
console.log(dry ? '\nDry run: nothing was changed.' : `\nReleased ${version}.`);

/** The version serving 100 % in `wrangler deployments status --json`; undefined during a split. */
function servingVersion(json) {
  try {
    return JSON.parse(json).versions?.find((v) => v.percentage === 100)?.version_id;
  } catch {
    return undefined;
  }
}
