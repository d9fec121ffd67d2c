import { describe, expect, it } from 'vitest';
import { createOrigin } from '../../../src/origin';
import { embeddedEnv, freshClient, httpEnv, TEST_PAYMENT, request } from '../origin-helpers';

const sms = (num: string, body: string) => ({
  num,
  body,
  messageType: 'BILL_PAY',
  googleRecaptchaToken: '',
  sendingApplication: 'PUBLIC_SITE' as const,
  recipientType: 'USER' as const,
});

describe('/_dev/outbox', () => {
  it('lists what the embedded origin would have texted, newest first', async () => {
    const origin = createOrigin(embeddedEnv());
    await origin.sendSms(sms('5595550001', 'first message'));
    await origin.sendSms(sms('5595550002', 'second message'));
    const res = await request(embeddedEnv(), '/_dev/outbox');
    expect(res.status).toBe(200);
    const outbox = await res.json<Array<{ to: string; body: string; createdAt: string }>>();
    expect(outbox.slice(0, 2).map((m) => [m.to, m.body])).toEqual([
      ['5595550002', 'second message'],
      ['5595550001', 'first message'],
    ]);
    expect(Date.parse(outbox[0]!.createdAt)).not.toBeNaN();
  });

  it('does not exist in front of a real backend', async () => {
    const res = await request(httpEnv(), '/_dev/outbox');
    expect(res.status).toBe(404);
  });
});

describe('/_dev/payments', () => {
  const payment = (ccn: string, cvv: string, amount: string) => ({
    query: { p: '1001' },
    fields: { ...TEST_PAYMENT, ccn, cvv, amount, WebPayVue: 'true', Submit: 'Submit', deviceType: 'test', webUrl: 'valleymed' },
  });

  it('lists what the embedded origin charged and declined, newest first, with no card data beyond the last four', async () => {
    const origin = createOrigin(embeddedEnv());
    await origin.submitPayment(payment('4000 0000 0000 0002', '123', '11.00'));
    await origin.submitPayment(payment('4242 4242 4242 4242', '9183', '12.00'));
    const res = await request(embeddedEnv(), '/_dev/payments');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toMatch(/4242424242424242|4242 4242|9183|Jane/);
    const [paid, declined] = JSON.parse(text) as Array<Record<string, unknown>>;
    expect(paid).toMatchObject({ outcome: 'paid', payeeId: '1001', amountCents: 1200, brand: 'Visa', last4: '4242', message: null });
    expect(paid!.confirmation).toMatch(/^PAP-/);
    expect(declined).toMatchObject({
      outcome: 'declined',
      confirmation: null,
      amountCents: 1100,
      last4: '0002',
      message: 'Your card was declined.',
    });
  });

  it('does not exist in front of a real backend', async () => {
    expect((await request(httpEnv(), '/_dev/payments')).status).toBe(404);
  });
});

describe('/_dev/reset', () => {
  it('starts the demo over: a used reset link works again', async () => {
    const origin = createOrigin(embeddedEnv());
    await origin.forgotPassword({ x: 'RESET-VALID', np: 'a new password' });
    expect(await origin.forgotPassword({ x: 'RESET-VALID' })).toMatchObject({ ok: true, value: { status: 'TOKEN_EXPIRED' } });
    const res = await request(embeddedEnv(), '/_dev/reset', { method: 'POST' });
    expect(await res.json()).toEqual({ reset: true });
    expect(await origin.forgotPassword({ x: 'RESET-VALID' })).toMatchObject({ ok: true, value: { status: 'USER_VALIDATED' } });
  });

  it('empties every counter of the guard: a client and a number stopped by their limits may text again', async () => {
    const client = freshClient();
    const text = () =>
      request(embeddedEnv(), '/api/send_sms_client.php', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client },
        body: JSON.stringify({ num: '5595550142' }),
      });
    for (let i = 0; i < 3; i++) expect((await text()).status).toBe(200);
    expect((await text()).status).toBe(429);
    expect(await (await request(embeddedEnv(), '/_dev/reset', { method: 'POST' })).json()).toEqual({ reset: true });
    expect((await text()).status).toBe(200);
  });

  it('does not exist with a real backend', async () => {
    expect((await request(httpEnv(), '/_dev/reset', { method: 'POST' })).status).toBe(404);
  });
});
