/**
 * A local stand-in of the legacy backend: a real HTTP server speaking the contract's formats
 * (§3) from fixtures, in loose legacy encodings (flags as 1/0, extra fields). It records every
 * request, and a test can make any path fail (slow, 500, 503, malformed JSON, a wrong shape) or
 * give an answer of its own.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { answer } from './legacy-answers';

export interface RecordedCall {
  method: string;
  path: string;
  contentType: string;
  body: string;
}
const spentTokens = new Set<string>();
export type FaultMode = 'status-500' | 'status-503' | 'malformed' | 'wrong-shape' | 'slow' | 'answer';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

export function startLegacyOrigin(): Promise<{ server: Server; url: string }> {
  let calls: RecordedCall[] = [];
  let fault: { match: string; mode: FaultMode; delayMs: number; body?: string } | null = null;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = await readBody(req);
    const send = (status: number, payload: string, type = 'application/json') => {
      if (res.destroyed) return;
      res.writeHead(status, { 'Content-Type': type });
      res.end(payload);
    };
    if (url.pathname === '/__calls') {
      if (req.method === 'DELETE') calls = [];
      return send(200, JSON.stringify(calls));
    }
    if (url.pathname === '/__fault') {
      fault = req.method === 'PUT' ? JSON.parse(body) : null;
      return send(200, '{}');
    }
    // The app-download tracker (ATTRIBUTION_URL): any answer will do, and it is not the backend's call.
    if (url.pathname.startsWith('/attribution/')) return send(204, '');
    if (url.pathname === '/paybot') {
      // The bot-check service: form-encoded pbkey, commonBot, pid, pname; the first key names the bot.
      const f = new URLSearchParams(body);
      calls.push({ method: req.method ?? '', path: '/paybot', contentType: req.headers['content-type'] ?? '', body });
      return send(200, JSON.stringify({ [`bot-${f.get('pid')}`]: [{ key: 'k1' }, { key: 'k2' }], other: [{ key: 'x' }] }));
    }
    if (url.pathname === '/turnstile/v0/siteverify') {
      // Speaks Turnstile's siteverify protocol: form fields secret, response, remoteip.
      const form = new URLSearchParams(body.includes('Content-Disposition') ? '' : body);
      const fields = body.includes('Content-Disposition')
        ? Object.fromEntries([...body.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)/g)].map((m) => [m[1], m[2]]))
        : Object.fromEntries(form);
      // Two widgets, each with its own secret, whose tokens pass only with it (as Turnstile's do):
      // the site's (`test-secret`), where `human-token` always passes and `solved-…` tokens are
      // what a solver service hands out; and the interactive one (`test-interactive-secret`), whose
      // `interactive-…` tokens are a visitor (or a solver) that ticked the box. A solved token
      // passes once, and a second use is refused as Turnstile refuses it.
      const token = String(fields.response ?? '');
      const once = token.startsWith('solved-') || token.startsWith('interactive-');
      const reused = once && spentTokens.has(token);
      if (once) spentTokens.add(token);
      const success =
        (fields.secret === 'test-secret' && (token === 'human-token' || (token.startsWith('solved-') && !reused))) ||
        (fields.secret === 'test-interactive-secret' && token.startsWith('interactive-') && !reused);
      return send(
        200,
        JSON.stringify({ success, 'error-codes': success ? [] : [reused ? 'timeout-or-duplicate' : 'invalid-input-response'] }),
      );
    }
    calls.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, contentType: req.headers['content-type'] ?? '', body });
    if (fault && url.pathname.startsWith(fault.match)) {
      if (fault.mode === 'status-500') return send(500, '{"error":"internal"}');
      if (fault.mode === 'status-503') return send(503, 'Service Unavailable', 'text/plain');
      if (fault.mode === 'malformed') return send(200, '{"result": {"payee": ');
      if (fault.mode === 'wrong-shape')
        return send(200, JSON.stringify({ ok: 'yes', data: [1, 2, 3], success: 'maybe', status: 42, nextView: 'elsewhere' }));
      if (fault.mode === 'answer') return send(200, fault.body ?? '{}');
      if (fault.mode === 'slow') await new Promise((r) => setTimeout(r, fault!.delayMs));
    }
    let result: unknown;
    try {
      result = answer(req.method ?? 'GET', url, body);
    } catch {
      return send(400, '{"error":"bad request"}');
    }
    return result === null ? send(404, '{"error":"not found"}') : send(200, JSON.stringify(result));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}` });
    });
  });
}
