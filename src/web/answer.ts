import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiError } from '../domain/errors';
import type { AppEnv } from './app-env';

/**
 * What a feature of the site (a payment, a text, a password change…) answers, before it is a
 * response: its API route sends it as JSON (`respond`), and the page's form posted without script
 * reads it to send the visitor on or draw the page again. Both call the feature once, in the
 * visitor's own request.
 */
export interface Answer<B extends object = Record<string, unknown>> {
  status: ContentfulStatusCode;
  body: B;
  /** Headers the answer carries either way (Retry-After, Referrer-Policy). */
  headers?: Record<string, string>;
  /** Cookies set for the visitor, whichever answer goes out. */
  cookies?: string[];
}

/** The refusal shape of every 4xx and 5xx answer (contract §4). */
export type Refused = Answer<ApiError>;

export const refusal = (
  status: ContentfulStatusCode,
  error: string,
  fields: Record<string, string> = {},
  headers?: Record<string, string>,
): Refused => ({
  status,
  body: { error, fields },
  ...(headers && { headers }),
});

/** A feature's answer as the API sends it: JSON with its status, headers and cookies. */
export function respond(c: Context<AppEnv>, answer: Answer<object>): Response {
  const res = c.json(answer.body, answer.status, answer.headers);
  for (const cookie of answer.cookies ?? []) res.headers.append('Set-Cookie', cookie);
  return res;
}

/** The answer's cookies on another response (the page or the 303 a form post leads to). */
export function withCookies(res: Response, answer: Answer<object>): Response {
  if (!answer.cookies?.length) return res;
  const copy = new Response(res.body, res);
  for (const cookie of answer.cookies) copy.headers.append('Set-Cookie', cookie);
  return copy;
}

/** The answer is a refusal (every success of the site's features is a 200). */
export const isRefused = <B extends object>(answer: Answer<B> | Refused): answer is Refused => answer.status >= 400;
