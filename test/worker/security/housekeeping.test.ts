import {
  createExecutionContext,
  createScheduledController,
  listDurableObjectIds,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../../src/index';
import { PENDING_TIMEOUT_MS } from '../../../src/security/idempotency';
import { formKeyFor, freshClient, httpEnv, PAYMENT_FORM, request, resetStandIn, standInCalls } from '../origin-helpers';

const PAYMENT = { ...PAYMENT_FORM, ccn: '5555 5555 5555 4444', cvv: '321' };

async function pay(key: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...PAYMENT, idempotencyKey: key })) form.append(k, v);
  return request(httpEnv(), '/payment/payment_back.php?p=1001', {
    method: 'POST',
    body: form,
    headers: { 'CF-Connecting-IP': freshClient() },
  });
}

describe('housekeeping the defences rely on', () => {
  it('a submit key left pending by a request that died is released after its timeout, not answered 409 for ever', async () => {
    await resetStandIn();
    const key = await formKeyFor('1001');
    const died = Date.now() - PENDING_TIMEOUT_MS - 1000;
    await env.DB.prepare("INSERT INTO idempotency_keys (key, fingerprint, state, created_at) VALUES (?, 'x', 'pending', ?)")
      .bind(key, died)
      .run();
    const res = await pay(key);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'success' });

    const fresh = await formKeyFor('1001');
    await env.DB.prepare("INSERT INTO idempotency_keys (key, fingerprint, state, created_at) VALUES (?, 'x', 'pending', ?)")
      .bind(fresh, Date.now())
      .run();
    expect((await pay(fresh)).status).toBe(422);
  });

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

  it('the scheduled run drops payment answers older than a day and keeps newer ones', async () => {
    const old = `old-${Date.now()}`;
    const recent = `recent-${Date.now()}`;
    await env.DB.prepare(
      "INSERT INTO idempotency_keys (key, fingerprint, state, status, response, created_at) VALUES (?, 'x', 'done', 200, '{}', ?), (?, 'x', 'done', 200, '{}', ?)",
    )
      .bind(old, Date.now() - 25 * 60 * 60 * 1000, recent, Date.now() - 60_000)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: '17 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    const kept = await env.DB.prepare('SELECT key FROM idempotency_keys WHERE key IN (?, ?)').bind(old, recent).all<{ key: string }>();
    expect(kept.results.map((r) => r.key)).toEqual([recent]);
  });

  it("a counter's alarm drops events older than a day", async () => {
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
          "INSERT INTO events (key, at, member) VALUES ('old', ?, ''), ('recent', ?, '')",
          Date.now() - 25 * 60 * 60 * 1000,
          Date.now() - 60_000,
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
      await runInDurableObject(
        stub,
        (_instance, state) => void state.storage.sql.exec('UPDATE events SET at = at - 2 * 24 * 60 * 60 * 1000'),
      );
      await runInDurableObject(stub, (_instance, state) => state.storage.setAlarm(Date.now() + 60_000));
      await runDurableObjectAlarm(stub);
    }
    expect((await send()).status).toBe(200);
  });
});
