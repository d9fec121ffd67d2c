import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PAYMENT, visaNumber } from '../shared/test-payer';
import { answer } from '../worker/stand-in/legacy-answers';
// @ts-expect-error: plain .mjs modules of the tier
import { CloudflareApi } from './cloudflare-api.mjs';
// @ts-expect-error: plain .mjs modules of the tier
import { Edge } from './edge.mjs';

/**
 * `npm run deploy` end to end, as an operator runs it: the real wrangler CLI against a stand-in
 * of Cloudflare's API that keeps Cloudflare's rules for versions, deployments, overrides,
 * triggers and secrets (cloudflare-api.mjs), and an edge on this machine that answers each
 * request with the version the deployment's percentages or an override name, each version its
 * own upload running in workerd (edge.mjs). Visitors pay through the edge while a canary runs.
 */
const root = path.resolve(import.meta.dirname, '../..');
const ACCOUNT = 'release-account';
const TOKEN = 'release-api-token';
const WORKER = 'papaya-public-site';
const SITE_CONFIG = 'wrangler.release-test.toml';
const ALERTS_CONFIG = 'alerts/wrangler.release-test.toml';
const SECRETS = {
  TURNSTILE_SECRET: 'release-turnstile-secret',
  TURNSTILE_INTERACTIVE_SECRET: 'release-turnstile-interactive-secret',
  FORM_KEY_SECRET: 'release-form-key-secret-0123456789abcdef',
  CARD_HMAC_KEY: 'release-card-hmac-key-0123456789abcdefgh',
  ANALYTICS_API_TOKEN: 'release-analytics-token',
  PAGERDUTY_ROUTING_KEY: 'releaseroutingkey00000000000000aa',
  ALERT_WEBHOOK_URL: 'https://hooks.example.test/alerts',
};

const chdbInstalled = existsSync(path.join(root, 'node_modules/chdb/package.json'));
if (!chdbInstalled && process.env.CI !== 'true')
  console.warn(
    'SKIPPED: the release tier judges canaries on the SQL API stand-in, which needs chDB: npm install --no-save chdb@3.4.0 (or run bash .ci/run).',
  );

let api: InstanceType<typeof CloudflareApi>;
let edge: InstanceType<typeof Edge>;
let apiBase = '';
let site = '';

/** The backend each version calls: `backend` answers as the legacy backend does; `backend-v2` cannot charge. */
async function outbound(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.hostname === 'challenges.cloudflare.com') return Response.json({ success: true });
  if (url.hostname === 'backend-v2.example.test' && url.pathname === '/payment/payment_back.php')
    return new Response('upstream connect error', { status: 503 });
  if (url.hostname.startsWith('backend')) {
    const result = answer(request.method, url, await request.text());
    return result === null ? Response.json({ error: 'not found' }, { status: 404 }) : Response.json(result);
  }
  return new Response('no such host', { status: 502 });
}

/** The project's configurations with production's placeholders filled in for this machine; `change` edits the site's. */
function writeConfigs(change: (toml: string) => string = (t) => t) {
  const fill = (toml: string, values: Record<string, string>) =>
    toml.replace(/<([^>]*)>/g, (whole, inner: string) => values[inner] ?? whole);
  const siteToml = fill(readFileSync(path.join(root, 'wrangler.toml'), 'utf8'), {
    'public host, e.g. www.papayapay.com': 'pay.example.test',
    'legacy backend, e.g. https://backend.papayapay.com': 'https://backend.example.test',
    'this site, e.g. https://www.papayapay.com': site,
    'Turnstile site key': '0x4AAAAAAArelease',
    'Turnstile interactive site key': '0x4AAAAAAAreleaseinteractive',
    'KV namespace id for short links': 'kv-links',
    'KV namespace id for the payee cache': 'kv-cache',
    'payee id': '1001',
    "that payee's provider code": 'valleymed',
  });
  expect(siteToml).not.toMatch(/"<[^>]*>"/);
  writeFileSync(path.join(root, SITE_CONFIG), change(siteToml));
  const alertsToml = fill(readFileSync(path.join(root, 'alerts/wrangler.toml'), 'utf8'), {
    'Cloudflare account id': ACCOUNT,
    'KV namespace id for open alerts': 'kv-open-alerts',
  });
  writeFileSync(path.join(root, ALERTS_CONFIG), alertsToml);
}

const env = (extra: Record<string, string> = {}) => ({
  ...process.env,
  ...SECRETS,
  CLOUDFLARE_API_BASE_URL: apiBase,
  CLOUDFLARE_API_TOKEN: TOKEN,
  CLOUDFLARE_ACCOUNT_ID: ACCOUNT,
  WRANGLER_SEND_METRICS: 'false',
  CI: 'true',
  DEPLOY_MINUTE_MS: '2500',
  DEPLOY_OVERRIDE_WAIT_MS: '10000',
  ...extra,
});

/** `npm run deploy` as a child process, the stand-ins answering in this one. */
function deploy(args: string[] = [], extra: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  return new Promise((resolve) =>
    execFile(
      'node',
      ['scripts/deploy.mjs', '--skip-build', '--config', SITE_CONFIG, '--alerts-config', ALERTS_CONFIG, '--watch-minutes', '8', ...args],
      { cwd: root, env: env(extra), maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` }),
    ),
  );
}

function wrangler(args: string[], input = ''): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = execFile('npx', ['wrangler', ...args], { cwd: root, env: env() }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` }),
    );
    child.stdin?.end(input);
  });
}

const current = () =>
  api.deployment(WORKER)?.versions.map((v: { version_id: string; percentage: number }) => `${v.version_id}@${v.percentage}`);
/** What the API was asked to change since `from` (its requests that are not reads). */
const changesSince = (from: number) =>
  (api.requests as string[]).slice(from).filter((r) => !/^GET /.test(r) && !r.includes('/analytics_engine/sql'));

let payments = 0;
/** A card payment through the edge, answered by `version` (the version key that the deployment's percentages send to it). */
async function pay(version: string): Promise<number> {
  const n = ++payments;
  let key = `visitor-${n}`;
  for (let i = 0; edge.choose(new Request(site, { headers: { 'Cloudflare-Workers-Version-Key': key } })) !== version; i++)
    key = `visitor-${n}-${i}`;
  // The key the version's page would issue: its claim's id is minted by that version's namespace.
  const issued = await edge.fetch(
    new Request(`${site}/api/payment_form_key?p=1001`, {
      headers: { 'Cloudflare-Workers-Version-Key': key, 'CF-Connecting-IP': `203.0.${Math.floor(n / 200)}.${n % 200}` },
    }),
  );
  const { formKey } = (await issued.response.json()) as { formKey: string };
  const form = new FormData();
  const fields = {
    ...TEST_PAYMENT,
    ccn: visaNumber(n),
    formKey,
    humanToken: `token-${n}`,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const { response } = await edge.fetch(
    new Request(`${site}/payment/payment_back.php?p=1001`, {
      method: 'POST',
      body: form,
      headers: {
        'Cloudflare-Workers-Version-Key': key,
        'CF-Connecting-IP': `203.0.${Math.floor(n / 200)}.${n % 200}`,
        Origin: site,
        'Sec-Fetch-Site': 'same-origin',
      },
    }),
  );
  await response.arrayBuffer();
  return response.status;
}

/** Waits until the new version has its share, then pays `each` times with each version. */
async function canaryTraffic(serving: string, each: number, newStatus: number) {
  let canary: string | undefined;
  for (let i = 0; i < 600 && !canary; i++) {
    const split = api.deployment(WORKER)?.versions as Array<{ version_id: string; percentage: number }> | undefined;
    canary = split?.length === 2 && split[0]!.percentage === 10 ? split[0]!.version_id : undefined;
    if (!canary) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(canary, 'the new version got its share').toBeTruthy();
  for (let i = 0; i < each; i++) {
    expect(await pay(serving)).toBe(200);
    expect(await pay(canary!)).toBe(newStatus);
  }
  return canary!;
}

describe.skipIf(!chdbInstalled && process.env.CI !== 'true')('releases as Cloudflare runs them', () => {
  beforeAll(async () => {
    api = new CloudflareApi({ account: ACCOUNT, token: TOKEN });
    apiBase = await api.listen(0);
    edge = new Edge(api, { script: WORKER, outbound });
    site = await edge.listen(0);
    api.dataPoints = () => edge.points;
    writeConfigs();
  });

  afterAll(async () => {
    await edge?.close();
    await api?.close();
    rmSync(path.join(root, SITE_CONFIG), { force: true });
    rmSync(path.join(root, ALERTS_CONFIG), { force: true });
  });

  it('without Account Analytics Read on the token, no release starts: refused before anything changed', async () => {
    api.permissions.delete('Account Analytics Read');
    try {
      const from = api.requests.length;
      const { code, out } = await deploy();
      expect(code, out).toBe(1);
      expect(out).toContain('Release refused, nothing changed: the API token cannot read Analytics Engine (Account Analytics Read)');
      expect(changesSince(from)).toEqual([]);
      expect(api.script(WORKER)).toBeUndefined();
    } finally {
      api.permissions.add('Account Analytics Read');
    }
  });

  it("a first release without one of the alerts Worker's secrets in the environment is refused before anything changed, naming it", async () => {
    const from = api.requests.length;
    const { code, out } = await deploy([], { PAGERDUTY_ROUTING_KEY: '' });
    expect(code, out).toBe(1);
    expect(out).toContain(
      "Release refused, nothing changed: a Worker's first release sets its secrets, and these are not in the environment: PAGERDUTY_ROUTING_KEY (papaya-alerts).",
    );
    expect(changesSince(from)).toEqual([]);
    expect(api.script(WORKER)).toBeUndefined();
    expect(api.script('papaya-alerts')).toBeUndefined();
  });

  it('a first release: the Worker deployed whole with its secrets and Durable Object classes, checked on its host, its pages approved', async () => {
    const { code, out } = await deploy();
    expect(code, out).toBe(0);
    expect(out).toContain(`Released ${WORKER} for the first time.`);
    const script = api.script(WORKER);
    expect(script.migrationTag).toBe('v2');
    expect([...script.secrets.keys()].sort()).toEqual([
      'CARD_HMAC_KEY',
      'FORM_KEY_SECRET',
      'TURNSTILE_INTERACTIVE_SECRET',
      'TURNSTILE_SECRET',
    ]);
    expect(current()).toEqual([`${script.versions[0].id}@100`]);
    expect(script.domains).toEqual(['pay.example.test']);
    expect(script.schedules).toEqual(['17 * * * *']);
    expect(api.script('papaya-alerts')).toBeTruthy();
    expect(api.kv.get('kv-cache')?.has(`payment-pages:approved:${script.versions[0].id}`)).toBe(true);
  });

  it('a normal release: uploaded, at 0 % for its smoke test by override, approved, canary at 10 %, judged, 100 %, then its triggers', async () => {
    const serving = api.deployment(WORKER).versions[0].version_id;
    const from = api.requests.length;
    const triggersBefore = api.triggerChanges.length;
    const running = deploy();
    const canary = await canaryTraffic(serving, 22, 200);
    const { code, out } = await running;
    expect(code, out).toBe(0);
    expect(out).toContain(`Released ${canary}.`);
    expect(out).toMatch(/PROMOTE\s+payments: 0\.0 % bad against 0\.0 %/);
    expect(current()).toEqual([`${canary}@100`]);
    const deployments = api
      .script(WORKER)
      .deployments.slice(-3)
      .map((d: { versions: Array<{ version_id: string; percentage: number }> }) =>
        d.versions.map((v) => `${v.version_id === canary ? 'new' : 'old'}@${v.percentage}`).join(' '),
      );
    expect(deployments).toEqual(['new@0 old@100', 'new@10 old@90', 'new@100']);
    // The override read the new version only once it was in the deployment; the triggers went last.
    expect(api.kv.get('kv-cache')?.has(`payment-pages:approved:${canary}`)).toBe(true);
    expect(api.triggerChanges.length).toBeGreaterThan(triggersBefore);
    const asked = changesSince(from);
    expect(asked.findIndex((r) => r.endsWith(`/scripts/${WORKER}/schedules`))).toBeGreaterThan(
      asked.lastIndexOf(`POST /accounts/${ACCOUNT}/workers/scripts/${WORKER}/deployments`),
    );
  });

  it('a release whose new version fails payments: stopped at its canary share, the serving version back at 100 %, Durable Objects at once', async () => {
    writeConfigs((toml) => toml.replace('ORIGIN_URL = "https://backend.example.test"', 'ORIGIN_URL = "https://backend-v2.example.test"'));
    const serving = api.deployment(WORKER).versions[0].version_id;
    const running = deploy();
    // The new version's backend fails the charge: the payer is told it may have gone through (409).
    const canary = await canaryTraffic(serving, 4, 409);
    const { code, out } = await running;
    writeConfigs();
    expect(code, out).toBe(1);
    expect(out).toContain('Release stopped: the new version does worse than the serving one at 10 %');
    expect(out).toMatch(/STOP\s+payments: 100\.0 % bad against 0\.0 % on the serving version/);
    expect(current()).toEqual([`${serving}@100`]);
    expect(current()).not.toContain(`${canary}@10`);
    expect(api.doCodeUpdates.at(-1)).toMatchObject({ mode: 'immediate' });
    // The stopped version is the newest and undeployed: Cloudflare refuses a secret until one is deployed.
    const secret = await wrangler(
      ['secret', 'put', 'FORM_KEY_SECRET', '--config', SITE_CONFIG, '--env', 'production'],
      'a-new-secret-0123456789abcdefghij',
    );
    expect(secret.code).not.toBe(0);
    expect(secret.out).toContain("the latest version of your Worker isn't currently deployed");
  });

  it('a release with a Durable Object class change is refused before anything changed, saying what to run', async () => {
    writeConfigs((toml) => `${toml}\n[[migrations]]\ntag = "v3"\nnew_sqlite_classes = ["AuditTrail"]\n`);
    const from = api.requests.length;
    const { code, out } = await deploy();
    writeConfigs();
    expect(code, out).toBe(1);
    expect(out).toContain('Release refused, nothing changed: this version changes Durable Object classes (migration v2 → v3)');
    expect(out).toContain(`npx wrangler deploy --config ${SITE_CONFIG} --env production`);
    expect(changesSince(from)).toEqual([]);
  });

  it('a release started while a gradual deployment is under way is refused before anything changed', async () => {
    const versions = api.script(WORKER).versions;
    const [a, b] = [versions.at(-1).id, versions.at(-2).id];
    const split = await wrangler(['versions', 'deploy', `${a}@50%`, `${b}@50%`, '--config', SITE_CONFIG, '--env', 'production', '--yes']);
    expect(split.code, split.out).toBe(0);
    const from = api.requests.length;
    const { code, out } = await deploy();
    expect(code, out).toBe(1);
    expect(out).toContain('Release refused, nothing changed: a gradual deployment is under way');
    expect(changesSince(from)).toEqual([]);
  });

  it("Cloudflare's rules, as the stand-in keeps them: no version upload for a Worker never deployed or with a migration, triggers untouched by an upload, an override only within the deployment", async () => {
    const upload = await wrangler(['versions', 'upload', '--config', ALERTS_CONFIG, '--name', 'never-deployed']);
    expect(upload.code).not.toBe(0);
    expect(upload.out).toContain('You cannot upload a new version of a Worker that does not yet exist');
    writeConfigs((toml) => `${toml}\n[[migrations]]\ntag = "v3"\nnew_sqlite_classes = ["AuditTrail"]\n`);
    const migrating = await wrangler(['versions', 'upload', '--config', SITE_CONFIG, '--env', 'production']);
    writeConfigs((toml) => toml.replace('crons = ["17 * * * *"]', 'crons = ["23 * * * *"]'));
    const triggers = api.triggerChanges.length;
    const plain = await wrangler(['versions', 'upload', '--config', SITE_CONFIG, '--env', 'production']);
    writeConfigs();
    expect(migrating.code).not.toBe(0);
    expect(migrating.out).toContain('This Worker has a pending Durable Object migration');
    expect(plain.code, plain.out).toBe(0);
    expect(plain.out).toContain('must be applied with the command wrangler triggers deploy');
    expect(api.triggerChanges.length).toBe(triggers);
    expect(api.script(WORKER).schedules).toEqual(['17 * * * *']);
    const outside = api.script(WORKER).versions[0].id;
    const { version } = await edge.fetch(
      new Request(`${site}/healthz`, { headers: { 'Cloudflare-Workers-Version-Overrides': `${WORKER}="${outside}"` } }),
    );
    expect(api.deployment(WORKER).versions.map((v: { version_id: string }) => v.version_id)).not.toContain(outside);
    expect(version).not.toBe(outside);
  });
});
