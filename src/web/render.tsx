import type { Context } from 'hono';
import { routePath } from 'hono/route';
import type { ReactElement } from 'react';
import { reactServer } from './react-dom-server';
import { catalogueOf, DEFAULT_LANGUAGE, LANGUAGE_PARAM, LANGUAGE_TAG, SWITCH_TO, type Language } from '../domain/catalogue';
import { siteOrigin } from '../settings/config';
import { addressOf } from '../lib/address';
import { IsolateMemo } from '../lib/isolate-memo';
import { isHeaderless, PREVIEW_URL_PARAMS } from '../domain/site';
import { PageContext, type PageContextValue } from './page-context';
import { serverErrorResponse } from './server-error';
import type { AppEnv } from './app-env';
import { logError } from '../telemetry/log';
import { NO_STORE, PRIVATE_PAGE } from '../security/headers';
import { postedForm } from './form-post';
import { reportSampleOf } from '../domain/error-reports';
import { keepable, keepPage, pageKey, respond, reusedPage, slot, type SlotName } from './page-reuse';

export interface RenderInit {
  status?: number;
  headers?: Record<string, string>;
  /**
   * The page is a pure function of its props and of the request's path, device, headerless flag
   * and year, so its HTML is made once per isolate and reused. `true`, or the values of the slots
   * (`slot(name)` in the props) that change with every response; the nonce is always filled in.
   */
  reuse?: true | Partial<Record<Exclude<SlotName, 'nonce'>, string>>;
  /**
   * The page's words are not all in the catalogue yet: it is drawn in English and offers no other
   * language. Every other page is drawn in the visitor's language, and offers the other.
   */
  englishOnly?: true;
}

/**
 * The same page in the other language: the switch link's address, a query only, so it always
 * stays on this page (a path of the request, such as `//other.example`, is never written back as
 * an address another host could be read from), this request's query kept.
 */
function switchHref(query: URLSearchParams | undefined, language: Language): string {
  const other = SWITCH_TO[language].language;
  if (!query) return `?${LANGUAGE_PARAM}=${other}`;
  query.set(LANGUAGE_PARAM, other);
  return `?${query}`;
}

/** The page's address for its preview card: personal query parameters (tokens, emails) never appear. */
function previewUrl(origin: string, pathname: string, searchParams: URLSearchParams | undefined): string {
  if (!searchParams) return `${origin}${pathname}`;
  const kept = new URLSearchParams();
  for (const name of PREVIEW_URL_PARAMS) {
    const value = searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return `${origin}${pathname}${query ? `?${query}` : ''}`;
}

/**
 * An address's preview link and language switch, worked out once per isolate for each address
 * (most views of a page share theirs); an address longer than a browser's usual is worked out each time.
 */
const addressLinks = new IsolateMemo<{ previewUrl: string; switchHref: string | undefined }>(500, 512);

function linksOf(origin: string, url: string, language: Language, translated: boolean) {
  const name = `${language}${translated ? '+' : '-'}${origin}${url}`;
  let links = addressLinks.get(name);
  if (!links) {
    const address = addressOf(url);
    const query = address.search ? new URLSearchParams(address.search) : undefined;
    links = {
      previewUrl: previewUrl(origin, address.pathname, query),
      // After the preview link: the switch's address is this query with the other language set in it.
      switchHref: translated ? switchHref(query, language) : undefined,
    };
    addressLinks.set(name, links, Infinity);
  }
  return links;
}

const HTML_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', ...NO_STORE };

/**
 * Draws a page whole and answers it; an error while drawing gives the 500 page. A page may be
 * drawn once per isolate and reused (`init.reuse`), each answer's nonce and keys written in.
 */
export async function renderPage(c: Context<AppEnv>, page: ReactElement, init: RenderInit = {}): Promise<Response> {
  const requestId = c.get('requestId');
  const context = pageContextOf(c, init.englishOnly !== true);
  const status = (init.status ?? 200) as 200;
  const headers = { ...HTML_HEADERS, 'Content-Language': LANGUAGE_TAG[context.language], ...init.headers };
  try {
    if (init.reuse) {
      const key = pageKey(page, [
        context.previewUrl,
        context.switchHref,
        context.language,
        context.device,
        context.headerless,
        context.year,
        context.reportSample,
        context.route,
        status,
      ]);
      // A page that shows what a visitor posted is theirs alone: drawn anew, never kept for others.
      let kept = context.posted ? undefined : reusedPage(key);
      if (kept === undefined) {
        kept = keepable(await draw(page, { ...context, nonce: slot('nonce') }));
        if (!context.posted) keepPage(key, kept);
      }
      // The site's headers are added by the request context, as to every answer; routes that set
      // headers on the context do not reuse pages.
      const values = { ...(init.reuse === true ? {} : init.reuse), nonce: context.nonce };
      return respond(kept, values, { status, headers });
    }
    // Through the context, so headers a route set on it (cookies among them) are kept.
    return c.body(await draw(page, context), status, headers);
  } catch (error) {
    logError(requestId, 'render', error);
    return serverErrorResponse(c.get('language'));
  }
}

/** A page reached by a personal link (a token, a code, an invite): never stored, its address never sent on as a referrer. */
export const renderPrivatePage = (c: Context<AppEnv>, page: ReactElement) => renderPage(c, page, { headers: PRIVATE_PAGE });

/** What every page reads of the request (`usePageContext`), in the visitor's language unless the page is not `translated`. */
function pageContextOf(c: Context<AppEnv>, translated: boolean): PageContextValue {
  const origin = siteOrigin(c.get('config'), c.req.url);
  const language = translated ? (c.get('language') ?? DEFAULT_LANGUAGE) : DEFAULT_LANGUAGE;
  const links = linksOf(origin, c.req.url, language, translated);
  return {
    nonce: c.get('nonce'),
    path: c.req.path,
    previewUrl: links.previewUrl,
    siteOrigin: origin,
    device: c.get('device'),
    headerless: isHeaderless(c.req.query('headerless')),
    islands: new Set(),
    year: new Date().getUTCFullYear(),
    language,
    text: catalogueOf(language),
    switchHref: links.switchHref,
    posted: postedForm(c),
    reportSample: reportSampleOf(c.get('config').production),
    route: routePath(c),
  };
}

/**
 * The page's HTML, with the doctype before a whole document as React's stream writes it. The pages
 * have no Suspense boundary: a stream would send the same bytes at the same moment.
 */
async function draw(page: ReactElement, context: PageContextValue): Promise<string> {
  const { renderToString } = await reactServer();
  const html = renderToString(<PageContext value={context}>{page}</PageContext>);
  return html.startsWith('<html') ? `<!DOCTYPE html>${html}` : html;
}
