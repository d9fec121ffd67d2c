// The ASSETS binding for the bench: files of the client build, served from disk with the
// content types Cloudflare's asset server gives them.
const TYPES = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
  png: 'image/png',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
};

export default {
  async fetch(request, env) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
    const { pathname } = new URL(request.url);
    const file = await env.FILES.fetch(new URL(pathname, 'http://files/'), { method: request.method });
    // Directories answer with a listing and no length; only files are served.
    if (!file.ok || file.headers.get('content-length') === null) return new Response('Not found', { status: 404 });
    const ext = pathname.slice(pathname.lastIndexOf('.') + 1).toLowerCase();
    const headers = new Headers(file.headers);
    headers.set('content-type', TYPES[ext] ?? 'application/octet-stream');
    return new Response(file.body, { status: 200, headers });
  },
};
