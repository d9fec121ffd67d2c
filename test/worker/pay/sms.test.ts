import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { DESKTOP } from '../helpers';
import { embeddedEnv, freshClient, httpEnv, json, request, resetStandIn, standInCalls } from '../origin-helpers';
import { LINK_ID_COOKIE } from '../../../src/domain/sms-template';

type Outbox = Array<{ to: string; body: string; createdAt: string }>;
const outbox = async (): Promise<Outbox> => (await request(embeddedEnv(), '/_dev/outbox')).json<Outbox>();

let ip = 0;
/** Each test sends from its own client address, so the per-address limit is its own. */
const fromIp = (e: Env, body: unknown, address: string) =>
  request(e, '/api/send_sms_client.php', { ...json(body), headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': address } });

describe('text-me-a-link', () => {
  let address: string;
  beforeEach(() => {
    address = `198.51.100.${++ip}`;
  });

  it('texts a bill-pay link for a payee, following the template, through a short link', async () => {
    const res = await fromIp(embeddedEnv(), { num: '(559) 555-0123', payeeId: '1001' }, address);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const [message] = await outbox();
    expect(message!.to).toBe('5595550123');
    expect(message!.body).toMatch(
      /^Click here to finish paying your bill with Papaya: https:\/\/papaya\.test\/s\/[A-Za-z0-9]{10} Reply HELP for help \d{2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}$/,
    );
    const key = /\/s\/([A-Za-z0-9]{10})/.exec(message!.body)![1];
    const hop = await request(embeddedEnv(), `/s/${key}`, { headers: { 'User-Agent': DESKTOP } });
    expect(hop.status).toBe(302);
    const target = new URL(hop.headers.get('Location')!, 'https://papaya.test');
    expect(target.pathname).toBe('/download');
    expect(Object.fromEntries(target.searchParams)).toMatchObject({ s: 'p', t: 'pe', c: 'sms', p: '1001', n: 'Valley Medical Group' });
    expect(target.searchParams.get('token')).toMatch(/^[A-Za-z0-9]{7}$/);
    const landing = await request(embeddedEnv(), `${target.pathname}${target.search}`, { headers: { 'User-Agent': DESKTOP } });
    expect(landing.status).toBe(200);
  });

  it('texts a download link from the plain form and the not-found page', async () => {
    await fromIp(embeddedEnv(), { num: '5595550124', source: '4' }, address);
    const [message] = await outbox();
    expect(message!.body).toMatch(
      /^Pay your bill in minutes with the Papaya app\. Reply HELP for help\. Sent \d{2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}: https:\/\/papaya\.test\/s\/[A-Za-z0-9]{10}$/,
    );
  });

  it('ignores a message body sent by the browser', async () => {
    await fromIp(embeddedEnv(), { num: '5595550125', body: 'Send money to evil.example now' }, address);
    const [message] = await outbox();
    expect(message!.body).not.toContain('evil.example');
  });

  it('refuses a number that is not a US mobile number, without calling the origin', async () => {
    await resetStandIn();
    for (const num of ['555-0123', '', '22345678901', '+44 20 7946 0958', 'abcdefghij']) {
      const res = await fromIp(httpEnv(), { num }, address);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: 'Please check the highlighted fields.',
        fields: { num: 'Please enter a valid mobile number' },
      });
    }
    expect(await standInCalls()).toEqual([]);
  });

  it('reads a number saved with its country code as that number, and refuses one no carrier can reach', async () => {
    await resetStandIn();
    for (const num of ['+1 (559) 555-0166', '+15595550166', '1-559-555-0166']) {
      expect((await fromIp(embeddedEnv(), { num }, `${address}9`)).status).toBe(200);
      expect((await outbox())[0]!.to).toBe('5595550166');
    }
    for (const num of ['(155) 955-5019', '(055) 555-0199', '(559) 155-0199', '(559) 055-0199']) {
      const res = await fromIp(httpEnv(), { num }, address);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        fields: { num: 'Please check the number: no US area code or exchange starts with 0 or 1.' },
      });
    }
    expect(await standInCalls()).toEqual([]);
  });

  it('refuses an unknown payee', async () => {
    const res = await fromIp(embeddedEnv(), { num: '5595550126', payeeId: '424242' }, address);
    expect(res.status).toBe(400);
  });

  it('the fourth send to one number within 10 minutes is refused with 429 and no new text', async () => {
    const number = '5595550199';
    for (let i = 0; i < 3; i++) expect((await fromIp(embeddedEnv(), { num: number }, `203.0.113.${i + 1}`)).status).toBe(200);
    const before = (await outbox()).filter((m) => m.to === number).length;
    const refused = await fromIp(embeddedEnv(), { num: number }, '203.0.113.9');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(500);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(600);
    expect(await refused.json()).toEqual({
      error: expect.stringMatching(
        /^Too many texts were requested\. Please try again in 10 minutes\. If you contact us or the office you are paying, give this reference: [0-9A-F]{8}\.$/,
      ),
      fields: {},
    });
    expect((await outbox()).filter((m) => m.to === number)).toHaveLength(before);
  });

  it('one client address may ask for 10 texts in 10 minutes, to any numbers', async () => {
    for (let i = 0; i < 10; i++)
      expect((await fromIp(embeddedEnv(), { num: `55955502${String(i).padStart(2, '0')}` }, address)).status).toBe(200);
    expect((await fromIp(embeddedEnv(), { num: '5595550299' }, address)).status).toBe(429);
  });

  it('a refused send makes no origin call', async () => {
    await resetStandIn();
    const number = '5595550188';
    for (let i = 0; i < 3; i++) await fromIp(httpEnv(), { num: number }, `192.0.2.${i + 1}`);
    await resetStandIn();
    expect((await fromIp(httpEnv(), { num: number }, '192.0.2.50')).status).toBe(429);
    expect(await standInCalls()).toEqual([]);
  });
});

describe('a burst of 200 requests at once', () => {
  const burst = (bodies: unknown[], address: string) => Promise.all(bodies.map((body) => fromIp(embeddedEnv(), body, address)));

  it('from one client to one number: exactly the allowed sends, 429 for the rest', async () => {
    const number = '5595550177';
    const answers = await burst(
      Array.from({ length: 200 }, () => ({ num: number })),
      '198.18.0.1',
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(Number(env.SMS_LIMIT_PER_PHONE));
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - Number(env.SMS_LIMIT_PER_PHONE));
    for (const res of answers) await res.body?.cancel();
    expect((await outbox()).filter((m) => m.to === number)).toHaveLength(Number(env.SMS_LIMIT_PER_PHONE));
  });

  it('from one client to 200 numbers: exactly the allowed sends, 429 for the rest', async () => {
    const distinct = Array.from({ length: 200 }, (_, i) => `5595${String(530000 + i)}`);
    expect(new Set(distinct).size).toBe(200);
    const answers = await burst(
      distinct.map((num) => ({ num })),
      '198.18.0.2',
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(Number(env.SMS_LIMIT_PER_IP));
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - Number(env.SMS_LIMIT_PER_IP));
    for (const res of answers) await res.body?.cancel();
    expect((await outbox()).filter((m) => distinct.includes(m.to))).toHaveLength(Number(env.SMS_LIMIT_PER_IP));
  });
});

describe('the human check, against a Turnstile stand-in', () => {
  const turnstile = (vars: Partial<Env> = {}) =>
    embeddedEnv({
      HUMAN_CHECK: 'turnstile',
      TURNSTILE_VERIFY_URL: `${env.STAND_IN_URL}/turnstile/v0/siteverify`,
      TURNSTILE_SECRET: 'test-secret',
      ...vars,
    } as Partial<Env>);

  it('sends when Turnstile accepts the token', async () => {
    expect((await fromIp(turnstile(), { num: '5595550171', humanToken: 'human-token' }, '192.0.2.201')).status).toBe(200);
  });

  it('refuses a missing or rejected token before anything is sent', async () => {
    for (const humanToken of [undefined, 'bot-token']) {
      const res = await fromIp(turnstile(), { num: '5595550172', humanToken }, '192.0.2.202');
      expect(res.status).toBe(400);
      expect((await res.json<{ fields: Record<string, string> }>()).fields.humanToken).toBe(
        'Please confirm you are not a robot, then try again.',
      );
    }
    expect((await outbox()).some((m) => m.to === '5595550172')).toBe(false);
  });
});

describe('the human check in the page', () => {
  it('is drawn by the form with the site key, and the CSP lets its frame in', async () => {
    const e = embeddedEnv({ HUMAN_CHECK: 'turnstile', TURNSTILE_SITE_KEY: '0x4AAAAAAAtestkey' } as Partial<Env>);
    const res = await request(e, '/pay', { headers: { 'User-Agent': DESKTOP } });
    expect(await res.text()).toContain('&quot;humanCheckSiteKey&quot;:&quot;0x4AAAAAAAtestkey&quot;');
    expect(res.headers.get('Content-Security-Policy')).toContain('frame-src https://form.jotform.com https://challenges.cloudflare.com');
  });

  it('is absent when the check is off', async () => {
    const res = await request(embeddedEnv(), '/pay', { headers: { 'User-Agent': DESKTOP } });
    expect(await res.text()).not.toContain('humanCheckSiteKey');
    expect(res.headers.get('Content-Security-Policy')).not.toContain('challenges.cloudflare.com');
  });
});

describe('the SMS-link cookie', () => {
  /** The identifier in the download link a text to `to` carries, through its short link. */
  const linkIdTextedTo = async (to: string) => {
    const message = (await outbox()).find((m) => m.to === to)!;
    const key = /\/s\/([A-Za-z0-9]{10})/.exec(message.body)![1];
    const hop = await request(embeddedEnv(), `/s/${key}`, { headers: { 'User-Agent': DESKTOP } });
    return new URL(hop.headers.get('Location')!, 'https://papaya.test').searchParams.get('token');
  };
  const send = (num: string, cookie?: string) =>
    request(embeddedEnv(), '/api/send_sms_client.php', {
      ...json({ num, payeeId: '1001' }),
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshClient(), ...(cookie ? { Cookie: cookie } : {}) },
    });
  const cookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${LINK_ID_COOKIE}=`));

  it('a sent text sets a 7-day cookie holding the identifier of the texted link', async () => {
    const res = await send('(559) 555-0301');
    expect(res.status).toBe(200);
    const cookie = cookieOf(res)!;
    expect(cookie).toMatch(new RegExp(`^${LINK_ID_COOKIE}=[A-Za-z0-9]{7}; Max-Age=604800; Path=/; HttpOnly; Secure; SameSite=Lax$`));
    expect(cookie.split(';')[0]!.split('=')[1]).toBe(await linkIdTextedTo('5595550301'));
  });

  it('a later text from the same browser carries the same identifier, and the cookie runs 7 days again', async () => {
    const res = await send('(559) 555-0302', `${LINK_ID_COOKIE}=Ab3dE7g`);
    expect(await linkIdTextedTo('5595550302')).toBe('Ab3dE7g');
    expect(cookieOf(res)).toMatch(/^papaya_sms_link=Ab3dE7g; Max-Age=604800;/);
  });

  it.each([
    ['<script>', '5595550310'],
    ['Ab3dE7gH', '5595550311'],
    ['Ab3d', '5595550312'],
    ['%C3%A9b3dE7g', '5595550313'],
  ])('a cookie holding %s, which this site did not make, gets a new identifier', async (junk, number) => {
    const res = await send(number, `${LINK_ID_COOKIE}=${junk}`);
    const id = await linkIdTextedTo(number);
    expect(id).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(id).not.toBe(junk);
    expect(cookieOf(res)).toContain(`${LINK_ID_COOKIE}=${id};`);
  });

  it("a text asked for in a widget sets no cookie: the widget lives in a partner's page", async () => {
    const res = await request(embeddedEnv(), '/api/send_sms_client.php', {
      ...json({ num: '(559) 555-0321', payeeId: '1001', source: 'w' }),
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshClient() },
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('a refused send sets no cookie', async () => {
    const res = await send('555-01');
    expect(res.status).toBe(400);
    expect(cookieOf(res)).toBeUndefined();
  });

  it('a form posted without script keeps and renews the identifier the same way', async () => {
    const res = await request(embeddedEnv(), '/valleymed', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': DESKTOP,
        'Sec-Fetch-Site': 'same-origin',
        Origin: 'https://papaya.test',
        'CF-Connecting-IP': freshClient(),
        Cookie: `${LINK_ID_COOKIE}=Zx9Yw8V`,
      },
      body: new URLSearchParams({ _form: 'sms', source: 'p', payeeId: '1001', num: '(559) 555-0320' }).toString(),
    });
    expect(res.status).toBe(303);
    expect(await linkIdTextedTo('5595550320')).toBe('Zx9Yw8V');
    expect(cookieOf(res)).toMatch(/^papaya_sms_link=Zx9Yw8V; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });
});
