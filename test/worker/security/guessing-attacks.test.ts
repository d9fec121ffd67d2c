import { guarded } from './attack-helpers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EVEN_FLOOR_MS } from '../../../src/security/even-timing';
import { freshClient, neighbours, httpEnv, request, resetStandIn, standInCalls } from '../origin-helpers';
import { visibleText } from '../helpers';

/** Guessing codes and tokens, replayed against the Worker; and actions that could be asked by id. Each is blocked. */
// Each test replays an attack of hundreds of requests: minutes on a loaded machine, not seconds.
vi.setConfig({ testTimeout: 120_000 });

const json = (body: unknown, client: string): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client },
  body: JSON.stringify(body),
});

describe('code and token guessing', () => {
  beforeEach(resetStandIn);

  it('300 wrong get-paid access codes from one client: 5 are answered, then a lock with a wait and the support address; the right code is refused too', async () => {
    const client = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) {
      const res = await request(
        guarded(),
        '/api/api_get_paid/get_paid.php',
        json({ whichState: 'access', access: `WRONG${1000 + i}` }, client),
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const right = await request(guarded(), '/api/api_get_paid/get_paid.php', json({ whichState: 'access', access: 'ACCESS1' }, client));
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await right.json<{ error: string }>()).error).toMatch(
      /^Too many wrong codes\. Please try again in \d+ minutes?, or contact us at support@papayapay\.com\. If you contact us or the office you are paying, give this reference: [0-9A-F]{8}\.$/,
    );
    expect((await standInCalls()).filter((c) => c.path === '/api/api_get_paid/get_paid.php')).toHaveLength(5);
  });

  it('30 wrong codes from 30 addresses in one network: 10 are answered, then the network is locked; other networks are not', async () => {
    const statuses: number[] = [];
    for (const [i, client] of neighbours(30).entries()) {
      const res = await request(
        guarded(),
        '/api/api_get_paid/get_paid.php',
        json({ whichState: 'access', access: `WRONG${2000 + i}` }, client),
      );
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect((await standInCalls()).filter((c) => c.path === '/api/api_get_paid/get_paid.php')).toHaveLength(10);
    const elsewhere = await request(
      guarded(),
      '/api/api_get_paid/get_paid.php',
      json({ whichState: 'access', access: 'ACCESS1' }, freshClient()),
    );
    expect(elsewhere.status).toBe(200);
  });

  it('wrong codes typed under one invite from many networks: 10 are answered, then the invite is locked', async () => {
    const invite = btoa('1001');
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await request(
        guarded(),
        '/api/api_get_paid/get_paid.php',
        json({ whichState: 'oopsTryAgain', access: `WRONG${3000 + i}`, i: invite }, freshClient()),
      );
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });

  it('honest: the right code on the first try works', async () => {
    const res = await request(
      guarded(),
      '/api/api_get_paid/get_paid.php',
      json({ whichState: 'access', access: 'ACCESS1' }, freshClient()),
    );
    expect(res.status).toBe(200);
    expect((await res.json<{ nextView: string }>()).nextView).not.toBe('oopsTryAgain');
  });

  it.each([
    ['reset tokens', (i: number) => ['/api/forgot_password_back.php', json({ x: `GUESS-${i}` }, '')] as const],
    [
      'bill-info tokens',
      (i: number) => [`/api/update_info_request.php?t=GUESS-${i}`, { method: 'GET', headers: {} } as RequestInit] as const,
    ],
    ['pay-later emails', (i: number) => ['/api/pay_later.php', json({ ue: `guess${i}@example.com` }, '')] as const],
  ])('%s: 20 misses an hour from one client, then 429 and no backend call', async (_label, attempt) => {
    const client = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const [path, init] = attempt(i);
      const headers = new Headers(init.headers);
      headers.set('CF-Connecting-IP', client);
      statuses.push((await request(guarded(), path, { ...init, headers })).status);
    }
    expect(statuses.slice(0, 20).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    expect(await standInCalls()).toHaveLength(20);
  });

  it('pages that read a token count their misses too, and the reset check stops with them', async () => {
    const client = freshClient();
    for (let i = 0; i < 20; i++) await request(guarded(), `/update-info-request?t=GUESS-${i}`, { headers: { 'CF-Connecting-IP': client } });
    const locked = await request(guarded(), '/update-info-request?t=INFO-FEE', { headers: { 'CF-Connecting-IP': client } });
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain('Too many links were tried');
    const check = await request(guarded(), '/api/forgot_password_back.php', json({ x: 'RESET-VALID' }, client));
    expect(check.status).toBe(429);
  });

  it('opening a reset link tells a guesser nothing: the same form for any well-formed token, and no backend call', async () => {
    await resetStandIn();
    const client = freshClient();
    const forms = new Set<string>();
    for (const x of ['RESET-VALID', 'RESET-EXPIRED', 'RESET-MISMATCH', 'GUESS-1', 'GUESS-2']) {
      const res = await request(httpEnv(), `/update-password?x=${x}`, { headers: { 'CF-Connecting-IP': client } });
      expect(res.status).toBe(200);
      forms.add(visibleText(await res.text()));
    }
    expect(forms.size).toBe(1);
    expect(await standInCalls()).toEqual([]);
  });

  it('a pay-later answer comes no sooner for an unknown email than for a known one: each waits for the same mark', async () => {
    for (const ue of ['member@example.com', 'nobody-here@example.com', 'enrolled@example.com']) {
      const started = Date.now();
      const res = await request(guarded(), '/api/pay_later.php', json({ ue }, freshClient()));
      expect(res.status).toBe(200);
      expect(Date.now() - started, ue).toBeGreaterThanOrEqual(EVEN_FLOOR_MS);
      // Nor in what the answer says it waited on: a miss counted, a slower backend would show there.
      expect(res.headers.get('Server-Timing'), ue).toMatch(/^total;dur=\d+$/);
    }
  });

  it('honest: a reset link, a bill-info link and a pay-later link work', async () => {
    const client = freshClient();
    expect((await request(guarded(), '/update-password?x=RESET-VALID', { headers: { 'CF-Connecting-IP': client } })).status).toBe(200);
    expect((await request(guarded(), '/update-info-request?t=INFO-FEE', { headers: { 'CF-Connecting-IP': client } })).status).toBe(200);
    const res = await request(guarded(), '/api/pay_later.php', json({ ue: 'member@example.com' }, client));
    expect(await res.json()).toEqual({ status: 'success' });
  });
});

describe('no action by id', () => {
  beforeEach(resetStandIn);

  it('a bill cannot be cancelled by its number, from this site or another', async () => {
    for (const headers of [{}, { Origin: 'https://papaya.test', 'Sec-Fetch-Site': 'same-origin' }] as Record<string, string>[]) {
      const res = await request(guarded(), '/cancel_back.php?o=BILL-2001', { method: 'POST', headers });
      expect(res.status).toBe(400);
    }
    expect(await standInCalls()).toEqual([]);
  });

  it('honest: cancelling through the bill-info token cancels the bill the backend names', async () => {
    const res = await request(guarded(), '/cancel_back.php?t=INFO-FEE', { method: 'POST' });
    expect(await res.json()).toEqual({ success: true });
    const calls = await standInCalls();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/update_info_request.php?t=INFO-FEE',
      expect.stringMatching(/^POST \/cancel_back\.php\?o=/),
    ]);
  });

  it('the team-email relay is gone: no subject, body or recipients from the browser reach the backend', async () => {
    const res = await request(
      guarded(),
      '/api/send_team_email.php',
      json(
        { subject: 'Win a prize', line: 'x', note: '<a href=https://evil.example>', elist: 'everyone@example.com', form: {} },
        freshClient(),
      ),
    );
    expect(res.status).toBe(404);
    expect(await standInCalls()).toEqual([]);
  });

  it('the Worker tells the team of an invite form at most 3 times per invite', async () => {
    const invite = btoa('1001');
    for (let i = 0; i < 5; i++) {
      const res = await request(
        guarded(),
        '/api/api_get_paid/get_paid.php',
        json({ whichState: 'inviteForm', i: invite, email: `biller${i}@example.com`, statements: '< 3K' }, freshClient()),
      );
      expect(res.status).toBe(200);
    }
    const team = (await standInCalls()).filter((c) => c.path === '/api/send_team_email.php');
    expect(team).toHaveLength(3);
    for (const call of team) expect(JSON.parse(call.body)).toMatchObject({ subject: 'Get paid: invite form sent', elist: 'getpaid' });
  });

  it('attack: one client naming a new invite each time sets off at most 5 team emails an hour', async () => {
    const client = freshClient();
    for (let i = 0; i < 12; i++) {
      const res = await request(
        guarded(),
        '/api/api_get_paid/get_paid.php',
        json({ whichState: 'inviteForm', i: btoa(`${2000 + i}`), email: `biller${i}@example.com`, statements: '< 3K' }, client),
      );
      // The visitor's answer is the same: the limit only keeps the team's inbox.
      expect(res.status).toBe(200);
    }
    expect((await standInCalls()).filter((c) => c.path === '/api/send_team_email.php')).toHaveLength(5);
    // Another client is told of as before.
    await request(
      guarded(),
      '/api/api_get_paid/get_paid.php',
      json({ whichState: 'inviteForm', i: btoa('3000'), email: 'other@example.com', statements: '< 3K' }, freshClient()),
    );
    expect((await standInCalls()).filter((c) => c.path === '/api/send_team_email.php')).toHaveLength(6);
  });
});
