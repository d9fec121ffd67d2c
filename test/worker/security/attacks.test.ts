import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formKeyFor, freshClient, injectAnswer, resetGuard, resetStandIn } from '../origin-helpers';
import { visaNumber } from '../../shared/test-payer';
import { Device, guarded, pay, processorCalls, solvedToken } from './attack-helpers';

/**
 * Card testing, replayed against the Worker with the human check on and a solver that passes every
 * challenge (attack-helpers.ts). Each attack is blocked; the honest flows beside them still work.
 */
// Each test replays an attack of hundreds of requests: minutes on a loaded machine, not seconds.
vi.setConfig({ testTimeout: 120_000 });

describe('card testing', () => {
  beforeEach(async () => {
    await resetStandIn();
    // The payee's declines of one test would ask the next for the interactive check.
    await resetGuard();
  });

  it('200 payments with 200 different cards from one address, no cookie kept: 25 reach the processor, the rest are 429 with a wait', async () => {
    const client = freshClient();
    const statuses: number[] = [];
    let refusal: { res: Response; body: { error: string } } | undefined;
    for (let i = 0; i < 200; i++) {
      const res = await pay(guarded(), client, { ccn: visaNumber(1_000 + i) });
      statuses.push(res.status);
      if (res.status === 429 && !refusal) refusal = { res, body: await res.json() };
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(25);
    expect(statuses.filter((s) => s === 429)).toHaveLength(175);
    expect(await processorCalls()).toHaveLength(25);
    expect(Number(refusal!.res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(refusal!.body.error).toMatch(
      /^Too many payment attempts\. Please try again in \d+ minutes?\. If you contact us or the office you are paying, give this reference: [0-9A-F]{8}\.$/,
    );
  });

  it('one card with 20 security codes, from 20 clients: after 2 wrong codes the card is refused, whatever the code', async () => {
    // A processor that declines every code tried: the adversary guessing one card's code.
    await injectAnswer('/payment/', { status: 'error', message: 'The security code is incorrect.' });
    const ccn = visaNumber(2_000);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await pay(guarded(), freshClient(), { ccn, cvv: String(100 + i) })).status);
    expect(await processorCalls()).toHaveLength(2);
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses.slice(2).every((s) => s === 429)).toBe(true);
  });

  it('one card with 20 expiry dates, from 20 clients: 2 dates reach the processor', async () => {
    const ccn = visaNumber(2_050);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await pay(guarded(), freshClient(), { ccn, exp: `${String((i % 12) + 1).padStart(2, '0')}/3${i % 5}` })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(await processorCalls()).toHaveLength(2);
    expect(statuses.slice(2).every((s) => s === 429)).toBe(true);
  });

  it('20 simultaneous submissions of one form key charge once', async () => {
    const key = await formKeyFor('1001');
    const ccn = visaNumber(2_300);
    const statuses = await Promise.all(Array.from({ length: 20 }, () => pay(guarded(), freshClient(), { ccn }, key).then((r) => r.status)));
    expect(await processorCalls()).toHaveLength(1);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
  });

  it('50 simultaneous payments from one address, each with its own card: 25 reach the processor', async () => {
    const client = freshClient();
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => pay(guarded(), client, { ccn: visaNumber(2_400 + i) }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(25);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect(await processorCalls()).toHaveLength(25);
  });

  it('one card declined from many clients: 3 attempts an hour, then the card is refused', async () => {
    await injectAnswer('/payment/', { status: 'error', message: 'Your card was declined.' });
    const ccn = visaNumber(2_100);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await pay(guarded(), freshClient(), { ccn })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    expect(await processorCalls()).toHaveLength(3);
  });

  it('honest: a parent pays four family bills with one card in an hour, and every payment reaches the backend', async () => {
    const ccn = visaNumber(2_150);
    for (let i = 0; i < 4; i++) expect(await (await pay(guarded(), freshClient(), { ccn })).json()).toMatchObject({ status: 'success' });
    expect(await processorCalls()).toHaveLength(4);
  });

  it("after four approved payments, the card's third expiry and its try after two wrong security codes are still refused", async () => {
    const ccn = visaNumber(2_160);
    for (let i = 0; i < 4; i++) expect(await (await pay(guarded(), freshClient(), { ccn })).json()).toMatchObject({ status: 'success' });
    expect((await pay(guarded(), freshClient(), { ccn, exp: '01/31' })).status).toBe(200);
    expect((await pay(guarded(), freshClient(), { ccn, exp: '02/32' })).status).toBe(429);
    await injectAnswer('/payment/', { status: 'error', message: 'The security code is incorrect.' });
    for (const cvv of ['111', '222'])
      expect(await (await pay(guarded(), freshClient(), { ccn, cvv })).json()).toMatchObject({ status: 'error' });
    expect((await pay(guarded(), freshClient(), { ccn, cvv: '333' })).status).toBe(429);
    expect(await processorCalls()).toHaveLength(7);
  });

  it('3 declines in an hour stop the device, whatever card comes next; another device behind its address still pays', async () => {
    const address = freshClient();
    const device = new Device(address);
    const declines = [
      ['4000 0000 0000 0002', 'Your card was declined.'],
      ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
      ['4000 0000 0000 0069', 'Your card has expired.'],
    ];
    for (const [ccn, message] of declines) {
      const answer = await device.pay({ ccn: ccn! });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 'error', message });
    }
    expect((await device.pay({ ccn: visaNumber(2_200) })).status).toBe(429);
    expect((await processorCalls()).length).toBe(3);
    expect((await new Device(address).pay({ ccn: visaNumber(2_201) })).body).toMatchObject({ status: 'success' });
  });

  it('50 invented form keys charge nothing; nor does a real key for another payee, or an expired one', async () => {
    const client = freshClient();
    for (let i = 0; i < 50; i++) {
      const res = await pay(guarded(), client, { ccn: visaNumber(3_000 + i) }, `attacker-key-${i}-${'x'.repeat(20)}`);
      expect(res.status).toBe(400);
      expect((await res.json<{ error: string }>()).error).toBe('This payment form has expired. Please reload the page.');
    }
    const foreign = await pay(guarded(), client, { ccn: visaNumber(3_100) }, await formKeyFor('1007'));
    expect(foreign.status).toBe(400);
    // The key's own line says what is wrong with it, not that it is missing.
    expect(await foreign.json()).toMatchObject({ fields: { formKey: 'This payment form has expired. Please reload the page.' } });
    expect((await pay(guarded(), client, { ccn: visaNumber(3_101) }, await formKeyFor('1001', Date.now() - 31 * 60 * 1000))).status).toBe(
      400,
    );
    expect(await processorCalls()).toEqual([]);
  });

  it('after a decline, the next attempt needs a fresh human check: the spent token is refused before the backend', async () => {
    const client = freshClient();
    const token = solvedToken();
    const declined = await pay(guarded(), client, { ccn: '4000 0000 0000 0002', humanToken: token });
    const { formKey } = await declined.json<{ formKey: string }>();
    const reused = await pay(guarded(), client, { ccn: visaNumber(4_100), humanToken: token }, formKey);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ fields: { humanToken: expect.any(String) } });
    expect(await processorCalls()).toHaveLength(1);
    const fresh = await pay(guarded(), client, { ccn: visaNumber(4_100) }, formKey);
    expect(await fresh.json()).toMatchObject({ status: 'success' });
  });

  it('honest: a decline, then a corrected card with the new key the answer carries, is charged once', async () => {
    const client = freshClient();
    const declined = await pay(guarded(), client, { ccn: '4000 0000 0000 0002' });
    const answer = await declined.json<{ status: string; message: string; formKey: string }>();
    expect(answer).toMatchObject({ status: 'error', message: 'Your card was declined.' });
    expect(answer.formKey).toMatch(/^1001-\d{10}-[0-9a-f]{64}-[0-9a-f]{64}$/);
    const corrected = await pay(guarded(), client, { ccn: visaNumber(4_000) }, answer.formKey);
    expect(await corrected.json()).toMatchObject({ status: 'success' });
    const again = await pay(guarded(), client, { ccn: visaNumber(4_000) }, answer.formKey);
    expect(again.status).toBe(200);
    expect(await processorCalls()).toHaveLength(2);
  });
});
