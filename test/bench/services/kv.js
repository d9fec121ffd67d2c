// A KV namespace for the bench, in memory, speaking the protocol workerd's KV binding uses
// (the one Miniflare implements): GET/PUT/DELETE /<key>, GET / to list, POST /bulk/get.
const entries = new Map();

const now = () => Math.floor(Date.now() / 1000);

function live(key) {
  const entry = entries.get(key);
  if (entry && entry.expiration !== undefined && entry.expiration <= now()) {
    entries.delete(key);
    return undefined;
  }
  return entry;
}

function keyOf(url) {
  const raw = url.pathname.slice(1);
  return url.searchParams.get('urlencoded')?.toLowerCase() === 'true' ? decodeURIComponent(raw) : raw;
}

export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (request.method === 'POST' && url.pathname === '/bulk/get') {
      const { keys, type } = await request.json();
      const out = {};
      for (const key of keys) {
        const entry = live(key);
        const text = entry ? new TextDecoder().decode(entry.value) : null;
        out[key] = text === null ? null : type === 'json' ? JSON.parse(text) : text;
      }
      return Response.json(out);
    }
    if (request.method === 'GET' && url.pathname === '/') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const limit = Number(url.searchParams.get('key_count_limit') ?? 1000);
      const keys = [...entries.keys()]
        .filter((k) => k.startsWith(prefix) && live(k))
        .sort()
        .slice(0, limit);
      return Response.json({
        keys: keys.map((name) => {
          const { expiration, metadata } = entries.get(name);
          return { name, expiration, metadata: metadata === undefined ? undefined : JSON.stringify(metadata) };
        }),
        list_complete: true,
        cacheStatus: null,
      });
    }
    const key = keyOf(url);
    if (request.method === 'GET') {
      const entry = live(key);
      if (!entry) return new Response('Not Found', { status: 404 });
      const headers = new Headers();
      if (entry.expiration !== undefined) headers.set('CF-Expiration', String(entry.expiration));
      if (entry.metadata !== undefined) headers.set('CF-KV-Metadata', JSON.stringify(entry.metadata));
      return new Response(entry.value, { headers });
    }
    if (request.method === 'PUT') {
      const ttl = url.searchParams.get('expiration_ttl');
      const at = url.searchParams.get('expiration');
      const metadata = request.headers.get('CF-KV-Metadata');
      entries.set(key, {
        value: await request.arrayBuffer(),
        expiration: ttl ? now() + Number(ttl) : at ? Number(at) : undefined,
        metadata: metadata === null ? undefined : JSON.parse(metadata),
      });
      return new Response();
    }
    if (request.method === 'DELETE') {
      entries.delete(key);
      return new Response();
    }
    return new Response('Method not allowed', { status: 405 });
  },
};
