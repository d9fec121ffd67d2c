import { describe, expect, it } from 'vitest';
import { DESKTOP, scriptTags, visibleText } from '../helpers';
import { embeddedEnv, httpEnv, injectFault, request, resetStandIn, standInCalls } from '../origin-helpers';

const open = (vars: Partial<Env> = {}) => embeddedEnv({ PAY_LATER_UNTIL: '2099-12-31', ...vars } as Partial<Env>);
const text = async (e: Env, path: string) => visibleText(await (await request(e, path, { headers: { 'User-Agent': DESKTOP } })).text());

describe('/pay-later', () => {
  it('after the last day, shows the promotion is over', async () => {
    const res = await request(embeddedEnv(), '/pay-later', { headers: { 'User-Agent': DESKTOP } });
    const html = await res.text();
    expect(visibleText(html)).toContain('This promotion is no longer available.');
    expect(scriptTags(html)).toEqual([]);
    expect(await text(embeddedEnv(), `/pay-later?ue=${btoa('member@example.com')}`)).toContain('This promotion is no longer available.');
  });

  it('with no token, offers the email form', async () => {
    const html = await (await request(open(), '/pay-later', { headers: { 'User-Agent': DESKTOP } })).text();
    expect(html).toContain('data-island="pay-later"');
    expect(visibleText(html)).toContain('no fees or interest');
    expect(visibleText(html)).toContain('Offer ends December 31, 2099.');
  });

  it('with a token, enrols at once and shows the result', async () => {
    expect(await text(open(), `/pay-later?ue=${btoa('member@example.com')}`)).toContain("You're in!");
    expect(await text(open(), `/pay-later?ue=${btoa('member@example.com')}`)).toContain("You're already enrolled.");
    expect(await text(open(), `/pay-later?ue=${btoa('enrolled@example.com')}`)).toContain("You're already enrolled.");
    expect(await text(open(), `/pay-later?ue=${btoa('stranger@example.com')}`)).toContain(
      "Oops! We couldn't find a Papaya account using that email.",
    );
  });

  it('a link whose token is no base64 email is never sent to the backend, from the page or the API', async () => {
    await resetStandIn();
    const live = httpEnv({ PAY_LATER_UNTIL: '2099-12-31' } as Partial<Env>);
    for (const ue of ['/', 'a', btoa('\u0000')])
      expect(await text(live, `/pay-later?ue=${encodeURIComponent(ue)}`)).toContain('Oops! Something went wrong.');
    const api = await request(live, '/api/pay_later.php', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': DESKTOP },
      body: JSON.stringify({ ue: '/' }),
    });
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ error: 'Please check the highlighted fields.', fields: { ue: 'Invalid token.' } });
    expect(await standInCalls()).toEqual([]);
  });

  it('a failed call shows the oops view', async () => {
    await resetStandIn();
    await injectFault('/api/pay_later.php', 'status-500');
    expect(await text(httpEnv({ PAY_LATER_UNTIL: '2099-12-31' } as Partial<Env>), `/pay-later?ue=${btoa('member@example.com')}`)).toContain(
      'Oops! Something went wrong.',
    );
    await resetStandIn();
  });
});
