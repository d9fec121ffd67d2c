// A stand-in of Cloudflare's API for Workers, driven by the real wrangler CLI through
// CLOUDFLARE_API_BASE_URL, keeping the rules Cloudflare documents for versions and deployments
// (docs/operations.md, "Releasing"):
// - a Worker's first upload, and any change of its Durable Object classes (a migration), only by
//   `wrangler deploy` (PUT .../scripts/<name>); `versions upload` of a Worker never deployed is
//   refused as Cloudflare refuses it (10007), and so is one carrying a migration;
// - a deployment names one or two versions whose percentages add up to 100, 0 % included;
// - a version override reaches a version only while it is in the current deployment;
// - routes, custom domains and crons change only by `wrangler triggers deploy` (or `deploy`);
// - a secret is refused (10215) while the newest version is not deployed.
// The answers wrangler parses have the shapes of the real API's (Cloudflare's API schema and
// wrangler's own tests). Its edge (`edge(request)`) answers each request with the version the
// deployment's percentages or the override header name: the version's own upload, run in workerd.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { chdbSession, loadDataPoints } from '../../scripts/lib/clickhouse.mjs';

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
const fail = (code, message) => ({ success: false, errors: [{ code, message }], messages: [], result: null });

export const NOT_FOUND = 10007;
export const VERSION_NOT_DEPLOYED = 10215;
export const AUTHENTICATION = 10000;

export class CloudflareApi {
  /** @param {{ account: string, token: string, permissions?: string[] }} options */
  constructor({ account, token, permissions = ['Workers Scripts Write', 'Workers KV Storage Write', 'Account Analytics Read'] }) {
    this.account = account;
    this.token = token;
    this.permissions = new Set(permissions);
    /** @type {Map<string, any>} */
    this.scripts = new Map();
    /** @type {Map<string, Map<string, string>>} */
    this.kv = new Map();
    /** Every request wrangler made: method and path. */
    this.requests = [];
    this.unknown = [];
    /** The data points the account's Workers wrote (`{ at, point }`); the edge supplies them. */
    this.dataPoints = () => [];
    /** Every change of a Worker's triggers (domains, crons), in order. */
    this.triggerChanges = [];
    /** Asset files by hash, and upload sessions by id. */
    this.assetFiles = new Map();
    this.assetSessions = new Map();
    /** Each deployment's Durable Object code update: `deferred` (up to `max_delay` s) or `immediate`. */
    this.doCodeUpdates = [];
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
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/client\/v4/, '');
    this.requests.push(`${request.method} ${path}`);
    const base = `/accounts/${this.account}`;
    // Asset files are sent under the upload session's own token.
    if (request.method === 'POST' && path === `${base}/workers/assets/upload`) return this.uploadAssets(request);
    if (request.headers.get('authorization') !== `Bearer ${this.token}`)
      return { status: 403, body: fail(AUTHENTICATION, 'Authentication error') };
    if (!path.startsWith(base)) return this.#unknown(request, path);
    const rest = path.slice(base.length);
    for (const [method, pattern, handler, permission] of this.#routes()) {
      if (method !== request.method) continue;
      const m = pattern.exec(rest);
      if (!m) continue;
      // A token without the permission a call needs is refused as Cloudflare refuses it.
      if (!this.permissions.has(permission)) return { status: 403, body: fail(AUTHENTICATION, 'Authentication error') };
      return handler.call(this, request, url, ...m.slice(1).map(decodeURIComponent));
    }
    return this.#unknown(request, path);
  }

  #unknown(request, path) {
    this.unknown.push(`${request.method} ${path}`);
    return { status: 404, body: fail(7003, `No route for that URI (stand-in: ${request.method} ${path})`) };
  }

  #routes() {
    const name = '([a-z0-9-]+)';
    return [
      ['POST', /^\/analytics_engine\/sql$/, this.analyticsSql, 'Account Analytics Read'],
      ['PUT', /^\/storage\/kv\/namespaces\/([^/]+)\/values\/(.+)$/, this.putKv, 'Workers KV Storage Write'],
      ['GET', /^\/storage\/kv\/namespaces\/([^/]+)\/values\/(.+)$/, this.getKv, 'Workers KV Storage Write'],
      ['GET', new RegExp(`^/workers/services/${name}$`), this.getService, 'Workers Scripts Write'],
      ['PUT', new RegExp(`^/workers/scripts/${name}$`), this.putScript, 'Workers Scripts Write'],
      ['GET', new RegExp(`^/workers/scripts/${name}/secrets$`), this.listSecrets, 'Workers Scripts Write'],
      ['PUT', new RegExp(`^/workers/scripts/${name}/secrets$`), this.putSecret, 'Workers Scripts Write'],
      ['GET', new RegExp(`^/workers/scripts/${name}/deployments$`), this.listDeployments, 'Workers Scripts Write'],
      ['POST', new RegExp(`^/workers/scripts/${name}/deployments$`), this.postDeployment, 'Workers Scripts Write'],
      ['GET', new RegExp(`^/workers/scripts/${name}/versions$`), this.listVersions, 'Workers Scripts Write'],
      ['POST', new RegExp(`^/workers/scripts/${name}/versions$`), this.postVersion, 'Workers Scripts Write'],
      ['GET', new RegExp(`^/workers/scripts/${name}/versions/([0-9a-f-]+)$`), this.getVersion, 'Workers Scripts Write'],
      ['POST', new RegExp(`^/workers/scripts/${name}/assets-upload-session$`), this.assetsSession, 'Workers Scripts Write'],
      ['GET', new RegExp(`^/workers/scripts/${name}/settings$`), this.getSettings, 'Workers Scripts Write'],
      ['PATCH', new RegExp(`^/workers/scripts/${name}/script-settings$`), this.patchScriptSettings, 'Workers Scripts Write'],
      ['GET', new RegExp(`^/workers/workers/${name}$`), this.getWorker, 'Workers Scripts Write'],
      ['POST', new RegExp(`^/workers/scripts/${name}/subdomain$`), this.postSubdomain, 'Workers Scripts Write'],
      ['POST', new RegExp(`^/workers/scripts/${name}/domains/changeset$`), this.domainsChangeset, 'Workers Scripts Write'],
      ['PUT', new RegExp(`^/workers/scripts/${name}/domains/records$`), this.putDomains, 'Workers Scripts Write'],
      ['GET', new RegExp(`^/workers/scripts/${name}/schedules$`), this.getSchedules, 'Workers Scripts Write'],
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

  listSecrets(_request, _url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    return { status: 200, body: ok([...script.secrets.keys()].map((secret) => ({ name: secret, type: 'secret_text' }))) };
  }

  /** A secret is a change of settings that makes a new version and deploys it: refused while the newest version is not deployed. */
  async putSecret(request, _url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    const { name: secret, text, type } = await request.json();
    if (type !== 'secret_text' || typeof secret !== 'string' || typeof text !== 'string')
      return { status: 400, body: fail(10021, 'secret must be { name, text, type: "secret_text" }') };
    const newest = script.versions.at(-1);
    if (!this.deployment(name)?.versions.some((v) => v.version_id === newest.id))
      return { status: 400, body: fail(VERSION_NOT_DEPLOYED, "latest version isn't currently deployed") };
    script.secrets.set(secret, text);
    const version = this.#addVersion(script, {
      ...newest,
      bindings: [...newest.bindings.filter((b) => b.name !== secret), { name: secret, type: 'secret_text' }],
      secrets: { ...newest.secrets, [secret]: text },
      annotations: { 'workers/triggered_by': 'secret' },
    });
    script.deployments.push(this.#deploymentOf([{ version_id: version.id, percentage: 100 }], 'secret'));
    return { status: 200, body: ok({ name: secret, type: 'secret_text' }) };
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

  /** A new deployment: one or two versions of this Worker, percentages adding up to 100 (0 % allowed). */
  async postDeployment(request, url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    const { strategy, versions, annotations, code_update_strategy } = await request.json();
    const known = new Set(script.versions.map((v) => v.id));
    if (strategy !== 'percentage' || !Array.isArray(versions) || versions.length < 1 || versions.length > 2)
      return { status: 400, body: fail(10200, 'a deployment names one or two versions, by percentage') };
    if (versions.some((v) => !known.has(v.version_id))) return { status: 404, body: fail(10215, 'version not found') };
    const total = versions.reduce((sum, v) => sum + Number(v.percentage), 0);
    if (Math.abs(total - 100) > 1e-9 || versions.some((v) => !(v.percentage >= 0 && v.percentage <= 100)))
      return { status: 400, body: fail(10202, 'deployment percentages must add up to 100') };
    const newest = script.versions.find((v) => v.id === versions[0].version_id);
    if (newest.migrationTag !== script.migrationTag)
      return { status: 400, body: fail(10211, 'version has a pending Durable Object migration; deploy it with the script upload') };
    const deployment = {
      ...this.#deploymentOf(
        versions.map((v) => ({ version_id: v.version_id, percentage: Number(v.percentage) })),
        'deployment',
      ),
      annotations: { 'workers/triggered_by': 'deployment', ...(annotations ?? {}) },
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
    if (!version) return { status: 404, body: fail(10220, 'version not found') };
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
  #versionOf(metadata, modules, annotations, migrationTag, previous) {
    const keep = new Set(metadata.keep_bindings ?? []);
    // A binding of type `inherit` is the newest version's binding of that name, as it is.
    const sent = (metadata.bindings ?? []).map((b) =>
      b.type === 'inherit' ? { ...previous?.bindings.find((p) => p.name === b.name), inherited: true } : b,
    );
    const orphan = sent.find((b) => b.inherited && !b.type);
    if (orphan) throw Object.assign(new Error('a binding inherits from nothing'), { status: 400 });
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
        body: fail(10079, `migration old_tag ${migrations.old_tag} does not match the script's tag ${script?.migrationTag}`),
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
        secrets: new Map(),
        schedules: [],
        domains: [],
      };
      this.scripts.set(name, script);
    }
    if (migrations) script.migrationTag = migrations.new_tag;
    const version = this.#addVersion(
      script,
      this.#versionOf(metadata, modules, { 'workers/triggered_by': 'upload' }, script.migrationTag, script.versions.at(-1)),
    );
    for (const [secret, text] of Object.entries(version.secrets)) script.secrets.set(secret, text);
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
        body: fail(10211, 'Durable Object migrations cannot be applied by a version upload; deploy the script instead'),
      };
    const version = this.#addVersion(
      script,
      this.#versionOf(
        metadata,
        modules,
        { 'workers/triggered_by': 'upload', ...(metadata.annotations ?? {}) },
        script.migrationTag,
        script.versions.at(-1),
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
        logpush: false,
        placement: {},
        tail_consumers: [],
        usage_model: 'standard',
        observability: { enabled: true, head_sampling_rate: 1 },
      }),
    };
  }

  async patchScriptSettings(request, _url, name) {
    if (!this.script(name)) return this.#missing();
    return { status: 200, body: ok({ logpush: false, tail_consumers: [], observability: { enabled: true }, ...(await request.json()) }) };
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
        added: asked.filter((d) => !script.domains.includes(d.hostname)).map((d) => view(d.hostname)),
        removed: script.domains.filter((h) => !asked.some((d) => d.hostname === h)).map(view),
        updated: asked.filter((d) => script.domains.includes(d.hostname)).map((d) => ({ ...view(d.hostname), modified: false })),
        conflicting: [],
      }),
    };
  }

  /** The Worker's Custom Domains, replaced (a trigger: only `triggers deploy` or `deploy` sends it). */
  async putDomains(request, _url, name) {
    const script = this.script(name);
    if (!script) return this.#missing();
    const { origins } = await request.json();
    script.domains = origins.map((o) => o.hostname);
    this.triggerChanges.push({ script: name, what: 'domains', value: script.domains });
    return {
      status: 200,
      body: ok(script.domains.map((hostname) => ({ id: `domain-${hostname}`, hostname, service: name, environment: 'production' }))),
    };
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
          ? { status: error.status, body: fail(10021, error.message) }
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
