import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler } from 'hono';
import type * as z from 'zod/mini';
import { sayIn } from '../domain/catalogue';
import { fieldErrors } from '../domain/errors';
import type { OriginFailure, OriginResult } from '../origin';
import type { AppEnv } from './app-env';
import { refusal, respond, type Answer, type Refused } from './answer';
import { wordsOf } from './words';

/**
 * The one validation path of every API route: `@hono/zod-validator` with one hook that answers
 * the `{ error, fields }` shape (contract §4), behind guards for the body's type and size.
 */

/** Largest JSON body the API reads; anything bigger is refused before it is parsed. */
export const MAX_JSON_BYTES = 16 * 1024;
/** Largest form either door takes: a page's form posted without script, or the same form sent by its island. */
export const MAX_FORM_BYTES = 32 * 1024;

type ApiStatus = 400 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 504;

/** A refusal sent at once, by a route that is no feature's (the body's checks, reports, the dev tools). */
export function apiError(c: Context<AppEnv>, status: ApiStatus, error: string, fields: Record<string, string> = {}) {
  return respond(c, refusal(status, error, fields));
}

/** The backend's answer in the shape the API gives it, or what the visitor is told when it could not answer. */
export const answered = <T, B extends object>(c: Context<AppEnv>, result: OriginResult<T>, shape: (value: T) => B): Answer<B> | Refused =>
  result.ok ? { status: 200, body: shape(result.value) } : unavailable(c, result);

/** What a visitor is told when the backend could not answer. */
export function unavailable(c: Context<AppEnv>, failure: OriginFailure): Refused {
  const words = wordsOf(c).api;
  return failure.kind === 'timeout' ? refusal(504, words.timeout) : refusal(502, words.unreachable);
}

/** The body as text, or null when it is larger than `limit` bytes (declared or actual). */
export async function readLimited(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get('Content-Length'));
  if (Number.isFinite(declared) && declared > limit) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** A request's media type, without its parameters, in lower case. */
export const mediaType = (c: Context<AppEnv>) => (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();

/** A JSON body of at most `limit` bytes: 415 when it is not JSON, 413 when too big, 400 when malformed; parsed once for the validator. */
const jsonBody =
  (limit: number): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (mediaType(c) !== 'application/json') return apiError(c, 415, 'Send the request as application/json.');
    const read = await readJson(c, limit);
    if (read instanceof Response) return read;
    c.req.bodyCache.json = Promise.resolve(read.body);
    await next();
  };

/** A JSON body of at most `limit` bytes, parsed: the 413 when it is larger, the 400 when it is no JSON. */
export async function readJson(c: Context<AppEnv>, limit: number): Promise<{ body: unknown } | Response> {
  const text = await readLimited(c.req.raw, limit);
  if (text === null) return apiError(c, 413, wordsOf(c).api.tooLarge);
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return apiError(c, 400, 'The request body is not valid JSON.');
  }
}

const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];
/** The request carries a form (multipart or urlencoded). */
export const isFormBody = (c: Context<AppEnv>) => FORM_TYPES.includes(mediaType(c));

/**
 * A form body (multipart or urlencoded) of at most `limit` bytes; a refusal (415, 413, 400) as a
 * Response. Files are refused.
 */
export async function readForm(c: Context<AppEnv>, limit: number): Promise<FormData | Response> {
  if (!isFormBody(c)) return apiError(c, 415, 'Send the form as multipart/form-data or application/x-www-form-urlencoded.');
  const text = await readLimited(c.req.raw, limit);
  if (text === null) return apiError(c, 413, wordsOf(c).api.tooLarge);
  let form: FormData;
  try {
    form = await new Request('https://form.invalid', {
      method: 'POST',
      headers: { 'Content-Type': c.req.header('Content-Type')! },
      body: text,
    }).formData();
  } catch {
    return apiError(c, 400, wordsOf(c).api.unreadableForm);
  }
  for (const [, value] of form) if (typeof value !== 'string') return apiError(c, 400, wordsOf(c).api.filesRefused);
  return form;
}

/** A form body: 415, 413 or 400 as `readForm` says; parsed once for the validator. */
const formBody =
  (limit: number): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const form = await readForm(c, limit);
    if (form instanceof Response) return form;
    c.req.bodyCache.formData = form;
    await next();
  };

/** A request that must carry no body (the legacy calls that take everything in the query). */
export const noBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if ((await readLimited(c.req.raw, MAX_JSON_BYTES)) === null) return apiError(c, 413, wordsOf(c).api.tooLarge);
  await next();
};

/**
 * The shared hook: a value the schema refuses is a 400 with each field's first message, in the
 * visitor's language (a schema's message is a text of the catalogue, said again by its key).
 */
function refuseInvalid(result: { success: boolean; error?: unknown }, ctx: Context) {
  if (result.success) return;
  const c = ctx as Context<AppEnv>;
  return respond(c, invalid(c, result.error as z.core.$ZodError));
}

/** The 400 for values a schema refused: each field's first message, in the visitor's language. */
const invalid = (c: Context<AppEnv>, error: z.core.$ZodError): Refused => refusal(400, wordsOf(c).api.checkFields, fieldErrorsIn(c, error));

/**
 * A feature called by a form posted without script: `value` checked by the schema its API route
 * checks with, then `feature` with the checked values; or, refused, the same 400 the API answers.
 */
export async function withChecked<S extends z.ZodMiniType, A>(
  c: Context<AppEnv>,
  schema: S,
  value: unknown,
  feature: (data: z.output<S>) => Promise<A>,
): Promise<A | Refused> {
  const result = schema.safeParse(value);
  return result.success ? feature(result.data) : invalid(c, result.error);
}

/** Each field's first message of a shared schema (catalogue texts in English), in the visitor's language. */
export function fieldErrorsIn(c: Context<AppEnv>, error: z.core.$ZodError): Record<string, string> {
  const language = c.get('language');
  return Object.fromEntries(Object.entries(fieldErrors(error)).map(([name, message]) => [name, sayIn(message, language)]));
}

/** The query string, checked by `schema`; read it with `c.req.valid('query')`. */
export const validQuery = <S extends z.ZodMiniType>(schema: S) => zValidator('query', schema, refuseInvalid);

/** A JSON body, checked by `schema`; read it with `c.req.valid('json')`. */
export const validJson = <S extends z.ZodMiniType>(schema: S, limit = MAX_JSON_BYTES) =>
  [jsonBody(limit), zValidator('json', schema, refuseInvalid)] as const;

/** A form body of at most `limit` bytes, checked by `schema`; read it with `c.req.valid('form')`. */
export const validForm = <S extends z.ZodMiniType>(limit: number, schema: S) =>
  [formBody(limit), zValidator('form', schema, refuseInvalid)] as const;
