import { EVENT_LAYOUT } from '../../src/telemetry/events';
import { createExecutionContext, listDurableObjectIds, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../src/index';
import { createOrigin } from '../../src/origin';
import { claimIds, issueFormKey } from '../../src/security/form-keys';
import { claimOf } from '../../src/security/payment-claim';
import type { RecordedCall, FaultMode } from './stand-in/legacy-origin';
import { DESKTOP } from './helpers';

/** The Worker's bindings with the backend switched to the HTTP stand-in (or another URL). */
export const httpEnv = (vars: Partial<Env> = {}): Env => ({ ...env, ORIGIN_URL: env.STAND_IN_URL, ...vars });
export const embeddedEnv = (vars: Partial<Env> = {}): Env => ({ ...env, ORIGIN_URL: '', ...vars });

export const originFor = (e: Env) => createOrigin(e);

/** Sends a request through the whole Worker with the given bindings. */
export async function request(e: Env, path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://papaya.test${path}`, { redirect: 'manual', ...init }), e, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

export async function standInCalls(): Promise<RecordedCall[]> {
  return (await fetch(`${env.STAND_IN_URL}/__calls`)).json();
}
export async function resetStandIn(): Promise<void> {
  await fetch(`${env.STAND_IN_URL}/__calls`, { method: 'DELETE' });
  await fetch(`${env.STAND_IN_URL}/__fault`, { method: 'DELETE' });
}
export async function injectFault(match: string, mode: FaultMode, delayMs = 0): Promise<void> {
  await fetch(`${env.STAND_IN_URL}/__fault`, { method: 'PUT', body: JSON.stringify({ match, mode, delayMs }) });
}

/** Makes the stand-in answer calls to paths starting with `match` with `answer`, as JSON. */
export async function injectAnswer(match: string, answer: unknown): Promise<void> {
  await fetch(`${env.STAND_IN_URL}/__fault`, {
    method: 'PUT',
    body: JSON.stringify({ match, mode: 'answer', delayMs: 0, body: JSON.stringify(answer) }),
  });
}

export const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** A form key the payment page would have issued for this payee (the tier's FORM_KEY_SECRET). */
export const formKeyFor = (payeeId: string, now = Date.now()) => issueFormKey(env.FORM_KEY_SECRET!, payeeId, claimIds(env.CLAIMS), now);

let clients = 0;
/** A client address no other test uses, so per-client limits start empty. */
/** A client of its own network too (a /24 each), so limits per network do not join tests. */
export const freshClient = () => `198.${18 + (Math.floor(++clients / 250) % 2)}.${clients % 250}.7`;
/** Clients that share one network (/24), as addresses rotated in one provider's block. */
export const neighbours = (count: number) => {
  const network = freshClient().split('.').slice(0, 3).join('.');
  return Array.from({ length: count }, (_, i) => `${network}.${i + 10}`);
};

/** The claim a payment form key is kept in (its own Durable Object). */
export const claimFor = async (key: string) => (await claimOf(env.CLAIMS, key))!;

/** Empties every counter of the abuse guard, for tests that are not about its limits. */
export async function resetGuard(): Promise<void> {
  for (const id of await listDurableObjectIds(env.GUARD)) await env.GUARD.get(id).clear();
}

/** A backend with no calls or faults and a guard with no counts: each test of the abuse guard starts alone. */
export async function startAfresh(): Promise<void> {
  await resetStandIn();
  await resetGuard();
}

/** A payment form that payee 1001 (Valley Medical Group) accepts, card included, key excluded. */
export { TEST_PAYMENT } from '../shared/test-payer';

/** A form as a browser without script posts it: urlencoded, from this site's page. */
export function postForm(
  path: string,
  fields: Record<string, string>,
  client = freshClient(),
  site = 'same-origin',
  e = embeddedEnv(),
): Promise<Response> {
  return request(e, path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'User-Agent': DESKTOP,
      'Sec-Fetch-Site': site,
      Origin: site === 'same-origin' ? 'https://papaya.test' : 'https://evil.example',
      'CF-Connecting-IP': client,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The texts the local demo would have sent, newest first. */
export const outbox = async (): Promise<Array<{ to: string; body: string }>> =>
  (await request(embeddedEnv(), '/_dev/outbox')).json<Array<{ to: string; body: string }>>();

/** The value a page's input of this name was drawn with. */
export const inputValue = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];

/** Runs the Worker with some configuration changed, as a deployment with those vars would. */
export async function visitWith(vars: Partial<Env>, path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://papaya.test${path}`, { redirect: 'manual', ...init }), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The Analytics Engine data points the Worker wrote, seen through a stand-in of the binding (`EVENTS`). */
type Point = { indexes: string[]; blobs: string[]; doubles: number[] };
export function dataset() {
  const points: Point[] = [];
  const binding = { writeDataPoint: (p: Point) => void points.push(p) } as unknown as AnalyticsEngineDataset;
  /** The points as named events: the layout of src/telemetry/events.ts read back. */
  const events = () =>
    points.map((p) => {
      const name = p.blobs[0] as keyof typeof EVENT_LAYOUT;
      const layout: { blobs: readonly string[]; doubles: readonly string[] } = EVENT_LAYOUT[name];
      return {
        event: name,
        version: p.blobs[1],
        ...Object.fromEntries(layout.blobs.map((b, i) => [b, p.blobs[i + 2]])),
        ...Object.fromEntries(layout.doubles.map((d, i) => [d, p.doubles[i]])),
      } as Record<string, unknown>;
    });
  return { points, binding, events };
}

/** The update-password form for a reset link's token, posted with a good new password, and the page it posts to. */
export const resetPost = (token: string) =>
  [`/update-password?x=${token}`, { _form: 'reset', x: token, np: 'a good password', confirm: 'a good password' }] as const;
