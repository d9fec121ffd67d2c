import { createServer, type Server } from 'node:http';

/**
 * The site seen through a server between it and the browser that changes what it is told to:
 * the stand-in of a compromised asset store, CDN rule or proxy for the integrity tests.
 * - `none`: everything passes as it is;
 * - `chunk-byte`: one byte of the card form's chunk changed (its last `;` becomes a space);
 * - `no-csp`: the Content-Security-Policy header removed;
 * - `weak-header`: Strict-Transport-Security weakened to `max-age=0`;
 * - `script-tag`: a skimmer's script tag added to every page, before `</body>`;
 * - `inject-unreported`: the same tag added, and the CSP's `report-to` taken out, so the browser
 *   reports through `report-uri` at once (headless Chromium keeps Reporting API reports for
 *   http://127.0.0.1 without sending them).
 */
export type Tampering = 'none' | 'chunk-byte' | 'no-csp' | 'weak-header' | 'script-tag' | 'inject-unreported';

export const SKIMMER_TAG = '<script src="https://skimmer.example/collect.js"></script>';

export interface TamperingProxy {
  url: string;
  tampering: Tampering;
  /** The headers of every request it passed on, lowercased, in order. */
  received: Array<Record<string, string>>;
  close(): Promise<void>;
}

export function tamperingProxy(target: string, port: number, tampering: Tampering = 'none'): TamperingProxy {
  const url = `http://127.0.0.1:${port}`;
  const proxy: TamperingProxy = { url, tampering, received: [], close: () => new Promise((resolve) => server.close(() => resolve())) };
  const server: Server = createServer(async (req, res) => {
    proxy.received.push(Object.fromEntries(Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string')));
    const upstream = await fetch(new URL(req.url ?? '/', target), {
      method: req.method,
      // As the site's own host: a form posted through it is the site's own.
      headers: Object.fromEntries(
        Object.entries(req.headers)
          .filter((e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'host')
          .map(([name, value]) => [name, name === 'origin' || name === 'referer' ? value.replace(url, target) : value]),
      ),
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : (req as unknown as ReadableStream),
      duplex: 'half',
      redirect: 'manual',
    } as RequestInit);
    let body = Buffer.from(await upstream.arrayBuffer());
    const headers = new Headers(upstream.headers);
    for (const name of ['content-encoding', 'content-length', 'transfer-encoding']) headers.delete(name);
    const html = (headers.get('content-type') ?? '').startsWith('text/html');
    const mode = proxy.tampering;
    if (mode === 'chunk-byte' && /\/assets\/web-payment-form-[^/]+\.js$/.test(req.url ?? '') && body.length) body[body.length - 1] = 0x20;
    if (mode === 'no-csp') headers.delete('content-security-policy');
    if (mode === 'weak-header' && headers.has('strict-transport-security')) headers.set('strict-transport-security', 'max-age=0');
    if ((mode === 'script-tag' || mode === 'inject-unreported') && html)
      body = Buffer.from(body.toString('utf8').replace('</body>', `${SKIMMER_TAG}</body>`));
    if (mode === 'inject-unreported') {
      const csp = headers.get('content-security-policy');
      if (csp) headers.set('content-security-policy', csp.replace(/;\s*report-to [^;]+/, ''));
    }
    const out: Record<string, string | string[]> = Object.fromEntries(headers);
    const cookies = headers.getSetCookie();
    if (cookies.length) out['set-cookie'] = cookies;
    res.writeHead(upstream.status, out);
    res.end(body);
  }).listen(port, '127.0.0.1');
  return proxy;
}
