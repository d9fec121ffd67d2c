import { catalogueOf, DEFAULT_LANGUAGE, LANGUAGE_TAG, type Language } from '../domain/catalogue';
import { fill } from '../domain/catalogue/fill';
import { SUPPORT_EMAIL } from '../domain/site';
import { NO_STORE, securityHeaders } from '../security/headers';
import { stylesheetHref } from './assets';

/** The last-resort pages: plain markup with no React, so they render even when a page cannot. */
function plainPage(title: string, heading: string, body: string, language: Language = DEFAULT_LANGUAGE): string {
  return `<!DOCTYPE html><html lang="${LANGUAGE_TAG[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="stylesheet" href="${stylesheetHref}"></head><body><main id="main" class="page"><section class="card notice"><h1>${heading}</h1>${body}</section></main></body></html>`;
}

const HTML_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', ...NO_STORE };
const SUPPORT = `If this keeps happening, email <a href="mailto:${SUPPORT_EMAIL}">${SUPPORT_EMAIL}</a>.`;

/** Something failed on the server: said in the visitor's language, with nothing but the catalogue's words. */
export function serverErrorHtml(language: Language = DEFAULT_LANGUAGE): string {
  const words = catalogueOf(language).serverError;
  const support = fill(words.support, { email: `<a href="mailto:${SUPPORT_EMAIL}">${SUPPORT_EMAIL}</a>` });
  return plainPage(
    words.title,
    words.heading,
    `<p>${words.body} ${support}</p><p><a href="/web-payment">${words.webPayment}</a></p>`,
    language,
  );
}

const errorHeaders = (language: Language) => ({ ...HTML_HEADERS, 'Content-Language': LANGUAGE_TAG[language] });

export function serverErrorResponse(language: Language = DEFAULT_LANGUAGE): Response {
  return new Response(serverErrorHtml(language), { status: 500, headers: errorHeaders(language) });
}

/** The origin could not be reached for a page it serves. */
export function unavailableResponse(language: Language = DEFAULT_LANGUAGE): Response {
  return new Response(serverErrorHtml(language), { status: 502, headers: errorHeaders(language) });
}

/**
 * The site's settings cannot be read: every page says so, with the strictest headers, since
 * the settings that would widen them are the ones in doubt.
 */
export function configErrorResponse(): Response {
  const html = plainPage(
    'Temporarily unavailable - Papaya',
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

/**
 * The local demo (made-up payees, no real payments, random secrets) asked on a public address:
 * refused, with the fix named, so that a `wrangler deploy` without `--env production` serves nothing.
 */
export function demoOnPublicHostResponse(): Response {
  const html = plainPage(
    'Local demo only - Papaya',
    'This is Papaya’s local demo: it answers only on this machine.',
    '<p>It has made-up payees and takes no real payments. To show it on a public address, set the variable <code>PUBLIC_DEMO = "true"</code>. To serve the real site, deploy with <code>npm run deploy</code> (<code>wrangler deploy --env production</code>).</p>',
  );
  return new Response(html, {
    status: 503,
    headers: {
      ...HTML_HEADERS,
      ...securityHeaders({ nonce: 'none', frameAncestors: [], frameSrc: [], embeddable: false }),
    },
  });
}
