import { beforeEach, describe, expect, it } from 'vitest';
import { embeddedEnv, formKeyFor, freshClient, httpEnv, TEST_PAYMENT, request, resetGuard } from '../origin-helpers';

/**
 * A drill in the local demo: `PUT /_dev/faults/<contract call>` makes the embedded origin fail or
 * stall that call, as a real backend would, and `off` (or `/_dev/reset`) makes it work again.
 */
const fault = (call: string, mode: string, e = embeddedEnv()) =>
  request(e, `/_dev/faults/${call}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode }),
  });

async function pay(e: Env) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...TEST_PAYMENT, formKey: await formKeyFor('1001') })) form.append(name, value);
  return request(e, '/payment/payment_back.php?p=1001', { method: 'POST', body: form, headers: { 'CF-Connecting-IP': freshClient() } });
}

beforeEach(resetGuard);

describe('faults of the embedded origin, for a drill', () => {
  it('a failing payment call: the payer is told it may have gone through and whom to ask, nothing is charged; off again, a new form pays', async () => {
    const e = embeddedEnv();
    expect(await (await fault('payment_back', 'fail')).json()).toEqual({ call: 'payment_back', mode: 'fail' });
    const failed = await pay(e);
    expect(failed.status).toBe(409);
    expect((await failed.json<{ error: string }>()).error).toMatch(/could not confirm whether this payment went through/);
    expect((await request(e, '/_dev/payments')).status).toBe(200);
    expect(await (await request(e, '/_dev/payments')).json()).toEqual([]);
    await fault('payment_back', 'off');
    expect(await (await pay(e)).json()).toMatchObject({ status: 'success' });
  });

  it('a stalled call is given up at the client timeout', async () => {
    const e = embeddedEnv({ ORIGIN_TIMEOUT_MS: '300' } as Partial<Env>);
    await fault('payment_back', 'slow', e);
    // A charge given up on may have gone through: never "try again", the payer is told whom to ask.
    expect((await pay(e)).status).toBe(409);
    await fault('payment_back', 'off', e);
  });

  it('the demo starting over turns every fault off', async () => {
    const e = embeddedEnv();
    await fault('payment_back', 'fail');
    expect((await request(e, '/_dev/reset', { method: 'POST' })).status).toBe(200);
    expect(await (await pay(e)).json()).toMatchObject({ status: 'success' });
  });

  it('names the contract calls; refuses another mode; does not exist in front of a real backend', async () => {
    const unknown = await fault('no_such_call', 'fail');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ fields: { call: expect.stringContaining('payment_back') } });
    expect((await fault('payment_back', 'broken')).status).toBe(400);
    expect((await fault('payment_back', 'fail', httpEnv())).status).toBe(404);
  });
});
