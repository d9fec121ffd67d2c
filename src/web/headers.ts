import type { Context } from 'hono';
import { readConfig } from '../domain/config';
import { NO_STORE, originOf, securityHeaders, WIDGET_PATHS } from '../security/headers';
import { TURNSTILE_ORIGIN } from '../security/human-check';
import { IsolateMemo } from '../lib/isolate-memo';
import type { AppEnv } from './app-env';

/** The headers every answer carries: the security set of `src/security/headers.ts` for this request, and the request id. */

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

const formTargets = new WeakMap<object, string[]>();

/** Where a form's 303 may lead besides this site: the hosts a payment's receipt may be on. */
function formTargetsFor(env: Env): string[] {
  let origins = formTargets.get(env);
  if (!origins) {
    const { webPayUrl, originUrl } = readConfig(env);
    origins = [...new Set([webPayUrl, originUrl].map(originOf))].filter((o): o is string => !!o);
    formTargets.set(env, origins);
  }
  return origins;
}

/** A page differs by device and, through the visitor's choice or their browser's, by language. */
const VARY = 'User-Agent, Sec-CH-UA-Mobile, Sec-CH-UA-Platform, Accept-Language, Cookie';

function headerOptions(c: Context<AppEnv>, nonce: string) {
  const embeddable = WIDGET_PATHS.has(c.req.path);
  const ancestors = c.get('config').widgetFrameAncestors;
  return {
    nonce,
    embeddable,
    foreign: c.get('foreign') === true,
    frameAncestors: embeddable ? (ancestors.length ? ancestors : ["'self'"]) : [],
    frameSrc: frameSrcFor(c.env),
    formTargets: formTargetsFor(c.env),
  };
}

/** The site-wide headers of a kind of page, made once per configuration: the CSP's text around its nonce. */
interface HeaderSet {
  fixed: Record<string, string>;
  csp?: [before: string, after: string];
}

/** Stands for the nonce while a set is made; never sent. */
const NONCE_MARK = '\u0000nonce\u0000';
const headerSets = new WeakMap<object, Map<string, HeaderSet>>();

function headerSetFor(c: Context<AppEnv>): HeaderSet {
  // What headerOptions reads from the request; the rest comes from the configuration.
  const kind = `${WIDGET_PATHS.has(c.req.path)}|${c.get('foreign') === true}`;
  let sets = headerSets.get(c.env);
  if (!sets) headerSets.set(c.env, (sets = new Map()));
  let set = sets.get(kind);
  if (!set) {
    const { 'Content-Security-Policy': csp, ...fixed } = securityHeaders(headerOptions(c, NONCE_MARK));
    const [before, after] = csp?.split(NONCE_MARK) ?? [];
    set = { fixed, csp: before !== undefined && after !== undefined ? [before, after] : undefined };
    sets.set(kind, set);
  }
  return set;
}

/** The set's policy with this response's nonce, if the set has one. */
function cspOf(c: Context<AppEnv>, set: HeaderSet): string | undefined {
  return set.csp && `${set.csp[0]}${c.get('nonce')}${set.csp[1]}`;
}

/** The site-wide headers of this request's answer, then the answer's own. */
function siteHeaders(c: Context<AppEnv>, own: Record<string, string>): Record<string, string> {
  const set = headerSetFor(c);
  const headers: Record<string, string> = { ...set.fixed, 'X-Request-Id': c.get('requestId') };
  const csp = cspOf(c, set);
  if (csp) headers['Content-Security-Policy'] = csp;
  return Object.assign(headers, own);
}

/**
 * A page's headers but its request id and nonce, kept per header set and the page's own headers:
 * the runtime copies a `Headers` into a response for less than it takes to read a record's every
 * entry (reading them was about a seventh of a legal page's time). Never changed once made.
 */
const keptPageHeaders = new WeakMap<HeaderSet, IsolateMemo<Headers>>();

function pageHeadersOf(set: HeaderSet, own: Record<string, string>): Headers {
  let kept = keptPageHeaders.get(set);
  if (!kept) keptPageHeaders.set(set, (kept = new IsolateMemo(100, 1024)));
  let name = '';
  for (const header in own) name += `${header}\u0000${own[header]}\u0000`;
  let headers = kept.get(name);
  if (!headers) {
    headers = new Headers({ ...set.fixed, Vary: VARY, ...own });
    kept.set(name, headers, Infinity);
  }
  return headers;
}

/**
 * An HTML page the Worker draws, made by `make` with the site-wide headers and the page's own
 * (`own` wins), then given this response's request id and the CSP with its nonce, which are
 * always the site's.
 */
export function withPageHeaders(
  c: Context<AppEnv>,
  status: number,
  own: Record<string, string>,
  make: (init: ResponseInit) => Response,
): Response {
  const set = headerSetFor(c);
  const res = make({ status, headers: pageHeadersOf(set, own) });
  res.headers.set('X-Request-Id', c.get('requestId'));
  const csp = cspOf(c, set);
  if (csp) res.headers.set('Content-Security-Policy', csp);
  return res;
}

/**
 * A redirect made with every header at once, as `addSiteHeaders` would leave it, without setting
 * them one by one afterwards. `location` is a target a redirect policy allowed (plain ASCII).
 */
export function redirectTo(c: Context<AppEnv>, location: string, status: 301 | 302 | 303, own: Record<string, string> = {}): Response {
  const res = new Response(null, { status, headers: siteHeaders(c, { ...NO_STORE, ...own, Location: location }) });
  c.set('complete', res);
  return res;
}

/** Adds the site headers to an answer that was not made with them (JSON, redirects, assets, passed-through pages). */
export function addSiteHeaders(c: Context<AppEnv>): void {
  // Responses passed through from fetch() have immutable headers.
  let headers = c.res.headers;
  const requestId = c.get('requestId');
  try {
    headers.set('X-Request-Id', requestId);
  } catch {
    c.res = new Response(c.res.body, c.res);
    headers = c.res.headers;
    headers.set('X-Request-Id', requestId);
  }
  // The headers pages are made with; one the route already set (a stricter Referrer-Policy) is kept.
  for (const [name, value] of Object.entries(siteHeaders(c, NO_STORE))) if (!headers.has(name)) headers.set(name, value);
  if (headers.get('Content-Type')?.startsWith('text/html')) headers.append('Vary', VARY);
}
