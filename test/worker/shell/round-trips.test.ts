import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../../src/index';
import { redirectPolicy } from '../../../src/security/redirect-targets';
import { createShortLink } from '../../../src/security/short-links';
import { readConfig } from '../../../src/settings/config';
import { freshPhone, ROUND_TRIP_ROUTES, type RoundTripRoute, type RouteTools } from '../../shared/round-trip-routes';
import { RoundTrips } from '../../shared/round-trips';
import { formKeyFor, freshClient, resetStandIn } from '../origin-helpers';
import { guarded } from '../security/attack-helpers';

/**
 * The remote round trips each budgeted route waits on one after another, counted (never timed)
 * by holding every remote call at a gate (test/shared/round-trips.ts), in production's shape: the
 * backend over HTTP, the human check on. Each figure is what the route waits on today, once its
 * payee and flag were seen in the isolate: one more round trip fails its test. A round lists every
 * call let through in it, those made for after the answer included (the card's slot given back
 * beside the payment's answer stored).
 */
const WAITS: Record<string, string[]> = {
  'POST /payment/payment_back.php (card payment)': [
    'durable-object + siteverify',
    'backend + durable-object ×2',
    'backend + durable-object',
    'durable-object ×2',
  ],
  'POST /web-payment?p=1001 (card form without script)': [
    'durable-object + siteverify',
    'backend + durable-object ×2',
    'backend + durable-object',
    'durable-object ×2',
  ],
  'POST /api/send_sms_client.php (text-me-a-link)': ['durable-object ×2 + siteverify', 'kv', 'backend'],
  'POST /valleymed (text-me-a-link without script)': ['durable-object ×2 + siteverify', 'kv', 'backend'],
  'GET /s/<key>': ['kv'],
  'POST /api/browser-error': [],
  'POST /api/csp-report': [],
};

const e = () => guarded();
const tools: RouteTools = {
  formKey: (payeeId) => formKeyFor(payeeId),
  client: freshClient,
  phone: freshPhone,
  shortLink: async () =>
    (await createShortLink(env.LINKS, redirectPolicy(readConfig(e()), 'https://papaya.test/'), 'https://papaya.test/valleymed'))!,
};

/** Asks the route through the whole Worker with every remote call gated; the answer's status and the rounds it waited on. */
async function measure(route: RoundTripRoute): Promise<{ status: number; rounds: string[] }> {
  const request = await route.request('https://papaya.test', tools);
  // A busy machine may pause the Worker between two calls of one round: a round is let through only after 100 ms of quiet.
  const gate = new RoundTrips({ quietMs: 100 });
  const restore = gate.gateFetch();
  const ctx = createExecutionContext();
  try {
    const { value: status, rounds } = await gate.measure(async () => {
      const res = await worker.fetch(request, gate.bindings(e()), ctx);
      await res.arrayBuffer();
      return res.status;
    });
    return { status, rounds };
  } finally {
    restore();
    await waitOnExecutionContext(ctx);
  }
}

beforeAll(resetStandIn);

describe('remote round trips a visitor waits on, one after another', () => {
  it("the count: calls made together are one round, a call that needs another's answer the next, work after the answer none", async () => {
    const gate = new RoundTrips();
    const { CACHE: kv } = gate.bindings({ CACHE: env.CACHE });
    let later: Promise<unknown> = Promise.resolve();
    const { rounds } = await gate.measure(async () => {
      await Promise.all([kv.get('round-trips-a'), kv.get('round-trips-b')]);
      await kv.get('round-trips-c');
      later = kv.put('round-trips-d', 'after the answer');
    });
    await later;
    expect(rounds).toEqual(['kv ×2', 'kv']);
  });

  it("the bill-info form without script asks its client's guessing lock once, though it reads the request and then answers it", async () => {
    const route = ROUND_TRIP_ROUTES.find((r) => r.name === 'POST /update-info-request (without script)')!;
    const { status, rounds } = await measure(route);
    expect(status).toBe(303);
    expect(rounds).toEqual(['durable-object', 'backend', 'backend']);
  });

  // The bench's table is only as good as its routes: each is asked as its flow asks it, and carried out.
  for (const route of ROUND_TRIP_ROUTES.filter((r) => r.budget === undefined))
    it(`${route.name}: carried out through the gate`, async () => {
      const { status, rounds } = await measure(route);
      expect(status, rounds.join(' → ')).toBeLessThan(400);
    });

  for (const route of ROUND_TRIP_ROUTES.filter((r) => r.budget !== undefined)) {
    it(`${route.name}: within its budget of ${route.budget}`, async () => {
      // Once in the isolate first: its payee and the redirect flag are then known here.
      await measure(route);
      const { status, rounds } = await measure(route);
      expect(status).toBeLessThan(500);
      expect(rounds.length).toBeLessThanOrEqual(route.budget!);
      if (route.budget === 1 && !(route.name in WAITS)) expect(rounds, 'a page whose payee was seen waits on nothing remote').toEqual([]);
      else expect(rounds).toEqual(WAITS[route.name]);
    });
  }
});
