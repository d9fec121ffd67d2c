// Cloudflare's edge for the stand-in API (cloudflare-api.mjs), as Cloudflare documents it
// (workers/configuration/versions-and-deployments/gradual-deployments):
// - the zone's Transform Rules of `http_request_late_transform` run first, on the Worker's Custom
//   Domain, and may set request headers (rules-language.mjs runs their expressions);
// - a request is answered by the version a `Cloudflare-Workers-Version-Overrides` header names when
//   that version is in the current deployment (at 0 % too), otherwise by one the deployment's
//   percentages choose (stable for one `Cloudflare-Workers-Version-Key`);
// - KV is one store, whichever version reads or writes it;
// - each Durable Object runs one version at a time: the deployment assigns every object a version by
//   its percentages ("Gradual deployments for Durable Objects"), and every version's calls to that
//   object reach the code of the version assigned it, until the next deployment;
// - an object active when a deployment changes keeps its code up to the deployment's `max_delay`
//   (300 s by default), unless the deployment asked `immediate` (durable-objects-code-updates).
// The deployment's versions run together in one workerd (Miniflare), each its own upload, made anew
// when the deployment changes; storage is kept on disk across deployments. Analytics Engine data
// points are kept, as the dataset would keep them, for the SQL API stand-in.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { compile, fieldsOf } from './rules-language.mjs';

/**
 * Stands in front of the version's own module, as the runtime would: the dataset's data points are
 * kept, and each Durable Object namespace sends an object's calls to the version its id is assigned.
 */
const SHIM = `import site from './site.js';
export * from './site.js';

/** The deployment's version for an object: its id read as a number in [0, 1) against the percentages. */
function versionOf(id, shares) {
  const roll = parseInt(id.slice(0, 8), 16) / 2 ** 32;
  let at = 0;
  for (let i = 0; i < shares.length; i++) {
    at += shares[i] / 100;
    if (roll < at) return i;
  }
  return shares.findLastIndex((s) => s > 0);
}

/** One namespace as every version sees it: ids are the namespace's own, an object's code its assigned version's (or, while its update is deferred, the code it ran). */
function namespace(env, seen, slots, shares, self, pins) {
  const own = env[slots[self]];
  const one = {
    idFromName: (name) => own.idFromName(name),
    idFromString: (id) => own.idFromString(id),
    newUniqueId: (options) => own.newUniqueId(options),
    get(id, options) {
      const key = id.toString();
      const pin = pins[key];
      const slot = pin && Date.now() < pin.until ? pin.slot : versionOf(key, shares);
      // The edge is told which code each object ran, for the next deployment's deferral.
      seen.push(env.EDGE_SEEN.fetch('http://seen/', { method: 'POST', body: JSON.stringify([key, slot]) }).catch(() => undefined));
      const target = env[slots[slot]];
      return target.get(target.idFromString(key), options);
    },
    getByName: (name, options) => one.get(own.idFromName(name), options),
  };
  return one;
}

export default {
  async fetch(request, env, ctx) {
    const points = [];
    const events = { writeDataPoint: (point) => points.push(point) };
    const { bindings, shares, self, pins } = env.EDGE_OBJECTS;
    // Which code ran each object is told before the answer leaves, so the next deployment knows.
    const seen = [];
    const objects = Object.fromEntries(Object.entries(bindings).map(([name, slots]) => [name, namespace(env, seen, slots, shares, self, pins)]));
    try {
      const response = await site.fetch(request, { ...env, ...objects, EVENTS: events }, ctx);
      await Promise.all(seen);
      return response;
    } finally {
      ctx.waitUntil(env.EDGE_SINK.fetch('http://sink/', { method: 'POST', body: JSON.stringify(points) }));
    }
  },
};
`;

export class Edge {
  /**
   * @param {import('./cloudflare-api.mjs').CloudflareApi} api
   * @param {{ script: string, outbound: (request: Request) => Promise<Response> | Response }} options
   */
  constructor(api, { script, outbound }) {
    this.api = api;
    this.script = script;
    this.outbound = outbound;
    /** Where KV and Durable Objects keep their data, across deployments. */
    this.storage = mkdtempSync(path.join(tmpdir(), 'edge-storage-'));
    /** The running deployment, its workerd and how many requests it is answering. */
    this.running = undefined;
    this.switching = Promise.resolve();
    /** Every data point written, with the version that wrote it and when. */
    this.points = [];
    /** Faults a test injects: each `(request, version) => Response | undefined` may answer instead of the version. */
    this.faults = [];
    /** Until then, connections to the host are refused, as they fail before its certificate is issued. */
    this.certificateAt = 0;
    /** Whether the zone's request-header rules run (a test turns them off to see a split without them). */
    this.zoneRules = true;
    /** How long a second of a Durable Object code update's delay lasts here (the release tier shortens it as it shortens a minute). */
    this.secondMs = 1000;
    /** Each object's last call: the version whose code ran it, and when. */
    this.objectsSeen = new Map();
  }

  /** The request as the zone's `http_request_late_transform` rules leave it, for the Worker's Custom Domain. */
  transformed(request) {
    const host = this.api.script(this.script)?.domains[0];
    const rules = this.zoneRules && host ? this.api.rulesFor(host, 'http_request_late_transform') : [];
    if (!rules.length) return request;
    const fields = fieldsOf(request, host);
    const headers = new Headers(request.headers);
    for (const rule of rules) {
      if (!compile(rule.expression)(fields)) continue;
      for (const [name, change] of Object.entries(rule.action_parameters?.headers ?? {})) {
        // A value that comes out empty removes the header, as Cloudflare does.
        const value = change.operation === 'remove' ? '' : (change.value ?? compile(change.expression, 'value')(fields));
        if (value) headers.set(name, value);
        else headers.delete(name);
      }
    }
    return new Request(request, { headers });
  }

  /** The version that answers `request` in `deployment`, by the override header or the percentages. */
  choose(request, deployment = this.api.deployment(this.script)) {
    if (!deployment) return undefined;
    const override = request.headers.get('cloudflare-workers-version-overrides');
    const named = override && new RegExp(`(?:^|,)\\s*${this.script}="([0-9a-f-]+)"`).exec(override)?.[1];
    if (named && deployment.versions.some((v) => v.version_id === named)) return named;
    const key = request.headers.get('cloudflare-workers-version-key');
    const roll = key ? createHash('sha256').update(key).digest().readUInt32BE(0) / 2 ** 32 : Math.random();
    let at = 0;
    for (const v of deployment.versions) {
      at += v.percentage / 100;
      if (roll < at) return v.version_id;
    }
    return deployment.versions.findLast((v) => v.percentage > 0).version_id;
  }

  /**
   * The workerd of the current deployment and the deployment it runs. A new deployment waits for
   * the previous one's requests to end and closes it first: one instance of each object at a time.
   */
  #deployed() {
    this.switching = this.switching
      .catch(() => undefined)
      .then(async () => {
        const deployment = this.api.deployment(this.script);
        if (this.running?.deployment.id === deployment.id) return this.running;
        const pins = this.#deferred(deployment);
        if (this.running) {
          const old = this.running;
          this.running = undefined;
          for (let i = 0; old.inFlight > 0 && i < 300; i++) await new Promise((resolve) => setTimeout(resolve, 100));
          await old.mf.dispose().catch(() => undefined);
        }
        // The deployment's versions, then any a deferred object still runs (no share of visitors).
        const versions = [...new Set([...deployment.versions.map((v) => v.version_id), ...Object.values(pins).map((p) => p.version)])];
        const shares = versions.map((id) => deployment.versions.find((v) => v.version_id === id)?.percentage ?? 0);
        const slots = Object.fromEntries(
          Object.entries(pins).map(([id, p]) => [id, { slot: versions.indexOf(p.version), until: p.until }]),
        );
        const mf = new Miniflare(
          convertV4MiniflareOptions({
            workers: versions.map((id, self) => this.#worker(id, { versions, shares, self, pins: slots })),
            resourcePersistencePath: this.storage,
            handleStructuredLogs: () => undefined,
          }),
        );
        try {
          await mf.ready;
        } catch (error) {
          await mf.dispose().catch(() => undefined);
          throw error;
        }
        this.running = { deployment, mf, inFlight: 0, versions, pins, startedAt: Date.now() };
        return this.running;
      });
    return this.switching;
  }

  /**
   * The objects whose code update `deployment` defers: each one active under the running
   * deployment keeps the version it ran until the deployment's `max_delay` has passed (Cloudflare's
   * default, deferred for 300 s, unless the deployment asked `immediate`); pins still running carry on.
   */
  #deferred(deployment) {
    const strategy = this.api.doCodeUpdates.find((u) => u.deployment === deployment.id) ?? { mode: 'deferred', max_delay: 300 };
    if (!this.running || strategy.mode === 'immediate') return {};
    const now = Date.now();
    const pins = Object.fromEntries(Object.entries(this.running.pins).filter(([, p]) => p.until > now));
    const until = now + (strategy.max_delay ?? 300) * this.secondMs;
    for (const [id, seen] of this.objectsSeen)
      if (seen.at >= this.running.startedAt && !pins[id]) pins[id] = { version: seen.version, until };
    return pins;
  }

  /** One version's worker: its upload with the bindings its metadata declares, its objects shared by namespace. */
  #worker(versionId, { versions, shares, self, pins }) {
    const version = this.api.script(this.script).versions.find((v) => v.id === versionId);
    const modules = [
      { type: 'ESModule', path: 'shim.js', contents: SHIM },
      // The upload's modules as the runtime loads them; its source maps are for stack traces only.
      ...[...version.modules]
        .filter(([, m]) => !m.type.includes('source-map'))
        .map(([path, m]) => ({
          type: m.type.includes('wasm') ? 'CompiledWasm' : m.type.includes('module') ? 'ESModule' : 'Text',
          path: path === version.mainModule ? 'site.js' : path,
          contents: m.content,
        })),
    ];
    const plain = {};
    const kvNamespaces = {};
    const durableObjects = {};
    const objects = { bindings: {}, shares, self, pins };
    for (const b of version.bindings) {
      if (b.type === 'plain_text') plain[b.name] = b.text;
      else if (b.type === 'json') plain[b.name] = b.json;
      else if (b.type === 'kv_namespace') kvNamespaces[b.name] = b.namespace_id;
      else if (b.type === 'version_metadata') plain[b.name] = { id: versionId, tag: '', timestamp: version.created_on };
      else if (b.type === 'durable_object_namespace') {
        // One namespace of the Worker, whichever version names it: the same ids and storage for each.
        objects.bindings[b.name] = versions.map((_, i) => `EDGE_${b.name}_${i}`);
        versions.forEach((id, i) => {
          durableObjects[`EDGE_${b.name}_${i}`] = {
            className: b.class_name,
            scriptName: `version-${id}`,
            useSQLite: true,
            unsafeUniqueKey: `${this.script}-${b.class_name}`,
          };
        });
      }
    }
    const assets = version.assets ?? {};
    return {
      name: `version-${versionId}`,
      modules,
      modulesRoot: '/',
      compatibilityDate: version.compatibilityDate,
      compatibilityFlags: version.compatibilityFlags,
      bindings: { ...plain, ...version.secrets, EDGE_OBJECTS: objects },
      kvNamespaces,
      durableObjects,
      serviceBindings: {
        ASSETS: (request) => {
          const entry = assets[decodeURIComponent(new URL(request.url).pathname)];
          const file = entry && this.api.assetFiles.get(entry.hash);
          return file ? new Response(file) : new Response('Not found', { status: 404 });
        },
        EDGE_SEEN: async (request) => {
          const [id, slot] = await request.json();
          this.objectsSeen.set(id, { version: versions[slot], at: Date.now() });
          return new Response(null, { status: 204 });
        },
        EDGE_SINK: async (request) => {
          const at = new Date().toISOString();
          for (const point of await request.json()) this.points.push({ version: versionId, at, point });
          return new Response(null, { status: 204 });
        },
      },
      outboundService: (request) => this.outbound(request),
    };
  }

  /** Answers one request as the edge would, and says which version did. */
  async fetch(asked) {
    if (!this.api.deployment(this.script))
      return { version: undefined, response: new Response('There is nothing here yet.', { status: 404 }) };
    const request = this.transformed(asked);
    const running = await this.#deployed();
    const versionId = this.choose(request, running.deployment);
    for (const fault of this.faults) {
      const response = fault(request, versionId);
      if (response) return { version: versionId, response };
    }
    running.inFlight++;
    try {
      const worker = await running.mf.getWorker(`version-${versionId}`);
      const response = await worker.fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: ['GET', 'HEAD'].includes(request.method) ? undefined : await request.arrayBuffer(),
        redirect: 'manual',
      });
      // The body is read before the request counts as done: the workerd that answered stays up until then.
      const body = [101, 204, 205, 304].includes(response.status) ? null : await response.arrayBuffer();
      return { version: versionId, response: new Response(body, response) };
    } finally {
      running.inFlight--;
    }
  }

  /** Serves the edge on `port` (0: any); resolves to its base URL. */
  listen(port = 0) {
    this.server = createServer(async (req, res) => {
      if (Date.now() < this.certificateAt) return req.socket.destroy();
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const request = new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method,
        headers: Object.entries(req.headers).flatMap(([k, v]) =>
          Array.isArray(v) ? v.map((x) => [k, x]) : v === undefined ? [] : [[k, v]],
        ),
        body: ['GET', 'HEAD'].includes(req.method) ? undefined : Buffer.concat(chunks),
      });
      try {
        const { response } = await this.fetch(request);
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch (error) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`edge: ${error instanceof Error ? error.message : error}`);
      }
    });
    return new Promise((resolve) => this.server.listen(port, '127.0.0.1', () => resolve(`http://127.0.0.1:${this.server.address().port}`)));
  }

  async close() {
    await this.switching.catch(() => undefined);
    await this.running?.mf.dispose().catch(() => undefined);
    this.running = undefined;
    await new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    rmSync(this.storage, { recursive: true, force: true });
  }
}
