import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiError } from '../domain/errors';
import type { Answer } from './answer';
import type { PostedForm } from '../domain/posted-form';
import type { AppEnv } from './app-env';
import type { Hono } from '../lib/hono';
import { HUMAN_TOKEN_FIELD } from '../domain/human-check';
import { chosenLanguage, withLanguage, wordsOf } from './words';

/**
 * How the Worker answers a form posted without script, in the visitor's one request. The form's
 * handler calls the feature the page's island calls through the API (the same function, with the
 * same checks, limits and backend call), and then either
 * - the visitor is sent on with a 303 (post/redirect/get: reload and back never post again), to
 *   a result page or to the same page marked `done=<form>` (a query value, not a cookie, so it
 *   works in a partner's frame too; it only shows the form's success message), or
 * - the page is drawn again with what was posted (`pageAgain`): the request goes on to the page's
 *   own route (registered with `pageWithForm`, it answers POST too), which draws it with each
 *   field's error and value, and the answer takes the form's status.
 * A language the visitor chose goes on with the 303.
 */

/** The form posted in this request, once its handler asked for the page again. */
const postedByContext = new WeakMap<Context<AppEnv>, PostedForm>();

/**
 * Registers the route of a page that holds a form: it draws the page for a GET, and for the POST
 * of its form when the form's handler asks for the page again; any other POST goes on (404).
 */
export function pageWithForm(routes: Hono<AppEnv>, path: string, draw: (c: Context<AppEnv>) => Response | Promise<Response>): void {
  routes.on(['GET', 'POST'], path, (c, next) => (c.req.method === 'POST' && !drawingPost(c) ? next() : draw(c)));
}

/** This request is a form's POST whose page is being drawn again. */
export const drawingPost = (c: Context<AppEnv>) => postedByContext.has(c);

const DONE = 'done';
/** Which result a form's success led to, when it has more than one (the page checks the name). */
const VIEW = 'view';

/** The form posted to this request, or the one whose success the URL marks. */
export function postedForm(c: Context<AppEnv>): PostedForm | undefined {
  const posted = postedByContext.get(c);
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

/** The page drawn again with what was posted, answered with `status` (400 for errors, 429 for a limit…) and `headers`. */
export interface PageAgain {
  posted: PostedForm;
  status: ContentfulStatusCode;
  headers: Record<string, string>;
}

export const pageAgain = (posted: PostedForm, status: ContentfulStatusCode, headers: Record<string, string> = {}): PageAgain => ({
  posted,
  status,
  headers,
});

/**
 * Draws the page again for a form post: `draw` goes on to the page's route, which finds the
 * posted state with `postedForm`. A page that could not be drawn keeps its own status.
 */
export async function drawAgain(c: Context<AppEnv>, again: PageAgain, draw: () => Promise<void>): Promise<void> {
  postedByContext.set(c, again.posted);
  await draw();
  const page = c.res;
  const answer = new Response(page.body, { status: page.ok ? again.status : page.status, headers: page.headers });
  for (const [name, value] of Object.entries(again.headers)) answer.headers.set(name, value);
  // Cleared first: Hono's setter would copy the page's own headers back over the form's.
  c.res = undefined;
  c.res = answer;
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

/** A feature's refusal as the posted form's state. */
export function refused(c: Context<AppEnv>, form: string, values: Record<string, string>, answer: Answer<object>): PostedForm {
  const body = answer.body as Partial<ApiError>;
  return { form, values, errors: body.fields ?? {}, error: typeof body.error === 'string' ? body.error : wordsOf(c).api.somethingWrong };
}

/** The page again with a feature's refusal, keeping its status and any Retry-After. */
export function again(posted: PostedForm, answer: Answer<object>): PageAgain {
  const retry = answer.headers?.['Retry-After'];
  return pageAgain(posted, answer.status, retry ? { 'Retry-After': retry } : {});
}
