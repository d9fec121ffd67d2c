import type { Context } from 'hono';
import type { PostedForm } from '../domain/posted-form';
import type { AppEnv } from './app-env';
import { HUMAN_TOKEN_FIELD } from '../domain/human-check';
import { chosenLanguage, withLanguage, wordsOf } from './words';

/**
 * How the Worker answers a form posted without script. The form's action is carried out by the
 * site's own API route (a request inside the Worker, so the validation, limits and backend call
 * are the API's own), and then either
 * - the visitor is sent on with a 303 (post/redirect/get: reload and back never post again), to
 *   a result page or to the same page marked `done=<form>` (a query value, not a cookie, so it
 *   works in a partner's frame too; it only shows the form's success message), or
 * - the page is drawn again (a GET of the same URL inside the Worker) with what was posted, so
 *   each field shows its error and keeps its value.
 * Cookies the API route sets for the visitor (the SMS-link cookie) go out with either answer, and
 * a language the visitor chose goes on with the 303.
 */

/** Runs a request through the whole site, as if it came from the visitor's browser. */
export type Dispatch = (request: Request, c: Context<AppEnv>) => Promise<Response>;

/** The state of a page drawn again after a post, by the request object that draws it. */
const postedByRequest = new WeakMap<Request, PostedForm>();

const DONE = 'done';
/** Which result a form's success led to, when it has more than one (the page checks the name). */
const VIEW = 'view';

/** The form posted to this request, or the one whose success the URL marks. */
export function postedForm(c: Context<AppEnv>): PostedForm | undefined {
  const posted = postedByRequest.get(c.req.raw);
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

/** The same page drawn again with `posted`, answered with `status` (400 for errors, 429 for a limit…). */
export async function pageAgain(
  c: Context<AppEnv>,
  dispatch: Dispatch,
  posted: PostedForm,
  status: number,
  headers: Record<string, string> = {},
): Promise<Response> {
  const request = new Request(c.req.url, { method: 'GET', headers: forwarded(c) });
  postedByRequest.set(request, posted);
  const page = await dispatch(request, c);
  const answer = new Response(page.body, { status: page.ok ? status : page.status, headers: page.headers });
  for (const [name, value] of Object.entries(headers)) answer.headers.set(name, value);
  return answer;
}

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** Cookies the API routes set for the visitor during a form's handling, by the form's request context. */
const apiCookies = new WeakMap<Context<AppEnv>, string[]>();

/** The answer to a posted form, with the cookies its API calls set for the visitor. */
export function withApiCookies(c: Context<AppEnv>, res: Response): Response {
  const cookies = apiCookies.get(c);
  if (!cookies) return res;
  const answer = new Response(res.body, res);
  for (const cookie of cookies) answer.headers.append('Set-Cookie', cookie);
  return answer;
}

/** Calls one of the site's API routes with `body` (JSON, or a form for the payment call). */
export async function callApi(
  c: Context<AppEnv>,
  dispatch: Dispatch,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: Record<string, unknown> | FormData,
): Promise<ApiAnswer> {
  const headers = forwarded(c);
  headers.set('Sec-Fetch-Site', 'same-origin');
  headers.set('Origin', new URL(c.req.url).origin);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  const res = await dispatch(new Request(new URL(path, c.req.url), { method, headers, body: payload }), c);
  const cookies = res.headers.getSetCookie();
  if (cookies.length) apiCookies.set(c, [...(apiCookies.get(c) ?? []), ...cookies]);
  const parsed = (await res.json().catch(() => ({}))) as unknown;
  return {
    status: res.status,
    body: parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { value: parsed },
    headers: res.headers,
  };
}

/** The visitor's request headers that matter inside the Worker: who asks, from what device, with what cookies. */
function forwarded(c: Context<AppEnv>): Headers {
  const headers = new Headers();
  for (const name of ['CF-Connecting-IP', 'User-Agent', 'Sec-CH-UA-Mobile', 'Sec-CH-UA-Platform', 'Accept-Language', 'Cookie']) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  // The language this request was answered in, whatever decided it (the switch's `?lang=` among them).
  headers.set('Accept-Language', c.get('language'));
  return headers;
}

/** A form's fields as posted, each name with its values in order. */
export type Fields = Map<string, string[]>;
export type FormHandler = (c: Context<AppEnv>, fields: Fields, dispatch: Dispatch) => Promise<Response>;

export const one = (fields: Fields, name: string): string | undefined => fields.get(name)?.[0];

/** What the visitor typed, for the fields named (never a card number or security code). */
export const typed = (fields: Fields, names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, one(fields, n) ?? '']).filter(([, v]) => v !== ''));

/** The human-check token, from Turnstile's own field or ours. */
export const humanToken = (fields: Fields) => one(fields, HUMAN_TOKEN_FIELD) || one(fields, 'humanToken') || undefined;

/** The API's refusal as the posted form's state. */
export function refused(c: Context<AppEnv>, form: string, values: Record<string, string>, answer: ApiAnswer): PostedForm {
  const fields = (answer.body.fields ?? {}) as Record<string, string>;
  const error = typeof answer.body.error === 'string' ? answer.body.error : wordsOf(c).api.somethingWrong;
  return { form, values, errors: fields, error };
}

/** Draws the page again with the API's refusal, keeping its status and any Retry-After. */
export function again(c: Context<AppEnv>, dispatch: Dispatch, posted: PostedForm, answer: ApiAnswer) {
  const retry = answer.headers.get('Retry-After');
  return pageAgain(c, dispatch, posted, answer.status, retry ? { 'Retry-After': retry } : {});
}
