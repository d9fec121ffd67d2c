import { env } from 'cloudflare:workers';
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimFor, formKeyFor, freshClient, httpEnv, injectFault, postForm, request, startAfresh, TEST_PAYMENT } from '../origin-helpers';
import { Device, guarded, processorCalls } from '../security/attack-helpers';
import { visaNumber } from '../../shared/test-payer';
import { FORM_KEY_LIFETIME_MS } from '../../../src/security/form-keys';
import { KEEP_ANSWERS_MS } from '../../../src/security/payment-claim';

/**
 * A payer's intent charged once beyond one sitting: sends of one key at once, a key sent again
 * days later, and objects that fail mid-payment. The faults are real: the guard's object of a
 * device is another class's object, whose RPC really throws (it has no `takeAll`); a claim whose
 * stored row the object cannot read (a BigInt where its time is) really throws in `claim()`.
 */
vi.setConfig({ testTimeout: 120_000 });

type Answer = { status: number; body: { status?: string; error?: string; formKey?: string; expired?: boolean; confirmationUrl?: string } };
const COULD_NOT_CONFIRM = /could not confirm/;

async function pay(key: string, e: Env = httpEnv(), card = visaNumber(7_500)): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...TEST_PAYMENT, ccn: card, formKey: key })) form.append(name, value);
  const res = await request(e, '/payment/payment_back.php?p=1001', {
    method: 'POST',
    body: form,
    headers: { 'CF-Connecting-IP': freshClient() },
  });
  return { status: res.status, body: await res.json() };
}
const post = (key: string) =>
  postForm(
    '/web-payment?p=1001',
    { _form: 'payment', step: 'card', ...TEST_PAYMENT, ccn: visaNumber(7_600), formKey: key },
    freshClient(),
    'same-origin',
    httpEnv(),
  );

describe('one key sent many times is charged once, and every send learns so', () => {
  beforeEach(startAfresh);
  afterEach(() => vi.useRealTimers());

  it('three sends of one key at once, with script: one charge, each answered the receipt or "still being processed", never "could not confirm"', async () => {
    await injectFault('/payment/', 'slow', 600);
    const key = await formKeyFor('1001');
    const answers = await Promise.all([pay(key), pay(key), pay(key)]);
    expect(await processorCalls()).toHaveLength(1);
    for (const answer of answers) {
      expect(answer.body.error ?? '').not.toMatch(COULD_NOT_CONFIRM);
      expect(answer.body).toMatchObject({ status: 'success' });
    }
    expect(new Set(answers.map((a) => a.body.confirmationUrl)).size).toBe(1);
  });

  it('three sends of one key at once, without script: one charge, and each ends at the receipt', async () => {
    await injectFault('/payment/', 'slow', 600);
    const key = await formKeyFor('1001');
    const answers = await Promise.all([post(key), post(key), post(key)]);
    expect(await processorCalls()).toHaveLength(1);
    for (const res of answers) {
      expect(res.status).toBe(303);
      expect(res.headers.get('Location')).toMatch(/\/receipt\/PAP-/);
    }
  });

  it('a send whose first is still at the backend after the wait is told "still being processed" with Retry-After; without script, the form is drawn again with that message and its key', async () => {
    await injectFault('/payment/', 'slow', 8_000);
    const key = await formKeyFor('1001');
    const first = pay(key);
    await new Promise((r) => setTimeout(r, 300));
    const [second, page] = await Promise.all([pay(key), post(key)]);
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('This payment is still being processed. Please wait a moment.');
    expect(page.status).toBe(409);
    expect(page.headers.get('Retry-After')).toBe('5');
    const html = await page.text();
    expect(html).toContain('This payment is still being processed. Please wait a moment.');
    expect(html).toContain(key);
    expect((await first).body).toMatchObject({ status: 'success' });
    expect(await processorCalls()).toHaveLength(1);
  });

  it('a charged key sent again past its life, a day later and six days later answers its receipt, whatever was changed; a key that ran out while its first send was under way is never given a fresh key', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const key = await formKeyFor('1001');
    const first = await pay(key);
    expect(first.body).toMatchObject({ status: 'success' });
    for (const later of [FORM_KEY_LIFETIME_MS + 60_000, 26 * 60 * 60_000, 6 * 24 * 60 * 60_000]) {
      vi.setSystemTime(start + later);
      expect(await pay(key, httpEnv(), visaNumber(7_501))).toEqual(first);
      const page = await post(key);
      expect(page.status).toBe(303);
    }
    expect(await processorCalls()).toHaveLength(1);
    // A key that ran out while its first send was still being made: told so, never a fresh key to send again.
    vi.setSystemTime(start);
    const pending = await formKeyFor('1001', start - FORM_KEY_LIFETIME_MS - 60_000);
    await runInDurableObject(await claimFor(pending), (_instance, state) =>
      state.storage.put('claim', { fingerprint: 'x', state: 'pending', createdAt: start - 10_000 }),
    );
    const waiting = await pay(pending);
    expect(waiting.status).toBe(409);
    expect(waiting.body.formKey).toBeUndefined();
    expect(waiting.body.error).toBe('This payment is still being processed. Please wait a moment.');
    expect(await processorCalls()).toHaveLength(1);
  });
});

describe('once no page could send its key', () => {
  beforeEach(startAfresh);
  afterEach(() => vi.useRealTimers());

  it('a claim is kept while a page could still send its key; forgotten after, its key gets a fresh key, which charges only when sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const key = await formKeyFor('1001');
    expect((await pay(key)).body).toMatchObject({ status: 'success' });
    const claim = await claimFor(key);
    const alarm = await runInDurableObject(claim, (_instance, state) => state.storage.getAlarm());
    expect(alarm! - start).toBeGreaterThanOrEqual(KEEP_ANSWERS_MS - 1000);
    vi.setSystemTime(start + KEEP_ANSWERS_MS + 60_000);
    expect(await runDurableObjectAlarm(claim)).toBe(true);
    const renewed = await pay(key);
    expect(renewed.status).toBe(400);
    expect(renewed.body).toMatchObject({ expired: true, formKey: expect.stringMatching(/^1001-/) });
    expect(await processorCalls()).toHaveLength(1);
  });
});

describe('slots come back when an object fails mid-payment', () => {
  beforeEach(startAfresh);

  /** The guard's namespace, whose device objects are another class's: a call to them really throws. */
  const deviceObjectsBroken = () =>
    new Proxy(env.GUARD, {
      get: (target, property) => {
        if (property === 'get')
          return (id: DurableObjectId) => (devices.has(id.toString()) ? env.CLAIMS.get(env.CLAIMS.newUniqueId()) : target.get(id));
        if (property === 'idFromString') return (id: string) => (devices.add(id), target.idFromString(id));
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  const devices = new Set<string>();

  it('the guard and the claim objects fail in turn, twice: each is a 503 that charges nothing, and then the same bill pays twice from the same device', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const phone = new Device(freshClient());
    const card = { ccn: visaNumber(7_700) };
    // The first visit leaves the device's cookie.
    await phone.openForm();
    for (let round = 0; round < 2; round++) {
      const guardDown = await phone.using(guarded({ GUARD: deviceObjectsBroken() } as Partial<Env>)).pay(card);
      expect(guardDown.status).toBe(503);
      phone.using(guarded());
      const key = await phone.openForm();
      await runInDurableObject(await claimFor(key), (_instance, state) =>
        state.storage.put('claim', { fingerprint: 'x', state: 'pending', createdAt: 1n }),
      );
      const claimDown = await phone.send(card, key);
      expect(claimDown.status).toBe(503);
    }
    expect(errors.mock.calls.map(([line]) => /"msg":"([^"]+)"/.exec(String(line))?.[1])).toEqual([
      'payment-guard-unreachable',
      'payment-claim-unreachable',
      'payment-guard-unreachable',
      'payment-claim-unreachable',
    ]);
    errors.mockRestore();
    expect(await processorCalls()).toHaveLength(0);
    // No counter kept a slot for those: the bill's two a day, the card's three unapproved, the address's cards.
    expect((await phone.pay(card)).body).toMatchObject({ status: 'success' });
    expect((await phone.pay(card)).body).toMatchObject({ status: 'success' });
    expect((await phone.pay(card)).status).toBe(429);
    expect(await processorCalls()).toHaveLength(2);
  });
});
