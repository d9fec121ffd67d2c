// npm run deploy [-- --dry-run | --check | --log | --secret NAME] [--config wrangler.toml] [--alerts-config alerts/wrangler.toml] [--url https://…] [--share 10] [--watch-minutes 30] [--take-over-host]
//
// The release path: each step, what a failure leaves and the rules it keeps are in
// docs/operations.md ("Releasing"), the why in decision 017. --dry-run prints every step and its
// command and touches nothing; --check runs the checks made before anything changes, and stops;
// --skip-build takes the client build as it is; --log prints the history of the deployments, each
// with its versions' commits and the record a release gave it (who released what, since when);
// --secret NAME puts the value on stdin onto a new version of the serving code. WRANGLER names the wrangler command;
// CLOUDFLARE_API_BASE_URL the API (wrangler's own setting, which the tests point at a stand-in).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runnerImport } from 'vite';
import { unstable_readConfig } from 'wrangler';
import { endRunning, runCommand } from './lib/commands.mjs';
import { BUILDABLE_COMMIT, checkoutCommit } from './lib/commit-checkout.mjs';
import { execFileSync } from 'node:child_process';

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
    check: { type: 'boolean', default: false },
    'take-over-host': { type: 'boolean', default: false },
    log: { type: 'boolean', default: false },
    secret: { type: 'string' },
  },
});
const dry = values['dry-run'];
const share = Number(values.share);
const watchMinutes = Number(values['watch-minutes']);
const API = (process.env.CLOUDFLARE_API_BASE_URL ?? 'https://api.cloudflare.com/client/v4').replace(/\/$/, '');
/** A minute of the canary's watch, and the longest wait for an override to reach a new version (tests shorten both). */
const MINUTE_MS = Number(process.env.DEPLOY_MINUTE_MS ?? 60_000);
const OVERRIDE_WAIT_MS = Number(process.env.DEPLOY_OVERRIDE_WAIT_MS ?? 30_000);
/** The longest a first release waits for its host's certificate and /healthz; the longest one command may run. */
const HOST_WAIT_MS = Number(process.env.DEPLOY_HOST_WAIT_MS ?? 15 * 60_000);
const COMMAND_MS = Number(process.env.DEPLOY_COMMAND_MS ?? 10 * 60_000);
/** How long one read of the site or the API may take. */
const READ_MS = 30_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const load = async (file) => (await runnerImport(path.join(root, file), { configFile: false, logLevel: 'silent' })).module;
const [{ approvedManifestKey }, { AFFINITY_PHASE, affinityRules, sameRule }] = await Promise.all([
  load('src/security/page-compare.ts'),
  load('src/security/version-key.ts'),
]);
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
    `${message}\nUsage: npm run deploy -- [--dry-run | --check | --log | --secret NAME] [--config F] [--alerts-config F] [--url <public URL>] [--share 1-99] [--watch-minutes N] [--take-over-host]`,
  );
  process.exit(2);
}
/**
 * Cloudflare defers a Durable Object's code update up to 300 s by default (durable-objects-code-updates):
 * an object active when the split begins runs the serving code that long, so the watch outlasts
 * that by the minutes the judge needs to see the new code run.
 */
const DEFERRED_MINUTES = 5;
const JUDGED_MINUTES = 3;
if (!(share > 0 && share < 100)) usage('--share must be 1–99.');
if (!(watchMinutes >= DEFERRED_MINUTES + JUDGED_MINUTES))
  usage(
    `--watch-minutes must be at least ${DEFERRED_MINUTES + JUDGED_MINUTES}: a Durable Object active when the split begins keeps the serving code up to ${DEFERRED_MINUTES} minutes (Cloudflare's deferred code update), and the new code is judged for ${JUDGED_MINUTES} more.`,
  );
if (!dry && (placeholder(publicUrl) || !/^https?:\/\//.test(publicUrl)))
  usage(`PUBLIC_URL of [env.production.vars] (or --url) is not set: ${publicUrl}`);
if (!dry && (placeholder(checkPayee) || placeholder(checkProvider)))
  usage(
    'RELEASE_CHECK_PAYEE_ID and RELEASE_CHECK_PROVIDER of [env.production.vars] name the payee and provider whose pages a release checks.',
  );

const wrangler = (process.env.WRANGLER ?? 'npx wrangler').split(' ');
const siteFlags = ['--config', values.config, '--env', 'production'];
/**
 * The configuration of every deployment before the promotion, and of the put-back: the Worker's
 * name alone. `versions deploy` applies a configuration's non-versioned settings (observability,
 * logpush, tail consumers) to the whole Worker, so the new ones go out with the promotion only.
 */
const SETTINGS_FREE = '.wrangler/release/versions-deploy.json';
const deployFlags = ['--config', SETTINGS_FREE];
/** The non-versioned settings the promotion applies, and the put-back restores. */
const SETTINGS = ['logpush', 'tail_consumers', 'streaming_tail_consumers', 'observability'];

/** Who releases, from which commit, since when: carried by the version (`--tag`, `--message`) and every deployment the release makes. */
const git = (...args) => {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
};
const commit = `${git('rev-parse', '--short=12', 'HEAD') || 'unknown'}${git('status', '--porcelain', '--untracked-files=no') ? '-dirty' : ''}`;
const who = (process.env.DEPLOY_BY || git('config', 'user.name') || userInfo().username).slice(0, 16);
const since = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
/** Cloudflare keeps 100 bytes of a deployment's message: the record and its longest step fit. */
const RECORD = `release ${commit} by ${who} since ${since}`;
/** A release's record as its deployments carry it: its commit, who holds it, since when. */
const HELD = /^release (\S+) by (.+) since (\d{4}-\d\d-\d\dT[\d:]+Z)/;
const overrideHeader = (version) => ({ 'Cloudflare-Workers-Version-Overrides': `${worker}="${version}"` });
/** The configuration's Custom Domains. */
const hosts = (site.routes ?? []).filter((r) => typeof r === 'object' && r.custom_domain).map((r) => r.pattern);
const cacheNamespace = site.kv_namespaces.find((n) => n.binding === 'CACHE')?.id;
if (values.check && dry) usage('--check and --dry-run do not go together: --check reads the account, --dry-run reads nothing.');

/** A failed step: thrown to the top, which puts the serving version back once the new one was deployed beside it. */
class Stopped extends Error {}
/** A stop because someone else changed the deployment during the release: what they did is left in place. */
class Overtaken extends Stopped {}
/** The stop under way (`end`), once a step failed or a signal came: no step starts after it. */
let ending;
const stop = (reason) => {
  throw new Stopped(reason);
};

/** A word of a printed command as a shell takes it: quoted where it holds a space or a shell's character (a dry run's `<placeholders>` aside). */
const shellWord = (word) => (/[\s'"$`\\;&|()]/.test(word.replace(/<[^>]*>/g, '')) ? `'${word.replaceAll("'", "'\\''")}'` : word);

let step = 0;
/** Prints a step and its command; runs it (within COMMAND_MS, ended whole past it) unless this is a dry run, and gives back what it printed. */
async function run(title, command, args, { env, cwd = root, input } = {}) {
  if (ending) stop(`${title}: not started, the release is stopping`);
  console.log(`\n${++step}. ${title}\n   $ ${[command, ...args].map(shellWord).join(' ')}`);
  if (dry) return '';
  const done = await runCommand(command, args, {
    cwd,
    input,
    timeoutMs: COMMAND_MS,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', ...env },
  });
  if (done.timedOut) return stop(`${title}: no answer in ${COMMAND_MS / 1000} s (the command was ended)`);
  if (done.status !== 0) return stop(`${title}: Command failed: ${[command, ...args].join(' ')}`);
  return done.stdout;
}
const wranglerRun = (title, args, options) => run(title, wrangler[0], [...wrangler.slice(1), ...args], options);

/** Runs a wrangler command that writes its output file (WRANGLER_OUTPUT_FILE_PATH), and gives back the entry of `type`. */
async function wranglerOutput(title, args, type, cwd = root) {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-output-'));
  const file = path.join(dir, 'wrangler-output.json');
  try {
    await wranglerRun(title, args, { env: { WRANGLER_OUTPUT_FILE_PATH: file }, cwd });
    if (dry) return {};
    const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
    return lines.map((line) => JSON.parse(line)).find((entry) => entry.type === type) ?? {};
  } catch (error) {
    if (error instanceof Stopped) throw error;
    return stop(`${title}: wrangler's output could not be read (${error.message})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One call of Cloudflare's API: its status and its envelope's result or first error (status 0: no answer). */
async function api(pathname, init = {}) {
  try {
    const res = await fetch(`${API}${pathname.startsWith('/zones') ? '' : `/accounts/${process.env.CLOUDFLARE_ACCOUNT_ID}`}${pathname}`, {
      ...init,
      headers: { Authorization: `Bearer ${process.env.CLOUDFLARE_API_TOKEN}`, ...init.headers },
      signal: AbortSignal.timeout(READ_MS),
    });
    const body = await res.json().catch(() => ({}));
    return { status: res.status, result: body.result, error: body.errors?.[0] };
  } catch (error) {
    return { status: 0, error: { message: String(error.message ?? error) } };
  }
}
/** Cloudflare refuses a token without a permission before it reads what was asked (10000, or 9109 on zones). */
const refused = (answer) => answer.status === 401 || answer.status === 403;
/** What a read that neither answered nor was refused says. */
const failed = (what, answer) =>
  `${what} could not be read (${answer.status || 'no answer'}${answer.error?.message ? `: ${answer.error.message}` : ''})`;
const json = (body) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

/** A read of the site on its host within READ_MS: `<status> <body>`, or what failed. */
const read = (pathname, headers = {}) =>
  fetch(new URL(pathname, publicUrl), { headers, signal: AbortSignal.timeout(READ_MS) }).then(
    async (r) => `${r.status} ${await r.text()}`,
    (error) => `no answer (${error.cause?.code ?? error.message})`,
  );

/**
 * Each Custom Domain's zone, as wrangler finds it: the longest of the host's suffixes that is a
 * zone of the account. Gives back `{ host, zone?, id? }` each, and whether the lookup was refused.
 */
async function zonesOfHosts() {
  const suffixes = (host) => {
    const labels = host.split('.');
    return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
  };
  const names = [...new Set(hosts.flatMap(suffixes))];
  const answers = await Promise.all(names.map((name) => api(`/zones?name=${encodeURIComponent(name)}`)));
  const ids = new Map(names.flatMap((name, i) => (answers[i].result?.[0]?.id ? [[name, answers[i].result[0].id]] : [])));
  const plans = new Map(names.flatMap((name, i) => (answers[i].result?.[0]?.id ? [[name, answers[i].result[0].plan?.legacy_id]] : [])));
  return {
    refused: answers.some(refused),
    unread: answers.filter((a) => !refused(a) && a.status !== 200).map((a) => failed('A zone', a)),
    zones: hosts.map((host) => {
      const zone = suffixes(host).find((name) => ids.has(name));
      return { host, zone, id: zone && ids.get(zone), plan: zone && plans.get(zone) };
    }),
  };
}

/** What must hold before anything changes; a refusal names everything missing and what to do. */
async function preflight() {
  console.log(`\n${++step}. Check, before anything changes: the token's permissions, the Worker's state, its secrets, its host`);
  if (dry) return { exists: true };
  for (const name of ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID'])
    if (!process.env[name]) usage(`${name} is not set: the release needs an API token and its account.`);
  const refuse = (reason) => {
    console.error(`\nRelease refused, nothing changed: ${reason}`);
    process.exit(1);
  };
  // Each permission asked by a call that changes nothing: a read, a write of nothing, or a change the API refuses once the permission is checked.
  const [analytics, service, alertsService, scripts, kv, zoning, deployments, secrets, settings] = await Promise.all([
    api('/analytics_engine/sql', { method: 'POST', body: 'SELECT 1 FORMAT JSON' }),
    api(`/workers/services/${worker}`),
    api(`/workers/services/${alerts.name}`),
    api(`/workers/scripts/${worker}/secrets`, { ...json({}), method: 'PUT' }),
    api(`/storage/kv/namespaces/${cacheNamespace}/bulk`, { ...json([]), method: 'PUT' }),
    zonesOfHosts(),
    api(`/workers/scripts/${worker}/deployments`),
    api(`/workers/scripts/${worker}/secrets`),
    api(`/workers/scripts/${worker}/script-settings`),
  ]);
  const zoned = zoning.zones.filter((z) => z.id);
  const [routes, records, attached, affinity] = await Promise.all([
    Promise.all(zoned.map((z) => api(`/zones/${z.id}/workers/routes`, json({})))),
    Promise.all(zoned.map((z) => api(`/zones/${z.id}/dns_records?name=${encodeURIComponent(z.host)}`))),
    Promise.all(zoned.map((z) => api(`/workers/domains?hostname=${encodeURIComponent(z.host)}`))),
    affinityOf(zoned, { probe: true }),
  ]);
  const missing = [];
  const unread = [...zoning.unread];
  if (refused(analytics)) missing.push('Account Analytics Read (the canary is judged on the Analytics Engine SQL API)');
  else if (analytics.status !== 200) unread.push(failed('The Analytics Engine SQL API', analytics));
  if ([service, alertsService, scripts].some(refused)) missing.push('Workers Scripts Write (versions, deployments, secrets)');
  else
    for (const [what, a] of [
      [worker, service],
      [alerts.name, alertsService],
    ])
      if (![200, 404].includes(a.status)) unread.push(failed(`The Worker ${what}`, a));
  if (refused(kv)) missing.push('Workers KV Storage Write (the approved payment pages are put in KV)');
  else if (kv.status !== 200) unread.push(failed('The KV namespace of CACHE', kv));
  for (const z of zoning.zones) {
    if (zoning.refused && !z.id)
      missing.push(
        `Zone Read on the zone of ${z.host} (its lookup; without it, Workers Routes Write and DNS Read there cannot be checked)`,
      );
    else if (!z.id) missing.push(`a zone of this account holding ${z.host} (add the zone, or the token's access to it)`);
  }
  zoned.forEach((z, i) => {
    if (refused(routes[i])) missing.push(`Workers Routes Write on ${z.zone} (the Custom Domain ${z.host})`);
    if (refused(records[i])) missing.push(`DNS Read on ${z.zone} (the records of ${z.host}, read before a Custom Domain is made)`);
    else if (records[i].status !== 200) unread.push(failed(`The DNS records of ${z.host}`, records[i]));
    if (!refused(attached[i]) && attached[i].status !== 200) unread.push(failed(`The Custom Domains of ${z.host}`, attached[i]));
  });
  for (const z of affinity) {
    // A rule's value read from a named cookie (`http.request.cookies`) needs a paid plan.
    if (z.plan === 'free')
      missing.push(
        `a Pro, Business or Enterprise plan on ${z.zone} (the version-affinity rule reads its cookie with http.request.cookies, which the Free plan lacks)`,
      );
    if (z.refused)
      missing.push(`Transform Rules Write on ${z.zone} (the version-affinity rule that keeps each visitor on one version during a split)`);
    else if (z.unread) unread.push(z.unread);
  }
  const exists = service.status === 200;
  const alertsNew = alertsService.status === 404;
  if (exists)
    for (const [what, a] of [
      ['The deployments', deployments],
      ['The secrets', secrets],
      ["The Worker's settings", settings],
    ])
      if (!refused(a) && a.status !== 200) unread.push(failed(what, a));
  // Everything missing, named in one refusal: permissions, and the secrets a release needs.
  const fromEnvironment = [
    ...(exists ? [] : (site.secrets?.required ?? []).map((name) => [worker, name])),
    ...(alertsNew ? (alerts.secrets?.required ?? []).map((name) => [alerts.name, name]) : []),
  ].filter(([, name]) => !process.env[name]);
  // The newest version's secrets, which the upload inherits (wrangler's own `secrets.required` check, made at upload, asked here first).
  const lacking =
    exists && secrets.status === 200 ? (site.secrets?.required ?? []).filter((name) => !secrets.result.some((s) => s.name === name)) : [];
  const problems = [
    missing.length &&
      `the API token lacks ${missing.length === 1 ? 'a permission' : 'permissions'} the release uses:\n  - ${missing.join('\n  - ')}\nAdd ${missing.length === 1 ? 'it' : 'them'} to the token (dash.cloudflare.com/profile/api-tokens), then release again.`,
    fromEnvironment.length &&
      `a Worker's first release sets its secrets, and these are not in the environment: ${fromEnvironment.map(([w, name]) => `${name} (${w})`).join(', ')}.`,
    lacking.length &&
      `${worker} lacks the secrets ${lacking.join(', ')}: set each with printf %s "$VALUE" | npm run deploy -- --secret <NAME> (onto the serving code, even after a stopped release).`,
  ].filter(Boolean);
  if (problems.length) refuse(problems.join('\n'));
  if (unread.length) refuse(`${unread.join('; ')}. Nothing was changed; release again once the API answers.`);
  checkHosts(
    zoned.map((z, i) => ({ host: z.host, records: records[i].result ?? [], domains: attached[i].result ?? [] })),
    refuse,
  );
  if (!exists) return { exists: false, alertsNew, affinity };
  const newestTag = site.migrations.at(-1)?.tag ?? null;
  const tag = service.result?.default_environment?.script?.migration_tag ?? null;
  if (tag !== newestTag)
    refuse(
      `this version changes Durable Object classes (migration ${tag ?? 'none'} → ${newestTag}), which Cloudflare applies only to a version deployed whole, never to a gradual release. ` +
        `In a quiet hour run: npx wrangler deploy ${siteFlags.join(' ')} — then check the site and the alerts.`,
    );
  const current = deployments.result?.deployments?.[0];
  if (!current || current.versions.length !== 1 || current.versions[0].percentage !== 100) {
    const split = (current?.versions ?? []).map((v) => `${v.version_id} ${v.percentage} %`).join(', ');
    const held = HELD.exec(current?.annotations?.['workers/message'] ?? '');
    refuse(
      `a gradual deployment is under way (${split})${held ? `, made by the release of ${held[1]} by ${held[2]}, since ${held[3]}: if it still runs, wait for it to end or ask them; otherwise finish it` : '. Finish it'}` +
        ` (npx wrangler versions deploy <version>@100% ${siteFlags.join(' ')}) or put the serving version back, then release again.`,
    );
  }
  const serving = Object.fromEntries(
    SETTINGS.flatMap((name) => (settings.result?.[name] === undefined ? [] : [[name, settings.result[name]]])),
  );
  return { exists: true, alertsNew, affinity, settings: serving, serving: current.versions[0].version_id, deployment: current.id };
}

/**
 * The version-affinity rules (src/security/version-key.ts) each zone of the site's hosts must hold
 * in its request-header phase, what it holds (read by their `ref`), and the changes that make it so.
 */
async function affinityOf(zoned, { probe = false } = {}) {
  const byZone = new Map();
  for (const z of zoned) byZone.set(z.id, { zone: z.zone, id: z.id, plan: z.plan, hosts: [...(byZone.get(z.id)?.hosts ?? []), z.host] });
  return Promise.all(
    [...byZone.values()].map(async (z) => {
      const wanted = affinityRules(z.hosts);
      // Write asked by a ruleset with no name, which the API refuses once the permission is checked; then the phase read.
      const [written, read] = await Promise.all([
        probe ? api(`/zones/${z.id}/rulesets`, json({ kind: 'zone', phase: AFFINITY_PHASE })) : { status: 400 },
        api(`/zones/${z.id}/rulesets/phases/${AFFINITY_PHASE}/entrypoint`),
      ]);
      if (refused(written) || refused(read)) return { ...z, wanted, refused: true };
      // A phase never written has no entrypoint ruleset (10003): it is made with the rules.
      if (read.status === 404 && read.error?.code === 10003) return { ...z, wanted, state: 'missing', changes: [{ create: wanted }] };
      if (read.status !== 200 || !read.result?.id) return { ...z, wanted, unread: failed(`The request-header rules of ${z.zone}`, read) };
      const held = read.result?.rules ?? [];
      const changes = wanted.flatMap((rule) => {
        const found = held.find((h) => h.ref === rule.ref);
        if (!found) return [{ add: rule, ruleset: read.result.id }];
        return sameRule(found, rule) ? [] : [{ patch: rule, ruleset: read.result.id, id: found.id }];
      });
      const state = !changes.length ? 'as written' : changes.some((c) => c.patch) ? 'changed' : 'missing';
      return { ...z, wanted, state, changes };
    }),
  );
}

/** What the affinity rules of each zone are, as `--check` reports it. */
const AFFINITY_STATE = {
  'as written': 'as written',
  missing: 'missing: the release adds it before the new version gets any visitor',
  changed: 'changed since a release wrote it: the release writes it back before the new version gets any visitor',
};

/**
 * Makes each zone hold the version-affinity rules, changing only those rules (a rule added or
 * patched by its id, the phase made when it has none), before the new version can get a visitor.
 */
async function ensureAffinity(zones) {
  if (ending) stop('the version-affinity rule: not written, the release is stopping');
  const shown = (rules) => JSON.stringify(rules, null, 2).replace(/\n/g, '\n   ');
  if (dry) {
    console.log(
      `\n${++step}. Make the zone of ${hosts.join(', ')} hold the version-affinity rules (a request's Cloudflare-Workers-Version-Key from its cookie, or a new one), adding or mending only these\n` +
        `   POST /zones/<zone id>/rulesets (the phase's ruleset, when it has none), else POST or PATCH /zones/<zone id>/rulesets/<ruleset id>/rules[/<rule id>]\n   ${shown(affinityRules(hosts))}`,
    );
    return;
  }
  // Read again now: the phase may have changed since the preflight (an operator, another tool).
  const again = await affinityOf(zones.flatMap((z) => z.hosts.map((host) => ({ zone: z.zone, id: z.id, plan: z.plan, host }))));
  for (const z of again) {
    if (z.unread) stop(z.unread);
    if (!z.changes.length) {
      console.log(`\n${++step}. The version-affinity rules of ${z.zone}: as written, nothing to change`);
      continue;
    }
    for (const change of z.changes) {
      // A phase without rules gets its ruleset made, which the API refuses if one was made meanwhile: nobody's rules are replaced.
      const [method, where, body] = change.create
        ? ['POST', `/zones/${z.id}/rulesets`, { name: 'default', kind: 'zone', phase: AFFINITY_PHASE, rules: change.create }]
        : change.add
          ? ['POST', `/zones/${z.id}/rulesets/${change.ruleset}/rules`, change.add]
          : ['PATCH', `/zones/${z.id}/rulesets/${change.ruleset}/rules/${change.id}`, change.patch];
      console.log(`\n${++step}. The version-affinity rules of ${z.zone}: ${z.state}, written\n   ${method} ${where}\n   ${shown(body)}`);
      const done = await api(where, { ...json(body), method });
      if (done.status !== 200)
        stop(failed(`The version-affinity rule of ${z.zone}`, done).replace('could not be read', 'could not be written'));
    }
  }
}

/**
 * Whatever release first makes a Custom Domain, wrangler, run without a terminal, replaces what
 * the host had (it sends `override_existing_dns_record` and `override_existing_origin`): a host
 * not yet this Worker's that has a DNS record or another Worker's domain is taken over only when
 * asked (--take-over-host). A CNAME is never taken over (Custom Domains refuse one).
 */
function checkHosts(found, refuse) {
  const fresh = found
    .filter((f) => !f.domains.some((d) => d.service === worker))
    .map((f) => ({
      host: f.host,
      records: f.records.map((r) => `${r.type} ${r.content}`),
      cname: f.records.some((r) => r.type === 'CNAME'),
      workers: f.domains.map((d) => d.service),
    }));
  const cnames = fresh.filter((f) => f.cname);
  if (cnames.length)
    refuse(
      `${cnames.map((f) => `${f.host} has a CNAME record (${f.records.join(', ')})`).join('; ')}, and a Custom Domain cannot be made on a host with a CNAME: delete the record once its traffic may move, then release again.`,
    );
  const taken = fresh.filter((f) => f.records.length || f.workers.length);
  if (taken.length && !values['take-over-host'])
    refuse(
      `${taken
        .map(
          (f) =>
            `${f.host} already has ${[...f.records.map((r) => `the DNS record ${r}`), ...f.workers.map((w) => `the Custom Domain of the Worker ${w}`)].join(' and ')}`,
        )
        .join(
          '; ',
        )}. This release would replace ${taken.length === 1 ? 'it' : 'them'}: release again with --take-over-host once its traffic may move to ${worker}.`,
    );
  for (const f of taken)
    console.log(`   ${f.host}: taking over ${[...f.records, ...f.workers.map((w) => `Worker ${w}`)].join(', ')} (--take-over-host)`);
}

/** A file of `NAME=value` lines for `wrangler deploy --secrets-file`, from the environment; removed once read. */
function secretsFile(names) {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-'));
  const file = path.join(dir, 'secrets.json');
  writeFileSync(file, JSON.stringify(Object.fromEntries(names.map((name) => [name, process.env[name]]))), { mode: 0o600 });
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Reads `pathname` every second until `answered` holds or `ms` pass; gives back the last answer and whether it held. */
async function readUntil(pathname, headers, answered, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    const last = await read(pathname, headers);
    if (answered(last)) return { last, ok: true };
    if (Date.now() > deadline) return { last, ok: false };
    await sleep(1000);
  }
}

/** The first release: the Worker deployed whole, then its host read until its certificate and /healthz answer with that version. */
async function firstRelease() {
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
  const version = dry ? '<version>' : deployed.version_id;
  if (!version) stop('wrangler did not name the deployed version');
  console.log(
    `\n${++step}. Wait for its host: the Custom Domain's certificate, then /healthz naming ${version} (at most ${HOST_WAIT_MS / 60_000} minutes)\n   GET ${publicUrl}/healthz`,
  );
  if (!dry) {
    const { last, ok } = await readUntil('/healthz', {}, (answer) => answer.startsWith('200') && answer.includes(version), HOST_WAIT_MS);
    if (!ok)
      stop(
        `${worker} is deployed, but its host did not answer as ${version} in ${HOST_WAIT_MS / 60_000} minutes (/healthz: ${last.slice(0, 120)}). ` +
          `Check the Custom Domain's certificate (dashboard: Workers → ${worker} → Settings → Domains), then approve its pages: npm run check:payment-pages -- ${publicUrl} --version ${version} --approve (docs/operations.md, "Releasing").`,
      );
  }
  await approve(version);
  console.log(dry ? '\nDry run: nothing was changed.' : `\nReleased ${worker} for the first time.`);
}

/** Whether a deployment is this release's: the one it read before its first change or the last wrangler said it made, or one carrying its record (made, its command ended before it said so). */
const isOurs = (deployment, beside) =>
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

/**
 * Whether the deployment is still the one this release made (or read before its first change):
 * anyone else's change, a hand fix in an incident or another release, stops it and is left in place.
 */
async function stillOurs(beside) {
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
async function deployOurs(beside, title, versions, message, flags = deployFlags) {
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

/** A new version beside the serving one: 0 %, read by its override, approved, a share judged, 100 %, its triggers. */
async function release(old, beside) {
  const uploaded = await wranglerOutput(
    'Upload the new version, without traffic, with its commit and record',
    ['versions', 'upload', ...siteFlags, '--tag', commit, '--message', RECORD],
    'version-upload',
  );
  const version = dry ? '<new version id>' : uploaded.version_id;
  if (!version) stop('wrangler did not name the uploaded version');

  // From here the account may hold the new version beside the serving one: any stop puts the serving version back.
  beside.version = version;
  await deployOurs(
    beside,
    'Deploy it at 0 % beside the serving version, so that its override reaches it',
    [`${version}@0%`, `${old}@100%`],
    `${RECORD}: 0 %`,
  );
  console.log(
    `\n${++step}. Read the new version on the real host by its override (at most ${OVERRIDE_WAIT_MS / 1000} s)\n   Cloudflare-Workers-Version-Overrides: ${worker}="${version}"`,
  );
  if (!dry) {
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
  await approve(version);

  await deployOurs(
    beside,
    `Give the new version ${share} % of visitors`,
    [`${version}@${share}%`, `${old}@${100 - share}%`],
    `${RECORD}: ${share} %, pages approved`,
  );

  console.log(
    `\n${++step}. Judge the new version by its own events against the serving version's, and the serving version by its own budget, every minute for ${watchMinutes} minutes\n   $ node scripts/alerts-check.mjs --production --canary ${version} --serving ${old} --minutes <since the split>`,
  );
  let verdict = dry ? 'promote' : 'wait';
  const split = Date.now();
  for (let minute = 1; !dry && minute <= watchMinutes; minute++) {
    await sleep(Math.max(0, split + minute * MINUTE_MS - Date.now()));
    await stillOurs(beside);
    if (ending) stop('the release is stopping');
    const minutes = String(Math.max(1, Math.ceil((Date.now() - split) / 60_000)));
    const judged = await runCommand(
      'node',
      ['scripts/alerts-check.mjs', '--production', '--canary', version, '--serving', old, '--minutes', minutes],
      { cwd: root, timeoutMs: COMMAND_MS, echo: true, env: process.env },
    );
    verdict = { 0: 'promote', 1: 'stop', 3: 'wait' }[judged.status] ?? 'unread';
    if (verdict === 'stop') stop(`the canary judge stopped it at ${share} % (alerts:check above)`);
    if (verdict === 'unread') stop(`the canary could not be judged (alerts:check exited ${judged.status ?? judged.signal})`);
  }
  if (verdict !== 'promote')
    stop(
      `too few events of the new version in ${watchMinutes} minutes to judge it: watch longer (--watch-minutes) or give it more (--share)`,
    );

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
  console.log(dry ? '\nDry run: nothing was changed.' : `\nReleased ${version}.`);
}

/** Whether the account's deployment is `old` alone at 100 % (undefined: it could not be read). */
async function servesAlone(old) {
  const now = await api(`/workers/scripts/${worker}/deployments`);
  if (now.status !== 200) return { alone: undefined, versions: [] };
  const newest = now.result?.deployments?.[0];
  const versions = newest?.versions ?? [];
  return { alone: versions.length === 1 && versions[0].version_id === old && versions[0].percentage === 100, versions, newest };
}

/**
 * After a stop: the serving version back to every visitor, its Durable Objects at once. The
 * deployment is read first (nothing to do if it already serves alone), and the put-back, a
 * deployment wrangler never retries itself, is tried three times at most. Gives back whether it holds.
 */
async function putBack(old, version, beside) {
  const command = [
    ...wrangler,
    'versions',
    'deploy',
    `${old}@100%`,
    ...deployFlags,
    '--yes',
    '--durable-objects-code-update-mode',
    'immediate',
  ];
  let said = '';
  let state = await servesAlone(old);
  // A deployment someone else made since this release's last (a hand fix) is theirs: left in place.
  if (!state.alone && state.newest && !isOurs(state.newest, beside)) {
    console.error(
      `\nThe deployment is no longer this release's (now ${state.versions.map((v) => `${v.version_id} at ${v.percentage} %`).join(' and ')}): someone changed it, and it is left as it is. Check it: npx wrangler deployments list ${siteFlags.join(' ')}`,
    );
    return false;
  }
  for (let attempt = 1; attempt <= 3 && !state.alone; attempt++) {
    if (attempt > 1) await sleep(attempt * 2000);
    console.log(
      `\n${++step}. Put the serving version back to every visitor, its Durable Objects at once (try ${attempt} of 3)\n   $ ${command.map(shellWord).join(' ')}`,
    );
    const done = await runCommand(command[0], command.slice(1), {
      cwd: root,
      timeoutMs: COMMAND_MS,
      echo: true,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    });
    said = done.output;
    // Read again: a deployment a stopped command sent before it was ended may land after this one.
    state = await servesAlone(old);
    if (done.status === 0 && state.alone) return true;
    if (done.status === 0) continue;
    // A refusal that asking again cannot change: the token, or secrets changed since the serving version (10220).
    if (/\[code: (10000|9109|10220)\]/.test(said)) break;
  }
  if (state.alone) {
    console.log(`\nThe serving version ${old} has every visitor: nothing to put back.`);
    return true;
  }
  console.error(
    `\nThe serving version could not be put back: the account serves ${state.versions.map((v) => `${v.version_id} at ${v.percentage} %`).join(' and ') || 'what could not be read'}.` +
      `\nRun, once the cause above is mended:\n  ${command.map(shellWord).join(' ')}` +
      (/\[code: 10220\]/.test(said)
        ? `\nCloudflare refused it because a secret changed since ${old} last served (10220). Roll back to it as it was (wrangler re-sends the deployment with ?force=true, its old secrets with it), then change the secret onto its code with npm run deploy -- --secret <NAME>:\n  ${[...wrangler, 'rollback', old, ...siteFlags, '--message', 'Put back after a stopped release', '--yes', '--durable-objects-code-update-mode', 'immediate'].map(shellWord).join(' ')}`
        : '') +
      `\nThen check it: npx wrangler deployments list ${siteFlags.join(' ')} (the stopped version ${version} must not serve).`,
  );
  return false;
}

/** After a put-back that follows the promotion: the serving version's settings, as the preflight read them, on the Worker again. */
async function restoreSettings(old, settings) {
  console.log(
    `\n${++step}. Put the serving version's settings back (${Object.keys(settings).join(', ')})\n   PATCH /workers/scripts/${worker}/script-settings`,
  );
  const done = await api(`/workers/scripts/${worker}/script-settings`, { ...json(settings), method: 'PATCH' });
  if (done.status !== 200)
    console.error(
      `\nThe serving version's settings could not be put back (${done.status || 'no answer'}): from its commit, run npx wrangler versions deploy ${old}@100% ${siteFlags.join(' ')} --yes`,
    );
}

/** Approves the payment pages `version` draws (PCI DSS 11.6.1) and puts the manifest where the hourly check reads it. */
async function approve(version) {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-manifest-'));
  const manifest = path.join(dir, `payment-pages.${version}.json`);
  try {
    await run("Approve the version's payment pages (PCI DSS 11.6.1)", 'node', [
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
    await wranglerRun('Put the manifest where the hourly check reads it, under the version', [
      'kv',
      'key',
      'put',
      approvedManifestKey(version),
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
}

/**
 * `--secret NAME` (its value on stdin): the secret onto a new version of the serving code, deployed
 * to every visitor. `versions secret put` copies the newest version, which after a stopped release
 * is the stopped one: then the serving version's commit (its `--tag`) is uploaded again first.
 */
async function fixSecret(name) {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const value = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (!value) usage(`--secret ${name} takes the secret's value on stdin: printf %s "$VALUE" | npm run deploy -- --secret ${name}`);
  if (!(site.secrets?.required ?? []).includes(name)) usage(`${name} is not one of [env.production.secrets] required.`);
  const [deployments, versions] = await Promise.all([
    api(`/workers/scripts/${worker}/deployments`),
    api(`/workers/scripts/${worker}/versions`),
  ]);
  if (deployments.status !== 200 || versions.status !== 200) {
    console.error(`\nNothing changed: ${failed('The deployments and versions', deployments.status !== 200 ? deployments : versions)}.`);
    process.exit(1);
  }
  const now = deployments.result?.deployments?.[0];
  if (now?.versions.length !== 1 || now.versions[0].percentage !== 100) {
    console.error(
      `\nNothing changed: a gradual deployment is under way; finish it or put the serving version back first (npm run deploy -- --log).`,
    );
    process.exit(1);
  }
  const serving = now.versions[0].version_id;
  const items = versions.result?.items ?? [];
  const newest = items[0]?.id;
  const tag = items.find((v) => v.id === serving)?.annotations?.['workers/tag'] ?? '';
  const beside = { deployment: now.id };
  // Its record, whole in a version's and a deployment's 100 bytes, and the one way the new version is found.
  const record = `${name} on ${tag || serving.slice(0, 8)} by ${who} ${since}`;
  let checkout;
  let code = 0;
  try {
    if (newest !== serving) {
      console.log(
        `\nThe newest version ${newest} is not the serving one (a stopped release left it): the serving version's commit ${tag || '(none on record)'} is uploaded again, and the secret goes onto that.`,
      );
      if (!BUILDABLE_COMMIT.test(tag))
        stop(
          `the serving version ${serving} names no commit to build (its tag is "${tag}"): upload its code again by hand (npx wrangler versions upload from its commit), then run this again`,
        );
      console.log(`\n${++step}. Check out and build the serving commit ${tag}`);
      checkout = await checkoutCommit(root, tag, { files: [values.config], timeoutMs: COMMAND_MS }).catch((error) =>
        stop(`the serving commit ${tag} could not be built: ${error.message}`),
      );
      await wranglerRun(
        `Upload the serving commit ${tag} again, without traffic`,
        ['versions', 'upload', ...siteFlags, '--tag', tag, '--message', `again: ${record}`],
        { cwd: checkout.dir },
      );
    }
    await wranglerRun(
      `Put ${name} onto a new version of the serving code, without traffic`,
      ['versions', 'secret', 'put', name, ...siteFlags, ...(tag ? ['--tag', tag] : []), '--message', record],
      { input: value },
    );
    const listed = (await api(`/workers/scripts/${worker}/versions`)).result?.items ?? [];
    const made = listed.find((v) => v.annotations?.['workers/message'] === record)?.id;
    if (!made) stop(`the version with ${name} (its message "${record}") could not be found`);
    await deployOurs(
      beside,
      'Deploy it at 0 % beside the serving version, so that its override reaches it',
      [`${made}@0%`, `${serving}@100%`],
      `${record}: 0 %`,
    );
    console.log(`\n${++step}. Read it on the real host by its override (at most ${OVERRIDE_WAIT_MS / 1000} s)`);
    const health = await readUntil('/healthz', overrideHeader(made), (a) => a.startsWith('200') && a.includes(made), OVERRIDE_WAIT_MS);
    if (!health.ok) stop(`the version with ${name} does not answer for itself by its override (/healthz: ${health.last.slice(0, 120)})`);
    await deployOurs(beside, 'Give it every visitor', [`${made}@100%`], `${record}: 100 %`);
    console.log(`\n${name} changed: ${made} serves every visitor, the serving code with the new secret.`);
  } catch (error) {
    code = 1;
    const back = await servesAlone(serving);
    console.error(
      `\nSecret not changed: ${error instanceof Error ? error.message : error}. ` +
        (back.alone
          ? `The serving version ${serving} still serves every visitor.`
          : `Put the serving version back: ${[...wrangler, 'versions', 'deploy', `${serving}@100%`, ...deployFlags, '--yes'].map(shellWord).join(' ')}`),
    );
  } finally {
    checkout?.remove();
  }
  process.exit(code);
}

/** `--log`: the history of the Worker's deployments, newest first, each with its versions' commits and its record. */
async function printLog() {
  const [deployments, versions] = await Promise.all([
    api(`/workers/scripts/${worker}/deployments`),
    api(`/workers/scripts/${worker}/versions`),
  ]);
  if (deployments.status !== 200) {
    console.error(failed('The deployments', deployments));
    process.exit(1);
  }
  const tags = new Map((versions.result?.items ?? []).map((v) => [v.id, v.annotations?.['workers/tag']]));
  for (const d of deployments.result?.deployments ?? []) {
    const serving = d.versions.map(
      (v) => `${v.version_id}${tags.get(v.version_id) ? ` (${tags.get(v.version_id)})` : ''} ${v.percentage} %`,
    );
    const record = d.annotations?.['workers/message'] ?? `by ${d.annotations?.['workers/triggered_by'] ?? 'unknown'}`;
    console.log(`${d.created_on}  ${serving.join(', ')}  ${record}${d.author_email ? ` <${d.author_email}>` : ''}`);
  }
  process.exit(0);
}
if (values.log) await printLog();
/** Writes the settings-free configuration every deployment but the promotion is made with (SETTINGS_FREE). */
function writeSettingsFree() {
  mkdirSync(path.dirname(path.join(root, SETTINGS_FREE)), { recursive: true });
  writeFileSync(path.join(root, SETTINGS_FREE), JSON.stringify({ name: worker, compatibility_date: site.compatibility_date }));
}
if (values.secret) {
  writeSettingsFree();
  await fixSecret(values.secret);
}

const state = await preflight();
if (values.check) {
  for (const z of state.affinity) console.log(`\nVersion affinity on ${z.zone} (${z.hosts.join(', ')}): ${AFFINITY_STATE[z.state]}.`);
  console.log(
    `\nReady to release: every permission, ${state.exists ? "the Worker's state and its secrets" : 'the secrets and the host of a first release'} hold. Nothing changed.`,
  );
  process.exit(0);
}
/** The new version while it may serve beside the serving one, and whether its triggers were being applied. */
const beside = { version: undefined, triggers: false, deployment: state.deployment };
/**
 * Ends the release after a stop, a signal or a closed output: every command still running is
 * ended whole and waited for, then the serving version is put back where the new one may serve,
 * then what the account holds is said. A second call (a second Ctrl-C) changes nothing.
 */
function end(reason, code = 1, { putBack: back = true } = {}) {
  if (ending) {
    console.error(`\n${reason}: the release is already stopping, and finishes its stop first.`);
    return ending;
  }
  ending = (async () => {
    console.error(`\nRelease stopped: ${reason}`);
    await endRunning();
    if (!back) process.exit(code);
    const backed = !state.exists || !beside.version || (await putBack(state.serving, beside.version, beside));
    if (backed && beside.settings) await restoreSettings(state.serving, state.settings);
    if (backed && beside.triggers)
      console.error(
        `\nIts triggers may be partly applied (routes, the Custom Domain, crons): run npx wrangler triggers deploy ${siteFlags.join(' ')} from the serving version's commit.`,
      );
    else if (backed && state.exists)
      console.error(`\n${worker} serves as it did before the release; the next \`npm run deploy\` can start.`);
    process.exit(code);
  })();
  return ending;
}
// A release interrupted (Ctrl-C, a closed terminal, a stopped job) ends as a stop does, however many signals come.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void end(`interrupted (${signal})`, 130));
// Its output closed (a terminal gone, \`npm run deploy | tee\` losing its pipe): it ends as a stop does, and lines written after are lost, never fatal.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => void end('its output was closed', 1));
try {
  if (!dry) writeSettingsFree();
  if (!values['skip-build']) await run('Build the islands and the stylesheet', 'npm', ['run', 'build:client']);
  const alertsSecrets = state.alertsNew ? secretsFile(alerts.secrets.required) : undefined;
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
  await ensureAffinity(state.affinity);
  if (state.exists) await release(dry ? '<serving version id>' : state.serving, beside);
  else await firstRelease();
} catch (error) {
  // Any failure ends the same way, a step's or one no step foresaw.
  await end(error instanceof Stopped ? error.message : `an unexpected error: ${error instanceof Error ? error.message : error}`, 1, {
    putBack: !(error instanceof Overtaken),
  });
}
