import type { Context } from 'hono';
import type { ReactElement } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { isBot } from '../domain/device';
import { isHeaderless } from '../domain/site';
import { PageContext, type PageContextValue } from '../pages/page-context';
import { serverErrorHtml } from '../pages/server-error';
import type { AppEnv } from './app-env';
import { logError } from './log';

export interface RenderInit {
  status?: number;
  headers?: Record<string, string>;
}

const HTML_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };

/**
 * Streams a page. Status and headers are fixed before the first byte; an error before the
 * shell is ready gives the 500 page, an error after it only a log line. Crawlers get the
 * complete document in one piece.
 */
export async function renderPage(c: Context<AppEnv>, page: ReactElement, init: RenderInit = {}): Promise<Response> {
  const requestId = c.get('requestId');
  const context: PageContextValue = {
    nonce: c.get('nonce'),
    path: c.req.path,
    device: c.get('device'),
    headerless: isHeaderless(c.req.query('headerless')),
    islands: new Set(),
    year: new Date().getUTCFullYear(),
  };
  try {
    const stream = await renderToReadableStream(<PageContext value={context}>{page}</PageContext>, {
      nonce: context.nonce,
      onError(error) {
        logError(requestId, 'render', error);
      },
    });
    if (isBot(c.req.header('User-Agent'))) await stream.allReady;
    // Through the context, so headers a route set on it (cookies among them) are kept.
    return c.body(stream, (init.status ?? 200) as 200, { ...HTML_HEADERS, ...init.headers });
  } catch (error) {
    logError(requestId, 'render-shell', error);
    return serverErrorResponse();
  }
}

export function serverErrorResponse(): Response {
  return new Response(serverErrorHtml(), { status: 500, headers: HTML_HEADERS });
}

/** The origin could not be reached for a page it serves. */
export function unavailableResponse(): Response {
  return new Response(serverErrorHtml(), { status: 502, headers: HTML_HEADERS });
}
