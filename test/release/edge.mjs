// Cloudflare's edge for the stand-in API (cloudflare-api.mjs): each request is answered by a
// version of the Worker, chosen as Cloudflare documents it ("Version overrides", "Gradual
// deployments"): the version a `Cloudflare-Workers-Version-Overrides` header names when that
// version is in the current deployment (at 0 % too), otherwise one by the deployment's
// percentages (stable for one `Cloudflare-Workers-Version-Key`). Each version runs its own upload
// in workerd (Miniflare) with the bindings its metadata declares; its Analytics Engine data points
// are kept, as the dataset would keep them, for the SQL API stand-in.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';

/** Stands in front of the version's own module: the dataset's data points are kept as the runtime would write them. */
const SHIM = `import site from './site.js';
export * from './site.js';
export default {
  async fetch(request, env, ctx) {
    const points = [];
    const events = { writeDataPoint: (point) => points.push(point) };
    try {
      return await site.fetch(request, { ...env, EVENTS: events }, ctx);
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
    /** @type {Map<string, Miniflare>} */
    this.running = new Map();
    /** Every data point written, with the version that wrote it and when. */
    this.points = [];
  }

  /** The version that answers `request`, by the override header or the percentages. */
  choose(request) {
    const deployment = this.api.deployment(this.script);
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
    return deployment.versions.at(-1).version_id;
  }

  async #worker(versionId) {
    let mf = this.running.get(versionId);
    if (mf) return mf;
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
    for (const b of version.bindings) {
      if (b.type === 'plain_text') plain[b.name] = b.text;
      else if (b.type === 'json') plain[b.name] = b.json;
      else if (b.type === 'kv_namespace') kvNamespaces[b.name] = b.namespace_id;
      else if (b.type === 'durable_object_namespace') durableObjects[b.name] = { className: b.class_name, useSQLite: true };
      else if (b.type === 'version_metadata') plain[b.name] = { id: versionId, tag: '', timestamp: version.created_on };
    }
    const assets = version.assets ?? {};
    mf = new Miniflare(
      convertV4MiniflareOptions({
        workers: [
          {
            name: 'version',
            modules,
            modulesRoot: '/',
            compatibilityDate: version.compatibilityDate,
            compatibilityFlags: version.compatibilityFlags,
            bindings: { ...plain, ...version.secrets },
            kvNamespaces,
            durableObjects,
            serviceBindings: {
              ASSETS: (request) => {
                const entry = assets[decodeURIComponent(new URL(request.url).pathname)];
                const file = entry && this.api.assetFiles.get(entry.hash);
                return file ? new Response(file) : new Response('Not found', { status: 404 });
              },
              EDGE_SINK: async (request) => {
                const at = new Date().toISOString();
                for (const point of await request.json()) this.points.push({ version: versionId, at, point });
                return new Response(null, { status: 204 });
              },
            },
            outboundService: (request) => this.outbound(request),
          },
        ],
        handleStructuredLogs: () => undefined,
      }),
    );
    this.running.set(versionId, mf);
    return mf;
  }

  /** Answers one request as the edge would, and says which version did. */
  async fetch(request) {
    const versionId = this.choose(request);
    if (!versionId) return { version: undefined, response: new Response('There is nothing here yet.', { status: 404 }) };
    const mf = await this.#worker(versionId);
    const response = await mf.dispatchFetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: ['GET', 'HEAD'].includes(request.method) ? undefined : await request.arrayBuffer(),
      redirect: 'manual',
    });
    return { version: versionId, response };
  }

  /** Serves the edge on `port` (0: any); resolves to its base URL. */
  listen(port = 0) {
    this.server = createServer(async (req, res) => {
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
    await Promise.all([...this.running.values()].map((mf) => mf.dispose()));
    this.running.clear();
    await new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
