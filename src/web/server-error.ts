import { SUPPORT_EMAIL } from '../domain/site';
import { NO_STORE, securityHeaders } from '../security/headers';
import { stylesheetHref } from './assets';

/** The last-resort pages: plain markup with no React, so they render even when a page cannot. */
function plainPage(title: string, heading: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} - Papaya</title><link rel="stylesheet" href="${stylesheetHref}"></head><body><main id="main" class="page"><section class="card notice"><h1>${heading}</h1>${body}</section></main></body></html>`;
}

const HTML_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', ...NO_STORE };
const SUPPORT = `If this keeps happening, email <a href="mailto:${SUPPORT_EMAIL}">${SUPPORT_EMAIL}</a>.`;

export function serverErrorHtml(): string {
  return plainPage(
    'Something went wrong',
    'Something went wrong on our side.',
    `<p>Nothing was charged. Please try again in a moment. ${SUPPORT}</p><p><a href="/web-payment">Go to web payment</a></p>`,
  );
}

export function serverErrorResponse(): Response {
  return new Response(serverErrorHtml(), { status: 500, headers: HTML_HEADERS });
}

/** The origin could not be reached for a page it serves. */
export function unavailableResponse(): Response {
  return new Response(serverErrorHtml(), { status: 502, headers: HTML_HEADERS });
}

/**
 * The site's settings cannot be read: every page says so, with the strictest headers, since
 * the settings that would widen them are the ones in doubt.
 */
export function configErrorResponse(): Response {
  const html = plainPage(
    'Temporarily unavailable',
    'Papaya can’t show this page right now.',
    `<p>Nothing was charged. Please try again in a few minutes. ${SUPPORT}</p>`,
  );
  return new Response(html, {
    status: 503,
    headers: {
      ...HTML_HEADERS,
      ...securityHeaders({ nonce: 'none', frameAncestors: [], frameSrc: [], embeddable: false }),
      'Retry-After': '300',
    },
  });
}
