/** Forwards a request for a page this Worker does not own to the legacy site, unchanged. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
];

export async function passThrough(originUrl: string, request: Request): Promise<Response | null> {
  const incoming = new URL(request.url);
  const target = `${originUrl}${incoming.pathname}${incoming.search}`;
  const headers = new Headers(request.headers);
  for (const name of HOP_BY_HOP) headers.delete(name);
  headers.set('X-Forwarded-Host', incoming.host);
  headers.set('X-Forwarded-Proto', incoming.protocol.replace(':', ''));
  try {
    const res = await fetch(target, {
      method: request.method,
      headers,
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(60_000),
    });
    return new Response(res.body, res);
  } catch {
    return null;
  }
}
