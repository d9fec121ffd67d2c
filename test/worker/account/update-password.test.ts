import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP, scriptTags, visibleText } from '../helpers';
import { embeddedEnv, httpEnv, injectFault, json, request, resetStandIn } from '../origin-helpers';

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

  it('validates a good token before drawing the form, with no-store and no-referrer', async () => {
    const { res, html } = await page('/update-password?x=RESET-VALID');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(html).toContain('data-island="password-reset"');
    expect(visibleText(html)).toContain('Please include at least 8 characters.');
    expect(visibleText(html)).toContain('Password must match.');
    expect(visibleText(html)).toContain('This site is protected by Cloudflare Turnstile');
  });

  it('an expired token shows the expired view', async () => {
    const text = visibleText((await page('/update-password?x=RESET-EXPIRED')).html);
    expect(text).toContain('This link has expired');
    expect(text).toContain('expire after 24 hours');
    expect(text).toContain('support@papayapay.com');
  });

  it('a mismatched token shows the mismatch view', async () => {
    const text = visibleText((await page('/update-password?x=RESET-MISMATCH')).html);
    expect(text).toContain('Something went wrong, please try again.');
    expect(text).toContain('support@papayapay.com');
  });

  it('an unknown or malformed token, or a failed call, shows the expired view', async () => {
    expect(visibleText((await page('/update-password?x=NOPE')).html)).toContain('This link has expired');
    expect(visibleText((await page('/update-password?x=%3Cscript%3E')).html)).toContain('This link has expired');
    await resetStandIn();
    await injectFault('/api/forgot_password_back.php', 'status-500');
    expect(visibleText((await page('/update-password?x=RESET-VALID', httpEnv())).html)).toContain('This link has expired');
    await resetStandIn();
  });

  it('a token works once: after the change, the same link shows the expired view', async () => {
    const changed = await request(embeddedEnv(), '/api/forgot_password_back.php', json({ x: 'RESET-VALID', np: 'a brand new password' }));
    expect(await changed.json()).toEqual({ success: true, status: 'PASSWORD_CHANGED' });
    expect(visibleText((await page('/update-password?x=RESET-VALID')).html)).toContain('This link has expired');
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
