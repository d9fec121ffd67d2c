// What every step of the release shares: its flags and the two configurations (read once by
// `setUp`, so that importing a step reads nothing), the record its deployments carry, its stops,
// and the number of its printed steps.
import { execFileSync } from 'node:child_process';
import { userInfo } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

export const root = path.resolve(import.meta.dirname, '../..');
export const API = (process.env.CLOUDFLARE_API_BASE_URL ?? 'https://api.cloudflare.com/client/v4').replace(/\/$/, '');
/** A minute of the canary's watch, and the longest wait for an override to reach a new version (tests shorten both). */
export const MINUTE_MS = Number(process.env.DEPLOY_MINUTE_MS ?? 60_000);
export const OVERRIDE_WAIT_MS = Number(process.env.DEPLOY_OVERRIDE_WAIT_MS ?? 30_000);
/** The longest a first release waits for its host's certificate and /healthz; the longest one command may run. */
export const HOST_WAIT_MS = Number(process.env.DEPLOY_HOST_WAIT_MS ?? 15 * 60_000);
export const COMMAND_MS = Number(process.env.DEPLOY_COMMAND_MS ?? 10 * 60_000);
/** How long one read of the site or the API may take. */
export const READ_MS = 30_000;
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Cloudflare defers a Durable Object's code update up to 300 s by default (durable-objects-code-updates):
 * an object active when the split begins runs the serving code that long, so the watch outlasts
 * that by the minutes the judge needs to see the new code run.
 */
const DEFERRED_MINUTES = 5;
const JUDGED_MINUTES = 3;

export const wrangler = (process.env.WRANGLER ?? 'npx wrangler').split(' ');
/**
 * The configuration of every deployment before the promotion, and of the put-back: the Worker's
 * name alone, since `versions deploy` applies a configuration's non-versioned settings (observability,
 * logpush, tail consumers) to the whole Worker and the new ones go out with the promotion only.
 */
export const SETTINGS_FREE = '.wrangler/release/versions-deploy.json';
export const deployFlags = ['--config', SETTINGS_FREE];
/** The non-versioned settings the promotion applies, and the put-back restores. */
export const SETTINGS = ['logpush', 'tail_consumers', 'streaming_tail_consumers', 'observability'];
/** A release's record as its deployments carry it: its commit, who holds it, since when. */
export const HELD = /^release (\S+) by (.+) since (\d{4}-\d\d-\d\dT[\d:]+Z)/;

/** The flags, and what they and the configurations say; set once by `setUp`. */
export let values, dry, share, watchMinutes, site, alerts, worker, publicUrl, checkPayee, checkProvider, siteFlags, hosts, cacheNamespace;
/** Who releases, from which commit, since when: carried by the version (`--tag`, `--message`) and every deployment the release makes. */
export let commit, who, since, RECORD;
/** The site's own rules the release keeps (src/security/): the approved manifest's key and the version-affinity rules. */
export let approvedManifestKey, AFFINITY_PHASE, affinityRules, sameRule;

/** A failed step: thrown to the top, which puts the serving version back once the new one was deployed beside it. */
export class Stopped extends Error {}
/** A stop because someone else changed the deployment during the release: what they did is left in place. */
export class Overtaken extends Stopped {}
export const stop = (reason) => {
  throw new Stopped(reason);
};
/** The number of the last printed step, and the stop under way (`ending`) once a step failed or a signal came: no step starts after it. */
export const progress = { step: 0, ending: undefined };

/** A word of a printed command as a shell takes it: quoted where it holds a space or a shell's character (a dry run's `<placeholders>` aside). */
export const shellWord = (word) => (/[\s'"$`\\;&|()]/.test(word.replace(/<[^>]*>/g, '')) ? `'${word.replaceAll("'", "'\\''")}'` : word);

export function usage(message) {
  console.error(
    `${message}\nUsage: npm run deploy -- [--dry-run | --check | --log | --secret NAME] [--config F] [--alerts-config F] [--url <public URL>] [--share 1-99] [--watch-minutes N] [--take-over-host]`,
  );
  process.exit(2);
}

/** Reads the flags, the site's rules and the two configurations, refuses flags that cannot hold, and writes down the release's record. */
export async function setUp() {
  ({ values } = parseArgs({
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
  }));
  dry = values['dry-run'];
  share = Number(values.share);
  watchMinutes = Number(values['watch-minutes']);
  await readConfigs();
  checkFlags();
  readRecord();
  hosts = (site.routes ?? []).filter((r) => typeof r === 'object' && r.custom_domain).map((r) => r.pattern);
  cacheNamespace = site.kv_namespaces.find((n) => n.binding === 'CACHE')?.id;
  if (values.check && dry) usage('--check and --dry-run do not go together: --check reads the account, --dry-run reads nothing.');
}

/** The site's rules (loaded as Vite loads them) and the configurations of the site's production and of the alerts Worker. */
async function readConfigs() {
  const [{ runnerImport }, { unstable_readConfig }] = await Promise.all([import('vite'), import('wrangler')]);
  const load = async (file) => (await runnerImport(path.join(root, file), { configFile: false, logLevel: 'silent' })).module;
  [{ approvedManifestKey }, { AFFINITY_PHASE, affinityRules, sameRule }] = await Promise.all([
    load('src/security/page-compare.ts'),
    load('src/security/version-key.ts'),
  ]);
  const readConfig = (file, env) => unstable_readConfig({ config: path.resolve(root, file), env }, { hideWarnings: true });
  site = readConfig(values.config, 'production');
  alerts = readConfig(values['alerts-config']);
  worker = site.name;
  publicUrl = values.url ?? site.vars.PUBLIC_URL;
  checkPayee = site.vars.RELEASE_CHECK_PAYEE_ID;
  checkProvider = site.vars.RELEASE_CHECK_PROVIDER;
  siteFlags = ['--config', values.config, '--env', 'production'];
}

/** Refuses a share or a watch that cannot hold, and (but for a dry run) a production configuration still holding placeholders. */
function checkFlags() {
  const placeholder = (value) => typeof value !== 'string' || !value || value.startsWith('<');
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
}

/** The release's record from git and the environment; Cloudflare keeps 100 bytes of a deployment's message: the record and its longest step fit. */
function readRecord() {
  const git = (...args) => {
    try {
      return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return '';
    }
  };
  commit = `${git('rev-parse', '--short=12', 'HEAD') || 'unknown'}${git('status', '--porcelain', '--untracked-files=no') ? '-dirty' : ''}`;
  who = (process.env.DEPLOY_BY || git('config', 'user.name') || userInfo().username).slice(0, 16);
  since = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  RECORD = `release ${commit} by ${who} since ${since}`;
}
