import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP, scriptTags, visibleText } from '../helpers';
import { embeddedEnv, httpEnv, json, request, resetStandIn, standInCalls } from '../origin-helpers';

const as: RequestInit = { headers: { 'User-Agent': DESKTOP } };
afterEach(() => vi.restoreAllMocks());

async function page(path: string, e = embeddedEnv()) {
  const res = await request(e, path, as);
  return { res, html: await res.text() };
}

describe('/update-password', () => {
  it('without a token tells the visitor to use My Account in the app', async () => {
    const { res, html } = await page('/update-password');
    expect(res.status).toBe(200);
    expect(visibleText(html)).toContain('Trying to change your password?');
    expect(visibleText(html)).toContain('My Account');
    expect(scriptTags(html)).toEqual([]);
  });

  it('draws the form for a well-formed link without asking the backend, with no-store and no-referrer', async () => {
    await resetStandIn();
    for (const token of ['RESET-VALID', 'RESET-EXPIRED', 'RESET-MISMATCH']) {
      const { res, html } = await page(`/update-password?x=${token}`, httpEnv());
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
      expect(html).toContain('data-island="password-reset"');
      expect(visibleText(html)).toContain('Please include at least 8 characters.');
      expect(visibleText(html)).toContain('Password must match.');
      expect(visibleText(html)).toContain('This site is protected by Cloudflare Turnstile');
    }
    // Opening a link is not the validation call: the island makes it, through the API.
    expect(await standInCalls()).toEqual([]);
  });

  it('a malformed token shows the expired view at once', async () => {
    const text = visibleText((await page('/update-password?x=%3Cscript%3E')).html);
    expect(text).toContain('This link has expired');
    expect(text).toContain('expire after 24 hours');
    expect(text).toContain('support@papayapay.com');
  });

  it("the island's validation call answers show-form, expired or mismatch", async () => {
    const check = async (x: string) => (await request(embeddedEnv(), '/api/forgot_password_back.php', json({ x }))).json();
    expect(await check('RESET-VALID')).toEqual({ success: true, status: 'USER_VALIDATED' });
    expect(await check('RESET-MISMATCH')).toMatchObject({ status: 'MISMATCH_USER_ID_FOR_RESET' });
    expect(await check('RESET-EXPIRED')).toMatchObject({ success: false });
    expect(await check('NOPE')).toMatchObject({ success: false });
  });

  it('a token works once: after the change, the check and a second change are refused', async () => {
    const changed = await request(embeddedEnv(), '/api/forgot_password_back.php', json({ x: 'RESET-VALID', np: 'a brand new password' }));
    expect(await changed.json()).toEqual({ success: true, status: 'PASSWORD_CHANGED' });
    const checked = await request(embeddedEnv(), '/api/forgot_password_back.php', json({ x: 'RESET-VALID' }));
    expect(await checked.json()).not.toMatchObject({ status: 'USER_VALIDATED' });
    const again = await request(embeddedEnv(), '/api/forgot_password_back.php', json({ x: 'RESET-VALID', np: 'another new password' }));
    expect((await again.json<{ success: boolean }>()).success).toBe(false);
  });

  it('the token reaches no log line', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.map(String).join(' ')));
    await page('/update-password?x=RESET-MISMATCH');
    expect(lines.join('\n')).not.toContain('RESET-MISMATCH');
  });

  it('a password change needs the human check when it is on', async () => {
    const e = embeddedEnv({
      HUMAN_CHECK: 'turnstile',
      TURNSTILE_VERIFY_URL: `${env.STAND_IN_URL}/turnstile/v0/siteverify`,
      TURNSTILE_SECRET: 'test-secret',
    } as Partial<Env>);
    const refused = await request(e, '/api/forgot_password_back.php', json({ x: 'RESET-MISMATCH', np: 'long enough password' }));
    expect(refused.status).toBe(400);
    const checked = await request(
      e,
      '/api/forgot_password_back.php',
      json({ x: 'RESET-MISMATCH', np: 'long enough password', humanToken: 'human-token' }),
    );
    expect(await checked.json()).toMatchObject({ status: 'MISMATCH_USER_ID_FOR_RESET' });
  });
});
