import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE_MAX_AGE_S } from '../../../src/security/device-cookie';
import { dataset, formKeyFor, freshClient, httpEnv, TEST_PAYMENT, request, resetStandIn } from '../origin-helpers';

/**
 * The device cookie (docs/security.md, "What the site keeps"): issued with the card form's page,
 * holding only a random id and its signature, HttpOnly, for a week; a forged or foreign one is a
 * new device; never in a log line or an event.
 */
const deviceCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('papaya_device='));

describe('the device cookie', () => {
  it('comes with the card form: a random id and its signature, HttpOnly, SameSite=Lax, Secure, for a week', async () => {
    const res = await request(httpEnv(), '/web-payment?p=1001', { headers: { 'CF-Connecting-IP': freshClient() } });
    expect(res.status).toBe(200);
    const cookie = deviceCookie(res)!;
    expect(cookie).toMatch(/^papaya_device=[0-9a-f]{64}\.[0-9a-f]{64};/);
    expect(cookie).toContain(`Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    // Each device its own.
    const other = deviceCookie(await request(httpEnv(), '/web-payment?p=1001'))!;
    expect(other.split(';')[0]).not.toBe(cookie.split(';')[0]);
  });

  it('is not issued again to a device that has one, nor with pages that hold no payment form', async () => {
    const first = deviceCookie(await request(httpEnv(), '/web-payment?p=1001'))!.split(';')[0]!;
    expect(deviceCookie(await request(httpEnv(), '/web-payment?p=1001', { headers: { Cookie: first } }))).toBeUndefined();
    for (const path of ['/valleymed', '/download', '/termsofservice'])
      expect(deviceCookie(await request(httpEnv(), path)), path).toBeUndefined();
  });

  it('a payment without one, or with a forged one, is a new device: its answer carries a cookie of the site', async () => {
    await resetStandIn();
    for (const cookie of [undefined, `papaya_device=${'a'.repeat(64)}.${'b'.repeat(64)}`, 'papaya_device=not-ours']) {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...TEST_PAYMENT, formKey: await formKeyFor('1001') })) form.append(name, value);
      const res = await request(httpEnv(), '/payment/payment_back.php?p=1001', {
        method: 'POST',
        body: form,
        headers: { 'CF-Connecting-IP': freshClient(), ...(cookie && { Cookie: cookie }) },
      });
      expect(res.status).toBe(200);
      const issued = deviceCookie(res);
      expect(issued, cookie).toMatch(/^papaya_device=[0-9a-f]{64}\.[0-9a-f]{64};/);
      if (cookie) expect(issued).not.toContain(cookie);
    }
  });

  it('is never in a log line or an event', async () => {
    const { binding, events } = dataset();
    const lines: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
    try {
      const page = await request(httpEnv({ EVENTS: binding, REQUEST_LOG: 'all' } as Partial<Env>), '/web-payment?p=1001');
      const [id, signature] = deviceCookie(page)!.split(';')[0]!.slice('papaya_device='.length).split('.');
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...TEST_PAYMENT, formKey: await formKeyFor('1001') })) form.append(name, value);
      await request(httpEnv({ EVENTS: binding, REQUEST_LOG: 'all' } as Partial<Env>), '/payment/payment_back.php?p=1001', {
        method: 'POST',
        body: form,
        headers: { 'CF-Connecting-IP': freshClient(), Cookie: `papaya_device=${id}.${signature}` },
      });
      const recorded = JSON.stringify([lines, events()]);
      expect(lines.length).toBeGreaterThan(0);
      expect(recorded).not.toContain(id!);
      expect(recorded).not.toContain(signature!);
      expect(recorded).not.toContain(id!.slice(0, 16));
    } finally {
      console.log = log;
    }
  });
});
