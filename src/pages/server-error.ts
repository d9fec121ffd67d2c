import { SUPPORT_EMAIL } from '../domain/site';
import { stylesheetHref } from '../server/assets';

/** The last-resort page: plain markup with no React, so it renders even when a page cannot. */
export function serverErrorHtml(): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong - Papaya</title><link rel="stylesheet" href="${stylesheetHref}"></head><body><main id="main" class="page"><section class="card notice"><h1>Something went wrong on our side.</h1><p>Nothing was charged. Please try again in a moment. If this keeps happening, email <a href="mailto:${SUPPORT_EMAIL}">${SUPPORT_EMAIL}</a>.</p><p><a href="/web-payment">Go to web payment</a></p></section></main></body></html>`;
}
