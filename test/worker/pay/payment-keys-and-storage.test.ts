import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runInDurableObject } from 'cloudflare:test';
import { claimFor, embeddedEnv, formKeyFor, httpEnv, injectFault, request, resetGuard, resetStandIn } from '../origin-helpers';
import { PENDING_TIMEOUT_MS } from '../../../src/security/payment-claim';

import { newKey, pay, paymentCalls, valid } from './payment-api-helpers';
import { withoutRandomValues } from '../helpers';

afterEach(() => vi.restoreAllMocks());
// A send that finds its key's charge under way waits a few seconds for its answer (payment-claim.ts).
vi.setConfig({ testTimeout: 30_000 });
// These tests are about the payment itself; the guard's limits have their own (security/attacks.test.ts).
beforeEach(resetGuard);

describe('a saved phone number and an autofilled expiry', () => {
  beforeEach(resetStandIn);

  it('+1 (559) 555-0199 reaches the backend as (559) 555-0199, and 12/2030 as it was filled', async () => {
    expect(await (await pay(httpEnv(), { ...valid, phone: '+1 (559) 555-0199', exp: '12 / 2030' })).json()).toMatchObject({
      status: 'success',
    });
    const [call] = await paymentCalls();
    expect(call!.body).toMatch(/name="phone"\r\n\r\n\(559\) 555-0199\r\n/);
    expect(call!.body).toMatch(/name="exp"\r\n\r\n12\/2030\r\n/);
  });

  it('a phone no carrier can reach is refused at the field, and nothing is sent', async () => {
    for (const phone of ['(155) 955-5019', '(559) 055-0199']) {
      const res = await pay(httpEnv(), { ...valid, phone });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        fields: { phone: 'Please check the number: no US area code or exchange starts with 0 or 1.' },
      });
    }
    expect(await paymentCalls()).toEqual([]);
  });

  it('a key that ran out is answered with a fresh one, which pays; a forged key gets none', async () => {
    const stale = await formKeyFor('1001', Date.now() - 31 * 60 * 1000);
    const refused = await pay(httpEnv(), valid, 'p=1001', stale);
    expect(refused.status).toBe(400);
    const answer = await refused.json<{ expired: boolean; formKey: string }>();
    expect(answer).toMatchObject({ expired: true, formKey: expect.stringMatching(/^1001-/) });
    expect(await paymentCalls()).toEqual([]);
    expect(await (await pay(httpEnv(), valid, 'p=1001', answer.formKey)).json()).toMatchObject({ status: 'success' });
    const forged = await (await pay(httpEnv(), valid, 'p=1001', `1001-9999999999-${'0'.repeat(24)}-${'0'.repeat(64)}`)).json();
    expect(forged).not.toHaveProperty('formKey');
    // The island, seeing by its clock that its key ran out, asks for a fresh one before it sends.
    const asked = await request(httpEnv(), '/api/payment_form_key?p=1001');
    const { formKey } = await asked.json<{ formKey: string }>();
    expect(formKey).toMatch(/^1001-/);
    expect(await (await pay(httpEnv(), valid, 'p=1001', formKey)).json()).toMatchObject({ status: 'success' });
    expect((await request(httpEnv(), '/api/payment_form_key?p=abc')).status).toBe(400);
    // Only a payee offered web payment has a form, so only such a payee gets a key.
    for (const p of ['1005', '9999']) expect((await request(httpEnv(), `/api/payment_form_key?p=${p}`)).status).toBe(400);
  });
});

describe('idempotency', () => {
  beforeEach(resetStandIn);

  it('a retry after the charge whose answer was never stored: not charged again, the payer told whom to call, counted', async () => {
    const points: Array<{ blobs: string[] }> = [];
    const e = httpEnv({ EVENTS: { writeDataPoint: (p: { blobs: string[] }) => void points.push(p) } } as unknown as Partial<Env>);
    const key = await newKey();
    expect(await (await pay(e, valid, 'p=1001', key)).json()).toMatchObject({ status: 'success' });
    // What a failure between the backend's charge and the answer's storage leaves: the claim charging, no answer.
    const claim = await claimFor(key);
    const claimAt = (age: number) =>
      runInDurableObject(claim, async (_instance, state) => {
        const { fingerprint } = (await state.storage.get<{ fingerprint: string }>('claim'))!;
        await state.storage.put('claim', { fingerprint, state: 'calling', createdAt: Date.now() - age });
      });
    await claimAt(10_000);
    // Still young: the first request may yet answer.
    expect((await pay(e, valid, 'p=1001', key)).status).toBe(409);
    await claimAt(PENDING_TIMEOUT_MS + 1000);
    const retried = await pay(e, valid, 'p=1001', key);
    expect(retried.status).toBe(409);
    expect((await retried.json<{ error: string }>()).error).toBe(
      'We could not confirm whether this payment went through, so it was not sent again. Before paying again, please call Valley Medical Group at (559) 555-0101.',
    );
    expect(await paymentCalls()).toHaveLength(1);
    expect(points.filter((p) => p.blobs[0] === 'payment').map((p) => p.blobs.slice(2, 4))).toContainEqual(['refused', 'uncertain']);
  });

  it('a double submit with one key charges once and answers the same', async () => {
    const key = await newKey();
    const first = await (await pay(httpEnv(), valid, 'p=1001', key)).text();
    const second = await (await pay(httpEnv(), valid, 'p=1001', key)).text();
    expect(second).toBe(first);
    expect(await paymentCalls()).toHaveLength(1);
  });

  it('the same key sent again with a changed amount and email after its charge answers the charge: the receipt of the amount charged, never 422 or a second charge', async () => {
    const key = await newKey();
    const before = (await env.DB!.prepare('SELECT count(*) AS n FROM payments').first<{ n: number }>())!.n;
    const first = await pay(embeddedEnv(), valid, 'p=1001', key);
    const firstAnswer = await first.json<{ status: string; confirmationUrl: string }>();
    expect(firstAnswer.status).toBe('success');
    const changed = await pay(embeddedEnv(), { ...valid, amount: '99.00', email: 'corrected@example.com' }, 'p=1001', key);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual(firstAnswer);
    expect((await env.DB!.prepare('SELECT count(*) AS n FROM payments').first<{ n: number }>())!.n).toBe(before + 1);
    // The receipt it leads to shows the amount that was charged.
    const receipt = await (await request(embeddedEnv(), new URL(firstAnswer.confirmationUrl, 'https://papaya.test').pathname)).text();
    expect(receipt).toContain('$125.50');
    expect(receipt).not.toContain('$99.00');
  });

  it('a second send while the first is still at the backend waits for its answer and gives it: one charge', async () => {
    await injectFault('/payment/', 'slow', 800);
    const key = await newKey();
    const slow = pay(httpEnv(), valid, 'p=1001', key);
    await new Promise((r) => setTimeout(r, 200));
    const second = await pay(httpEnv(), valid, 'p=1001', key);
    const first = await slow;
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect(await paymentCalls()).toHaveLength(1);
  });

  it("a payment is checked against the payee's rules at most five minutes old: ten minutes on, with the backend down, the page still draws from its copy, the payment is answered unavailable and its key stays unclaimed", async () => {
    const key = await newKey();
    expect((await request(httpEnv(), '/web-payment?p=1001')).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60 * 1000);
      const down = httpEnv({ ORIGIN_URL: env.REFUSED_URL });
      expect((await request(down, '/web-payment?p=1001')).status).toBe(200);
      expect((await pay(down, valid, 'p=1001', key)).status).toBe(502);
      expect((await pay(httpEnv(), valid, 'p=1001', key)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a payee the site cannot read leaves the key unclaimed, so the same form may try again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Two hours on, no copy of the payee is young enough to take a payment by, and the backend refuses the connection.
      vi.setSystemTime(Date.now() + 2 * 60 * 60 * 1000);
      const key = await newKey();
      expect((await pay(httpEnv({ ORIGIN_URL: env.REFUSED_URL }), valid, 'p=1001', key)).status).toBe(502);
      expect((await pay(embeddedEnv(), valid, 'p=1001', key)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('card data is kept nowhere', () => {
  it('no log line and no stored row holds the card number or CVV', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    const key = await newKey();
    const res = await pay(embeddedEnv(), { ...valid, ccn: '5555 5555 5555 4444', cvv: '9183' }, 'p=1001', key);
    expect(await res.json()).toMatchObject({ status: 'success' });
    const logs = withoutRandomValues(lines.join('\n'));
    expect(logs).not.toMatch(/5555\s?5555\s?5555\s?4444|9183/);
    const idem = await (await claimFor(key)).stored();
    const payments = await env.DB!.prepare('SELECT * FROM payments').all();
    const stored = JSON.stringify([idem, payments.results]);
    expect(stored).not.toContain('5555555555554444');
    expect(stored).not.toContain('9183');
    expect(stored).toContain('"last4":"4444"');
  });
});
