import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import { redirectPolicy } from '../../../src/security/redirect-targets';
import { createShortLink } from '../../../src/security/short-links';
import { readConfig } from '../../../src/settings/config';
import { freshPhone, ROUND_TRIP_BUDGETS, ROUND_TRIP_ROUTES, type RoundTripRoute, type RouteTools } from '../../shared/round-trip-routes';
import { RoundTrips } from '../../shared/round-trips';
import { formKeyFor, freshClient, resetStandIn } from '../origin-helpers';
import { guarded } from '../security/attack-helpers';

/**
 * The remote round trips each budgeted route waits on one after another, counted (never timed)
 * by holding every remote call at a gate (test/shared/round-trips.ts), in production's shape: the
 * backend over HTTP, the human check on, and a Durable Object's first use by a new name costing the
 * round Cloudflare's check of the name takes (`first use`). Each figure is what the route waits on today, once its
 * payee and flag were seen in the isolate: one more round trip fails its test. A round lists every
 * call let through in it, those made for after the answer included (the card's slot given back
 * beside the payment's answer stored).
 */
const WAITS: Record<string, string[]> = {
  // A first-time payer: a new card, address, device and key. The human check, the key's claim (its
  // id minted with the key) and the counters of the device (its id in its cookie), the payee, the
  // site (its pause) and the address and the card (named: their first use waits on the name's check), then those two
  // counters; the claim's mark that the charge is on its way; the charge. The payee's rules are
  // the isolate's copy, the one its form was drawn from.
  'POST /payment/payment_back.php (card payment)': [
    'durable-object ×4 + first use ×2 + siteverify',
    'durable-object ×2',
    'durable-object',
    'backend',
  ],
  'POST /web-payment?p=1001 (card form without script)': [
    'durable-object ×4 + first use ×2 + siteverify',
    'durable-object ×2',
    'durable-object',
    'backend',
  ],
  // A text to a new number from a new address: the human check beside both counters' first use,
  // then the counters and the short link (stored once the human check passed), then the text.
  'POST /api/send_sms_client.php (text-me-a-link)': ['first use ×2 + siteverify', 'durable-object ×2 + kv', 'backend'],
  'POST /valleymed (text-me-a-link without script)': ['first use ×2 + siteverify', 'durable-object ×2 + kv', 'backend'],
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

/** Asks the route through the whole Worker with every remote call gated; the answer's status, its Server-Timing and the rounds it waited on. */
async function measure(route: RoundTripRoute): Promise<{ status: number; rounds: string[]; timing: string }> {
  const request = await route.request('https://papaya.test', tools);
  // A busy machine may pause the Worker between two calls of one round: a round is let through only after 100 ms of quiet.
  const gate = new RoundTrips({ quietMs: 100 });
  const restore = gate.gateFetch();
  const ctx = createExecutionContext();
  try {
    let timing = '';
    const { value: status, rounds } = await gate.measure(async () => {
      const res = await worker.fetch(request, gate.bindings(e()), ctx);
      await res.arrayBuffer();
      timing = res.headers.get('Server-Timing') ?? '';
      return res.status;
    });
    return { status, rounds, timing };
  } finally {
    restore();
    await waitOnExecutionContext(ctx);
  }
}

beforeAll(resetStandIn);

/** The calls the gate let through, by kind (a name's first use is a wait of the call that follows, not a call). */
function callsIn(rounds: string[]): Record<string, number> {
  const calls: Record<string, number> = {};
  for (const part of rounds.flatMap((round) => round.split(' + '))) {
    const [kind = '', times = '1'] = part.split(' ×');
    if (kind !== 'first use') calls[kind] = (calls[kind] ?? 0) + Number(times);
  }
  return calls;
}

/** The calls a Server-Timing header names, by kind, and its total. */
function namedIn(timing: string): { calls: Record<string, number>; total: boolean } {
  const calls: Record<string, number> = {};
  for (const [, kind, count] of timing.matchAll(/(\w+);desc="(\d+) calls?"/g)) calls[kind!] = Number(count);
  return { calls, total: /(^|, )total;dur=\d+$/.test(timing) };
}

/** The gate's count in the header's kinds: a Durable Object's calls are the guard's and the claims'. */
const asNamed = (calls: Record<string, number>) => ({
  'durable-object': (calls.guard ?? 0) + (calls.claim ?? 0) + (calls['durable-object'] ?? 0),
  kv: calls.kv ?? 0,
  backend: calls.backend ?? 0,
  siteverify: calls.siteverify ?? 0,
});

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

  it('a Durable Object reached by a new name waits on its check once; one reached by a unique id never does', async () => {
    const gate = new RoundTrips();
    const { GUARD: guard } = gate.bindings({ GUARD: env.GUARD });
    const name = `round-trips-first-use-${crypto.randomUUID()}`;
    const first = await gate.measure(() => guard.get(guard.idFromName(name)).kept());
    const again = await gate.measure(() => guard.get(guard.idFromName(name)).kept());
    const unique = await gate.measure(() => guard.get(guard.newUniqueId()).kept());
    expect(first.rounds).toEqual(['first use', 'durable-object']);
    expect(again.rounds).toEqual(['durable-object']);
    expect(unique.rounds).toEqual(['durable-object']);
  });

  it("a new isolate's first pay page, a quiet minute after the last visit, waits on one round: its payee and flag from KV", async () => {
    const route = ROUND_TRIP_ROUTES.find((r) => r.name === 'GET /valleymed (iPhone)')!;
    await measure(route);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // A minute later, the isolate's copies have run out (a new isolate has none): the flag's KV
      // copy is stale too, and is served while one request refreshes it after the answer.
      vi.setSystemTime(Date.now() + 61_000);
      const { status, rounds } = await measure(route);
      expect(status).toBe(302);
      expect(rounds[0]).toBe('kv ×2');
      expect(rounds.length).toBeLessThanOrEqual(ROUND_TRIP_BUDGETS.page);
    } finally {
      vi.useRealTimers();
    }
  });

  it("every answer's Server-Timing names the remote calls it waited on, as many as the gate let through, and its total", async () => {
    const payment = ROUND_TRIP_ROUTES.find((r) => r.name === 'POST /payment/payment_back.php (card payment)')!;
    const paid = await measure(payment);
    const named = namedIn(paid.timing);
    expect(paid.status).toBe(200);
    expect(named.total).toBe(true);
    expect(named.calls).toMatchObject({ guard: expect.any(Number), claim: 2, backend: expect.any(Number), siteverify: 1 });
    expect(asNamed(named.calls)).toEqual(asNamed(callsIn(paid.rounds)));

    // A pay page ten quiet minutes after the last visit: the isolate's copies have run out, its payee and flag are read from KV.
    const page = ROUND_TRIP_ROUTES.find((r) => r.name === 'GET /valleymed')!;
    await measure(page);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000);
      const drawn = await measure(page);
      expect(namedIn(drawn.timing).calls.kv).toBeGreaterThan(0);
      expect(asNamed(namedIn(drawn.timing).calls)).toEqual(asNamed(callsIn(drawn.rounds)));
    } finally {
      vi.useRealTimers();
    }
  });

  it("the bill-info form without script asks its client's guessing lock once, though it reads the request and then answers it", async () => {
    const route = ROUND_TRIP_ROUTES.find((r) => r.name === 'POST /update-info-request (without script)')!;
    const { status, rounds } = await measure(route);
    expect(status).toBe(303);
    // A new address's counters: their name's first use, then the lock asked once.
    expect(rounds).toEqual(['first use', 'durable-object', 'backend', 'backend']);
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
