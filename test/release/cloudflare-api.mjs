// A stand-in of Cloudflare's API for Workers, driven by the real wrangler CLI through
// CLOUDFLARE_API_BASE_URL. It refuses what the account refuses: the rules are listed with their
// sources in docs/operations.md ("Releasing"), and each is kept at its handler below. A code and
// message are the ones wrangler's source or its tests answer with; where Cloudflare documents a
// rule but not its code, the refusal is HTTP 400 with code 0 (`UNPUBLISHED`) and the rule's words,
// and the tests assert the rule, not a number nobody published. The answers wrangler parses have
// the shapes of the real API's (Cloudflare's API schema and wrangler's own tests). Its edge is
// edge.mjs.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { chdbSession, loadDataPoints } from '../../scripts/lib/clickhouse.mjs';
import { compile, RuleSyntaxError } from './rules-language.mjs';

const base64url = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token shaped as a JWT (wrangler reads its payload), signed by nobody: the stand-in only reads back what it wrote. */
const jwt = (payload) => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.stand-in`;
const readJwt = (token) => {
  try {
    return JSON.parse(Buffer.from(String(token).split('.')[1], 'base64url').toString());
  } catch {
    return undefined;
  }
};

/** Cloudflare's envelope. */
const ok = (result, extra = {}) => ({ success: true, errors: [], messages: [], result, ...extra });
const fail = (code, message, ...more) => ({
  success: false,
  errors: [{ code, message }, ...more.map((m) => ({ code, message: m }))],
  messages: [],
  result: null,
});

export const NOT_FOUND = 10007;
export const VERSION_NOT_DEPLOYED = 10215;
export const AUTHENTICATION = 10000;
/** Zones' own refusal of a token without the zone's permission. */
export const ZONE_UNAUTHORIZED = 9109;
/** workers-sdk#10246: a Durable Object binding to a class no migration made. */
export const CLASS_NOT_CONFIGURED = 10061;
/** wrangler deploy-helpers error-codes.ts: an `inherit` binding with nothing of its name to inherit. */
export const INVALID_INHERIT = 10057;
/** wrangler rollback: a secret changed since the version rolled back to was active. */
export const ROLLBACK_SECRETS_CHANGED = 10220;
/** workers-sdk#9878: a Custom Domain's host has DNS records of its own. */
export const EXISTING_DNS_RECORD = 100117;
/** A rule Cloudflare documents without publishing its code. */
export const UNPUBLISHED = 0;
const ACCOUNT_PERMISSIONS = ['Workers Scripts Write', 'Workers KV Storage Write', 'Account Analytics Read'];
const ZONE_PERMISSIONS = ['Zone Read', 'DNS Read', 'Workers Routes Write', 'Transform Rules Write'];
/** Rulesets API: a phase of a zone with no entrypoint ruleset yet. */
export const NO_ENTRYPOINT = 10003;
/** The actions each phase the stand-in keeps allows (ruleset-engine/reference/phases-list). */
const PHASE_ACTIONS = { http_request_late_transform: ['rewrite'] };

export class CloudflareApi {
  /** @param {{ account: string, token: string, permissions?: string[] }} options */
  constructor({ account, token, permissions = [...ACCOUNT_PERMISSIONS, ...ZONE_PERMISSIONS], zones = ['example.test'] }) {
    this.account = account;
    this.token = token;
    this.permissions = new Set(permissions);
    /** @type {Map<string, any>} */
    this.scripts = new Map();
    /** @type {Map<string, Map<string, string>>} */
    this.kv = new Map();
    /** Every request wrangler made: method and path. */
    this.requests = [];
    /** Every request that changed the account (`at`: its index in `requests`); reads, refusals and writes of nothing are not. */
    this.changes = [];
    this.unknown = [];
    /** The data points the account's Workers wrote (`{ at, point }`); the edge supplies them. */
    this.dataPoints = () => [];
    /** Every change of a Worker's non-versioned settings (`PATCH …/script-settings`), in order. */
    this.settingsChanges = [];
    /** Every change of a Worker's triggers (domains, crons), in order. */
    this.triggerChanges = [];
    /** Asset files by hash, and upload sessions by id. */
    this.assetFiles = new Map();
    this.assetSessions = new Map();
    /** Each deployment's Durable Object code update: `deferred` (up to `max_delay` s) or `immediate`. */
    this.doCodeUpdates = [];
    /** The account's zones, each with its DNS records (`{ type, name, content }`). */
    this.zones = new Map(
      zones.map((name) => [name, { id: `zone-${name.replace(/\W/g, '-')}`, name, records: [], rulesets: new Map(), plan: 'pro' }]),
    );
    /** Custom Domains of Workers outside this stand-in's scripts: hostname → Worker. */
    this.foreignDomains = new Map();
    /** Called with a hostname when a Custom Domain is made on it (the edge issues its certificate). */
    this.onDomain = () => undefined;
    /** Failures a test injects: `{ method, path: RegExp, status, code, message, times }`, answered instead of the call. */
    this.faults = [];
    /** Calls a test holds: `{ method, path: RegExp, ms, times }`, each answered as usual once `ms` have passed. */
    this.holds = [];
  }

  /** Holds the next `times` calls matching `method` and `path` for `ms` before answering them (an API that is slow to answer); gives back its undoing. */
  hold(method, path, { ms, times = 1 }) {
    const hold = { method, path, ms, times };
    this.holds.push(hold);
    return () => this.holds.splice(this.holds.indexOf(hold), 1);
  }

  /** Fails `times` calls matching `method` and `path` once `skip` have passed (an outage by default: 500, 10013); gives back its undoing. */
  fail(method, path, { skip = 0, times = Infinity, status = 500, code = 10013, message = 'An unknown error has occurred' } = {}) {
    const fault = { method, path, status, code, message, skip, times };
    this.faults.push(fault);
    return () => this.faults.splice(this.faults.indexOf(fault), 1);
  }

  /** The newest version's secrets (what the secrets list and an upload's `inherit` see). */
  secretsOf(name) {
    return this.script(name)?.versions.at(-1)?.secrets ?? {};
  }

  script(name) {
    return this.scripts.get(name);
  }

  /** The current deployment of a Worker (the newest), or undefined. */
  deployment(name) {
    return this.script(name)?.deployments.at(-1);
  }

  /** @returns {Promise<{ status: number, body: unknown, headers?: Record<string,string> }>} */
  async handle(request) {
    const at = this.requests.length;
    const answer = await this.#answer(request);
    const { pathname } = new URL(request.url);
    if (request.method !== 'GET' && answer.status < 300 && !answer.unchanged && !pathname.endsWith('/analytics_engine/sql'))
      this.changes.push({ at, call: this.requests[at] });
    return answer;
  }

  async #answer(request) {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/client\/v4/, '');
    this.requests.push(`${request.method} ${path}${url.search}`);
    const held = this.holds.find((h) => h.method === request.method && h.path.test(path) && h.times > 0);
    if (held) {
      held.times--;
      await new Promise((resolve) => setTimeout(resolve, held.ms));
    }
    const base = `/accounts/${this.account}`;
    const fault = this.faults.find((f) => f.method === request.method && f.path.test(path) && f.skip-- <= 0 && f.times > 0);
    if (fault) {
      fault.times--;
      return { status: fault.status, body: fail(fault.code, fault.message) };
    }
    // Asset files are sent under the upload session's own token.
    if (request.method === 'POST' && path === `${base}/workers/assets/upload`) return this.uploadAssets(request);
    if (request.headers.get('authorization') !== `Bearer ${this.token}`)
      return { status: 403, body: fail(AUTHENTICATION, 'Authentication error') };
    const zone = path.startsWith('/zones');
    if (!zone && !path.startsWith(base)) return this.#unknown(request, path);
    const rest = zone ? path : path.slice(base.length);
    for (const [method, pattern, handler, ...permissions] of this.#routes()) {
      if (method !== request.method) continue;
      const m = pattern.exec(rest);
      if (!m) continue;
      // A token without the permission a call needs is refused as Cloudflare refuses it, before the call is read.
      if (!permissions.every((p) => this.#may(p)))
        return zone
          ? { status: 403, body: fail(ZONE_UNAUTHORIZED, 'Unauthorized to access requested resource') }
          : { status: 403, body: fail(AUTHENTICATION, 'Authentication error') };
      return handler.call(this, request, url, ...m.slice(1).map(decodeURIComponent));
    }
    return this.#unknown(request, path);
  }

  /** A permission the token has, a Write implying its Read. */
  #may(permission) {
    return (
      this.permissions.has(permission) || (permission.endsWith(' Read') && this.permissions.has(permission.replace(/ Read$/, ' Write')))
    );
  }

  #unknown(request, path) {
    this.unknown.push(`${request.method} ${path}`);
    return { status: 404, body: fail(7003, `No route for that URI (stand-in: ${request.method} ${path})`) };
  }

  #routes() {
    const name = '([a-z0-9-]+)';
    return [
      ['POST', /^\/analytics_engine\/sql$/, this.analyticsSql, 'Account Analytics Read'],
      ['PUT', /^\/storage\/kv\/namespaces\/([^/]+)\/bulk$/, this.putKvBulk, 'Workers KV Storage Write'],
      ['PUT', /^\/storage\/kv\/namespaces\/([^/]+)\/values\/(.+)$/, this.putKv, 'Workers KV Storage Write'],
      ['GET', /^\/storage\/kv\/namespaces\/([^/]+)\/values\/(.+)$/, this.getKv, 'Workers KV Storage Write'],
      ['GET', new RegExp(`^/workers/services/${name}$`), this.getService, 'Workers Scripts Read'],
      ['PUT', new RegExp(`^/workers/scripts/${name}$`), this.putScript, 'Workers Scripts Write'],
      ['GET', new RegExp(`^/workers/scripts/${name}/secrets$`), this.listSecrets, 'Workers Scripts Read'],
      ['PUT', new RegExp(`^/workers/scripts/${name}/secrets$`), this.putSecret, 'Workers Scripts Write'],
      ['GET', new RegExp(`^/workers/scripts/${name}/deployments$`), this.listDeployments, 'Workers Scripts Read'],
      ['POST', new RegExp(`^/workers/scripts/${name}/deployments$`), this.postDeployment, 'Workers Scripts Write'],
      ['GET', new RegExp(`^/workers/scripts/${name}/versions$`), this.listVersions, 'Workers Scripts Read'],
      ['POST', new RegExp(`^/workers/scripts/${name}/versions$`), this.postVersion, 'Workers Scripts Write'],
      ['GET', new RegExp(`^/workers/scripts/${name}/versions/([0-9a-f-]+)$`), this.getVersion, 'Workers Scripts Read'],
      ['PATCH', new RegExp(`^/workers/workers/${name}/versions/latest$`), this.patchLatestVersion, 'Workers Scripts Write'],
      ['POST', new RegExp(`^/workers/scripts/${name}/assets-upload-session$`), this.assetsSession, 'Workers Scripts Write'],
      ['GET', new RegExp(`^/workers/scripts/${name}/settings$`), this.getSettings, 'Workers Scripts Read'],
      ['GET', new RegExp(`^/workers/scripts/${name}/script-settings$`), this.getScriptSettings, 'Workers Scripts Read'],
      ['PATCH', new RegExp(`^/workers/scripts/${name}/script-settings$`), this.patchScriptSettings, 'Workers Scripts Write'],
      ['GET', new RegExp(`^/workers/workers/${name}$`), this.getWorker, 'Workers Scripts Read'],
      ['POST', new RegExp(`^/workers/scripts/${name}/subdomain$`), this.postSubdomain, 'Workers Scripts Write'],
      [
        'POST',
        new RegExp(`^/workers/scripts/${name}/domains/changeset$`),
        this.domainsChangeset,
        'Workers Scripts Write',
        'Workers Routes Write',
      ],
      ['PUT', new RegExp(`^/workers/scripts/${name}/domains/records$`), this.putDomains, 'Workers Scripts Write', 'Workers Routes Write'],
      ['GET', /^\/workers\/domains$/, this.listDomains, 'Workers Scripts Read'],
      ['GET', /^\/workers\/domains\/records\/([^/]+)$/, this.getDomain, 'Workers Scripts Read'],
      ['GET', /^\/zones$/, this.listZones, 'Zone Read'],
      ['GET', /^\/zones\/([^/]+)\/dns_records$/, this.listDnsRecords, 'DNS Read'],
      ['POST', /^\/zones\/([^/]+)\/workers\/routes$/, this.postRoute, 'Workers Routes Write'],
      ['GET', /^\/zones\/([^/]+)\/rulesets\/phases\/([a-z_]+)\/entrypoint$/, this.getEntrypoint, 'Transform Rules Read'],
      ['PUT', /^\/zones\/([^/]+)\/rulesets\/phases\/([a-z_]+)\/entrypoint$/, this.putEntrypoint, 'Transform Rules Write'],
      ['POST', /^\/zones\/([^/]+)\/rulesets$/, this.createRuleset, 'Transform Rules Write'],
      ['POST', /^\/zones\/([^/]+)\/rulesets\/([^/]+)\/rules$/, this.addRule, 'Transform Rules Write'],
      ['PATCH', /^\/zones\/([^/]+)\/rulesets\/([^/]+)\/rules\/([^/]+)$/, this.patchRule, 'Transform Rules Write'],
      ['GET', new RegExp(`^/workers/scripts/${name}/schedules$`), this.getSchedules, 'Workers Scripts Read'],
      ['PUT', new RegExp(`^/workers/scripts/${name}/schedules$`), this.putSchedules, 'Workers Scripts Write'],
    ];
  }

  /** Cloudflare's 404 for a Worker it does not know, on the services path (10090) or the scripts path (10007). */
  #missing(code = NOT_FOUND) {
    return {
      status: 404,
      body: fail(code, code === NOT_FOUND ? 'workers.api.error.script_not_found' : 'workers.api.error.service_not_found'),
    };
  }

  getService(_request, _url, name) {
    const script = this.script(name);
    if (!script) return this.#missing(10090);
    return {
      status: 200,
      body: ok({
        id: name,
        default_environment: {
          environment: 'production',
          created_on: script.created_on,
          modified_on: script.modified_on,
          script: {
            id: name,
            tag: script.tag,
            tags: [],
            etag: script.tag,
            handlers: ['fetch', 'scheduled'],
            last_deployed_from: 'wrangler',
            migration_tag: script.migrationTag,
          },
        },
        created_on: script.created_on,
        modified_on: script.modified_on,
      }),
    };
  }

  /** The newest version's secrets, as an upload inherits them. */
  listSecrets(_request, _url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    return { status: 200, body: ok(Object.keys(this.secretsOf(name)).map((secret) => ({ name: secret, type: 'secret_text' }))) };
  }

  /**
   * `wrangler secret put`: a new version with the secret, deployed to every visitor. Refused unless
   * the newest version serves every visitor alone (during a split it would end the split):
   * `wrangler versions secret put` makes the version without deploying it.
   */
  async putSecret(request, _url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    const { name: secret, text, type } = await request.json();
    if (type !== 'secret_text' || typeof secret !== 'string' || typeof text !== 'string')
      return { status: 400, body: fail(UNPUBLISHED, 'secret must be { name, text, type: "secret_text" }') };
    const newest = script.versions.at(-1);
    const serving = this.deployment(name)?.versions;
    if (!(serving?.length === 1 && serving[0].version_id === newest.id && serving[0].percentage === 100))
      return {
        status: 400,
        body: fail(
          VERSION_NOT_DEPLOYED,
          "The latest version of your Worker isn't currently deployed. Please ensure that the latest version of your Worker is fully deployed (wrangler versions deploy) before modifying secrets. Alternatively, you can use the Cloudflare dashboard to modify secrets and deploy the version.",
        ),
      };
    const version = this.#addVersion(script, {
      ...newest,
      bindings: [...newest.bindings.filter((b) => b.name !== secret), { name: secret, type: 'secret_text' }],
      secrets: { ...newest.secrets, [secret]: text },
      annotations: { 'workers/triggered_by': 'secret' },
    });
    script.deployments.push(this.#deploymentOf([{ version_id: version.id, percentage: 100 }], 'secret'));
    return { status: 200, body: ok({ name: secret, type: 'secret_text' }) };
  }

  /** `wrangler versions secret put`: the newest version with its secrets changed (`null` removes one), as a new version that serves nobody yet. */
  async patchLatestVersion(request, _url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    const newest = script.versions.at(-1);
    if (!newest)
      return {
        status: 400,
        body: fail(10222, 'There are currently no uploaded versions of this Worker. Please upload a version before modifying a secret.'),
      };
    const { env = {}, annotations = {} } = await request.json();
    const secrets = { ...newest.secrets };
    for (const [secret, value] of Object.entries(env)) {
      if (value === null) delete secrets[secret];
      else secrets[secret] = value.text;
    }
    const version = this.#addVersion(script, {
      ...newest,
      bindings: [
        ...newest.bindings.filter((b) => !(b.name in env)),
        ...Object.entries(env)
          .filter(([, value]) => value !== null)
          .map(([secret]) => ({ name: secret, type: 'secret_text' })),
      ],
      secrets,
      annotations: { 'workers/triggered_by': 'secret', ...annotations },
    });
    return { status: 200, body: ok(this.#versionView(version)) };
  }

  /** An upload session: the files of the manifest not stored yet, in buckets, and the session's token. */
  async assetsSession(request) {
    const { manifest } = await request.json();
    const session = { id: randomUUID(), manifest, missing: new Set() };
    for (const { hash } of Object.values(manifest)) if (!this.assetFiles.has(hash)) session.missing.add(hash);
    this.assetSessions.set(session.id, session);
    const missing = [...session.missing];
    const buckets = [];
    for (let i = 0; i < missing.length; i += 10) buckets.push(missing.slice(i, i + 10));
    const token = jwt({ session: session.id, ...(missing.length ? {} : { completion: true }) });
    return { status: 200, body: ok({ jwt: token, buckets }) };
  }

  async uploadAssets(request) {
    const claims = readJwt(request.headers.get('authorization')?.replace(/^Bearer /, ''));
    const session = claims && this.assetSessions.get(claims.session);
    if (!session || claims.completion) return { status: 401, body: fail(AUTHENTICATION, 'invalid upload token') };
    const form = await request.formData();
    for (const [hash, file] of form.entries()) {
      if (!session.missing.has(hash)) return { status: 400, body: fail(10000, `unexpected file ${hash}`) };
      this.assetFiles.set(hash, Buffer.from(await file.text(), 'base64'));
      session.missing.delete(hash);
    }
    return {
      status: session.missing.size ? 200 : 201,
      body: ok(session.missing.size ? {} : { jwt: jwt({ session: session.id, completion: true }) }),
    };
  }

  /** The asset manifest a completion token stands for. */
  assetsOf(token) {
    const claims = readJwt(token);
    const session = claims?.completion && this.assetSessions.get(claims.session);
    return session ? session.manifest : undefined;
  }

  /** The Analytics Engine SQL API: the statement runs in ClickHouse over what the edge's versions wrote (`dataPoints()`). */
  async analyticsSql(request) {
    const Session = await chdbSession();
    if (!Session) return { status: 503, body: 'chDB is missing' };
    this.sql ??= new Session();
    const statement = (await request.text()).replace(/\s+FORMAT\s+JSON\s*$/i, '');
    const dataset = /FROM\s+(\w+)/i.exec(statement)?.[1];
    if (dataset) loadDataPoints(this.sql, this.dataPoints(), dataset);
    try {
      return { status: 200, body: this.sql.query(statement, 'JSON') };
    } catch (error) {
      return { status: 422, body: fail(8000, String(error.message ?? error)) };
    }
  }

  /** Writes many pairs at once; a write of none changes nothing (the release's permission check). */
  async putKvBulk(request, _url, namespace) {
    const pairs = await request.json();
    if (!Array.isArray(pairs)) return { status: 400, body: fail(UNPUBLISHED, 'the body is an array of { key, value }') };
    if (pairs.length && !this.kv.has(namespace)) this.kv.set(namespace, new Map());
    for (const { key, value } of pairs) this.kv.get(namespace).set(key, value);
    return { status: 200, body: ok({ successful_key_count: pairs.length, unsuccessful_keys: [] }), unchanged: pairs.length === 0 };
  }

  async putKv(request, _url, namespace, key) {
    let value;
    if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
      const v = (await request.formData()).get('value');
      value = typeof v === 'string' ? v : await v.text();
    } else value = await request.text();
    if (!this.kv.has(namespace)) this.kv.set(namespace, new Map());
    this.kv.get(namespace).set(key, value);
    return { status: 200, body: ok({}) };
  }

  getKv(_request, _url, namespace, key) {
    const value = this.kv.get(namespace)?.get(key);
    return value === undefined ? { status: 404, body: fail(10009, 'get: key not found') } : { status: 200, body: value };
  }

  listDeployments(_request, _url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    return { status: 200, body: ok({ deployments: [...script.deployments].reverse() }) };
  }

  /**
   * A new deployment (API reference, "Create Deployment"): one or two versions of this Worker, each
   * once, percentages numbers adding up to 100 (0 % allowed: a version a override can reach). A
   * rollback to a version whose secrets changed since is refused unless `?force=true` (10220).
   */
  async postDeployment(request, url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    const { strategy, versions, annotations, code_update_strategy } = await request.json();
    const refuse = (message) => ({ status: 400, body: fail(UNPUBLISHED, message) });
    if (strategy !== 'percentage' || !Array.isArray(versions) || versions.length < 1)
      return refuse('A deployment names its versions by percentage.');
    if (versions.length > 2) return refuse('A deployment can consist of one or two versions of a Worker.');
    if (new Set(versions.map((v) => v.version_id)).size !== versions.length)
      return refuse('A version can appear only once in a deployment.');
    if (versions.some((v) => typeof v.percentage !== 'number')) return refuse('percentage must be a number.');
    const found = versions.map((v) => script.versions.find((known) => known.id === v.version_id));
    if (found.some((v) => !v)) return { status: 404, body: fail(NOT_FOUND, 'workers.api.error.version_not_found') };
    const total = versions.reduce((sum, v) => sum + v.percentage, 0);
    if (Math.abs(total - 100) > 1e-9 || versions.some((v) => !(v.percentage >= 0 && v.percentage <= 100)))
      return refuse('The percentages of a deployment must add up to 100.');
    const newest = found[0];
    if (newest.migrationTag !== script.migrationTag)
      return {
        status: 400,
        body: fail(UNPUBLISHED, 'A version with a pending Durable Object migration is deployed by a script upload (wrangler deploy).'),
      };
    // A rollback: one version, older than what serves now, whose secrets differ from the serving version's.
    const serving = (this.deployment(name)?.versions ?? []).map((v) => script.versions.find((known) => known.id === v.version_id));
    const newer = serving.filter((v) => v.number > newest.number);
    if (versions.length === 1 && newer.length && url.searchParams.get('force') !== 'true') {
      const changed = [
        ...new Set(
          newer.flatMap((v) =>
            [...Object.keys(v.secrets), ...Object.keys(newest.secrets)].filter((k) => v.secrets[k] !== newest.secrets[k]),
          ),
        ),
      ];
      if (changed.length)
        return {
          status: 400,
          body: fail(
            ROLLBACK_SECRETS_CHANGED,
            `A secret has changed since this version was active. If you are sure this is ok, add a ?force=true query parameter to allow the rollback. The following secrets have changed: ${changed.join(', ')}`,
          ),
        };
    }
    const deployment = {
      ...this.#deploymentOf(
        versions.map((v) => ({ version_id: v.version_id, percentage: v.percentage })),
        'deployment',
      ),
      // Cloudflare keeps the first 100 bytes of a deployment's message.
      annotations: {
        'workers/triggered_by': 'deployment',
        ...(annotations ?? {}),
        ...(annotations?.['workers/message'] && { 'workers/message': String(annotations['workers/message']).slice(0, 100) }),
      },
    };
    script.deployments.push(deployment);
    // Durable Objects keep running the code they have for up to `max_delay` seconds (300 unless
    // asked), or take the deployment's at once when asked `immediate`.
    this.doCodeUpdates.push({ script: name, deployment: deployment.id, ...(code_update_strategy ?? { mode: 'deferred', max_delay: 300 }) });
    return { status: 200, body: ok(deployment) };
  }

  listVersions(_request, url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    const items = [...script.versions].reverse().map((v) => this.#versionView(v));
    return { status: 200, body: ok({ items }, { result_info: { page: 1, per_page: items.length, total_count: items.length } }) };
  }

  getVersion(_request, _url, name, id) {
    const version = this.script(name)?.versions.find((v) => v.id === id);
    if (!version) return { status: 404, body: fail(NOT_FOUND, 'workers.api.error.version_not_found') };
    return { status: 200, body: ok(this.#versionView(version)) };
  }

  #versionView(v) {
    return {
      id: v.id,
      number: v.number,
      annotations: v.annotations,
      metadata: {
        author_email: 'release@papaya.test',
        source: 'wrangler',
        created_on: v.created_on,
        modified_on: v.created_on,
        has_preview: false,
      },
      resources: {
        bindings: v.bindings,
        script: { etag: v.id, handlers: ['fetch', 'scheduled'], last_deployed_from: 'wrangler' },
        script_runtime: {
          compatibility_date: v.compatibilityDate,
          compatibility_flags: v.compatibilityFlags ?? [],
          usage_model: 'standard',
        },
      },
    };
  }

  #addVersion(script, fields) {
    const now = new Date().toISOString();
    const version = { ...fields, id: randomUUID(), number: script.versions.length + 1, created_on: now };
    script.versions.push(version);
    script.modified_on = now;
    return version;
  }

  #deploymentOf(versions, triggeredBy) {
    return {
      id: randomUUID(),
      source: 'wrangler',
      strategy: 'percentage',
      author_email: 'release@papaya.test',
      created_on: new Date().toISOString(),
      annotations: { 'workers/triggered_by': triggeredBy },
      versions,
    };
  }

  /** The parts of a Worker upload (wrangler's multipart form): its metadata and its modules. */
  async #upload(request) {
    const form = await request.formData();
    const raw = form.get('metadata');
    const metadata = JSON.parse(typeof raw === 'string' ? raw : await raw.text());
    const modules = new Map();
    for (const [field, value] of form.entries())
      if (field !== 'metadata' && typeof value !== 'string')
        modules.set(value.name || field, { type: value.type, content: Buffer.from(await value.arrayBuffer()) });
    return { metadata, modules };
  }

  /** The version a metadata describes; the bindings of the kinds it asks to keep come from the newest version. */
  #versionOf(metadata, modules, annotations, migrationTag, previous, classes) {
    const keep = new Set(metadata.keep_bindings ?? []);
    // A binding of type `inherit` is the newest version's binding of that name, as it is.
    const sent = (metadata.bindings ?? []).map((b) =>
      b.type === 'inherit' ? { ...previous?.bindings.find((p) => p.name === b.name), name: b.name, inherited: true } : b,
    );
    const orphans = sent.filter((b) => b.inherited && !b.type).map((b) => b.name);
    if (orphans.length)
      throw Object.assign(new Error('inherit'), {
        status: 400,
        body: fail(
          INVALID_INHERIT,
          ...orphans.map((n) => `inherit binding '${n}' is invalid: previous version does not have binding named '${n}'`),
        ),
      });
    const unmade = sent.find((b) => b.type === 'durable_object_namespace' && !b.script_name && !classes.has(b.class_name));
    if (unmade)
      throw Object.assign(new Error('class'), {
        status: 400,
        body: fail(
          CLASS_NOT_CONFIGURED,
          `Cannot create binding for class '${unmade.class_name}' because it is not currently configured to implement Durable Objects. Ensure a --new-class migration has been applied to it.`,
        ),
      });
    const kept = (previous?.bindings ?? []).filter((b) => keep.has(b.type) && !sent.some((s) => s.name === b.name));
    const secrets = Object.fromEntries(
      sent.filter((b) => b.type === 'secret_text').map((b) => [b.name, b.inherited ? previous.secrets[b.name] : b.text]),
    );
    for (const b of kept) if (b.type === 'secret_text') secrets[b.name] = previous.secrets[b.name];
    return {
      modules,
      mainModule: metadata.main_module,
      bindings: [...sent.map(({ inherited: _, ...b }) => (b.type === 'secret_text' ? { name: b.name, type: b.type } : b)), ...kept],
      secrets,
      compatibilityDate: metadata.compatibility_date,
      compatibilityFlags: metadata.compatibility_flags,
      assets: metadata.assets?.jwt ? this.assetsOf(metadata.assets.jwt) : undefined,
      migrationTag,
      annotations,
    };
  }

  /**
   * `wrangler deploy`: the Worker made if new, its Durable Object migrations applied (their
   * `old_tag` must be the Worker's current tag), a version uploaded and deployed to every visitor.
   * Routes, domains and crons are sent by wrangler separately.
   */
  async putScript(request, _url, name) {
    const { metadata, modules } = await this.#upload(request);
    let script = this.script(name);
    const migrations = metadata.migrations;
    if (migrations && (migrations.old_tag ?? null) !== (script?.migrationTag ?? null))
      return {
        status: 400,
        body: fail(UNPUBLISHED, `The migration's old_tag ${migrations.old_tag} is not the script's tag ${script?.migrationTag}.`),
      };
    if (!script) {
      const now = new Date().toISOString();
      script = {
        tag: randomUUID().replace(/-/g, ''),
        created_on: now,
        modified_on: now,
        migrationTag: null,
        versions: [],
        deployments: [],
        classes: new Set(),
        schedules: [],
        domains: [],
      };
      this.scripts.set(name, script);
    }
    const classes = new Set(script.classes);
    for (const migration of migrations ? (migrations.steps ?? [migrations]) : []) {
      for (const c of [...(migration.new_classes ?? []), ...(migration.new_sqlite_classes ?? [])]) classes.add(c);
      for (const { from, to } of migration.renamed_classes ?? []) if (classes.delete(from)) classes.add(to);
      for (const c of migration.deleted_classes ?? []) classes.delete(c);
    }
    const version = this.#addVersion(
      script,
      this.#versionOf(
        metadata,
        modules,
        { 'workers/triggered_by': 'upload' },
        migrations?.new_tag ?? script.migrationTag,
        script.versions.at(-1),
        classes,
      ),
    );
    if (migrations) script.migrationTag = migrations.new_tag;
    script.classes = classes;
    // A script upload applies the non-versioned settings its metadata carries.
    script.settings = {
      ...script.settings,
      ...Object.fromEntries(
        ['logpush', 'tail_consumers', 'observability'].flatMap((k) => (metadata[k] === undefined ? [] : [[k, metadata[k]]])),
      ),
    };
    script.deployments.push(this.#deploymentOf([{ version_id: version.id, percentage: 100 }], 'upload'));
    return {
      status: 200,
      body: ok({
        id: name,
        tag: script.tag,
        etag: version.id,
        handlers: ['fetch', 'scheduled'],
        created_on: script.created_on,
        modified_on: script.modified_on,
        migration_tag: script.migrationTag,
        usage_model: 'standard',
        compatibility_date: metadata.compatibility_date,
        has_assets: Boolean(version.assets),
        has_modules: true,
        // The real API names the uploaded version `deployment_id` here (wrangler prints it as the version).
        deployment_id: version.id,
        startup_time_ms: 10,
      }),
    };
  }

  /**
   * `wrangler versions upload`: a version of a Worker that exists, without traffic. A migration
   * cannot ride on it (Cloudflare applies migrations only when a version is deployed by upload).
   */
  async postVersion(request, _url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    const { metadata, modules } = await this.#upload(request);
    if (metadata.migrations)
      return {
        status: 400,
        body: fail(UNPUBLISHED, 'Durable Object migrations are applied by a script upload (wrangler deploy), never by a version upload.'),
      };
    const version = this.#addVersion(
      script,
      this.#versionOf(
        metadata,
        modules,
        { 'workers/triggered_by': 'upload', ...(metadata.annotations ?? {}) },
        script.migrationTag,
        script.versions.at(-1),
        script.classes,
      ),
    );
    return { status: 200, body: ok({ ...this.#versionView(version), startup_time_ms: 10 }) };
  }

  getSettings(_request, _url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    const newest = script.versions.at(-1);
    return {
      status: 200,
      body: ok({
        bindings: newest.bindings,
        compatibility_date: newest.compatibilityDate,
        compatibility_flags: newest.compatibilityFlags ?? [],
        placement: {},
        usage_model: 'standard',
        ...this.#settingsOf(script),
      }),
    };
  }

  /** The Worker's non-versioned settings: no version carries them, every deployment with them changes them for all. */
  #settingsOf(script) {
    return { logpush: false, tail_consumers: [], observability: { enabled: false }, ...script.settings };
  }

  getScriptSettings(_request, _url, name) {
    const script = this.script(name);
    return script ? { status: 200, body: ok(this.#settingsOf(script)) } : this.#missing();
  }

  /** The non-versioned settings, each one sent replacing what was there (`versions deploy` and `deploy` send them; wrangler's PATCH). */
  async patchScriptSettings(request, _url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    const sent = await request.json();
    script.settings = { ...script.settings, ...sent };
    this.settingsChanges.push({ script: name, at: this.requests.length - 1, settings: structuredClone(sent) });
    return { status: 200, body: ok(this.#settingsOf(script)) };
  }

  getWorker(_request, _url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    return { status: 200, body: ok({ id: script.tag, name, subdomain: script.subdomain ?? { enabled: false, previews_enabled: false } }) };
  }

  async postSubdomain(request, _url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    const { enabled, previews_enabled } = await request.json();
    script.subdomain = { enabled: Boolean(enabled), previews_enabled: Boolean(previews_enabled) };
    return { status: 200, body: ok(script.subdomain) };
  }

  async domainsChangeset(request, _url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    const asked = await request.json();
    const view = (hostname) => ({
      id: `domain-${hostname}`,
      hostname,
      service: name,
      environment: 'production',
      zone_name: hostname.split('.').slice(-2).join('.'),
    });
    return {
      status: 200,
      body: ok({
        added: asked
          .filter((d) => !script.domains.includes(d.hostname) && !this.foreignDomains.has(d.hostname))
          .map((d) => view(d.hostname)),
        removed: script.domains.filter((h) => !asked.some((d) => d.hostname === h)).map(view),
        // A domain of another Worker is an update whose service is not this one (wrangler's publishCustomDomains reads it so).
        updated: asked
          .filter((d) => script.domains.includes(d.hostname) || this.foreignDomains.has(d.hostname))
          .map((d) => ({
            ...view(d.hostname),
            service: this.foreignDomains.get(d.hostname) ?? name,
            modified: this.foreignDomains.has(d.hostname),
          })),
        // A host with DNS records of its own conflicts.
        conflicting: asked.filter((d) => this.#zoneOf(d.hostname)?.records.some((r) => r.name === d.hostname)).map((d) => view(d.hostname)),
      }),
    };
  }

  /**
   * The Worker's Custom Domains, replaced (a trigger: only `triggers deploy` or `deploy` sends it).
   * A host's own DNS records are replaced only with `override_existing_dns_record` (100117), and a
   * CNAME never (workers/configuration/routing/custom-domains); another Worker's domain moves only
   * with `override_existing_origin`.
   */
  async putDomains(request, _url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    const { origins, override_existing_dns_record, override_existing_origin } = await request.json();
    for (const { hostname } of origins) {
      const records = this.#zoneOf(hostname)?.records.filter((r) => r.name === hostname) ?? [];
      if (records.some((r) => r.type === 'CNAME'))
        return {
          status: 409,
          body: fail(
            EXISTING_DNS_RECORD,
            `Hostname '${hostname}' already has externally managed DNS records (A, CNAME, etc). Delete them first or try a different hostname.`,
          ),
        };
      if (records.length && !override_existing_dns_record)
        return {
          status: 409,
          body: fail(
            EXISTING_DNS_RECORD,
            `Hostname '${hostname}' already has externally managed DNS records (A, CNAME, etc). Either delete them, try a different hostname, or use the option 'override_existing_dns_record' to override.`,
          ),
        };
      if (this.foreignDomains.has(hostname) && !override_existing_origin)
        return { status: 409, body: fail(UNPUBLISHED, `Hostname '${hostname}' is a Custom Domain of another Worker.`) };
    }
    for (const { hostname } of origins) {
      const zone = this.#zoneOf(hostname);
      if (zone) zone.records = zone.records.filter((r) => r.name !== hostname);
      this.foreignDomains.delete(hostname);
      if (!script.domains.includes(hostname)) this.onDomain(hostname);
    }
    script.domains = origins.map((o) => o.hostname);
    this.triggerChanges.push({ script: name, what: 'domains', value: script.domains });
    return {
      status: 200,
      body: ok(script.domains.map((hostname) => ({ id: `domain-${hostname}`, hostname, service: name, environment: 'production' }))),
    };
  }

  #zoneOf(hostname) {
    return [...this.zones.values()].find((z) => hostname === z.name || hostname.endsWith(`.${z.name}`));
  }

  /** Every Worker's Custom Domains in the account, by hostname when asked. */
  listDomains(_request, url) {
    const hostname = url.searchParams.get('hostname');
    const all = [...[...this.scripts].flatMap(([service, s]) => s.domains.map((h) => [h, service])), ...this.foreignDomains].filter(
      ([h]) => !hostname || h === hostname,
    );
    return {
      status: 200,
      body: ok(
        all.map(([h, service]) => ({
          id: `domain-${h}`,
          hostname: h,
          service,
          environment: 'production',
          zone_name: this.#zoneOf(h)?.name,
        })),
      ),
    };
  }

  /** One Custom Domain, by the id the changeset gave it. */
  getDomain(request, url, id) {
    const found = this.listDomains(request, new URL('http://x/')).body.result.find((d) => d.id === id);
    return found ? { status: 200, body: ok(found) } : { status: 404, body: fail(NOT_FOUND, 'workers.api.error.domain_not_found') };
  }

  listZones(_request, url) {
    const name = url.searchParams.get('name');
    const zones = [...this.zones.values()].filter((z) => !name || z.name === name);
    return {
      status: 200,
      body: ok(
        zones.map((z) => ({
          id: z.id,
          name: z.name,
          status: 'active',
          account: { id: this.account },
          plan: { legacy_id: z.plan, name: `${z.plan[0].toUpperCase()}${z.plan.slice(1)} Website` },
        })),
      ),
    };
  }

  listDnsRecords(_request, url, zoneId) {
    const zone = [...this.zones.values()].find((z) => z.id === zoneId);
    if (!zone) return { status: 404, body: fail(7003, 'Could not route to the zone') };
    const name = url.searchParams.get('name');
    return { status: 200, body: ok(zone.records.filter((r) => !name || r.name === name).map((r, i) => ({ id: `record-${i}`, ...r }))) };
  }

  /** A route of a zone: the release asks with none, which tells whether its token may write routes and makes nothing. */
  async postRoute(request, _url, zoneId) {
    const { pattern, script } = await request.json().catch(() => ({}));
    if (![...this.zones.values()].some((z) => z.id === zoneId)) return { status: 404, body: fail(7003, 'Could not route to the zone') };
    if (typeof pattern !== 'string' || typeof script !== 'string')
      return { status: 400, body: fail(UNPUBLISHED, 'A route needs a pattern and a script.') };
    return { status: 400, body: fail(UNPUBLISHED, 'This stand-in keeps no zone routes: the site is served by its Custom Domain.') };
  }

  /** The zone's entrypoint ruleset of a phase (Rulesets API, "Get a zone entry point ruleset"). */
  getEntrypoint(_request, _url, zoneId, phase) {
    const zone = this.#zoneById(zoneId);
    if (!zone) return { status: 404, body: fail(7003, 'Could not route to the zone') };
    const ruleset = zone.rulesets.get(phase);
    if (!ruleset) return { status: 404, body: fail(NO_ENTRYPOINT, `could not find entrypoint ruleset in the ${phase} phase`) };
    return { status: 200, body: ok(ruleset) };
  }

  /** A rule as the API keeps it: checked for its phase and parsed, given an id, a version and a time; `ref` defaults to its id. */
  #rule(zone, phase, rule, previous) {
    const fields = JSON.stringify([rule.expression, rule.action_parameters]);
    if (zone.plan === 'free' && fields.includes('http.request.cookies'))
      throw Object.assign(new Error('plan'), {
        status: 400,
        body: fail(UNPUBLISHED, 'http.request.cookies requires a Cloudflare Pro, Business, or Enterprise plan'),
      });
    if (!PHASE_ACTIONS[phase]?.includes(rule.action))
      throw Object.assign(new Error('action'), {
        status: 400,
        body: fail(UNPUBLISHED, `'${rule.action}' is not a valid action for the ${phase} phase`),
      });
    try {
      compile(String(rule.expression ?? ''));
      for (const header of Object.values(rule.action_parameters?.headers ?? {}))
        if (header.operation === 'set' && header.expression !== undefined) compile(header.expression, 'value');
    } catch (error) {
      if (!(error instanceof RuleSyntaxError)) throw error;
      throw Object.assign(new Error('expression'), { status: 400, body: fail(UNPUBLISHED, error.message) });
    }
    const id = previous?.id ?? randomUUID().replace(/-/g, '');
    return {
      ...rule,
      id,
      ref: rule.ref ?? previous?.ref ?? id,
      enabled: rule.enabled ?? true,
      version: String(Number(previous?.version ?? 0) + 1),
      last_updated: new Date().toISOString(),
    };
  }

  #newVersion(ruleset, rules) {
    ruleset.rules = rules;
    ruleset.version = String(Number(ruleset.version) + 1);
    ruleset.last_updated = new Date().toISOString();
  }

  /** The zone's entrypoint ruleset of a phase, made or replaced whole (Rulesets API, "Update a zone entry point ruleset"). */
  async putEntrypoint(request, _url, zoneId, phase) {
    const zone = this.#zoneById(zoneId);
    if (!zone) return { status: 404, body: fail(7003, 'Could not route to the zone') };
    const { rules, description } = await request.json();
    if (!Array.isArray(rules)) return { status: 400, body: fail(UNPUBLISHED, 'rules must be an array') };
    const held = zone.rulesets.get(phase);
    const ruleset = held ?? {
      id: randomUUID().replace(/-/g, ''),
      name: 'default',
      description: description ?? '',
      kind: 'zone',
      phase,
      version: '0',
      rules: [],
    };
    this.#newVersion(
      ruleset,
      rules.map((r) =>
        this.#rule(
          zone,
          phase,
          r,
          ruleset.rules.find((old) => old.id === r.id),
        ),
      ),
    );
    zone.rulesets.set(phase, ruleset);
    return { status: 200, body: ok(ruleset) };
  }

  /**
   * A zone ruleset made (Rulesets API, "Create a zone ruleset"): a name is required, and a phase's
   * entrypoint is made once; a second is refused, so nobody's rules are replaced.
   */
  async createRuleset(request, _url, zoneId) {
    const zone = this.#zoneById(zoneId);
    if (!zone) return { status: 404, body: fail(7003, 'Could not route to the zone') };
    const { name, kind, phase, rules = [], description = '' } = await request.json();
    if (typeof name !== 'string' || !name) return { status: 400, body: fail(UNPUBLISHED, 'name is required') };
    if (kind !== 'zone' || !PHASE_ACTIONS[phase]) return { status: 400, body: fail(UNPUBLISHED, 'kind must be zone, with a known phase') };
    if (zone.rulesets.has(phase))
      return { status: 400, body: fail(UNPUBLISHED, `the ${phase} phase already has its entrypoint ruleset: update it instead`) };
    const ruleset = { id: randomUUID().replace(/-/g, ''), name, description, kind, phase, version: '0', rules: [] };
    this.#newVersion(
      ruleset,
      rules.map((r) => this.#rule(zone, phase, r)),
    );
    zone.rulesets.set(phase, ruleset);
    return { status: 200, body: ok(ruleset) };
  }

  #ruleset(zoneId, rulesetId) {
    return [...(this.#zoneById(zoneId)?.rulesets.values() ?? [])].find((r) => r.id === rulesetId);
  }

  /** One rule added at the end of a ruleset (Rulesets API, "Create a zone ruleset rule"): the others are left as they are. */
  async addRule(request, _url, zoneId, rulesetId) {
    const ruleset = this.#ruleset(zoneId, rulesetId);
    if (!ruleset) return { status: 404, body: fail(NOT_FOUND, 'could not find ruleset') };
    this.#newVersion(ruleset, [...ruleset.rules, this.#rule(this.#zoneById(zoneId), ruleset.phase, await request.json())]);
    return { status: 200, body: ok(ruleset) };
  }

  /** One rule changed in place (Rulesets API, "Update a zone ruleset rule"). */
  async patchRule(request, _url, zoneId, rulesetId, ruleId) {
    const ruleset = this.#ruleset(zoneId, rulesetId);
    const old = ruleset?.rules.find((r) => r.id === ruleId);
    if (!old) return { status: 404, body: fail(NOT_FOUND, 'could not find rule') };
    const changed = this.#rule(this.#zoneById(zoneId), ruleset.phase, { ...old, ...(await request.json()) }, old);
    this.#newVersion(
      ruleset,
      ruleset.rules.map((r) => (r.id === ruleId ? changed : r)),
    );
    return { status: 200, body: ok(ruleset) };
  }

  #zoneById(zoneId) {
    return [...this.zones.values()].find((z) => z.id === zoneId);
  }

  /** The rules of a phase that apply to `host`'s zone, in order (the edge runs them). */
  rulesFor(host, phase) {
    return (
      this.#zoneOf(host)
        ?.rulesets.get(phase)
        ?.rules.filter((r) => r.enabled !== false) ?? []
    );
  }

  getSchedules(_request, _url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    return {
      status: 200,
      body: ok({ schedules: script.schedules.map((cron) => ({ cron, created_on: script.created_on, modified_on: script.modified_on })) }),
    };
  }

  /** The Worker's crons, replaced (a trigger, as the domains). */
  async putSchedules(request, _url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    script.schedules = (await request.json()).map((s) => s.cron);
    this.triggerChanges.push({ script: name, what: 'schedules', value: script.schedules });
    return this.getSchedules(request, _url, name);
  }

  /** Serves the API on `port` (0: any); resolves to its base URL, as CLOUDFLARE_API_BASE_URL takes it. */
  listen(port = 0) {
    this.server = createServer(async (req, res) => {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const body = Buffer.concat(chunks);
      const request = new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method,
        headers: Object.entries(req.headers).flatMap(([k, v]) =>
          Array.isArray(v) ? v.map((x) => [k, x]) : v === undefined ? [] : [[k, v]],
        ),
        body: ['GET', 'HEAD'].includes(req.method) ? undefined : body,
      });
      let answer;
      try {
        answer = await this.handle(request);
      } catch (error) {
        answer = error?.status
          ? { status: error.status, body: error.body ?? fail(UNPUBLISHED, error.message) }
          : { status: 500, body: fail(10013, `stand-in failed: ${error instanceof Error ? error.stack : error}`) };
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
    return new Promise((resolve) =>
      this.server.listen(port, '127.0.0.1', () => resolve(`http://127.0.0.1:${this.server.address().port}/client/v4`)),
    );
  }

  close() {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export { ok, fail, randomUUID };
