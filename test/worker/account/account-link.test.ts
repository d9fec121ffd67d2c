import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { DESKTOP, IPHONE, scriptTags, visibleText } from '../helpers';
import { embeddedEnv, freshClient, httpEnv, injectFault, postForm, request, resetStandIn, standInCalls } from '../origin-helpers';

const visit = (path: string, ua = DESKTOP, cookie?: string) =>
  request(httpEnv(), path, { headers: { 'User-Agent': ua, ...(cookie ? { Cookie: cookie } : {}) } });

describe('/account-link', () => {
  beforeEach(resetStandIn);

  it('opening the link posts nothing; the button sends the answer once and success is remembered for the session', async () => {
    const res = await visit('/account-link?code=auth-code&scope=gmail.readonly&state=s1');
    const html = await res.text();
    expect(visibleText(html)).toContain('Link your email to Papaya');
    expect(scriptTags(html)).toEqual([]);
    expect(await standInCalls()).toEqual([]);

    const sent = await postForm(
      '/account-link?code=auth-code&scope=gmail.readonly&state=s1',
      { _form: 'account-link', state: 's1', code: 'auth-code', scope: 'gmail.readonly' },
      freshClient(),
      'same-origin',
      httpEnv(),
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get('Location')).toBe('/account-link?done=account-link');
    const calls = await standInCalls();
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body)).toEqual({ state: 's1', code: 'auth-code', scope: 'gmail.readonly', error: '' });
    const cookie = sent.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(/^papaya_email_linked=1; .*HttpOnly/);
    expect(cookie).not.toMatch(/Max-Age|Expires/);
    expect(visibleText(await (await visit('/account-link?done=account-link', DESKTOP, 'papaya_email_linked=1')).text())).toContain(
      'Your email is linked!',
    );

    await resetStandIn();
    const again = await visit('/account-link?code=auth-code', DESKTOP, 'papaya_email_linked=1');
    expect(visibleText(await again.text())).toContain('Your email is linked!');
    expect(await standInCalls()).toEqual([]);
  });

  it('shows the failure when the provider refused, without a call, or when the call failed', async () => {
    expect(visibleText(await (await visit('/account-link?error=access_denied')).text())).toContain(
      'Oh no! There was an issue linking your email.',
    );
    expect(await standInCalls()).toEqual([]);
    await injectFault('/api/link_gmail_account.php', 'status-500');
    const failed = await postForm(
      '/account-link?code=c',
      { _form: 'account-link', state: '', code: 'c', scope: '' },
      freshClient(),
      'same-origin',
      httpEnv(),
    );
    expect(visibleText(await failed.text())).toContain('Oh no! There was an issue linking your email.');
    expect(failed.headers.get('Set-Cookie')).toBeNull();
  });

  it('one client whose answers the backend keeps refusing is stopped after 20, at the page and the API', async () => {
    const client = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await postForm('/account-link?code=x', { _form: 'account-link', state: '', code: '', scope: '' }, client);
      statuses.push(res.status);
      if (i === 21) expect(visibleText(await res.text())).toMatch(/Too many links were tried from your connection/);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    const api = await request(embeddedEnv(), '/api/link_gmail_account.php', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client, 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({ code: 'c' }),
    });
    expect(api.status).toBe(429);
    expect(api.headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('the button is refused from another site', async () => {
    const res = await postForm(
      '/account-link?code=c',
      { _form: 'account-link', state: '', code: 'c', scope: '' },
      freshClient(),
      'cross-site',
      httpEnv(),
    );
    expect(res.status).toBe(403);
    expect(await standInCalls()).toEqual([]);
  });

  it("the way back is the app's universal link when one is set, its App Store page otherwise", async () => {
    const returnHref = async (e: Env) => {
      const html = await (await request(e, '/account-link?error=access_denied', { headers: { 'User-Agent': IPHONE } })).text();
      return /<a class="button" href="([^"]+)">Return to the Papaya app<\/a>/.exec(html)?.[1];
    };
    expect(await returnHref(httpEnv({ APP_LINK_URL: 'https://open.papaya-app.test/linked' } as Partial<Env>))).toBe(
      'https://open.papaya-app.test/linked',
    );
    expect(await returnHref(httpEnv())).toBe(env.APP_STORE_URL);
  });

  it('offers the way back to the app on an iPhone only', async () => {
    expect(visibleText(await (await visit('/account-link?done=account-link', IPHONE, 'papaya_email_linked=1')).text())).toContain(
      'Return to the Papaya app',
    );
    expect(visibleText(await (await visit('/account-link?done=account-link', DESKTOP, 'papaya_email_linked=1')).text())).not.toContain(
      'Return to the Papaya app',
    );
    // Not before the link is made: the button is the way on.
    expect(visibleText(await (await visit('/account-link?code=c', IPHONE)).text())).not.toContain('Return to the Papaya app');
  });
});
