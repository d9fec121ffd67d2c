import {
  createExecutionContext,
  createScheduledController,
  listDurableObjectIds,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import type { AbuseCounter } from '../../../src/security/guard-object';
import { purgeOldAnswers } from '../../../src/scheduled/purge';
import { KEEP_ANSWERS_MS, keyRef, PENDING_TIMEOUT_MS } from '../../../src/security/idempotency';
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
      .bind(await keyRef(key), died)
      .run();
    const res = await pay(key);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'success' });

    const fresh = await formKeyFor('1001');
    await env.DB.prepare("INSERT INTO idempotency_keys (key, fingerprint, state, created_at) VALUES (?, 'x', 'pending', ?)")
      .bind(await keyRef(fresh), Date.now())
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

  it('the scheduled run drops payment answers whose key can no longer be sent and keeps newer ones', async () => {
    const old = `old-${Date.now()}`;
    const recent = `recent-${Date.now()}`;
    await env.DB.prepare(
      "INSERT INTO idempotency_keys (key, fingerprint, state, status, response, created_at) VALUES (?, 'x', 'done', 200, '{}', ?), (?, 'x', 'done', 200, '{}', ?)",
    )
      .bind(old, Date.now() - KEEP_ANSWERS_MS - 60_000, recent, Date.now() - 60_000)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: '17 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    const kept = await env.DB.prepare('SELECT key FROM idempotency_keys WHERE key IN (?, ?)').bind(old, recent).all<{ key: string }>();
    expect(kept.results.map((r) => r.key)).toEqual([recent]);
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
        await counter.take(`smsPerClient:${t % 7}`, 1_000_000, WINDOW, '', t);
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

  it('the scheduled purge of payment answers is an event, and a failed one says so', async () => {
    const points: Array<{ blobs: string[]; doubles: number[] }> = [];
    const e = { ...env, EVENTS: { writeDataPoint: (p: { blobs: string[]; doubles: number[] }) => void points.push(p) } } as unknown as Env;
    await purgeOldAnswers(e, async () => 3);
    // The error line is part of what is tested: read here, then cleared for the console guard.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await purgeOldAnswers(e, () => Promise.reject(new Error('D1 is unavailable')));
    const lines = errors.mock.calls.map((call) => JSON.parse(String(call[0])));
    errors.mockClear();
    expect(lines).toEqual([expect.objectContaining({ level: 'error', msg: 'purge-failed', error: 'Error: D1 is unavailable' })]);
    expect(points.map((p) => [p.blobs[0], ...p.blobs.slice(2), ...p.doubles])).toEqual([
      ['purge', 'payment-answers', 'done', 3],
      ['purge', 'payment-answers', 'failed', 0],
    ]);
  });
});
