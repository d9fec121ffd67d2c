import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, DEVICE_COOKIE_PLAIN_HTTP } from '../../../src/security/device-cookie';
import { POLICIES, type Policy } from '../../../src/security/guard';
import { keyedHash } from '../../../src/security/keyed-hash';
import { dataset, formKeyFor, freshClient, httpEnv, TEST_PAYMENT, request, resetStandIn } from '../origin-helpers';

/**
 * The device cookie (docs/security.md, "What the site keeps"): issued with the card form's page,
 * holding only a random id, its issue time and their signature, `__Host-` over HTTPS, HttpOnly, for
 * the longest window of the device's counts; a forged, foreign, expired or reshaped one is a new
 * device; never in a log line or an event; named with its life in the privacy policy.
 */
const deviceCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
const SHAPE = new RegExp(`^${DEVICE_COOKIE}=[0-9a-f]{64}\\.[0-9]{10}\\.[0-9a-f]{64};`);
/** The longest window of the policies that count a device, read from POLICIES here on its own. */
const LONGEST_DEVICE_WINDOW_S =
  Math.max(...Object.values(POLICIES as Record<string, Policy>).flatMap((p) => (p.subject === 'device' ? [p.windowMs] : []))) / 1000;
const nowS = () => Math.floor(Date.now() / 1000);
const sign = (id: string, issued: number | string) => keyedHash(env.FORM_KEY_SECRET!, `device:${id}:${issued}`);

/** A genuine cookie's id, issue time and signature, as a card form's page issues it. */
async function genuine(): Promise<[id: string, issued: string, signature: string]> {
  const res = await request(httpEnv(), '/web-payment?p=1001', { headers: { 'CF-Connecting-IP': freshClient() } });
  return deviceCookie(res)!.split(';')[0]!.slice(`${DEVICE_COOKIE}=`.length).split('.') as [string, string, string];
}

/** A payment sent with `cookie` (a whole `name=value`), whose answer says which device it was. */
async function pay(cookie?: string): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...TEST_PAYMENT, formKey: await formKeyFor('1001') })) form.append(name, value);
  return request(httpEnv(), '/payment/payment_back.php?p=1001', {
    method: 'POST',
    body: form,
    headers: { 'CF-Connecting-IP': freshClient(), ...(cookie && { Cookie: cookie }) },
  });
}

describe('the device cookie', () => {
  it('comes with the card form over HTTPS: __Host-, Secure, Path=/, no Domain, HttpOnly, SameSite=Lax, for the longest device window', async () => {
    const res = await request(httpEnv(), '/web-payment?p=1001', { headers: { 'CF-Connecting-IP': freshClient() } });
    expect(res.status).toBe(200);
    const cookie = deviceCookie(res)!;
    expect(cookie.startsWith('__Host-papaya_device=')).toBe(true);
    expect(cookie).toMatch(SHAPE);
    const attributes = cookie.split('; ').slice(1);
    expect(attributes).toEqual(
      expect.arrayContaining(['Secure', 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${LONGEST_DEVICE_WINDOW_S}`]),
    );
    expect(attributes.filter((a) => /^(domain|max-age)=/i.test(a))).toEqual([`Max-Age=${LONGEST_DEVICE_WINDOW_S}`]);
    expect(DEVICE_COOKIE_MAX_AGE_S).toBe(LONGEST_DEVICE_WINDOW_S);
    // It carries when it was issued, and is signed with the site's secret over the id and that time.
    const [id, issued, signature] = cookie.split(';')[0]!.slice(`${DEVICE_COOKIE}=`.length).split('.');
    expect(Math.abs(nowS() - Number(issued))).toBeLessThan(60);
    expect(signature).toBe(await sign(id!, issued!));
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

  it('a payment with a valid one is that device: no new cookie', async () => {
    await resetStandIn();
    const [id, issued, signature] = await genuine();
    const [other] = await genuine();
    const young = nowS() - DEVICE_COOKIE_MAX_AGE_S + 60;
    for (const value of [`${id}.${issued}.${signature}`, `${other}.${young}.${await sign(other, young)}`]) {
      const res = await pay(`${DEVICE_COOKIE}=${value}`);
      expect(res.status, value).toBe(200);
      expect(deviceCookie(res), value).toBeUndefined();
    }
  });

  it('a payment without one, or with a forged, changed, expired, future or old-shaped one, is a new device: its answer carries a new cookie', async () => {
    await resetStandIn();
    const [id, issued, signature] = await genuine();
    const old = nowS() - DEVICE_COOKIE_MAX_AGE_S - 5;
    const ahead = nowS() + 120;
    const cases: Record<string, string | undefined> = {
      none: undefined,
      'not ours': `${DEVICE_COOKIE}=${'a'.repeat(64)}.${issued}.${'b'.repeat(64)}`,
      garbage: `${DEVICE_COOKIE}=not-ours`,
      'bad signature': `${DEVICE_COOKIE}=${id}.${issued}.${signature!.replace(/^./, (c) => (c === '0' ? '1' : '0'))}`,
      'changed issue time': `${DEVICE_COOKIE}=${id}.${Number(issued) - 1}.${signature}`,
      'older than its life': `${DEVICE_COOKIE}=${id}.${old}.${await sign(id, old)}`,
      'issued in the future': `${DEVICE_COOKIE}=${id}.${ahead}.${await sign(id, ahead)}`,
      'the old shape, without a time': `${DEVICE_COOKIE}=${id}.${await keyedHash(env.FORM_KEY_SECRET!, `device:${id}`)}`,
      'the plain-HTTP name over HTTPS': `${DEVICE_COOKIE_PLAIN_HTTP}=${id}.${issued}.${signature}`,
    };
    for (const [name, cookie] of Object.entries(cases)) {
      const res = await pay(cookie);
      expect(res.status, name).toBe(200);
      const issuedNow = deviceCookie(res);
      expect(issuedNow, name).toMatch(SHAPE);
      expect(issuedNow, name).not.toContain(id);
    }
  });

  it('is never in a log line or an event', async () => {
    const { binding, events } = dataset();
    const lines: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
    try {
      const page = await request(httpEnv({ EVENTS: binding, REQUEST_LOG: 'all' } as Partial<Env>), '/web-payment?p=1001');
      const value = deviceCookie(page)!.split(';')[0]!.slice(`${DEVICE_COOKIE}=`.length);
      const [id, , signature] = value.split('.');
      const form = new FormData();
      for (const [name, v] of Object.entries({ ...TEST_PAYMENT, formKey: await formKeyFor('1001') })) form.append(name, v);
      await request(httpEnv({ EVENTS: binding, REQUEST_LOG: 'all' } as Partial<Env>), '/payment/payment_back.php?p=1001', {
        method: 'POST',
        body: form,
        headers: { 'CF-Connecting-IP': freshClient(), Cookie: `${DEVICE_COOKIE}=${value}` },
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

  it('is named in the privacy policy, with its purpose and its life, in English and in Spanish', async () => {
    const hours = LONGEST_DEVICE_WINDOW_S / 3600;
    for (const [path, life, purpose] of [
      ['/privacy', `It expires after ${hours} hours.`, 'refuse the tester and not the honest payers'],
      ['/privacy?lang=es', `Caduca a las ${hours} horas.`, 'rechacen a quien las prueba y no a las personas honestas'],
    ] as const) {
      const res = await request(httpEnv(), path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(`, ${DEVICE_COOKIE}, `);
      expect(html, path).toContain(life);
      expect(html, path).toContain(purpose);
    }
  });
});
