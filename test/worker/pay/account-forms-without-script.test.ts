import { describe, expect, it } from 'vitest';
import { REQUIRED } from '../../../src/domain/messages';
import { INVALID_EMAIL } from '../../../src/domain/messages';
import { visibleText } from '../helpers';
import {
  embeddedEnv,
  freshClient,
  httpEnv,
  injectAnswer,
  postForm,
  request,
  resetStandIn,
  standInCalls,
  inputValue,
} from '../origin-helpers';
import { en } from '../../../src/domain/catalogue/en';

const PROVIDER_NOT_FOUND = en.providerLookup.notFound;
const { inProgress: IN_PROGRESS, cancelled: CANCELLED } = en.infoRequest;
const NOT_FOUND_EMAIL = en.payLater.notFoundEmail;
const { accessCode: ACCESS_CODE_HINT, invalidCodeTitle: INVALID_CODE_TITLE, passwordMatch: PASSWORD_MATCH_HINT } = en.getPaid;

describe('pay later without script', () => {
  const open = embeddedEnv({ PAY_LATER_UNTIL: '2099-12-31' } as Partial<Env>);
  const post = (email: string) => postForm('/pay-later', { _form: 'pay-later', email }, freshClient(), 'same-origin', open);

  it('the form posts the email to the page', async () => {
    const html = await (await request(open, '/pay-later')).text();
    expect(/<form[^>]*>/.exec(html)?.[0]).toContain('method="post"');
    expect(inputValue(html, '_form')).toBe('pay-later');
    expect(html).toMatch(/name="email"/);
  });

  it('a member is enrolled: a 303 to the result', async () => {
    const res = await post('member@example.com');
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/pay-later?done=pay-later&view=success');
    expect(visibleText(await (await request(open, res.headers.get('Location')!)).text())).toContain("You're in!");
  });

  it('an unknown email is answered at the field, the email kept; an empty one is required', async () => {
    const unknown = await post('nobody-here@example.com');
    expect(unknown.status).toBe(400);
    const html = await unknown.text();
    expect(visibleText(html)).toContain(NOT_FOUND_EMAIL);
    expect(inputValue(html, 'email')).toBe('nobody-here@example.com');
    const empty = await post('  ');
    expect(empty.status).toBe(400);
    expect(visibleText(await empty.text())).toContain(REQUIRED);
  });

  it('a typed value that is no email is answered at the field and kept, without asking the backend', async () => {
    await resetStandIn();
    const res = await postForm(
      '/pay-later',
      { _form: 'pay-later', email: 'member at example' },
      freshClient(),
      'same-origin',
      httpEnv({
        PAY_LATER_UNTIL: '2099-12-31',
      } as Partial<Env>),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(visibleText(html)).toContain(INVALID_EMAIL);
    expect(inputValue(html, 'email')).toBe('member at example');
    expect(await standInCalls()).toEqual([]);
  });
});

describe('bill info without script', () => {
  const post = (token: string, fields: Record<string, string>) => postForm(`/update-info-request?t=${token}`, { _form: 'info', ...fields });

  it('the biller’s fields: empty ones are required at their field; filled in, a 303 to the result', async () => {
    const html = await (await request(embeddedEnv(), '/update-info-request?t=INFO-FIELDS')).text();
    expect(/<form[^>]*>/.exec(html)?.[0]).toContain('method="post"');
    const names = [...html.matchAll(/name="(field-\d+)"/g)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(0);
    const empty = await post('INFO-FIELDS', Object.fromEntries(names.map((n) => [n, ''])));
    expect(empty.status).toBe(400);
    expect(visibleText(await empty.text())).toContain(REQUIRED);
    const filled = await post('INFO-FIELDS', Object.fromEntries(names.map((n, i) => [n, `answer ${i}`])));
    expect(filled.status).toBe(303);
    const result = await request(embeddedEnv(), filled.headers.get('Location')!);
    expect(visibleText(await result.text())).toContain(IN_PROGRESS);
  });

  it('a change confirmed: a 303 to the result', async () => {
    const res = await post('INFO-DEADLINE', { answer: 'confirm' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/update-info-request?t=INFO-DEADLINE&done=info&view=in-progress');
  });

  it('declined: the page asks to be sure, then the payment is cancelled', async () => {
    const asked = await post('INFO-AMOUNT', { answer: 'decline' });
    expect(asked.status).toBe(200);
    const html = await asked.text();
    expect(html).toMatch(
      /<button(?=[^>]*type="submit")(?=[^>]*name="answer")(?=[^>]*value="cancel")[^>]*>Yes, cancel the payment<\/button>/,
    );
    const cancelled = await post('INFO-AMOUNT', { answer: 'cancel' });
    expect(cancelled.status).toBe(303);
    expect(visibleText(await (await request(embeddedEnv(), cancelled.headers.get('Location')!)).text())).toContain(CANCELLED);
  });
});

describe('get-paid without script', () => {
  const post = (fields: Record<string, string>, client = freshClient()) => postForm('/getpaid', { _form: 'get-paid', ...fields }, client);

  it('a short code is refused at its field, the code kept', async () => {
    const res = await post({ whichState: 'access', access: 'abc' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(visibleText(html)).toContain(ACCESS_CODE_HINT);
    expect(inputValue(html, 'access')).toBe('abc');
  });

  it('a wrong code leads to the try-again view', async () => {
    const res = await post({ whichState: 'access', access: 'WRONG-CODE' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(visibleText(html)).toContain(INVALID_CODE_TITLE);
    expect(inputValue(html, 'whichState')).toBe('oopsTryAgain');
  });

  it('the right code, then a password: a 303 to the biller panel with the agent token', async () => {
    const client = freshClient();
    const setPass = await post({ whichState: 'access', access: 'ACCESS1' }, client);
    expect(setPass.status).toBe(200);
    const html = await setPass.text();
    expect(inputValue(html, 'whichState')).toBe('setPass');
    const sessionToken = inputValue(html, 'sessionToken')!;
    expect(sessionToken).toBeTruthy();
    const mismatch = await post(
      { whichState: 'setPass', sessionToken, email: 'biller@example.com', pass: 'long enough', confirm: 'other' },
      client,
    );
    expect(mismatch.status).toBe(400);
    const again = await mismatch.text();
    expect(visibleText(again)).toContain(PASSWORD_MATCH_HINT);
    expect(again).not.toContain('long enough');
    expect(inputValue(again, 'email')).toBe('biller@example.com');
    const done = await post(
      { whichState: 'setPass', sessionToken, email: 'biller@example.com', pass: 'long enough', confirm: 'long enough' },
      client,
    );
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toMatch(/^\/biller\?agentToken=/);
  });

  it('a code for an account: a 303 to the biller panel', async () => {
    const res = await post({ whichState: 'access', access: 'ACCESS2' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/biller?hasAccount=true');
  });
});

describe('membership without script', () => {
  it('Continue is a link to the choice; the choice posts, and a 303 leads to the waitlist view', async () => {
    const first = await (await request(embeddedEnv(), '/member-signup?camefrom=app&ad=2')).text();
    expect(first).toContain('href="/member-signup?camefrom=app&amp;ad=2&amp;v=2"');
    const second = await (await request(embeddedEnv(), '/member-signup?camefrom=app&ad=2&v=2')).text();
    expect(/<form[^>]*>/.exec(second)?.[0]).toContain('method="post"');
    const res = await postForm('/member-signup?camefrom=app&ad=2&v=2', { _form: 'membership', payment: 'NEW_METHOD' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/member-signup?camefrom=app&ad=2&v=2&done=membership');
    expect(visibleText(await (await request(embeddedEnv(), res.headers.get('Location')!)).text())).toContain("You're on the waitlist!");
  });
});

describe('provider lookup without script', () => {
  it('is a declared GET search whose results are links to each provider’s form', async () => {
    const res = await request(embeddedEnv(), '/web-payment?t=valley');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(/<form[^>]*role="search"[^>]*>/.exec(html)?.[0]).toMatch(/method="get"/);
    expect(html).toMatch(/<input[^>]*name="t"[^>]*value="valley"|<input[^>]*value="valley"[^>]*name="t"/);
    expect(html).toContain('<a href="/web-payment?p=1001&amp;g=1">Valley Medical Group</a>');
  });

  it('a term that finds nothing says so', async () => {
    expect(visibleText(await (await request(embeddedEnv(), '/web-payment?t=zzzzzz')).text())).toContain(PROVIDER_NOT_FOUND);
  });

  it('a search term of 49 to 100 characters answers a list on the page and by the API, never an error', async () => {
    for (const length of [49, 50, 51, 75, 100]) {
      const term = encodeURIComponent('Valley Medical Group %_ '.repeat(5).slice(0, length));
      const api = await request(embeddedEnv(), `/api/web_payment.php?action=getPayees&term=${term}&target=partner`);
      expect(api.status, `${length}`).toBe(200);
      expect(await api.json()).toEqual([]);
      const page = await request(embeddedEnv(), `/web-payment?t=${term}`);
      expect(page.status, `${length}`).toBe(200);
      expect(visibleText(await page.text())).toContain(PROVIDER_NOT_FOUND);
    }
  });

  it('whatever the backend answers, only payees that take web payment are listed, on the page and by the API', async () => {
    await resetStandIn();
    const base = { street1: '', street2: '', city: '', state: '', zip: '' };
    await injectAnswer('/api/web_payment.php', [
      { ...base, id: 2001, name: 'Listed Clinic', url: 'listedclinic', isPartner: true },
      { ...base, id: 2002, name: 'Not A Partner', url: 'notpartner', isPartner: false },
      { ...base, id: 2003, name: 'No Web Clinic', url: 'nowebclinic', isPartner: true, noGenericWeb: true },
      { ...base, id: 2004, name: 'Auto Clinic', url: 'autoclinic', isPartner: true, autoConf: true },
      { ...base, id: 2005, name: 'Billing Service', url: 'billingservice', isPartner: true, isBilling: 1 },
      { ...base, id: 2006, name: 'Generic Pay', url: 'pay', isPartner: true },
    ]);
    const api = await request(httpEnv(), '/api/web_payment.php?action=getPayees&term=clinic&target=partner');
    expect((await api.json<Array<{ name: string }>>()).map((r) => r.name)).toEqual(['Listed Clinic']);
    const page = visibleText(await (await request(httpEnv(), '/web-payment?t=clinic')).text());
    expect(page).toContain('Listed Clinic');
    for (const hidden of ['Not A Partner', 'No Web Clinic', 'Auto Clinic', 'Billing Service', 'Generic Pay'])
      expect(page).not.toContain(hidden);
    await resetStandIn();
  });
});
