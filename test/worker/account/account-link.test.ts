import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { DESKTOP, IPHONE, scriptTags, visibleText } from '../helpers';
import { httpEnv, injectFault, request, resetStandIn, standInCalls } from '../origin-helpers';

const visit = (path: string, ua = DESKTOP, cookie?: string) =>
  request(httpEnv(), path, { headers: { 'User-Agent': ua, ...(cookie ? { Cookie: cookie } : {}) } });

describe('/account-link', () => {
  beforeEach(resetStandIn);

  it('posts the link result once and shows success, remembered for the session', async () => {
    const res = await visit('/account-link?code=auth-code&scope=gmail.readonly&state=s1');
    const html = await res.text();
    expect(visibleText(html)).toContain('Your email is linked!');
    expect(scriptTags(html)).toEqual([]);
    const calls = await standInCalls();
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body)).toEqual({ state: 's1', code: 'auth-code', scope: 'gmail.readonly', error: '' });
    const cookie = res.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(/^papaya_email_linked=1; .*HttpOnly/);
    expect(cookie).not.toMatch(/Max-Age|Expires/);

    await resetStandIn();
    const again = await visit('/account-link?code=auth-code', DESKTOP, 'papaya_email_linked=1');
    expect(visibleText(await again.text())).toContain('Your email is linked!');
    expect(await standInCalls()).toEqual([]);
  });

  it('shows the failure when the provider refused, or the call failed', async () => {
    expect(visibleText(await (await visit('/account-link?error=access_denied')).text())).toContain(
      'Oh no! There was an issue linking your email.',
    );
    await injectFault('/api/link_gmail_account.php', 'status-500');
    const failed = await visit('/account-link?code=c');
    expect(visibleText(await failed.text())).toContain('Oh no! There was an issue linking your email.');
    expect(failed.headers.get('Set-Cookie')).toBeNull();
  });

  it("the way back is the app's universal link when one is set, its App Store page otherwise", async () => {
    const returnHref = async (e: Env) => {
      const html = await (await request(e, '/account-link?code=c', { headers: { 'User-Agent': IPHONE } })).text();
      return /<a class="button" href="([^"]+)">Return to the Papaya app<\/a>/.exec(html)?.[1];
    };
    expect(await returnHref(httpEnv({ APP_LINK_URL: 'https://open.papaya-app.test/linked' } as Partial<Env>))).toBe(
      'https://open.papaya-app.test/linked',
    );
    expect(await returnHref(httpEnv())).toBe(env.APP_STORE_URL);
  });

  it('offers the way back to the app on an iPhone only', async () => {
    expect(visibleText(await (await visit('/account-link?code=c', IPHONE)).text())).toContain('Return to the Papaya app');
    expect(visibleText(await (await visit('/account-link?code=c')).text())).not.toContain('Return to the Papaya app');
  });
});
