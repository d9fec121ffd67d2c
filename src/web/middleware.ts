import type { Context, MiddlewareHandler, Next } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { routePath } from 'hono/route';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S, type Language } from '../domain/catalogue';
import { readyCatalogue } from './catalogues';
import { ConfigError, readConfig, siteOrigin, type SiteConfig } from '../settings/config';
import type { ApiError } from '../domain/errors';
import { deviceClassOf } from './device-memo';
import { addressOf } from '../lib/address';
import { originForRequest, type CallOutcome } from '../origin';
import { crossSiteWrite } from '../security/csrf';
import { Guard, clientOf } from '../security/guard';
import { makeNonce, withSiteHeaders } from '../security/headers';
import { isOwnCheck, OWN_CHECK_HEADER } from '../security/own-check';
import { formKeySecret } from '../security/secrets';
import { VERSION_KEY_COOKIE, VERSION_KEY_HEADER, versionKeyToKeep } from '../security/version-key';
import type { AppEnv } from './app-env';
import { timedBindings, Waits } from './waits';
import { browserLanguage, languageInAddress, rememberedLanguage, wordsOf } from './words';
import { backendOutcome, noteVersion, writeEvent } from '../telemetry/events';
import { keepRequestLog, logError, logRequest, logSecurityEvent } from '../telemetry/log';
import { configErrorResponse, demoOnPublicHostResponse } from './server-error';
import { isLocalHost } from '../domain/site';

/** Requests this isolate has answered: the first one paid for starting it. */
let answered = 0;

/**
 * What the request's events name it by: the route's pattern, never the path (a path can carry a
 * short link's key or a receipt's number); a form posted without script by its name (`form:sms`),
 * whether it is answered with a 303 or with its page again.
 */
export function routeOf(c: Context<AppEnv>): string {
  const form = c.get('form');
  return form ? `form:${form}` : routePath(c) || 'unmatched';
}

/** Work that must finish but need not delay the answer (cache writes, reports, clean-up). */
export function runLater(c: Context<AppEnv>, work: Promise<unknown>): void {
  const settled = work.catch(() => undefined);
  try {
    c.executionCtx.waitUntil(settled);
  } catch {
    // No execution context (a plain app.request in tests): the work still runs.
  }
}

/** Request id, nonce, device class and config for every request; headers and a log line on the way out. */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = Date.now();
  const cold = answered++ === 0;
  noteVersion(c.env);
  const requestId = crypto.randomUUID();
  const nonce = makeNonce();
  const config = settingsOrRefusal(c, requestId);
  if (config instanceof Response) return config;
  const originCalls = setUpRequest(c, requestId, nonce, config);

  await next();

  answerHeaders(c, requestId, nonce, config);
  await recordAnswer(c, config, Date.now() - started, cold, originCalls);
};

/** The settings read once, or the 503 that stops every page when one is wrong or the demo is asked on a public host. */
function settingsOrRefusal(c: Context<AppEnv>, requestId: string): SiteConfig | Response {
  let config: SiteConfig;
  try {
    config = readConfig(c.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // A wrong setting stops every page rather than quietly turning a check off.
    logError(requestId, 'config', error);
    return configErrorResponse();
  }
  if (!config.production && !config.publicDemo && !isLocalHost(new URL(c.req.url).hostname)) {
    logError(requestId, 'config', new Error('The local demo was asked on a public host: set PUBLIC_DEMO or deploy with --env production.'));
    return demoOnPublicHostResponse();
  }
  return config;
}

/** The request's context for the routes (ids, device, timed bindings, guard, origin door); returns the list its backend calls fill. */
function setUpRequest(c: Context<AppEnv>, requestId: string, nonce: string, config: SiteConfig): CallOutcome[] {
  const device = deviceClassOf({
    userAgent: c.req.header('User-Agent'),
    chUaMobile: c.req.header('Sec-CH-UA-Mobile'),
    chUaPlatform: c.req.header('Sec-CH-UA-Platform'),
  });
  c.set('requestId', requestId);
  c.set('nonce', nonce);
  c.set('config', config);
  c.set('device', device);
  // Every remote call through the bindings is counted for the answer's Server-Timing header.
  const waits = new Waits();
  c.set('waits', waits);
  c.env = timedBindings(c.env, waits);
  const guard = new Guard(c.env.GUARD, config);
  c.set('guard', guard);
  c.set('client', clientOf(c.req.raw.headers));
  const originCalls: CallOutcome[] = [];
  c.set(
    'origin',
    originForRequest(
      c.env,
      (outcome) => {
        originCalls.push(outcome);
        waits.add('backend', outcome.ms);
      },
      (work) => runLater(c, work),
      // One refresh of a cached answer a second per key (KV's write limit), counted by the guard.
      (key) => guard.take({ policy: 'cacheWritesPerKey', subject: key }).then((decision) => decision.allowed),
    ),
  );
  return originCalls;
}

/** Every answer's cookies (a device issued with it, the visitor's version key) and the site's headers, whatever made it. */
function answerHeaders(c: Context<AppEnv>, requestId: string, nonce: string, config: SiteConfig): void {
  const deviceCookie = c.get('deviceCookie');
  if (deviceCookie) appendHeader(c, 'Set-Cookie', deviceCookie);
  // The version key the zone's rule made for a visitor without one, kept (never on an answer a cache may share).
  const versionKey = /\bpublic\b/.test(c.res.headers.get('Cache-Control') ?? '')
    ? undefined
    : versionKeyToKeep(c.req.header(VERSION_KEY_HEADER), getCookie(c, VERSION_KEY_COOKIE));
  if (versionKey) appendHeader(c, 'Set-Cookie', versionKey);
  // In place, or on a copy when its headers cannot change (Hono's setter would copy every header
  // again, so it is left alone otherwise).
  const withHeaders = withSiteHeaders(c.res, { requestId, nonce, path: c.req.path, config, foreign: c.get('foreign') === true });
  if (withHeaders !== c.res) c.res = withHeaders;
}

/** The answer's Server-Timing header, its `answer` event and one `backend` event per backend call, and its log line when one is kept. */
async function recordAnswer(c: Context<AppEnv>, config: SiteConfig, durationMs: number, cold: boolean, originCalls: CallOutcome[]) {
  const waits = c.get('waits');
  const device = c.get('device');
  const keepLocally = !config.originUrl;
  const route = routeOf(c);
  // The site's own hourly check of its payment pages is counted as `check`, never as a visitor.
  const ownCheckHeader = c.req.header(OWN_CHECK_HEADER);
  const ownCheck = !!ownCheckHeader && (await isOwnCheck(ownCheckHeader, formKeySecret(config)));
  // Each kind's time only where it tells no visitor anything of another (waits.ts).
  c.res.headers.set('Server-Timing', waits.header(durationMs, { timed: ownCheck || !config.production }));
  writeEvent(c.env, keepLocally, 'answer', {
    route,
    method: c.req.method,
    device: ownCheck ? 'check' : device,
    language: c.get('language') ?? '',
    status: c.res.status,
    ms: durationMs,
    cold: cold ? 1 : 0,
    guardMs: waits.of('guard').ms,
    claimMs: waits.of('claim').ms,
    kvMs: waits.of('kv').ms,
    backendMs: waits.of('backend').ms,
    siteverifyMs: waits.of('siteverify').ms,
    paybotMs: waits.of('paybot').ms,
  });
  for (const call of originCalls)
    writeEvent(c.env, keepLocally, 'backend', {
      call: call.call,
      outcome: backendOutcome(call.outcome, call.status),
      ms: call.ms,
      status: call.status ?? 0,
    });
  const backendFailed = originCalls.some((call) => call.outcome !== 'ok');
  if (!keepRequestLog(config.requestLog, c.res.status, backendFailed)) return;
  logRequest({
    requestId: c.get('requestId'),
    method: c.req.method,
    path: route,
    status: c.res.status,
    durationMs,
    device,
    ...(originCalls.length ? { origin: originCalls } : {}),
  });
}

/** A state-changing request from another site's page is refused before any route sees it. */
export const refuseCrossSite: MiddlewareHandler<AppEnv> = (c, next) => {
  // Not async: a request that passes goes on without a promise of this layer's own.
  if (!crossSiteWrite(c.req.method, c.req.raw.headers, siteOrigin(c.get('config'), c.req.url))) return next();
  logSecurityEvent(c.get('requestId'), 'cross-site-refused', { path: c.req.path, method: c.req.method });
  return Promise.resolve(c.json<ApiError>({ error: wordsOf(c).api.crossSite, fields: {} }, 403));
};

/**
 * One address per page: a GET for a path with a trailing slash (`/valleymed/`, `/pay/?p=…`) is
 * sent, in one 301, to the same path without it, its query kept. A path that would then begin
 * with `//` (another host, to a browser) is left alone.
 */
export const canonicalPath: MiddlewareHandler<AppEnv> = (c, next) => {
  const path = c.req.path;
  if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || path.length < 2 || !path.endsWith('/')) return next();
  const { pathname, search } = addressOf(c.req.url);
  const trimmed = pathname.replace(/\/+$/, '');
  if (!trimmed || trimmed === pathname || trimmed.startsWith('//')) return next();
  return Promise.resolve(c.redirect(`${trimmed}${search}`, 301));
};

/** Adds a header to the answer, whatever made it (answers passed through from fetch() are immutable). */
function appendHeader(c: Context<AppEnv>, name: string, value: string): void {
  try {
    c.res.headers.append(name, value);
  } catch {
    const res = new Response(c.res.body, c.res);
    res.headers.append(name, value);
    c.res = res;
  }
}

/**
 * The visitor's language, in this order: the switch link's `?lang=`, the cookie it left, the
 * browser's `Accept-Language` (Spanish when it ranks Spanish above English), English. A choice
 * made with the switch, a GET, is remembered for a year; a POST to an address with `?lang=` in it
 * is answered in that language, and a refused one (another site's form) leaves no cookie.
 */
export const chooseLanguage: MiddlewareHandler<AppEnv> = (c, next) => {
  const inAddress = languageInAddress(c);
  const language = inAddress ?? rememberedLanguage(c) ?? browserLanguage(c) ?? DEFAULT_LANGUAGE;
  c.set('language', language);
  // Another language's words are read from the assets before its first page in this isolate.
  const reading = readyCatalogue(c.env.ASSETS, language);
  if (reading)
    return reading.then(
      () => handOn(c, next, inAddress),
      (error: unknown) => {
        // Drawn in English, as an English page (never kept as the other language's).
        logError(c.get('requestId'), 'catalogue', error);
        c.set('language', DEFAULT_LANGUAGE);
        return handOn(c, next, inAddress);
      },
    );
  return handOn(c, next, inAddress);
};

/** The rest of `chooseLanguage`: on, and the switch's choice remembered. */
function handOn(c: Context<AppEnv>, next: Next, inAddress: Language | undefined): Promise<void> {
  // The switch is a link: only a GET that follows it is the visitor choosing.
  const chosen = c.req.method === 'GET' ? inAddress : undefined;
  if (!chosen) return next();
  return next().then(() =>
    appendHeader(
      c,
      'Set-Cookie',
      generateCookie(LANGUAGE_COOKIE, chosen, {
        path: '/',
        maxAge: LANGUAGE_COOKIE_MAX_AGE_S,
        httpOnly: true,
        // Always over HTTPS at the edge; a browser on a developer's http://localhost (Safari's
        // engine among them) drops a Secure cookie set over plain HTTP.
        secure: c.req.url.startsWith('https:'),
        sameSite: 'Lax',
      }),
    ),
  );
}
