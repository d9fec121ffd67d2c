import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiError } from '../domain/errors';
import type { Answer } from './answer';
import type { PostedForm } from '../domain/posted-form';
import type { AppEnv } from './app-env';
import type { Hono } from '../lib/hono';
import { HUMAN_TOKEN_FIELD } from '../domain/human-check';
import { FORM_FIELD } from '../domain/islands';
import { isFormBody, MAX_FORM_BYTES, readForm } from './validate';
import { chosenLanguage, withLanguage } from './words';

/**
 * How the Worker answers a form posted without script, in the visitor's one request. A page that
 * holds forms registers them beside its drawing (`pageWithForm`): its POST reads the body, picks
 * the form by its `_form` field, and the form's handler calls the feature the page's island calls
 * through the API (the same function, with the same checks, limits and backend call). Then either
 * - the visitor is sent on with a 303 (post/redirect/get: reload and back never post again), to
 *   a result page or to the same page marked `done=<form>` (a query value, not a cookie, so it
 *   works in a partner's frame too; it only shows the form's success message), or
 * - the page is drawn again with what was posted (`pageAgain`): the page's own drawing, with each
 *   field's error and value, answered with the form's status.
 * A language the visitor chose goes on with the 303.
 */

/** A page's drawing: the same for its GET and for its forms drawn again. */
export type DrawPage = (c: Context<AppEnv>) => Response | Promise<Response>;

/**
 * Registers a page that holds forms: its GET draws it; its POST carries out the form it names
 * (one of `forms`, by `_form`) and answers a 303 or the page drawn again. Any other POST is the
 * not-found page.
 */
export function pageWithForm(routes: Hono<AppEnv>, path: string, draw: DrawPage, forms: Readonly<Record<string, FormHandler>>): void {
  routes.get(path, draw);
  routes.post(path, (c) => carryOutForm(c, forms, draw));
}

/** A page's form posted without script: its handler's 303, or the page drawn again with what was posted. */
export async function carryOutForm(
  c: Context<AppEnv>,
  forms: Readonly<Record<string, FormHandler>>,
  draw: DrawPage,
  otherwise: DrawPage = (other) => other.notFound(),
): Promise<Response> {
  // Marks the post as a page's, answered here: the not-found page that may follow carries out nothing more.
  c.set('form', '');
  // A page's forms post form bodies only: anything else is no form of the page.
  if (!isFormBody(c)) return otherwise(c);
  const form = await readForm(c, MAX_FORM_BYTES);
  if (form instanceof Response) return form;
  const fields: Fields = new Map();
  for (const [name, value] of form) fields.set(name, [...(fields.get(name) ?? []), String(value)]);
  const name = one(fields, FORM_FIELD) ?? '';
  const handler = Object.hasOwn(forms, name) ? forms[name] : undefined;
  if (!handler) return otherwise(c);
  c.set('form', name);
  const outcome = await handler(c, fields);
  if (outcome instanceof Response) return outcome;
  // The page's drawing finds what was posted in the request's `posted` (`postedForm`).
  c.set('posted', outcome.posted);
  const page = await draw(c);
  const answer = new Response(page.body, { status: page.ok ? outcome.status : page.status, headers: page.headers });
  for (const [header, value] of Object.entries(outcome.headers)) answer.headers.set(header, value);
  return answer;
}

const DONE = 'done';
/** Which result a form's success led to, when it has more than one (the page checks the name). */
const VIEW = 'view';

/** The form posted to this request, or the one whose success the URL marks. */
export function postedForm(c: Context<AppEnv>): PostedForm | undefined {
  const posted = c.get('posted');
  if (posted) return posted;
  const done = c.req.query(DONE);
  if (!done || !/^[a-z-]{1,20}$/.test(done)) return undefined;
  // The same page without the mark: where "try again" leads without script.
  const url = new URL(c.req.url);
  url.searchParams.delete(DONE);
  const view = url.searchParams.get(VIEW);
  url.searchParams.delete(VIEW);
  const data: Record<string, string> = { again: `${url.pathname}${url.search}` };
  if (view && /^[A-Za-z-]{1,30}$/.test(view)) data.view = view;
  return { form: done, values: {}, errors: {}, done: true, data };
}

/** 303 to `location` (a path of this site, or an allowed result page). */
export function seeOther(c: Context<AppEnv>, location: string): Response {
  // A language the visitor chose goes on to the next page: where cookies are refused it is all there is.
  return c.redirect(withLanguage(location, chosenLanguage(c)), 303);
}

/** 303 to the page that was posted to, marked with the form whose action succeeded (and its result). */
export function samePageDone(c: Context<AppEnv>, form: string, view?: string): Response {
  const url = new URL(c.req.url);
  url.searchParams.set(DONE, form);
  if (view) url.searchParams.set(VIEW, view);
  return seeOther(c, `${url.pathname}${url.search}`);
}

/** The page drawn again with what was posted, answered with its status (400 for errors, 429 for a limit…) and headers. */
export interface PageAgain {
  posted: PostedForm;
  status: ContentfulStatusCode;
  headers: Record<string, string>;
}

/**
 * The one way a form's handler draws its page again with what was posted: answered with `status`,
 * or with a feature's refusal (its status, its messages at their fields and over the form, and
 * any Retry-After).
 */
export function pageAgain(posted: PostedForm, outcome: ContentfulStatusCode | Answer<object>): PageAgain {
  if (typeof outcome === 'number') return { posted, status: outcome, headers: {} };
  const body = outcome.body as Partial<ApiError>;
  const retry = outcome.headers?.['Retry-After'];
  return {
    posted: {
      ...posted,
      errors: { ...posted.errors, ...body.fields },
      ...(typeof body.error === 'string' && { error: body.error }),
    },
    status: outcome.status,
    headers: retry ? { 'Retry-After': retry } : {},
  };
}

/** A form's fields as posted, each name with its values in order. */
export type Fields = Map<string, string[]>;
/** A form's handler: a response (a 303, mostly), or the page again with the form's state. */
export type FormHandler = (c: Context<AppEnv>, fields: Fields) => Promise<Response | PageAgain>;

export const one = (fields: Fields, name: string): string | undefined => fields.get(name)?.[0];

/** What the visitor typed, for the fields named (never a card number or security code). */
export const typed = (fields: Fields, names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, one(fields, n) ?? '']).filter(([, v]) => v !== ''));

/** The human-check token, from Turnstile's own field or ours. */
export const humanToken = (fields: Fields) => one(fields, HUMAN_TOKEN_FIELD) || one(fields, 'humanToken') || undefined;
