import type { Context } from 'hono';
import type * as z from 'zod';
import { fieldErrors, type ApiError } from '../../domain/errors';
import type { OriginFailure } from '../../origin';
import { HUMAN_CHECK_FAILED } from '../../domain/sms';
import { verifyHuman } from '../../security/human-check';
import type { AppEnv } from '../../server/app-env';

/** Largest JSON body the API reads; anything bigger is refused before it is parsed. */
export const MAX_JSON_BYTES = 16 * 1024;

type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

export function apiError(c: Context<AppEnv>, status: 400 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 504, error: string, fields: Record<string, string> = {}) {
  return c.json<ApiError>({ error, fields }, status, { 'Cache-Control': 'no-store' });
}

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
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/** Reads a JSON body: 415 when it is not JSON, 413 when too big, 400 when malformed or invalid. */
export async function parseJson<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<Parsed<z.output<S>>> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') return { ok: false, response: apiError(c, 415, 'Send the request as application/json.') };
  const text = await readLimited(c.req.raw, MAX_JSON_BYTES);
  if (text === null) return { ok: false, response: apiError(c, 413, 'The request is too large.') };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, response: apiError(c, 400, 'The request body is not valid JSON.') };
  }
  return validate(c, schema, body);
}

/** Validates the query string. */
export function parseQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Parsed<z.output<S>> {
  return validate(c, schema, c.req.query());
}

/** A request that must carry no body (the legacy calls that take everything in the query). */
export async function expectNoBody(c: Context<AppEnv>): Promise<Response | null> {
  const text = await readLimited(c.req.raw, MAX_JSON_BYTES);
  if (text === null) return apiError(c, 413, 'The request is too large.');
  return null;
}

function validate<S extends z.ZodType>(c: Context<AppEnv>, schema: S, input: unknown): Parsed<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, response: apiError(c, 400, 'Please check the highlighted fields.', fieldErrors(parsed.error)) };
}

/** What a visitor's browser is told when the backend could not answer. */
export function originUnavailable(c: Context<AppEnv>, failure: OriginFailure): Response {
  return failure.kind === 'timeout'
    ? apiError(c, 504, 'Papaya is taking too long to answer. Please try again in a moment.')
    : apiError(c, 502, 'We could not reach Papaya right now. Please try again in a moment.');
}

/** Work that must finish but need not delay the answer (cache writes, reports, clean-up). */
export function runLater(c: Context<AppEnv>, work: Promise<unknown>): void {
  const settled = work.catch(() => undefined);
  try {
    c.executionCtx.waitUntil(settled);
  } catch {
    // No execution context (a plain app.request in tests): the work still runs.
  }
}

/** The human check before a send, a password change or a payment: null when it passes. */
export async function refuseBots(c: Context<AppEnv>, token: string | undefined): Promise<Response | null> {
  const secret = (c.env as unknown as Record<string, string | undefined>).TURNSTILE_SECRET;
  const human = await verifyHuman(c.get('config'), secret, token, c.req.header('CF-Connecting-IP'), c.env.TURNSTILE_VERIFY_URL);
  return human.ok ? null : apiError(c, 400, HUMAN_CHECK_FAILED, { humanToken: HUMAN_CHECK_FAILED });
}
