import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentClaim } from '../../../src/security/payment-claim';
import { keyedHash } from '../../../src/security/keyed-hash';
import {
  dataset,
  formKeyFor,
  freshClient,
  httpEnv,
  injectAnswer,
  injectFault,
  TEST_PAYMENT,
  postForm,
  request,
  resetGuard,
  resetStandIn,
} from '../origin-helpers';
import { processorCalls } from '../security/attack-helpers';
import { visaNumber } from '../../shared/test-payer';

/**
 * Charged once on every path: each fault between the claim and the answer is injected, and the
 * same form key is sent again a minute, three minutes and an hour later (the key has run out by
 * then). Each gives one charge, and an approved charge is never answered as an error or a
 * decline (`status: 'error'`, a fresh key to pay again with, a 5xx), with script and without.
 *
 * How each fault is injected: the claims' namespace is wrapped (`faulty`) so that one method of
 * every claim rejects as a call that failed on its way would (`calling`, `settle`, `release`,
 * `stored`); "never lands" makes `settle` resolve without writing, which is what a request that died
 * after the charge leaves behind; the guard's objects are replaced by ones whose every call
 * rejects. Objects whose own methods really throw (another class's object, a stored row the claim
 * cannot read) are in intent-once.test.ts; the process serving a payment really killed after the
 * charge, in test/release/aborted-charge.test.ts.
 */
type Fault = { calling?: 'fails'; settle?: 'fails' | 'fails once' | 'never lands'; release?: 'fails'; stored?: 'fails' };

/** The claims' namespace with a fault in one method of every claim, as a storage failure or a request that died would leave it. */
function faulty(fault: Fault): DurableObjectNamespace<PaymentClaim> {
  let settleFailures = 0;
  const method = (stub: DurableObjectStub<PaymentClaim>, name: string) => {
    if (name === 'calling' && fault.calling === 'fails') return () => Promise.reject(new Error('calling: injected'));
    if (name === 'release' && fault.release === 'fails') return () => Promise.reject(new Error('release: injected'));
    if (name === 'stored' && fault.stored === 'fails') return () => Promise.reject(new Error('stored: injected'));
    if (name === 'settle' && fault.settle === 'never lands') return () => Promise.resolve();
    if (name === 'settle' && (fault.settle === 'fails' || (fault.settle === 'fails once' && settleFailures++ === 0)))
      return () => Promise.reject(new Error('settle: injected'));
    // An RPC method is called on its stub as it is.
    return (...args: unknown[]) => (stub as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!(...args);
  };
  return new Proxy(env.CLAIMS, {
    get: (target, property) => {
      if (property === 'get')
        return (id: DurableObjectId) => {
          const stub = target.get(id);
          return new Proxy(stub, {
            get: (s, name) => (typeof name === 'string' && name !== 'id' && name !== 'then' ? method(s, name) : Reflect.get(s, name)),
          });
        };
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

// A send that finds its key's charge under way waits a few seconds for its answer (payment-claim.ts).
vi.setConfig({ testTimeout: 60_000 });

type Answer = { status: number; body: { status?: string; error?: string; formKey?: string; confirmationUrl?: string } };
async function pay(key: string, e: Env = httpEnv()): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...TEST_PAYMENT, ccn: visaNumber(7_000), formKey: key })) form.append(name, value);
  const res = await request(e, '/payment/payment_back.php?p=1001', {
    method: 'POST',
    body: form,
    headers: { 'CF-Connecting-IP': freshClient() },
  });
  return { status: res.status, body: await res.json() };
}

const MINUTE = 60_000;
const LATER = [MINUTE, 3 * MINUTE, 60 * MINUTE];

/** What an approved charge may be answered with: its receipt, or that it may have gone through and whom to ask. Never a decline, a fresh key or a 5xx. */
function neverDeclinedNorError(answer: Answer) {
  expect(answer.status).toBeLessThan(500);
  expect(answer.body.status).not.toBe('error');
  expect(answer.body.formKey).toBeUndefined();
  if (answer.status === 200) expect(answer.body).toMatchObject({ status: 'success', confirmationUrl: expect.any(String) });
  else {
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatch(/still being processed|could not confirm whether this payment went through/);
  }
}

/** Sends the key again at each of `LATER` after `start`, the clock moved on. */
async function later(key: string, start: number): Promise<Answer[]> {
  const answers = [];
  for (const wait of LATER) {
    vi.setSystemTime(start + wait);
    answers.push(await pay(key));
  }
  return answers;
}

describe('charged once, whatever fails between the claim and the answer', () => {
  beforeEach(async () => {
    await resetStandIn();
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('the claim cannot be marked as charging: nothing is charged, and the same key pays once later', async () => {
    const start = Date.now();
    const key = await formKeyFor('1001');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = await pay(key, httpEnv({ CLAIMS: faulty({ calling: 'fails' }) } as Partial<Env>));
    expect(first.status).toBe(503);
    // The operator is told: an error line names the claim that could not be marked.
    expect(errors.mock.calls.map(([line]) => String(line))).toEqual([expect.stringContaining('"msg":"claim-calling-failed"')]);
    errors.mockRestore();
    expect(await processorCalls()).toHaveLength(0);
    const [minute, ...rest] = await later(key, start);
    expect(minute!.body).toMatchObject({ status: 'success' });
    for (const answer of rest) expect(answer).toEqual(minute);
    expect(await processorCalls()).toHaveLength(1);
  });

  it("a payment whose guard's objects cannot be reached (broken by a release) is a 503 counted failed, so the canary and the alerts see it; nothing is charged", async () => {
    const key = await formKeyFor('1001');
    const broken = new Proxy(env.GUARD, {
      get: (target, property) =>
        property === 'get'
          ? () => new Proxy({}, { get: () => () => Promise.reject(new Error('this release breaks its Durable Objects')) })
          : (Reflect.get(target, property) as (...a: unknown[]) => unknown).bind(target),
    });
    const events = dataset();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...TEST_PAYMENT, ccn: visaNumber(7_001), formKey: key })) form.append(name, value);
    const res = await request(httpEnv({ GUARD: broken, EVENTS: events.binding } as Partial<Env>), '/payment/payment_back.php?p=1001', {
      method: 'POST',
      body: form,
      headers: { 'CF-Connecting-IP': freshClient() },
    });
    // The site's count is passed over (one object for every payment must not stop them all); the device's and the address's stop this one.
    expect(errors.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringContaining('"msg":"site-count-unreachable"'),
      expect.stringContaining('"msg":"payment-guard-unreachable"'),
    ]);
    errors.mockRestore();
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
    expect(events.events().filter((e) => e.event === 'payment')).toEqual([expect.objectContaining({ outcome: 'failed', reason: 'guard' })]);
    expect(await processorCalls()).toHaveLength(0);
    // The key's claim was freed: the same form pays once the guard is back.
    expect((await pay(key)).body).toMatchObject({ status: 'success' });
  });

  it('the claim cannot be marked nor freed (its object unreachable): a 503, never a 500, and nothing charged', async () => {
    const key = await formKeyFor('1001');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = await pay(key, httpEnv({ CLAIMS: faulty({ calling: 'fails', release: 'fails' }) } as Partial<Env>));
    expect(first.status).toBe(503);
    expect(errors.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringContaining('"msg":"claim-calling-failed"'),
      expect.stringContaining('"msg":"claim-release-failed"'),
    ]);
    errors.mockRestore();
    expect(await processorCalls()).toHaveLength(0);
  });

  it('a key that ran out whose claim cannot be read: a 503 that keeps the key, never a fresh key that could charge again', async () => {
    const start = Date.now();
    const key = await formKeyFor('1001');
    expect((await pay(key)).body).toMatchObject({ status: 'success' });
    vi.setSystemTime(start + 60 * MINUTE);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unread = await pay(key, httpEnv({ CLAIMS: faulty({ stored: 'fails' }) } as Partial<Env>));
    expect(errors.mock.calls.map(([line]) => String(line))).toEqual([expect.stringContaining('"msg":"claim-read-failed"')]);
    errors.mockRestore();
    expect(unread.status).toBe(503);
    expect(unread.body.formKey).toBeUndefined();
    expect((await pay(key)).body).toMatchObject({ status: 'success' });
    expect(await processorCalls()).toHaveLength(1);
  });

  it('the answer cannot be kept once: the approved charge is answered approved, and the retries replay it', async () => {
    const start = Date.now();
    const key = await formKeyFor('1001');
    const first = await pay(key, httpEnv({ CLAIMS: faulty({ settle: 'fails once' }) } as Partial<Env>));
    expect(first.body).toMatchObject({ status: 'success' });
    for (const answer of await later(key, start)) expect(answer).toEqual(first);
    expect(await processorCalls()).toHaveLength(1);
  });

  for (const settle of ['fails', 'never lands'] as const)
    it(`the answer is never kept (${settle === 'fails' ? 'every write fails' : 'the request died after the charge was sent'}): one charge, and no retry is told to pay again`, async () => {
      const start = Date.now();
      const key = await formKeyFor('1001');
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const first = await pay(key, httpEnv({ CLAIMS: faulty({ settle }) } as Partial<Env>));
      expect(first.body).toMatchObject({ status: 'success' });
      // A write that failed three times is an error line for the operator; a request that died leaves none.
      expect(errors.mock.calls.map(([line]) => String(line))).toEqual(
        settle === 'fails' ? [expect.stringContaining('"msg":"claim-settle-failed"')] : [],
      );
      errors.mockRestore();
      const [minute, three, hour] = await later(key, start);
      for (const answer of [minute!, three!, hour!]) neverDeclinedNorError(answer);
      expect(minute!.body.error).toMatch(/still being processed/);
      expect(three!.body.error).toMatch(/could not confirm whether this payment went through/);
      expect(hour!.body.error).toMatch(/could not confirm whether this payment went through/);
      expect(await processorCalls()).toHaveLength(1);
    });

  it("the receipt's address is refused: the payment is answered approved, with the site's own receipt page", async () => {
    await injectAnswer('/payment/', { status: 'success', confirmationUrl: 'https://evil.example/receipt' });
    const start = Date.now();
    const key = await formKeyFor('1001');
    const first = await pay(key);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('success');
    const own = new URL(first.body.confirmationUrl!, 'https://papaya.test');
    expect(own.pathname).toMatch(/^\/web-payment\/approved\/[0-9a-f]{64}$/);
    const page = await request(httpEnv(), `${own.pathname}${own.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Your payment to Valley Medical Group was approved.');
    for (const answer of await later(key, start)) expect(answer).toEqual(first);
    expect(await processorCalls()).toHaveLength(1);
  });

  it("the site's own receipt page is drawn only from the address an approved payment's answer gave", async () => {
    await injectAnswer('/payment/', { status: 'success', confirmationUrl: 'https://evil.example/receipt' });
    const approved = new URL((await pay(await formKeyFor('1001'))).body.confirmationUrl!, 'https://papaya.test');
    expect((await request(httpEnv(), `${approved.pathname}${approved.search}`)).status).toBe(200);
    // Another payee under the same signature, no signature, another claim: each is the not-found page.
    expect((await request(httpEnv(), `${approved.pathname}${approved.search.replace('p=1001', 'p=1007')}`)).status).toBe(404);
    expect((await request(httpEnv(), `${approved.pathname}?p=1001`)).status).toBe(404);
    expect((await request(httpEnv(), `/web-payment/approved/${'0'.repeat(64)}${approved.search}`)).status).toBe(404);
  });

  for (const fault of ['slow', 'status-500', 'malformed'] as const)
    it(`the backend ${fault === 'slow' ? 'times out' : fault === 'status-500' ? 'fails' : 'answers nonsense'} once asked to charge: the payer is told it may have gone through, and no retry charges again`, async () => {
      const start = Date.now();
      const key = await formKeyFor('1001');
      await injectFault('/payment/', fault, fault === 'slow' ? 2_000 : 0);
      const first = await pay(key, httpEnv({ ORIGIN_TIMEOUT_MS: '500' } as Partial<Env>));
      neverDeclinedNorError(first);
      expect(first.body.error).toMatch(/could not confirm whether this payment went through/);
      await resetStandIn();
      for (const answer of await later(key, start)) expect(answer).toEqual(first);
      expect(await processorCalls()).toHaveLength(0);
    });
});

describe('a key of the shape before, drawn by the version before this one', () => {
  // The tests above moved the clock on: their counts of this card lie in this test's future.
  beforeEach(async () => {
    await resetStandIn();
    await resetGuard();
  });

  it('pays once, its claim named as that version named it, and a retry replays the answer', async () => {
    const body = `1001-${Math.floor((Date.now() + 30 * MINUTE) / 1000)}-${'ab12'.repeat(6)}`;
    const key = `${body}-${await keyedHash(env.FORM_KEY_SECRET!, body)}`;
    const first = await pay(key);
    expect(first.body).toMatchObject({ status: 'success' });
    expect(await pay(key)).toEqual(first);
    expect(await processorCalls()).toHaveLength(1);
  });
});

describe('charged once without script', () => {
  beforeEach(async () => {
    await resetStandIn();
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  const post = (key: string, e: Env = httpEnv()) =>
    postForm(
      '/web-payment?p=1001',
      { _form: 'payment', step: 'card', ...TEST_PAYMENT, ccn: visaNumber(7_100), formKey: key },
      freshClient(),
      'same-origin',
      e,
    );

  it('the claim cannot be marked: the form is drawn again with its key, nothing charged; sent again later, it pays once', async () => {
    await resetGuard();
    const start = Date.now();
    const key = await formKeyFor('1001');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = await post(key, httpEnv({ CLAIMS: faulty({ calling: 'fails' }) } as Partial<Env>));
    errors.mockRestore();
    expect(first.status).toBe(503);
    expect(await first.text()).toContain(key);
    expect(await processorCalls()).toHaveLength(0);
    const locations: Array<string | null> = [];
    for (const wait of LATER) {
      vi.setSystemTime(start + wait);
      const res = await post(key);
      expect(res.status).toBe(303);
      locations.push(res.headers.get('Location'));
    }
    expect(locations[0]).toMatch(/\/receipt\/PAP-/);
    expect(new Set(locations).size).toBe(1);
    expect(await processorCalls()).toHaveLength(1);
  });

  it('the answer could not be kept at first: the approved payment goes to its receipt, and so does every later send of the form', async () => {
    await resetGuard();
    const start = Date.now();
    const key = await formKeyFor('1001');
    const first = await post(key, httpEnv({ CLAIMS: faulty({ settle: 'fails once' }) } as Partial<Env>));
    expect(first.status).toBe(303);
    for (const wait of LATER) {
      vi.setSystemTime(start + wait);
      const res = await post(key);
      expect(res.status).toBe(303);
      expect(res.headers.get('Location')).toBe(first.headers.get('Location'));
    }
    expect(await processorCalls()).toHaveLength(1);
  });

  it("an approved payment whose receipt address is refused goes to the site's own receipt, never back to the form", async () => {
    await injectAnswer('/payment/', { status: 'success', confirmationUrl: 'https://evil.example/receipt' });
    const start = Date.now();
    const key = await formKeyFor('1001');
    const res = await post(key);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toMatch(/\/web-payment\/approved\/[0-9a-f]{64}\?p=1001/);
    for (const wait of LATER) {
      vi.setSystemTime(start + wait);
      const again = await post(key);
      expect(again.status).toBe(303);
      expect(again.headers.get('Location')).toBe(res.headers.get('Location'));
    }
    expect(await processorCalls()).toHaveLength(1);
  });

  it('a charge whose answer was never kept: the form sent again is told whom to call, and keeps its key', async () => {
    const start = Date.now();
    const key = await formKeyFor('1001');
    expect((await post(key, httpEnv({ CLAIMS: faulty({ settle: 'never lands' }) } as Partial<Env>))).status).toBe(303);
    for (const wait of LATER) {
      vi.setSystemTime(start + wait);
      const res = await post(key);
      expect(res.status).toBe(409);
      const html = await res.text();
      expect(html).toMatch(/still being processed|could not confirm whether this payment went through/);
      // The page keeps the key it posted: sending it once more is answered by its claim again.
      expect(html).toContain(key);
    }
    expect(await processorCalls()).toHaveLength(1);
  });
});
