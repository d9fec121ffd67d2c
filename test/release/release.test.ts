import { execFile, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PAYMENT, visaNumber } from '../shared/test-payer';
import { answer } from '../worker/stand-in/legacy-answers';
import { VERSION_KEY_COOKIE } from '../../src/security/version-key';
// @ts-expect-error: a plain .mjs module
import { CHDB_INSTALL } from '../../scripts/lib/clickhouse.mjs';
// @ts-expect-error: a plain .mjs module
import { checkoutCommit } from '../../scripts/lib/commit-checkout.mjs';
// @ts-expect-error: plain .mjs modules of the tier
import { CloudflareApi } from './cloudflare-api.mjs';
// @ts-expect-error: plain .mjs modules of the tier
import { Edge } from './edge.mjs';
import { secondBuild, Visitor } from './visitors';

/**
 * `npm run deploy` end to end, as an operator runs it: the real wrangler CLI against a stand-in
 * of Cloudflare's API that keeps Cloudflare's rules for versions, deployments, overrides,
 * triggers, secrets, zones and permissions (cloudflare-api.mjs), and an edge on this machine that
 * answers each request with the version the deployment's percentages or an override name, each
 * version its own upload running in workerd, KV shared and each Durable Object on the version the
 * deployment assigns it (edge.mjs). Visitors pay through the edge while a canary runs; each step
 * of a release fails in turn and leaves the serving version at 100 %.
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
    `SKIPPED: the release tier judges canaries on the SQL API stand-in, which needs chDB: ${CHDB_INSTALL} (npm test installs it).`,
  );
const HOST = 'pay.example.test';

let api: InstanceType<typeof CloudflareApi>;
let edge: InstanceType<typeof Edge>;
let apiBase = '';
let site = '';

/** What the backend was asked to charge: each card payment call's body, in order. */
const charges: string[] = [];

/** The backend each version calls: `backend` answers as the legacy backend does; `backend-v2` cannot charge. */
async function outbound(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.hostname === 'challenges.cloudflare.com') return Response.json({ success: true });
  if (url.hostname === 'backend-v2.example.test' && url.pathname === '/payment/payment_back.php')
    return new Response('upstream connect error', { status: 503 });
  if (url.hostname.startsWith('backend')) {
    const body = await request.text();
    if (url.pathname === '/payment/payment_back.php') charges.push(body);
    const result = answer(request.method, url, body);
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
  DEPLOY_HOST_WAIT_MS: '60000',
  DEPLOY_COMMAND_MS: '180000',
  DEPLOY_BY: 'Release Tester',
  ...extra,
});

/** `npm run deploy` as a child process, the stand-ins answering in this one. */
function deploy(
  args: string[] = [],
  extra: Record<string, string> = {},
  started: (child: ChildProcess) => void = () => undefined,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) =>
    started(
      execFile(
        'node',
        ['scripts/deploy.mjs', '--skip-build', '--config', SITE_CONFIG, '--alerts-config', ALERTS_CONFIG, '--watch-minutes', '8', ...args],
        { cwd: root, env: env(extra), maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` }),
      ),
    ),
  );
}

function wrangler(args: string[], input = '', cwd = root): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = execFile('npx', ['wrangler', ...args], { cwd, env: env() }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` }),
    );
    child.stdin?.end(input);
  });
}

/** `wrangler versions deploy` of `versions` with the site's configuration, as an operator runs it by hand. */
const versionsDeploy = (versions: string[], ...more: string[]) =>
  wrangler(['versions', 'deploy', ...versions, '--config', SITE_CONFIG, '--env', 'production', '--yes', ...more]);

const current = () =>
  api.deployment(WORKER)?.versions.map((v: { version_id: string; percentage: number }) => `${v.version_id}@${v.percentage}`);
/** What the API changed since its `from`th request (the stand-in records each change). */
const changesSince = (from: number) => (api.changes as Array<{ at: number; call: string }>).filter((c) => c.at >= from).map((c) => c.call);
/** How many calls matching `pattern` the API had since `from`. */
const callsSince = (from: number, pattern: RegExp) => (api.requests as string[]).slice(from).filter((r) => pattern.test(r)).length;

/** A visitor held to the version its key falls on: by its cookie, which the zone's rule copies to the key, and by the key itself before the rule exists. */
const pinned = (key: string) => ({ 'Cloudflare-Workers-Version-Key': key, Cookie: `${VERSION_KEY_COOKIE}=${key}` });

let payments = 0;
/** A card payment through the edge, answered by `version` (the version key that the deployment's percentages send to it). */
async function pay(version: string): Promise<number> {
  const n = ++payments;
  let key = `visitor-${n}`;
  for (let i = 0; edge.choose(new Request(site, { headers: { 'Cloudflare-Workers-Version-Key': key } })) !== version; i++) {
    // A version that no longer serves (the release ended meanwhile) is paid by no visitor.
    if (i > 2000) return 0;
    key = `visitor-${n}-${i}`;
  }
  // The key the version's page would issue: its claim's id is minted by that version's namespace.
  const issued = await edge.fetch(
    new Request(`${site}/api/payment_form_key?p=1001`, {
      headers: { ...pinned(key), 'CF-Connecting-IP': `203.0.${Math.floor(n / 200)}.${n % 200}` },
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
        ...pinned(key),
        'CF-Connecting-IP': `203.0.${Math.floor(n / 200)}.${n % 200}`,
        Origin: site,
        'Sec-Fetch-Site': 'same-origin',
      },
    }),
  );
  await response.arrayBuffer();
  return response.status;
}

/** Waits until the new version has its share, then pays `each` times with each version; gives back the canary and each payment's status by version. */
async function canaryTraffic(serving: string, each: number, newStatus?: number) {
  const statuses = { serving: [] as number[], canary: [] as number[] };
  let canary: string | undefined;
  for (let i = 0; i < 600 && !canary; i++) {
    const split = api.deployment(WORKER)?.versions as Array<{ version_id: string; percentage: number }> | undefined;
    canary = split?.length === 2 && split[0]!.percentage === 10 ? split[0]!.version_id : undefined;
    if (!canary) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(canary, 'the new version got its share').toBeTruthy();
  for (let i = 0; i < each; i++) {
    statuses.serving.push(await pay(serving));
    statuses.canary.push(await pay(canary!));
  }
  if (newStatus !== undefined) {
    expect(statuses.serving).toEqual(Array(each).fill(200));
    expect(statuses.canary).toEqual(Array(each).fill(newStatus));
  }
  return { canary: canary!, statuses };
}

describe.skipIf(!chdbInstalled && process.env.CI !== 'true')('releases as Cloudflare runs them', () => {
  beforeAll(async () => {
    api = new CloudflareApi({ account: ACCOUNT, token: TOKEN });
    apiBase = await api.listen(0);
    edge = new Edge(api, { script: WORKER, outbound });
    site = await edge.listen(0);
    api.dataPoints = () => edge.points;
    // A second of a Durable Object's deferred code update as long as a release's minute makes it (DEPLOY_MINUTE_MS below).
    edge.secondMs = 2500 / 60;
    // A Custom Domain's certificate takes a moment: the host refuses connections until it is issued.
    api.onDomain = () => (edge.certificateAt = Date.now() + 4000);
    writeConfigs();
  });

  afterAll(async () => {
    await edge?.close();
    await api?.close();
    rmSync(path.join(root, SITE_CONFIG), { force: true });
    rmSync(path.join(root, ALERTS_CONFIG), { force: true });
  });

  it('a token without the permissions a release uses: refused before anything changed, every missing one named at once', async () => {
    const lacking = ['Account Analytics Read', 'Workers Scripts Write', 'Workers KV Storage Write', 'Workers Routes Write', 'DNS Read'];
    for (const p of lacking) api.permissions.delete(p);
    // Reading Workers is not writing them: a read-only token is named too.
    api.permissions.add('Workers Scripts Read');
    try {
      const from = api.requests.length;
      const { code, out } = await deploy();
      expect(code, out).toBe(1);
      expect(out).toContain(
        'Release refused, nothing changed: the API token lacks permissions the release uses:\n' +
          '  - Account Analytics Read (the canary is judged on the Analytics Engine SQL API)\n' +
          '  - Workers Scripts Write (versions, deployments, secrets)\n' +
          '  - Workers KV Storage Write (the approved payment pages are put in KV)\n' +
          `  - Workers Routes Write on example.test (the Custom Domain ${HOST})\n` +
          `  - DNS Read on example.test (the records of ${HOST}, read before a Custom Domain is made)\n`,
      );
      expect(changesSince(from)).toEqual([]);
      expect(api.script(WORKER)).toBeUndefined();
      expect(api.kv.size).toBe(0);
      api.permissions.delete('Zone Read');
      const noZone = await deploy(['--check']);
      expect(noZone.out).toContain(
        `Zone Read on the zone of ${HOST} (its lookup; without it, Workers Routes Write and DNS Read there cannot be checked)`,
      );
    } finally {
      api.permissions.delete('Workers Scripts Read');
      for (const p of [...lacking, 'Zone Read']) api.permissions.add(p);
    }
    const ready = await deploy(['--check']);
    expect(ready.code, ready.out).toBe(0);
    expect(ready.out).toContain('Ready to release');
  });

  it('a read that fails before anything changed refuses the release as unread, never as a verdict on the account', async () => {
    const undo = api.fail('GET', new RegExp(`/workers/services/${WORKER}$`), { times: 1 });
    try {
      const { code, out } = await deploy(['--check']);
      expect(code, out).toBe(1);
      expect(out).toContain(
        `Release refused, nothing changed: The Worker ${WORKER} could not be read (500: An unknown error has occurred). Nothing was changed; release again once the API answers.`,
      );
    } finally {
      undo();
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
    // A missing permission and a missing secret: one refusal names both.
    api.permissions.delete('Workers KV Storage Write');
    try {
      const both = await deploy(['--check'], { PAGERDUTY_ROUTING_KEY: '' });
      expect(both.code, both.out).toBe(1);
      expect(both.out).toContain(
        '  - Workers KV Storage Write (the approved payment pages are put in KV)\n' +
          'Add it to the token (dash.cloudflare.com/profile/api-tokens), then release again.\n' +
          "a Worker's first release sets its secrets, and these are not in the environment: PAGERDUTY_ROUTING_KEY (papaya-alerts).",
      );
    } finally {
      api.permissions.add('Workers KV Storage Write');
    }
  });

  it('a first release onto a host that has a DNS record or another Worker is refused unless told to take it over; a CNAME always', async () => {
    const zone = api.zones.get('example.test');
    zone.records.push({ type: 'A', name: HOST, content: '192.0.2.10' });
    api.foreignDomains.set(HOST, 'old-pay-site');
    const from = api.requests.length;
    const taken = await deploy();
    expect(taken.code, taken.out).toBe(1);
    expect(taken.out).toContain(
      `Release refused, nothing changed: ${HOST} already has the DNS record A 192.0.2.10 and the Custom Domain of the Worker old-pay-site. This release would replace it: release again with --take-over-host once its traffic may move to ${WORKER}.`,
    );
    zone.records.push({ type: 'CNAME', name: HOST, content: 'old.example.net' });
    const cname = await deploy(['--take-over-host']);
    expect(cname.code, cname.out).toBe(1);
    expect(cname.out).toContain(`a Custom Domain cannot be made on a host with a CNAME: delete the record once its traffic may move`);
    expect(changesSince(from)).toEqual([]);
    expect(api.script(WORKER)).toBeUndefined();
    zone.records = zone.records.filter((r: { type: string }) => r.type !== 'CNAME');
  });

  it('a first release: taking over its host when told, deployed whole with its secrets and Durable Object classes, waiting for its certificate, its pages approved', async () => {
    const { code, out } = await deploy(['--take-over-host']);
    expect(code, out).toBe(0);
    expect(out).toContain(`${HOST}: taking over A 192.0.2.10, Worker old-pay-site (--take-over-host)`);
    expect(out).toMatch(/Wait for its host: the Custom Domain.s certificate, then \/healthz naming [0-9a-f-]{36} \(at most 1 minutes\)/);
    expect(out).toContain(`Released ${WORKER} for the first time.`);
    expect(api.zones.get('example.test').records).toEqual([]);
    expect(api.foreignDomains.size).toBe(0);
    const script = api.script(WORKER);
    expect(script.migrationTag).toBe('v2');
    expect(Object.keys(api.secretsOf(WORKER)).sort()).toEqual([
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
    const { canary } = await canaryTraffic(serving, 22, 200);
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

  it('every release is on record: its version carries the commit and who released it since when; each deployment says which step; --log prints the history', async () => {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const newest = api.script(WORKER).versions.at(-1);
    expect(newest.annotations['workers/tag']).toMatch(new RegExp(`^${commit}(-dirty)?$`));
    const record = newest.annotations['workers/message'] as string;
    expect(record).toMatch(new RegExp(`^release ${commit}(-dirty)? by Release Tester since \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$`));
    const messages = api
      .script(WORKER)
      .deployments.slice(-3)
      .map((d: { annotations: Record<string, string> }) => d.annotations['workers/message']);
    // Each whole: Cloudflare keeps 100 bytes of a deployment's message, and the stand-in too.
    expect(messages).toEqual([`${record}: 0 %`, `${record}: 10 %, pages approved`, `${record}: promoted`]);
    const { code, out } = await deploy(['--log']);
    expect(code, out).toBe(0);
    expect(out).toContain(`${newest.id} (${newest.annotations['workers/tag']}) 100 %  ${record}: promoted`);
    expect(out.indexOf(`${record}: promoted`)).toBeLessThan(out.indexOf(`${record}: 0 %`));
  });

  it("version affinity: the release keeps the zone's two rules by their ref, reports them with --check, writes back a changed one and leaves others' rules alone", async () => {
    const zone = api.zones.get('example.test');
    const ruleset = zone.rulesets.get('http_request_late_transform');
    const refs = () => ruleset.rules.map((r: { ref: string }) => r.ref);
    expect(refs()).toEqual(['papaya_version_key_kept', 'papaya_version_key_new']);
    expect(ruleset.rules[1]).toMatchObject({
      expression: `(http.host in {"${HOST}"}) and not http.cookie contains "${VERSION_KEY_COOKIE}="`,
      action_parameters: { headers: { 'Cloudflare-Workers-Version-Key': { operation: 'set', expression: 'uuidv4(cf.random_seed)' } } },
    });
    expect((await deploy(['--check'])).out).toContain(`Version affinity on example.test (${HOST}): as written.`);
    // One of ours deleted by hand: reported missing (the release adds it back below, with the other changed one written back).
    const removed = ruleset.rules.pop();
    expect((await deploy(['--check'])).out).toContain(
      `Version affinity on example.test (${HOST}): missing: the release adds it before the new version gets any visitor.`,
    );
    ruleset.rules.push(removed);
    // Someone's own rule in the phase, and ours changed by hand.
    ruleset.rules.push({ id: 'theirs', ref: 'theirs', action: 'rewrite', expression: 'http.host eq "other.example.test"', enabled: true });
    ruleset.rules[0].expression = 'http.host eq "nowhere.example.test"';
    expect((await deploy(['--check'])).out).toContain(
      `Version affinity on example.test (${HOST}): changed since a release wrote it: the release writes it back before the new version gets any visitor.`,
    );
    // A release writes it back, then stops at its upload: the rules stay written, and nothing else changed.
    const undo = api.fail('POST', new RegExp(`/workers/scripts/${WORKER}/versions$`));
    try {
      const from = api.requests.length;
      const stopped = await deploy();
      expect(stopped.code, stopped.out).toBe(1);
      expect(stopped.out).toContain('The version-affinity rules of example.test: changed, written');
      expect(changesSince(from).filter((c) => c.includes('/rulesets/'))).toEqual([
        `PATCH /zones/${zone.id}/rulesets/${ruleset.id}/rules/${ruleset.rules[0].id}`,
      ]);
    } finally {
      undo();
    }
    expect([...refs()].sort()).toEqual(['papaya_version_key_kept', 'papaya_version_key_new', 'theirs']);
    expect(ruleset.rules.find((r: { ref: string }) => r.ref === 'theirs').expression).toBe('http.host eq "other.example.test"');
    expect(ruleset.rules[0].expression).toBe(`(http.host in {"${HOST}"}) and http.cookie contains "${VERSION_KEY_COOKIE}="`);
    // Without the permission, or with reading alone, the preflight names it.
    api.permissions.delete('Transform Rules Write');
    try {
      for (const lacking of [[], ['Transform Rules Read']]) {
        for (const p of lacking) api.permissions.add(p);
        const refusedCheck = await deploy(['--check']);
        expect(refusedCheck.code, lacking.join()).toBe(1);
        expect(refusedCheck.out).toContain(
          '  - Transform Rules Write on example.test (the version-affinity rule that keeps each visitor on one version during a split)',
        );
      }
    } finally {
      api.permissions.delete('Transform Rules Read');
      api.permissions.add('Transform Rules Write');
    }
    // A Free zone cannot read a named cookie in a rule: refused before anything changed.
    zone.plan = 'free';
    try {
      const free = await deploy(['--check']);
      expect(free.code).toBe(1);
      expect(free.out).toContain(
        'a Pro, Business or Enterprise plan on example.test (the version-affinity rule reads its cookie with http.request.cookies, which the Free plan lacks)',
      );
    } finally {
      zone.plan = 'pro';
    }
  });

  it("the Worker's settings go out with the promotion, never before; a put-back after the promotion puts the serving version's back: traces", async () => {
    const serving = api.deployment(WORKER).versions[0].version_id;
    const traces = () => api.script(WORKER).settings?.observability?.traces?.enabled;
    expect(traces()).toBe(false);
    // A release that turns traces on (they record URLs that carry tokens), whose triggers then fail.
    writeConfigs((toml) =>
      toml.replace('[env.production.observability.traces]\nenabled = false', '[env.production.observability.traces]\nenabled = true'),
    );
    const undo = api.fail('PUT', new RegExp(`/workers/scripts/${WORKER}/schedules$`), {
      status: 403,
      code: 10000,
      message: 'Authentication error',
    });
    const changed = api.settingsChanges.length;
    try {
      const running = deploy();
      await canaryTraffic(serving, 22, 200);
      expect(traces(), 'at the 0 % and during the split').toBe(false);
      const { code, out } = await running;
      expect(code, out).toBe(1);
      expect(out).toContain('Release stopped: Apply its triggers');
      expect(out).toContain("Put the serving version's settings back (logpush, tail_consumers, observability)");
    } finally {
      undo();
      writeConfigs();
    }
    // Applied once, by the promotion, then put back with the serving version.
    expect(
      api.settingsChanges
        .slice(changed)
        // wrangler also PATCHes the Worker's tags alone after an upload: those leave its observability as it is.
        .filter((c: { script: string; settings: object }) => c.script === WORKER && 'observability' in c.settings)
        .map((c: { settings: { observability?: { traces?: { enabled: boolean } } } }) => c.settings.observability?.traces?.enabled),
    ).toEqual([true, false]);
    expect(traces()).toBe(false);
    expect(current()).toEqual([`${serving}@100`]);
  });

  /** The boot script a version's pages name (its build's), read from its uploaded modules. */
  const bootOf = (version: { modules: Map<string, { content: unknown }> }) =>
    /\/assets\/boot-[\w-]{8}\.js/.exec([...version.modules.values()].map((m) => String(m.content)).join('\n'))?.[0];
  const versionOf = (id: string) => api.script(WORKER).versions.find((v: { id: string }) => v.id === id);

  it('a secret fixed after a stopped release goes onto a new version of the serving code, uploaded again from its commit, never onto the stopped one', async () => {
    const serving = api.deployment(WORKER).versions[0].version_id;
    // A release of a second build, stopped at its share: its version is the newest, and its code is not the serving code.
    const undoBuild = secondBuild(root);
    const undoFail = api.fail('POST', new RegExp(`/workers/scripts/${WORKER}/deployments$`), { skip: 1, times: 1 });
    try {
      const stopped = await deploy();
      expect(stopped.code, stopped.out).toBe(1);
    } finally {
      undoFail();
      undoBuild();
    }
    const stoppedVersion = api.script(WORKER).versions.at(-1);
    expect(bootOf(stoppedVersion)).not.toBe(bootOf(versionOf(serving)));
    const fixed = await deploy(['--secret', 'TURNSTILE_SECRET'], {}, (child) => child.stdin?.end('rotated-turnstile-secret'));
    expect(fixed.code, fixed.out).toBe(0);
    expect(fixed.out).toContain(`The newest version ${stoppedVersion.id} is not the serving one`);
    const [now] = api.deployment(WORKER).versions;
    expect(api.deployment(WORKER).versions).toHaveLength(1);
    expect(now.percentage).toBe(100);
    const made = versionOf(now.version_id);
    expect(made.secrets.TURNSTILE_SECRET).toBe('rotated-turnstile-secret');
    // The serving commit built again, never the stopped build (a rebuild may name its files anew; its tag says which commit).
    expect(bootOf(made)).not.toBe(bootOf(stoppedVersion));
    expect(made.annotations['workers/tag']).toBe(versionOf(serving).annotations['workers/tag']);
    // The stopped version never served anyone.
    const served = api
      .script(WORKER)
      .deployments.flatMap((d: { versions: Array<{ version_id: string; percentage: number }> }) => d.versions)
      .filter((v: { version_id: string; percentage: number }) => v.version_id === stoppedVersion.id && v.percentage > 0);
    expect(served).toEqual([]);
    // With the serving version newest, the secret goes onto it directly.
    const again = await deploy(['--secret', 'TURNSTILE_SECRET'], {}, (child) => child.stdin?.end(SECRETS.TURNSTILE_SECRET));
    expect(again.code, again.out).toBe(0);
    expect(again.out).not.toContain('is not the serving one');
    expect(bootOf(versionOf(api.deployment(WORKER).versions[0].version_id))).toBe(bootOf(made));
    expect(api.secretsOf(WORKER).TURNSTILE_SECRET).toBe(SECRETS.TURNSTILE_SECRET);
  });

  it("forms hold across adjacent versions: a key and a form drawn by the previous commit's Worker are paid once by this one, and the reverse", async () => {
    const current = api.deployment(WORKER).versions[0].version_id;
    const previous = execFileSync('git', ['rev-parse', '--short=12', 'HEAD~1'], { cwd: root, encoding: 'utf8' }).trim();
    const checkout = await checkoutCommit(root, previous, { files: [SITE_CONFIG] });
    let before = '';
    try {
      const uploaded = await wrangler(
        ['versions', 'upload', '--config', SITE_CONFIG, '--env', 'production', '--tag', previous, '--message', 'the previous commit'],
        '',
        checkout.dir,
      );
      expect(uploaded.code, uploaded.out).toBe(0);
      before = api.script(WORKER).versions.at(-1).id;
    } finally {
      checkout.remove();
    }
    const split = await versionsDeploy([`${before}@50%`, `${current}@50%`]);
    expect(split.code, split.out).toBe(0);
    const by = (version: string) => ({ 'Cloudflare-Workers-Version-Overrides': `${WORKER}="${version}"` });
    try {
      for (const [drawn, paid, n] of [
        [before, current, 7001],
        [current, before, 7002],
      ] as const) {
        const ip = `192.0.2.${n % 200}`;
        const page = await edge.fetch(new Request(`${site}/web-payment?p=1001`, { headers: { ...by(drawn), 'CF-Connecting-IP': ip } }));
        expect(page.version).toBe(drawn);
        const formKey = /name="formKey" value="([^"]+)"/.exec(await page.response.text())?.[1];
        expect(formKey, 'the form carries its key').toBeTruthy();
        const from = charges.length;
        const send = async (version: string) => {
          const body = new FormData();
          for (const [name, value] of Object.entries({ ...TEST_PAYMENT, ccn: visaNumber(n), formKey: formKey!, humanToken: `token-${n}` }))
            body.append(name, value);
          const { version: answered, response } = await edge.fetch(
            new Request(`${site}/payment/payment_back.php?p=1001`, {
              method: 'POST',
              body,
              headers: { ...by(version), 'CF-Connecting-IP': ip, Origin: site, 'Sec-Fetch-Site': 'same-origin' },
            }),
          );
          expect(answered).toBe(version);
          return { status: response.status, text: await response.text() };
        };
        // Paid by the other version; its answer lost, sent again to each: one charge, the same answer.
        const first = await send(paid);
        expect(first.status, first.text).toBe(200);
        const again = await send(drawn);
        const third = await send(paid);
        expect([again.status, third.status]).toEqual([200, 200]);
        expect(again.text).toBe(first.text);
        expect(third.text).toBe(first.text);
        expect(charges.slice(from).filter((b) => b.includes(visaNumber(n)))).toHaveLength(1);
      }
    } finally {
      const back = await versionsDeploy([`${current}@100%`]);
      expect(back.code, back.out).toBe(0);
    }
  });

  describe('a visitor stays on one version through a split', () => {
    /** A second build released at 50 %, 20 visitors with cookie jars sent through its split: the release's end, the visitors and their payments' statuses. */
    /** `rulesGone`: the zone's rules stop running once the split begins (someone deleted them during the release). */
    async function splitWithVisitors({ rulesGone = false } = {}) {
      const serving = api.deployment(WORKER).versions[0].version_id;
      const undo = secondBuild(root);
      try {
        const running = deploy(['--share', '50'], { DEPLOY_MINUTE_MS: '12000' });
        let split = false;
        for (let i = 0; i < 1200 && !split; i++) {
          const versions = api.deployment(WORKER)?.versions;
          split = versions?.length === 2 && versions[0].percentage === 50;
          if (!split) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(split, 'the second build got its 50 %').toBe(true);
        if (rulesGone) edge.zoneRules = false;
        const visitors = Array.from({ length: 20 }, (_, i) => new Visitor(edge, site, i + 1));
        const statuses: number[] = [];
        for (let i = 0; i < visitors.length; i += 4)
          statuses.push(...(await Promise.all(visitors.slice(i, i + 4).map((v) => v.payOnce()))));
        return { serving, visitors, statuses, released: await running };
      } finally {
        undo();
      }
    }

    it('with the zone rule: 20 visitors load the card form and a pay page with every script and stylesheet from one version, no 404, and pay once each', async () => {
      const from = charges.length;
      const { visitors, statuses, released } = await splitWithVisitors();
      expect(statuses).toEqual(Array(20).fill(200));
      for (const v of visitors) {
        expect(
          v.seen.filter((s) => s.status !== 200),
          `visitor ${v.n}`,
        ).toEqual([]);
        expect(new Set(v.seen.map((s) => s.version)).size, `visitor ${v.n}: one version`).toBe(1);
        expect(v.jar.get(VERSION_KEY_COOKIE), `visitor ${v.n}: the key kept`).toMatch(/^[0-9a-f-]{36}$/);
        expect(charges.slice(from).filter((body) => body.includes(visaNumber(5000 + v.n))).length, `visitor ${v.n}: one charge`).toBe(1);
      }
      // The split served both versions' pages, each with its own files.
      expect(new Set(visitors.map((v) => v.seen[0]!.version)).size).toBe(2);
      expect(released.out).toMatch(/PROMOTE +assets: /);
      expect(released.out).not.toContain('the canary judge stopped it');
    });

    it('without the rule no split begins; the rule gone during a split serves pages whose script or stylesheet 404, and the judge stops it on its assets', async () => {
      const before = current();
      edge.zoneRules = false;
      try {
        // The rule does not reach the new version at 0 %: stopped before any visitor is split.
        const refused = await deploy();
        expect(refused.code, refused.out).toBe(1);
        expect(refused.out).toContain(
          "Release stopped: the zone's version-affinity rule does not reach the Worker (its /healthz names no version key)",
        );
        expect(current()).toEqual(before);
        edge.zoneRules = true;
        const { serving, visitors, released } = await splitWithVisitors({ rulesGone: true });
        const missing = visitors.flatMap((v) => v.seen.filter((s) => s.status === 404));
        expect(missing.length).toBeGreaterThan(5);
        expect(missing.every((s) => s.path.startsWith('/assets/'))).toBe(true);
        expect(released.code, released.out).toBe(1);
        expect(released.out).toMatch(/STOP +assets: /);
        expect(released.out).toContain('Release stopped: the canary judge stopped it at 50 %');
        expect(current()).toEqual([`${serving}@100`]);
      } finally {
        edge.zoneRules = true;
      }
    });
  });

  it('a release whose new version fails payments: stopped at its canary share, the serving version back at 100 %, Durable Objects at once', async () => {
    writeConfigs((toml) => toml.replace('ORIGIN_URL = "https://backend.example.test"', 'ORIGIN_URL = "https://backend-v2.example.test"'));
    const serving = api.deployment(WORKER).versions[0].version_id;
    const running = deploy();
    // The new version's backend fails the charge: the payer is told it may have gone through (409).
    const { canary } = await canaryTraffic(serving, 4, 409);
    const { code, out } = await running;
    writeConfigs();
    expect(code, out).toBe(1);
    expect(out).toContain('Release stopped: the canary judge stopped it at 10 %');
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

  it("a release whose Durable Objects throw: the objects it is assigned fail both versions' visitors, the judge stops it on the serving version's own budget, the serving version is back at 100 %", async () => {
    writeConfigs((toml) => toml.replace('main = "src/index.ts"', 'main = "test/release/broken-objects.ts"'));
    const serving = api.deployment(WORKER).versions[0].version_id;
    // The first judgement comes once every visitor below has paid: the shares of bad payments are the split's.
    const running = deploy([], { DEPLOY_MINUTE_MS: '15000' });
    const { statuses } = await canaryTraffic(serving, 25);
    const { code, out } = await running;
    writeConfigs();
    expect(code, out).toBe(1);
    // One object, one version: the serving version's own visitors reach the broken objects too.
    expect(statuses.serving.filter((s) => s !== 200).length).toBeGreaterThanOrEqual(3);
    expect(out).toContain('Release stopped: the canary judge stopped it at 10 %');
    expect(out).toMatch(
      /STOP\s+payments: the serving version itself is \d+\.\d % bad during the split \(\d+ of \d+; its allowance 3\.0 %\)/,
    );
    expect(current()).toEqual([`${serving}@100`]);
    // Its split left the objects' code updates deferred (an active object ran the serving code up to 300 s); the put-back asked them at once.
    const shared = api
      .script(WORKER)
      .deployments.findLast((d: { versions: Array<{ percentage: number }> }) => d.versions.some((v) => v.percentage === 10));
    expect(api.doCodeUpdates.find((u: { deployment: string }) => u.deployment === shared.id)).toMatchObject({
      mode: 'deferred',
      max_delay: 300,
    });
    expect(api.doCodeUpdates.at(-1)).toMatchObject({ mode: 'immediate' });
    // Every object back on the serving version: its visitors pay again.
    for (let i = 0; i < 5; i++) expect(await pay(serving)).toBe(200);
  });

  /** Answers `response` instead of the new version, for requests by its override to a path `matches`; gives back its undoing. */
  const overrideFault = (matches: (path: string) => boolean, response: Response) => {
    const fault = (request: Request) =>
      request.headers.has('cloudflare-workers-version-overrides') && matches(new URL(request.url).pathname) ? response.clone() : undefined;
    edge.faults.push(fault);
    return () => edge.faults.splice(edge.faults.indexOf(fault), 1);
  };

  describe('each step failing in turn leaves the serving version at 100 % and the next release free to start', () => {
    const STEPS: Array<{
      step: string;
      inject: () => () => void;
      says: string;
      calls?: RegExp;
      traffic?: boolean;
      extra?: Record<string, string>;
    }> = [
      {
        step: 'upload',
        inject: () => api.fail('POST', new RegExp(`/workers/scripts/${WORKER}/versions$`)),
        says: 'Release stopped: Upload the new version, without traffic',
        calls: new RegExp(`^POST /accounts/${ACCOUNT}/workers/scripts/${WORKER}/versions`),
      },
      {
        step: '0 % deploy',
        inject: () => api.fail('POST', new RegExp(`/workers/scripts/${WORKER}/deployments$`), { times: 1 }),
        says: 'Release stopped: Deploy it at 0 % beside the serving version',
        calls: new RegExp(`^POST /accounts/${ACCOUNT}/workers/scripts/${WORKER}/deployments`),
      },
      {
        step: 'override wait',
        inject: () => overrideFault((path) => path === '/healthz', new Response('not yet', { status: 503 })),
        says: 'Release stopped: the new version does not answer for itself by its override (/healthz: 503 not yet)',
        extra: { DEPLOY_OVERRIDE_WAIT_MS: '3000' },
      },
      {
        step: 'card-form check',
        inject: () => overrideFault((path) => path === '/web-payment', new Response('broken', { status: 500 })),
        says: "Release stopped: the new version's card form answered 500 broken",
      },
      {
        step: 'approval',
        inject: () => overrideFault((path) => path.startsWith('/assets/'), new Response('gone', { status: 500 })),
        says: "Release stopped: Approve the version's payment pages (PCI DSS 11.6.1)",
      },
      {
        step: 'KV write',
        inject: () => api.fail('PUT', /\/storage\/kv\/namespaces\/[^/]+\/values\//),
        says: 'Release stopped: Put the manifest where the hourly check reads it, under the version',
      },
      {
        step: 'share',
        inject: () => api.fail('POST', new RegExp(`/workers/scripts/${WORKER}/deployments$`), { skip: 1, times: 1 }),
        says: 'Release stopped: Give the new version 10 % of visitors',
      },
      {
        step: 'promotion',
        inject: () => api.fail('POST', new RegExp(`/workers/scripts/${WORKER}/deployments$`), { skip: 2, times: 1 }),
        says: 'Release stopped: Give the new version every visitor',
        traffic: true,
      },
      {
        step: 'triggers deploy',
        inject: () =>
          api.fail('PUT', new RegExp(`/workers/scripts/${WORKER}/schedules$`), {
            status: 403,
            code: 10000,
            message: 'Authentication error',
          }),
        says: 'Release stopped: Apply its triggers',
        calls: new RegExp(`^PUT /accounts/${ACCOUNT}/workers/scripts/${WORKER}/schedules`),
        traffic: true,
      },
    ];

    for (const { step, inject, says, calls, traffic, extra } of STEPS)
      it(`${step} fails: stopped, the serving version alone at 100 %, no step tried more than 3 times`, async () => {
        const serving = api.deployment(WORKER).versions[0].version_id;
        const from = api.requests.length;
        const undo = inject();
        try {
          const running = deploy([], extra);
          if (traffic) await canaryTraffic(serving, 22, 200);
          const { code, out } = await running;
          expect(code, out).toBe(1);
          expect(out).toContain(says);
          expect(out).toContain(
            step === 'triggers deploy'
              ? `Its triggers may be partly applied (routes, the Custom Domain, crons): run npx wrangler triggers deploy --config ${SITE_CONFIG} --env production from the serving version's commit.`
              : `${WORKER} serves as it did before the release; the next \`npm run deploy\` can start.`,
          );
          expect(current()).toEqual([`${serving}@100`]);
          if (calls) expect(callsSince(from, calls)).toBeLessThanOrEqual(3);
          // The 0 %, the share and the promotion at most, and one put-back.
          expect(callsSince(from, new RegExp(`^POST /accounts/${ACCOUNT}/workers/scripts/${WORKER}/deployments`))).toBeLessThanOrEqual(4);
        } finally {
          undo();
        }
        const next = await deploy(['--check']);
        expect(next.code, next.out).toBe(0);
      });

    it('an interrupted release (Ctrl-C during its canary) puts the serving version back and says so', async () => {
      const serving = api.deployment(WORKER).versions[0].version_id;
      let child: ChildProcess | undefined;
      const running = deploy([], {}, (c) => (child = c));
      for (let i = 0; i < 900 && api.deployment(WORKER).versions.length !== 2; i++) await new Promise((r) => setTimeout(r, 100));
      expect(current()).toHaveLength(2);
      child!.kill('SIGINT');
      const { code, out } = await running;
      expect(code, out).toBe(130);
      expect(out).toContain('Release stopped: interrupted (SIGINT)');
      expect(out).toContain(`${WORKER} serves as it did before the release; the next \`npm run deploy\` can start.`);
      expect(current()).toEqual([`${serving}@100`]);
    });

    /** A release started and waited for until its new version is deployed beside the serving one. */
    async function besideServing(extra: Record<string, string> = {}) {
      const serving = api.deployment(WORKER).versions[0].version_id;
      let child: ChildProcess | undefined;
      const running = deploy([], extra, (c) => (child = c));
      for (let i = 0; i < 900 && api.deployment(WORKER).versions.length !== 2; i++) await new Promise((r) => setTimeout(r, 100));
      expect(current()).toHaveLength(2);
      return { serving, child: child!, running };
    }

    it('a second Ctrl-C while the serving version is being put back changes nothing: it ends with the serving version alone', async () => {
      const { serving, child, running } = await besideServing();
      let printed = '';
      child.stdout!.on('data', (chunk: Buffer) => (printed += String(chunk)));
      child.kill('SIGINT');
      // The second comes while the put-back runs.
      for (let i = 0; i < 300 && !printed.includes('Put the serving version back'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(printed).toContain('Put the serving version back');
      child.kill('SIGINT');
      const { code, out } = await running;
      expect(code, out).toBe(130);
      expect(out).toContain('interrupted (SIGINT): the release is already stopping, and finishes its stop first.');
      expect(out).toContain(`${WORKER} serves as it did before the release; the next \`npm run deploy\` can start.`);
      expect(current()).toEqual([`${serving}@100`]);
    });

    it('a closed terminal (SIGHUP) during its canary puts the serving version back', async () => {
      const { serving, child, running } = await besideServing();
      child.kill('SIGHUP');
      const { code, out } = await running;
      expect(code, out).toBe(130);
      expect(out).toContain('Release stopped: interrupted (SIGHUP)');
      expect(current()).toEqual([`${serving}@100`]);
    });

    it('its output closed (`npm run deploy | tee` losing its pipe) during its canary: it stops and puts the serving version back', async () => {
      const { serving, child, running } = await besideServing();
      child.stdout!.destroy();
      const { code, out } = await running;
      expect(code, out).toBe(1);
      expect(out).toContain('Release stopped: its output was closed');
      expect(current()).toEqual([`${serving}@100`]);
    });

    it('a command past its time limit is ended with its whole process group: the deployment it would have made never lands after the put-back', async () => {
      const { serving, running } = await besideServing({ DEPLOY_COMMAND_MS: '12000' });
      // The API is slow to answer the share's reads of the versions: wrangler waits, past the release's limit.
      const undo = api.hold('GET', new RegExp(`/workers/scripts/${WORKER}/versions/[^/]+$`), { ms: 30_000, times: 2 });
      let out = '';
      try {
        const run = await running;
        out = run.out;
        expect(run.code, out).toBe(1);
      } finally {
        undo();
      }
      expect(out).toContain('no answer in 12 s (the command was ended)');
      expect(current()).toEqual([`${serving}@100`]);
      // Past the held answers: a wrangler left running would deploy the share now.
      const from = api.requests.length;
      await new Promise((r) => setTimeout(r, 32_000));
      expect(callsSince(from, new RegExp(`^POST /accounts/${ACCOUNT}/workers/scripts/${WORKER}/deployments`))).toBe(0);
      expect(current()).toEqual([`${serving}@100`]);
    });

    it('a second release during a release is refused and names who holds it and since when; nothing changes', async () => {
      const { serving, child, running } = await besideServing();
      const from = api.changes.length;
      const second = await deploy();
      expect(second.code, second.out).toBe(1);
      expect(second.out).toMatch(
        /Release refused, nothing changed: a gradual deployment is under way \(.+\), made by the release of \S+ by Release Tester, since \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ: if it still runs, wait for it to end or ask them/,
      );
      expect(api.changes.length).toBe(from);
      child.kill('SIGINT');
      await running;
      expect(current()).toEqual([`${serving}@100`]);
    });

    it('a hand fix during a release (someone deploys by hand in an incident) stops the release and is left in place', async () => {
      const { serving, running } = await besideServing();
      // Wait for the canary's share, then fix by hand as an operator would.
      for (let i = 0; i < 600 && !current().some((v: string) => v.endsWith('@10')); i++) await new Promise((r) => setTimeout(r, 100));
      const canary = api.deployment(WORKER).versions.find((v: { percentage: number }) => v.percentage === 10).version_id;
      const fixed = await versionsDeploy([`${canary}@30%`, `${serving}@70%`], '--message', 'hand fix');
      expect(fixed.code, fixed.out).toBe(0);
      const { code, out } = await running;
      expect(code, out).toBe(1);
      expect(out).toContain('Release stopped: the deployment changed while the release ran');
      expect(out).toContain('"hand fix"');
      expect(out).not.toContain('Put the serving version back');
      expect(current()).toEqual([`${canary}@30`, `${serving}@70`]);
      // Put back by hand, for the tests after this one.
      const back = await versionsDeploy([`${serving}@100%`]);
      expect(back.code, back.out).toBe(0);
    });

    it('the put-back itself fails: tried 3 times, then the exact command is printed; it puts the serving version back', async () => {
      const serving = api.deployment(WORKER).versions[0].version_id;
      const deployments = new RegExp(`/workers/scripts/${WORKER}/deployments$`);
      const undo = api.fail('POST', deployments, { skip: 1 });
      const from = api.requests.length;
      let out = '';
      try {
        const run = await deploy();
        out = run.out;
        expect(run.code, out).toBe(1);
      } finally {
        undo();
      }
      expect(out).toContain('Release stopped: Give the new version 10 % of visitors');
      expect(out).toContain('(try 3 of 3)');
      expect(out).not.toContain('(try 4 of 3)');
      // The 0 % deployment, the share, then three put-backs.
      expect(callsSince(from, new RegExp(`^POST /accounts/${ACCOUNT}/workers/scripts/${WORKER}/deployments`))).toBe(5);
      expect(out).toContain('The serving version could not be put back: the account serves');
      const command = /Run, once the cause above is mended:\n {2}(.+)\n/.exec(out)?.[1];
      expect(command).toBe(
        `npx wrangler versions deploy ${serving}@100% --config .wrangler/release/versions-deploy.json --yes --durable-objects-code-update-mode immediate`,
      );
      expect(current()).toHaveLength(2);
      const refused = await deploy(['--check']);
      expect(refused.out).toContain('a gradual deployment is under way');
      const [, ...args] = command!.split(' ');
      const done = await wrangler(args.slice(1));
      expect(done.code, done.out).toBe(0);
      expect(current()).toEqual([`${serving}@100`]);
      const next = await deploy(['--check']);
      expect(next.code, next.out).toBe(0);
    });
  });

  it("a watch shorter than Durable Objects' deferred code update and three judged minutes is refused before anything changed", async () => {
    const from = api.requests.length;
    const { code, out } = await deploy(['--watch-minutes', '7']);
    expect(code).toBe(2);
    expect(out).toContain(
      "--watch-minutes must be at least 8: a Durable Object active when the split begins keeps the serving code up to 5 minutes (Cloudflare's deferred code update), and the new code is judged for 3 more.",
    );
    expect(changesSince(from)).toEqual([]);
    // The split's deployments leave Durable Objects' updates deferred, as Cloudflare does by default.
    const split = api.doCodeUpdates.filter((u: { mode: string }) => u.mode === 'deferred');
    expect(split.length).toBeGreaterThan(0);
    expect(split.every((u: { max_delay: number }) => u.max_delay === 300)).toBe(true);
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
    const split = await versionsDeploy([`${a}@50%`, `${b}@50%`]);
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
  describe('the stand-in refuses what the account refuses, in its codes and words', () => {
    /** A call of the API as a client other than wrangler could send it. */
    const call = (method: string, pathname: string, body: unknown) =>
      fetch(`${apiBase}/accounts/${ACCOUNT}${pathname}`, {
        method,
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { errors: Array<{ code: number; message: string }> } }));
    const deployments = `/workers/scripts/${WORKER}/deployments`;

    it('a deployment: one or two distinct versions, percentages as numbers; nothing deployed otherwise', async () => {
      const before = current();
      const [a, b, c] = api
        .script(WORKER)
        .versions.slice(-3)
        .map((v: { id: string }) => v.id);
      const twice = await call('POST', deployments, {
        strategy: 'percentage',
        versions: [
          { version_id: a, percentage: 50 },
          { version_id: a, percentage: 50 },
        ],
      });
      expect(twice).toMatchObject({ status: 400, body: { errors: [{ message: 'A version can appear only once in a deployment.' }] } });
      const strings = await call('POST', deployments, {
        strategy: 'percentage',
        versions: [
          { version_id: a, percentage: '50' },
          { version_id: b, percentage: '50' },
        ],
      });
      expect(strings).toMatchObject({ status: 400, body: { errors: [{ message: 'percentage must be a number.' }] } });
      const three = await call('POST', deployments, {
        strategy: 'percentage',
        versions: [a, b, c].map((version_id, i) => ({ version_id, percentage: [40, 30, 30][i] })),
      });
      expect(three).toMatchObject({
        status: 400,
        body: { errors: [{ message: 'A deployment can consist of one or two versions of a Worker.' }] },
      });
      expect(current()).toEqual(before);
    });

    it('a Durable Object binding to a class no migration made: 10061', async () => {
      writeConfigs(
        (toml) =>
          `${toml.replace('main = "src/index.ts"', 'main = "test/release/broken-objects.ts"')}\n[[env.production.durable_objects.bindings]]\nname = "AUDIT"\nclass_name = "AuditTrail"\n`,
      );
      const upload = await wrangler(['versions', 'upload', '--config', SITE_CONFIG, '--env', 'production']);
      writeConfigs();
      expect(upload.code).not.toBe(0);
      expect(upload.out).toContain(
        "Cannot create binding for class 'AuditTrail' because it is not currently configured to implement Durable Objects. Ensure a --new-class migration has been applied to it. [code: 10061]",
      );
    });

    it('during a split: `secret put` is refused (10215) and changes nothing; `versions secret put` makes a version that serves nobody', async () => {
      const versions = api.script(WORKER).versions;
      const split = await versionsDeploy([`${versions.at(-1).id}@50%`, `${versions.at(-2).id}@50%`]);
      expect(split.code, split.out).toBe(0);
      const before = current();
      const put = await wrangler(
        ['secret', 'put', 'FORM_KEY_SECRET', '--config', SITE_CONFIG, '--env', 'production'],
        'rotated-form-key-0123456789abcdefghij',
      );
      expect(put.code).not.toBe(0);
      expect(put.out).toContain("the latest version of your Worker isn't currently deployed");
      expect(put.out).toContain('wrangler versions secret put');
      expect(current()).toEqual(before);
      const versioned = await wrangler(
        ['versions', 'secret', 'put', 'FORM_KEY_SECRET', '--config', SITE_CONFIG, '--env', 'production'],
        'rotated-form-key-0123456789abcdefghij',
      );
      expect(versioned.code, versioned.out).toBe(0);
      expect(current()).toEqual(before);
      expect(api.secretsOf(WORKER).FORM_KEY_SECRET).toBe('rotated-form-key-0123456789abcdefghij');
    });

    it('a rollback to a version whose secrets changed since: 10220, then through with ?force=true as wrangler rollback sends it', async () => {
      const rotated = api.script(WORKER).versions.at(-1).id;
      const finish = await versionsDeploy([`${rotated}@100%`]);
      expect(finish.code, finish.out).toBe(0);
      const older = api.script(WORKER).versions.at(-2).id;
      const back = await versionsDeploy([`${older}@100%`]);
      expect(back.code).not.toBe(0);
      expect(back.out).toContain('A secret has changed since this version was active.');
      expect(back.out).toContain('The following secrets have changed: FORM_KEY_SECRET [code: 10220]');
      expect(current()).toEqual([`${rotated}@100`]);
      const from = api.requests.length;
      const rollback = await wrangler(['rollback', older, '--config', SITE_CONFIG, '--env', 'production', '--message', 'back', '--yes']);
      expect(rollback.code, rollback.out).toBe(0);
      expect(current()).toEqual([`${older}@100`]);
      expect(api.requests.slice(from)).toContain(`POST /accounts/${ACCOUNT}/workers/scripts/${WORKER}/deployments?force=true`);
    });

    it("the secrets listed are the newest version's: a release whose newest version lacks one is refused first, and wrangler's upload check (10057) agrees", async () => {
      const removed = await wrangler(['versions', 'secret', 'delete', 'CARD_HMAC_KEY', '--config', SITE_CONFIG, '--env', 'production']);
      expect(removed.code, removed.out).toBe(0);
      const latest = api.script(WORKER).versions.at(-1).id;
      const deployed = await versionsDeploy([`${latest}@100%`]);
      expect(deployed.code, deployed.out).toBe(0);
      const check = await deploy(['--check']);
      expect(check.code).toBe(1);
      expect(check.out).toContain(`Release refused, nothing changed: ${WORKER} lacks the secrets CARD_HMAC_KEY`);
      const upload = await wrangler(['versions', 'upload', '--config', SITE_CONFIG, '--env', 'production']);
      expect(upload.code).not.toBe(0);
      expect(upload.out).toContain('The following required secrets have not been set: CARD_HMAC_KEY');
      const restored = await wrangler(
        ['versions', 'secret', 'put', 'CARD_HMAC_KEY', '--config', SITE_CONFIG, '--env', 'production'],
        SECRETS.CARD_HMAC_KEY,
      );
      expect(restored.code, restored.out).toBe(0);
      const again = await deploy(['--check']);
      expect(again.code, again.out).toBe(0);
    });
  });
});
