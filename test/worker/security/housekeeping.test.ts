import { listDurableObjectIds, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { Guard } from '../../../src/security/guard';
import { readConfig } from '../../../src/settings/config';
import type { AbuseCounter } from '../../../src/security/guard-object';
import { KEEP_ANSWERS_MS, PENDING_TIMEOUT_MS } from '../../../src/security/payment-claim';
import {
  claimFor,
  formKeyFor,
  freshClient,
  httpEnv,
  TEST_PAYMENT,
  request,
  resetGuard,
  resetStandIn,
  standInCalls,
} from '../origin-helpers';

const PAYMENT = { ...TEST_PAYMENT, ccn: '5555 5555 5555 4444', cvv: '321' };

async function pay(key: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...PAYMENT, formKey: key })) form.append(k, v);
  return request(httpEnv(), '/payment/payment_back.php?p=1001', {
    method: 'POST',
    body: form,
    headers: { 'CF-Connecting-IP': freshClient() },
  });
}

describe('housekeeping the defences rely on', () => {
  it(
    'a form key left pending by a request that died is released after its timeout, not answered 409 for ever',
    { timeout: 30_000 },
    async () => {
      await resetStandIn();
      const key = await formKeyFor('1001');
      const died = Date.now() - PENDING_TIMEOUT_MS - 1000;
      await runInDurableObject(await claimFor(key), (_instance, state) =>
        state.storage.put('claim', { fingerprint: 'x', state: 'pending', createdAt: died }),
      );
      const res = await pay(key);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'success' });

      const fresh = await formKeyFor('1001');
      await runInDurableObject(await claimFor(fresh), (_instance, state) =>
        state.storage.put('claim', { fingerprint: 'x', state: 'pending', createdAt: Date.now() }),
      );
      // A young claim: its send may still answer, so this one waits a few seconds, then says it is still being processed.
      const waiting = await pay(fresh);
      expect(waiting.status).toBe(409);
      expect(waiting.headers.get('Retry-After')).toBe('5');
      expect(await waiting.json()).toMatchObject({ error: 'This payment is still being processed. Please wait a moment.' });
    },
  );

  it('a provider search longer than any name answers an empty list without asking the backend', async () => {
    await resetStandIn();
    const term = encodeURIComponent('Valley Medical '.repeat(40));
    const res = await request(httpEnv(), `/api/web_payment.php?action=getPayees&term=${term}&target=partner`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    expect(await standInCalls()).toEqual([]);
    const page = await request(httpEnv(), `/web-payment?t=${term}`);
    expect(page.status).toBe(200);
  });

  it("a payment's claim is forgotten by its alarm once its key can no longer be sent", async () => {
    await resetStandIn();
    const key = await formKeyFor('1001');
    const paid = Date.now();
    expect(await (await pay(key)).json()).toMatchObject({ status: 'success' });
    const claim = await claimFor(key);
    expect(await claim.stored()).toMatchObject({ state: 'done', status: 200 });
    const alarm = await runInDurableObject(claim, (_instance, state) => state.storage.getAlarm());
    expect(alarm! - paid).toBeGreaterThanOrEqual(KEEP_ANSWERS_MS - 1000);
    expect(alarm! - paid).toBeLessThanOrEqual(KEEP_ANSWERS_MS + 60_000);
    expect(await runDurableObjectAlarm(claim)).toBe(true);
    expect(await claim.stored()).toBeNull();
  });

  it("a counter's alarm drops events whose window has passed", async () => {
    await request(httpEnv(), '/api/send_sms_client.php', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshClient() },
      body: JSON.stringify({ num: '5595550199' }),
    });
    const ids = await listDurableObjectIds(env.GUARD);
    expect(ids.length).toBeGreaterThan(0);
    const stub = env.GUARD.get(ids[0]!);
    await runInDurableObject(
      stub,
      (_instance, state) =>
        void state.storage.sql.exec(
          "INSERT INTO events (key, at, member, expires) VALUES ('old', ?, '', ?), ('recent', ?, '', ?)",
          Date.now() - 25 * 60 * 60 * 1000,
          Date.now() - 60 * 60 * 1000,
          Date.now() - 60_000,
          Date.now() + 60 * 60 * 1000,
        ),
    );
    await runInDurableObject(stub, (_instance, state) => state.storage.setAlarm(Date.now() + 60_000));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const left = await runInDurableObject(stub, (_instance, state) =>
      state.storage.sql.exec<{ key: string }>("SELECT key FROM events WHERE key IN ('old', 'recent')").toArray(),
    );
    expect(left.map((row) => row.key)).toEqual(['recent']);
  });

  it('a counter emptied by its alarm still counts the next request', async () => {
    const client = freshClient();
    const send = () =>
      request(httpEnv(), '/api/send_sms_client.php', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client },
        body: JSON.stringify({ num: '5595550198' }),
      });
    await send();
    for (const id of await listDurableObjectIds(env.GUARD)) {
      const stub = env.GUARD.get(id);
      if (!(await stub.kept()).stored) continue;
      await runInDurableObject(
        stub,
        (_instance, state) =>
          void state.storage.sql.exec('UPDATE events SET at = at - 2 * 24 * 60 * 60 * 1000, expires = expires - 2 * 24 * 60 * 60 * 1000'),
      );
      await runInDurableObject(stub, (_instance, state) => state.storage.setAlarm(Date.now() + 60_000));
      await runDurableObjectAlarm(stub);
    }
    expect((await send()).status).toBe(200);
  });
});

describe('how long the guard keeps what it counts', () => {
  it('once every window has passed, no counter holds storage; a peek never made any', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await resetGuard();
      // A peek of a client never seen (the link-guessing lock of a bill-info page): an object asked, nothing written.
      const peeked = new Guard(env.GUARD, readConfig(httpEnv()));
      expect(await peeked.check('linkMissesPerClient', `peek-${crypto.randomUUID()}`)).toEqual({ allowed: true });
      for (const id of await listDurableObjectIds(env.GUARD)) expect((await env.GUARD.get(id).kept()).stored).toBe(false);
      // Then what every counter counts: a payment approved and one declined (device, address, card, bill, payee), a text.
      expect(await (await pay(await formKeyFor('1001'))).json()).toMatchObject({ status: 'success' });
      const form = new FormData();
      for (const [k, v] of Object.entries({ ...PAYMENT, ccn: '4000 0000 0000 0002', formKey: await formKeyFor('1001') })) form.append(k, v);
      await request(httpEnv(), '/payment/payment_back.php?p=1001', {
        method: 'POST',
        body: form,
        headers: { 'CF-Connecting-IP': freshClient() },
      });
      await request(httpEnv(), '/api/send_sms_client.php', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshClient() },
        body: JSON.stringify({ num: '5595550197' }),
      });
      const ids = await listDurableObjectIds(env.GUARD);
      expect((await Promise.all(ids.map((id) => env.GUARD.get(id).kept()))).filter((k) => k.stored).length).toBeGreaterThanOrEqual(5);
      // A day and an hour later, each counter's alarm has rung (as many times as its events' expiries ask).
      vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
      for (const id of ids) {
        const stub = env.GUARD.get(id);
        while ((await stub.kept()).alarm !== null) await runDurableObjectAlarm(stub);
        expect(await stub.kept()).toEqual({ stored: false, oldest: null, alarm: null });
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('under steady traffic for three simulated days, nothing older than its window and an hour remains', async () => {
    const WINDOW = 10 * 60 * 1000;
    const HOUR = 60 * 60 * 1000;
    const stub = env.GUARD.get(env.GUARD.idFromName('steady-traffic'));
    await runInDurableObject(stub, async (instance, state) => {
      const counter = instance as AbuseCounter;
      const start = Date.now();
      let oldestSeen = 0;
      // An event every 90 seconds, more often than the window: the alarm rings when the oldest expires, whatever follows.
      for (let t = start; t < start + 3 * 24 * HOUR; t += 90_000) {
        const alarm = await state.storage.getAlarm();
        if (alarm !== null && alarm <= t) await counter.prune(t);
        await counter.takeAll([{ key: `smsPerClient:${t % 7}`, limit: 1_000_000, windowMs: WINDOW }], t);
        if ((t - start) % HOUR < 90_000) {
          const { oldest } = await counter.kept();
          expect(t - oldest!, `at ${(t - start) / HOUR} h`).toBeLessThanOrEqual(WINDOW + HOUR);
          oldestSeen = Math.max(oldestSeen, t - oldest!);
        }
      }
      const left = state.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM events').one().n;
      // Ten minutes of events at one every 90 seconds, and those of the alarm not yet rung.
      expect(left).toBeLessThanOrEqual(Math.ceil(WINDOW / 90_000) + 1);
      expect(oldestSeen).toBeGreaterThan(0);
    });
  });
});
