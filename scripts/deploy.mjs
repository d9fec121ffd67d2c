// npm run deploy [-- --dry-run] [--config wrangler.toml] [--alerts-config alerts/wrangler.toml] [--url https://…] [--share 10] [--watch-minutes 30]
//
// The release path (docs/operations.md, "Releasing"), in the order Cloudflare's rules allow:
// 1. Before anything changes: the API token and its permissions, the Worker's state (never
//    deployed, a gradual deployment under way, a Durable Object migration pending), its secrets.
// 2. Build; deploy the alerts Worker (alerts/), so that a broken site cannot silence its alarm.
// 3. A Worker never deployed goes out whole with `wrangler deploy` (its secrets from the
//    environment, its Durable Object classes made), then is checked on its host.
// 4. Otherwise: upload the new version; deploy it at 0 % beside the serving one (a version override
//    reaches only a version in the current deployment); read it on the real host by its override
//    (health, the payment pages approved as its manifest, put in KV); give it `--share` %; judge it
//    every minute by its own events against the serving version's (alerts/canary.ts); 100 %, then
//    its triggers (`wrangler triggers deploy`). A stop puts the serving version back at 100 % with its
//    Durable Objects updated at once.
// --dry-run prints every step and its command and touches nothing; --skip-build takes the client
// build as it is. WRANGLER names the wrangler command; CLOUDFLARE_API_BASE_URL the API (wrangler's
// own setting, which the tests point at a stand-in).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runnerImport } from 'vite';
import { unstable_readConfig } from 'wrangler';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    'dry-run': { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    config: { type: 'string', default: 'wrangler.toml' },
    'alerts-config': { type: 'string', default: 'alerts/wrangler.toml' },
    url: { type: 'string' },
    share: { type: 'string', default: '10' },
    'watch-minutes': { type: 'string', default: '30' },
  },
});
const dry = values['dry-run'];
const share = Number(values.share);
const watchMinutes = Number(values['watch-minutes']);
const API = (process.env.CLOUDFLARE_API_BASE_URL ?? 'https://api.cloudflare.com/client/v4').replace(/\/$/, '');
/** A minute of the canary's watch, and the longest wait for an override to reach a new version (tests shorten both). */
const MINUTE_MS = Number(process.env.DEPLOY_MINUTE_MS ?? 60_000);
const OVERRIDE_WAIT_MS = Number(process.env.DEPLOY_OVERRIDE_WAIT_MS ?? 30_000);

const { approvedManifestKey } = (
  await runnerImport(path.join(root, 'src/security/page-compare.ts'), { configFile: false, logLevel: 'silent' })
).module;
const readConfig = (file, env) => unstable_readConfig({ config: path.resolve(root, file), env }, { hideWarnings: true });
const site = readConfig(values.config, 'production');
const alerts = readConfig(values['alerts-config']);
const worker = site.name;
const placeholder = (value) => typeof value !== 'string' || !value || value.startsWith('<');
const publicUrl = values.url ?? site.vars.PUBLIC_URL;
const checkPayee = site.vars.RELEASE_CHECK_PAYEE_ID;
const checkProvider = site.vars.RELEASE_CHECK_PROVIDER;

function usage(message) {
  console.error(
    `${message}\nUsage: npm run deploy -- [--dry-run] [--config F] [--alerts-config F] [--url <public URL>] [--share 1-99] [--watch-minutes N]`,
  );
  process.exit(2);
}
if (!(share > 0 && share < 100) || !(watchMinutes >= 1)) usage('--share must be 1–99 and --watch-minutes at least 1.');
if (!dry && (placeholder(publicUrl) || !/^https?:\/\//.test(publicUrl)))
  usage(`PUBLIC_URL of [env.production.vars] (or --url) is not set: ${publicUrl}`);
if (!dry && (placeholder(checkPayee) || placeholder(checkProvider)))
  usage(
    'RELEASE_CHECK_PAYEE_ID and RELEASE_CHECK_PROVIDER of [env.production.vars] name the payee and provider whose pages a release checks.',
  );

const wrangler = (process.env.WRANGLER ?? 'npx wrangler').split(' ');
const siteFlags = ['--config', values.config, '--env', 'production'];
const overrideHeader = (version) => ({ 'Cloudflare-Workers-Version-Overrides': `${worker}="${version}"` });

let step = 0;
/** Prints a step and its command; runs it unless this is a dry run, and gives back what it printed. */
function run(title, command, args, { env } = {}) {
  console.log(`\n${++step}. ${title}\n   $ ${[command, ...args].join(' ')}`);
  if (dry) return '';
  try {
    return execFileSync(command, args, {
      cwd: root,
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', ...env },
    });
  } catch (error) {
    return stop(`${title}: ${error.message.split('\n')[0]}`);
  }
}
const wranglerRun = (title, args, options) => run(title, wrangler[0], [...wrangler.slice(1), ...args], options);

let serving;
/** A failed step: the release stops; once the new version had traffic, the serving version is put back at 100 %, its Durable Objects updated at once. */
function stop(reason) {
  console.error(`\nRelease stopped: ${reason}`);
  if (serving && !dry)
    wranglerRun('Put the serving version back to every visitor, its Durable Objects at once', [
      'versions',
      'deploy',
      `${serving}@100%`,
      ...siteFlags,
      '--yes',
      '--durable-objects-code-update-mode',
      'immediate',
    ]);
  process.exit(1);
}

/** One call of Cloudflare's API: its status and its envelope's result or first error. */
async function api(pathname, init = {}) {
  const res = await fetch(`${API}/accounts/${process.env.CLOUDFLARE_ACCOUNT_ID}${pathname}`, {
    ...init,
    headers: { Authorization: `Bearer ${process.env.CLOUDFLARE_API_TOKEN}`, ...init.headers },
  });
  const body = await res.json().catch(() => ({}));
  return { status: res.status, result: body.result, error: body.errors?.[0] };
}

/** What must hold before anything changes; each refusal says what to do. */
async function preflight() {
  console.log(`\n${++step}. Check, before anything changes: the token, the Worker's state, its secrets`);
  if (dry) return { exists: true };
  for (const name of ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID'])
    if (!process.env[name]) usage(`${name} is not set: the release needs an API token and its account.`);
  const refuse = (reason) => {
    console.error(`\nRelease refused, nothing changed: ${reason}`);
    process.exit(1);
  };
  // The canary is judged on the Analytics Engine SQL API: without that permission no release can be watched.
  const analytics = await api('/analytics_engine/sql', { method: 'POST', body: 'SELECT 1 FORMAT JSON' });
  if (analytics.status === 401 || analytics.status === 403)
    refuse('the API token cannot read Analytics Engine (Account Analytics Read), so the canary could not be judged.');
  // The site and the alerts Worker, asked together: a Worker never deployed takes its secrets from the environment.
  const [service, alertsService] = await Promise.all([api(`/workers/services/${worker}`), api(`/workers/services/${alerts.name}`)]);
  if (service.status === 401 || service.status === 403) refuse('the API token cannot read Workers (Workers Scripts Write).');
  const exists = service.status !== 404;
  const alertsNew = alertsService.status === 404;
  const fromEnvironment = [
    ...(exists ? [] : (site.secrets?.required ?? []).map((name) => [worker, name])),
    ...(alertsNew ? (alerts.secrets?.required ?? []).map((name) => [alerts.name, name]) : []),
  ].filter(([, name]) => !process.env[name]);
  if (fromEnvironment.length)
    refuse(
      `a Worker's first release sets its secrets, and these are not in the environment: ${fromEnvironment.map(([w, name]) => `${name} (${w})`).join(', ')}.`,
    );
  if (!exists) return { exists: false, alertsNew };
  const newestTag = site.migrations.at(-1)?.tag ?? null;
  const tag = service.result?.default_environment?.script?.migration_tag ?? null;
  if (tag !== newestTag)
    refuse(
      `this version changes Durable Object classes (migration ${tag ?? 'none'} → ${newestTag}), which Cloudflare applies only to a version deployed whole, never to a gradual release. ` +
        `In a quiet hour run: npx wrangler deploy ${siteFlags.join(' ')} — then check the site and the alerts.`,
    );
  const deployments = await api(`/workers/scripts/${worker}/deployments`);
  const current = deployments.result?.deployments?.[0];
  if (!current || current.versions.length !== 1 || current.versions[0].percentage !== 100) {
    const split = (current?.versions ?? []).map((v) => `${v.version_id} ${v.percentage} %`).join(', ');
    refuse(
      `a gradual deployment is under way (${split}). Finish it (npx wrangler versions deploy <version>@100% ${siteFlags.join(' ')}) or put the serving version back, then release again.`,
    );
  }
  const secrets = await api(`/workers/scripts/${worker}/secrets`);
  const missing = (site.secrets?.required ?? []).filter((name) => !(secrets.result ?? []).some((s) => s.name === name));
  if (missing.length)
    refuse(`${worker} lacks the secrets ${missing.join(', ')}: set each with npx wrangler secret put <NAME> ${siteFlags.join(' ')}.`);
  return { exists: true, alertsNew, serving: current.versions[0].version_id };
}

/** A file of `NAME=value` lines for `wrangler deploy --secrets-file`, from the environment; removed once read. */
function secretsFile(names) {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-'));
  const file = path.join(dir, 'secrets.json');
  writeFileSync(file, JSON.stringify(Object.fromEntries(names.map((name) => [name, process.env[name]]))), { mode: 0o600 });
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Reads /healthz with the override until the new version answers for itself (an override takes a moment to reach every location). */
async function waitForOverride(version) {
  const deadline = Date.now() + OVERRIDE_WAIT_MS;
  let last = '';
  for (;;) {
    last = await fetch(new URL('/healthz', publicUrl), { headers: overrideHeader(version) }).then(
      async (r) => `${r.status} ${await r.text()}`,
      String,
    );
    if (last.startsWith('200') && last.includes(version)) return;
    if (Date.now() > deadline) return stop(`the new version does not answer for itself by its override (/healthz: ${last.slice(0, 120)})`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const state = await preflight();

if (!values['skip-build']) run('Build the islands and the stylesheet', 'npm', ['run', 'build:client']);

const alertsSecrets = state.alertsNew ? secretsFile(alerts.secrets.required) : undefined;
wranglerRun('Deploy the alerts Worker first (a Worker of its own, so that a broken release of the site cannot silence it)', [
  'deploy',
  '--config',
  values['alerts-config'],
  ...(alertsSecrets ? ['--secrets-file', alertsSecrets.file] : []),
]);
alertsSecrets?.remove();

if (!state.exists) {
  const secrets = secretsFile(site.secrets?.required ?? []);
  wranglerRun(`First release: deploy ${worker} whole, its secrets and Durable Object classes with it`, [
    'deploy',
    ...siteFlags,
    '--secrets-file',
    secrets.file,
  ]);
  secrets.remove();
  const health = dry ? '' : await fetch(new URL('/healthz', publicUrl)).then(async (r) => `${r.status} ${await r.text()}`, String);
  console.log(`\n${++step}. Read it on its host\n   GET ${publicUrl}/healthz`);
  if (!dry && !health.startsWith('200')) stop(`the first version does not answer on its host (/healthz: ${health.slice(0, 120)})`);
  approve(dry ? '<version>' : /ok ([0-9a-f-]{36})/.exec(health)?.[1]);
  console.log(dry ? '\nDry run: nothing was changed.' : `\nReleased ${worker} for the first time.`);
  process.exit(0);
}

const outputs = mkdtempSync(path.join(tmpdir(), 'release-output-'));
const outputFile = path.join(outputs, 'wrangler-output.json');
wranglerRun('Upload the new version, without traffic', ['versions', 'upload', ...siteFlags], {
  env: { WRANGLER_OUTPUT_FILE_PATH: outputFile },
});
const version = dry
  ? '<new version id>'
  : readFileSync(outputFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .find((entry) => entry.type === 'version-upload')?.version_id;
rmSync(outputs, { recursive: true, force: true });
if (!version) stop('wrangler did not name the uploaded version');
const old = dry ? '<serving version id>' : state.serving;

wranglerRun('Deploy it at 0 % beside the serving version, so that its override reaches it', [
  'versions',
  'deploy',
  `${version}@0%`,
  `${old}@100%`,
  ...siteFlags,
  '--yes',
]);
console.log(
  `\n${++step}. Read the new version on the real host by its override\n   Cloudflare-Workers-Version-Overrides: ${worker}="${version}"`,
);
if (!dry) {
  await waitForOverride(version);
  const pay = await fetch(new URL(`/web-payment?p=${checkPayee}`, publicUrl), { headers: overrideHeader(version) }).then(
    (r) => r.status,
    () => 0,
  );
  if (pay !== 200) stop(`the new version's card form answered ${pay}`);
}
approve(version);

serving = old;
wranglerRun(`Give the new version ${share} % of visitors`, [
  'versions',
  'deploy',
  `${version}@${share}%`,
  `${old}@${100 - share}%`,
  ...siteFlags,
  '--yes',
]);

console.log(
  `\n${++step}. Judge the new version by its own events against the serving version's, every minute for ${watchMinutes} minutes\n   $ node scripts/alerts-check.mjs --production --canary ${version} --serving ${old} --minutes <since the split>`,
);
let verdict = dry ? 'promote' : 'wait';
const split = Date.now();
for (let minute = 1; !dry && minute <= watchMinutes; minute++) {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, split + minute * MINUTE_MS - Date.now())));
  const minutes = String(Math.max(1, Math.ceil((Date.now() - split) / 60_000)));
  const judged = spawnSync(
    'node',
    ['scripts/alerts-check.mjs', '--production', '--canary', version, '--serving', old, '--minutes', minutes],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  verdict = { 0: 'promote', 1: 'stop', 3: 'wait' }[judged.status] ?? 'unread';
  if (verdict === 'stop') stop(`the new version does worse than the serving one at ${share} %`);
  if (verdict === 'unread') stop(`the canary could not be judged (alerts:check exited ${judged.status})`);
}
if (verdict !== 'promote')
  stop(
    `too few events of the new version in ${watchMinutes} minutes to judge it: watch longer (--watch-minutes) or give it more (--share)`,
  );

wranglerRun('Give the new version every visitor', ['versions', 'deploy', `${version}@100%`, ...siteFlags, '--yes']);
serving = undefined;
wranglerRun('Apply its triggers (routes, the custom domain, crons): a version upload never changes them', [
  'triggers',
  'deploy',
  ...siteFlags,
]);
console.log(dry ? '\nDry run: nothing was changed.' : `\nReleased ${version}.`);

/** Approves the payment pages `version` draws (PCI DSS 11.6.1) and puts the manifest where the hourly check reads it. */
function approve(version) {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-manifest-'));
  const manifest = path.join(dir, `payment-pages.${version}.json`);
  run("Approve the version's payment pages (PCI DSS 11.6.1)", 'node', [
    'scripts/check-payment-pages.mjs',
    publicUrl ?? '<PUBLIC_URL>',
    '--version',
    version,
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
  const key = approvedManifestKey(version);
  wranglerRun('Put the manifest where the hourly check reads it, under the version', [
    'kv',
    'key',
    'put',
    key,
    '--binding',
    'CACHE',
    ...siteFlags,
    '--remote',
    '--path',
    manifest,
  ]);
  rmSync(dir, { recursive: true, force: true });
}
