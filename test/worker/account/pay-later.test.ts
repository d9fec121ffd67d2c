import { describe, expect, it } from 'vitest';
import { DESKTOP, scriptTags, visibleText } from '../helpers';
import { embeddedEnv, freshClient, httpEnv, injectFault, postForm, request, resetStandIn, standInCalls } from '../origin-helpers';

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

  /** The emailed link's button, pressed without script; the result page it leads to. */
  const press = async (ue: string, e = open()) => {
    const res = await postForm(`/pay-later?ue=${encodeURIComponent(ue)}`, { _form: 'pay-later', ue }, freshClient(), 'same-origin', e);
    const location = res.headers.get('Location');
    return location ? text(e, location) : visibleText(await res.text());
  };

  it('with a token, asks for the press of a button, then enrols and shows the result', async () => {
    const page = await (
      await request(open(), `/pay-later?ue=${btoa('member@example.com')}`, { headers: { 'User-Agent': DESKTOP } })
    ).text();
    expect(visibleText(page)).toContain('Get my advance');
    expect(page).toContain(`<input type="hidden" name="ue" value="${btoa('member@example.com')}"/>`);
    expect(visibleText(page)).not.toContain('member@example.com');
    expect(await press(btoa('member@example.com'))).toContain("You're in!");
    expect(await press(btoa('member@example.com'))).toContain("You're already enrolled.");
    expect(await press(btoa('enrolled@example.com'))).toContain("You're already enrolled.");
    expect(await press(btoa('stranger@example.com'))).toContain("Oops! We couldn't find a Papaya account using that email.");
  });

  it('opening the link, as a mail scanner does, enrols no one', async () => {
    await resetStandIn();
    const live = httpEnv({ PAY_LATER_UNTIL: '2099-12-31' } as Partial<Env>);
    for (let i = 0; i < 5; i++)
      for (const method of ['GET', 'HEAD'])
        await request(live, `/pay-later?ue=${btoa('member@example.com')}`, { method, headers: { 'User-Agent': DESKTOP } });
    expect(await standInCalls()).toEqual([]);
    expect(await press(btoa('member@example.com'), live)).toContain("You're in!");
    expect((await standInCalls()).map((call) => call.path)).toEqual(['/api/pay_later.php']);
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
    expect(await press(btoa('member@example.com'), httpEnv({ PAY_LATER_UNTIL: '2099-12-31' } as Partial<Env>))).toContain(
      'Oops! Something went wrong.',
    );
    await resetStandIn();
  });
});
