import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DESKTOP, visibleText } from '../helpers';
import { embeddedEnv, request } from '../origin-helpers';

const get = async (path: string) => (await request(embeddedEnv(), path, { headers: { 'User-Agent': DESKTOP } })).text();

describe('/member-signup', () => {
  it('shows the price for the ad and one month free', async () => {
    expect(visibleText(await get('/member-signup?ad=4'))).toContain('One month free, then $23.99 a month');
    expect(visibleText(await get('/member-signup?ad=9'))).toContain('One month free, then $4.99 a month');
  });

  it('starts on view v, never past 3, and keeps camefrom and ad for the call', async () => {
    expect(visibleText(await get('/member-signup?v=2&ad=2&camefrom=email'))).toContain('How would you like to pay?');
    expect(visibleText(await get('/member-signup?v=3'))).toContain("You're on the waitlist!");
    expect(visibleText(await get('/member-signup?v=7'))).toContain('Papaya Premium');
    expect(await get('/member-signup?v=2&ad=2&camefrom=email')).toContain(
      '&quot;cameFrom&quot;:&quot;email&quot;,&quot;ad&quot;:&quot;2&quot;',
    );
  });

  it('the call records the payment choice', async () => {
    const res = await request(embeddedEnv(), '/api/member_signup.php?p=NEW_METHOD&f=email&a=2', { method: 'POST' });
    expect(await res.json()).toEqual({ success: true });
    const row = await env.DB!.prepare('SELECT payment_type, came_from, ad FROM member_signups ORDER BY id DESC LIMIT 1').first();
    expect(row).toEqual({ payment_type: 'NEW_METHOD', came_from: 'email', ad: '2' });
  });
});
