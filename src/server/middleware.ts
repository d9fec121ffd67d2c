import type { Context, MiddlewareHandler } from 'hono';
import { readConfig } from '../domain/config';
import { classifyDevice } from '../domain/device';
import { originForRequest, type CallOutcome } from '../origin';
import { applySecurityHeaders, makeNonce, originOf, securityHeaders, WIDGET_PATHS } from '../security/headers';
import { TURNSTILE_ORIGIN } from '../security/human-check';
import type { AppEnv } from './app-env';
import { keepRequestLog, logRequest } from './log';

const frameSources = new WeakMap<object, string[]>();

function frameSrcFor(env: Env): string[] {
  let origins = frameSources.get(env);
  if (!origins) {
    const { verification, humanCheck } = readConfig(env);
    const framed = [verification.merchant, verification.confirmation, verification.newpartner];
    // Turnstile draws its check in a frame of its own.
    if (humanCheck === 'turnstile') framed.push(TURNSTILE_ORIGIN);
    origins = [...new Set(framed.map(originOf))].filter((o): o is string => !!o);
    frameSources.set(env, origins);
  }
  return origins;
}

const VARY = 'User-Agent, Sec-CH-UA-Mobile, Sec-CH-UA-Platform';

function headerOptions(c: Context<AppEnv>, nonce: string) {
  const embeddable = WIDGET_PATHS.has(c.req.path);
  const ancestors = c.get('config').widgetFrameAncestors;
  return {
    nonce,
    embeddable,
    foreign: c.get('foreign') === true,
    frameAncestors: embeddable ? (ancestors.length ? ancestors : ["'self'"]) : [],
    frameSrc: frameSrcFor(c.env),
  };
}

/** The headers of an HTML page the Worker draws: the site-wide ones, then the page's own. */
export function pageHeaders(c: Context<AppEnv>, own: Record<string, string>): Record<string, string> {
  return {
    ...securityHeaders(headerOptions(c, c.get('nonce'))),
    'X-Request-Id': c.get('requestId'),
    Vary: VARY,
    ...own,
  };
}

function addSiteHeaders(c: Context<AppEnv>, requestId: string, nonce: string): void {
  // Responses passed through from fetch() have immutable headers.
  let headers = c.res.headers;
  try {
    headers.set('X-Request-Id', requestId);
  } catch {
    c.res = new Response(c.res.body, c.res);
    headers = c.res.headers;
    headers.set('X-Request-Id', requestId);
  }
  applySecurityHeaders(headers, headerOptions(c, nonce));
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  if (headers.get('Content-Type')?.startsWith('text/html')) headers.append('Vary', VARY);
}

/** Request id, nonce, device class and config for every request; headers and a log line on the way out. */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = Date.now();
  const requestId = crypto.randomUUID();
  const nonce = makeNonce();
  const config = readConfig(c.env);
  const device = classifyDevice({
    userAgent: c.req.header('User-Agent'),
    chUaMobile: c.req.header('Sec-CH-UA-Mobile'),
    chUaPlatform: c.req.header('Sec-CH-UA-Platform'),
  });
  c.set('requestId', requestId);
  c.set('nonce', nonce);
  c.set('config', config);
  c.set('device', device);
  const originCalls: CallOutcome[] = [];
  c.set('origin', originForRequest(c.env, (outcome) => originCalls.push(outcome)));

  await next();

  // A page drawn by the Worker was made with every header at once (pageHeaders); anything else
  // gets them added here.
  if (c.res !== c.get('complete')) addSiteHeaders(c, requestId, nonce);

  if (!keepRequestLog(config.production, c.res.status, originCalls.some((call) => call.outcome !== 'ok'))) return;
  logRequest({
    requestId,
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    durationMs: Date.now() - started,
    device,
    ...(originCalls.length ? { origin: originCalls } : {}),
  });
};
