import { describe, expect, it } from 'vitest';
import { RESET_FORM } from '../../../src/domain/password';
import { INFO_FORM } from '../../../src/domain/info-request';
import { GET_PAID_FORM } from '../../../src/domain/get-paid';
import { ACCOUNT_LINK_FORM } from '../../../src/domain/api-schemas';
import { islandProps, visibleText } from '../helpers';
import { embeddedEnv, freshClient, httpEnv, postForm, request, resetStandIn, standInCalls } from '../origin-helpers';

/**
 * Mail scanners (Microsoft Safe Links, Proofpoint, Mimecast, Barracuda) fetch every emailed link,
 * by GET and HEAD, from their own addresses, before the person opens it. None of those fetches may
 * use a token up or change anything: each link below is fetched five times each way, then works
 * for the person, whose button is the one POST that acts.
 */
const SCANNERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; rv:11.0) like Gecko',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/119.0.0.0 Safari/537.36',
  'python-requests/2.31.0',
  'Barracuda Sentinel (EE)',
];

/** Five GETs and five HEADs, each from another address and scanner. */
async function scan(path: string, env = embeddedEnv()) {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++)
    for (const method of ['GET', 'HEAD']) {
      const res = await request(env, path, {
        method,
        headers: { 'User-Agent': SCANNERS[i]!, 'CF-Connecting-IP': `203.0.113.${10 + i * 2 + (method === 'HEAD' ? 1 : 0)}` },
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
  return statuses;
}

/** What a scan made the backend do: only reads are allowed. */
async function backendCallsOfScan(path: string): Promise<string[]> {
  await resetStandIn();
  await scan(path, httpEnv());
  return (await standInCalls()).map((call) => `${call.method} ${call.path} ${call.body}`);
}

describe('emailed links survive mail scanners', () => {
  it('password reset: scanned, then the person sets a new password', async () => {
    const link = '/update-password?x=RESET-VALID';
    expect(await scan(link)).toEqual(Array(10).fill(200));
    const res = await postForm(link, { _form: RESET_FORM, x: 'RESET-VALID', np: 'a good password', confirm: 'a good password' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${link}&done=reset`);
    for (const call of await backendCallsOfScan(link)) expect(call).not.toMatch(/"np"/);
  });

  it('bill info: scanned, then the person confirms the payment', async () => {
    const link = '/update-info-request?t=INFO-DEADLINE';
    expect(await scan(link)).toEqual(Array(10).fill(200));
    expect(visibleText(await (await request(embeddedEnv(), link)).text())).toContain('Your bill is due soon');
    const res = await postForm(link, { _form: INFO_FORM, answer: 'confirm' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${link}&done=info&view=in-progress`);
    for (const call of await backendCallsOfScan(link)) expect(call).toMatch(/^GET /);
  });

  it('account link: scanned, nothing sent; the person presses the button and the code is sent once', async () => {
    const link = '/account-link?code=one-time-code&state=s1&scope=gmail.readonly';
    expect(await backendCallsOfScan(link)).toEqual([]);
    expect(await scan(link)).toEqual(Array(10).fill(200));
    const page = await (await request(httpEnv(), link)).text();
    expect(visibleText(page)).toContain('Link my email');
    await resetStandIn();
    const res = await postForm(
      link,
      { _form: ACCOUNT_LINK_FORM, code: 'one-time-code', state: 's1', scope: 'gmail.readonly' },
      freshClient(),
      'same-origin',
      httpEnv(),
    );
    expect(res.status).toBe(303);
    const calls = await standInCalls();
    expect(calls.map((call) => call.path)).toEqual(['/api/link_gmail_account.php']);
    expect(JSON.parse(calls[0]!.body)).toMatchObject({ code: 'one-time-code' });
  });

  it('pay-later link: scanned, nothing sent; the person presses the button and is enrolled', async () => {
    const ue = btoa('member@example.com');
    const link = `/pay-later?ue=${ue}`;
    const open = { PAY_LATER_UNTIL: '2099-12-31' } as Partial<Env>;
    await resetStandIn();
    await scan(link, httpEnv(open));
    expect(await standInCalls()).toEqual([]);
    expect(await scan(link, embeddedEnv(open))).toEqual(Array(10).fill(200));
    const res = await postForm(link, { _form: 'pay-later', ue }, freshClient(), 'same-origin', embeddedEnv(open));
    expect(res.status).toBe(303);
    expect(visibleText(await (await request(embeddedEnv(open), res.headers.get('Location')!)).text())).toContain("You're in!");
  });

  it('get-paid invite: scanned, nothing sent; the person continues to the invite form', async () => {
    const invite = btoa('1008');
    const link = `/getpaid?i=${invite}`;
    expect(await backendCallsOfScan(link)).toEqual([]);
    expect(await scan(link)).toEqual(Array(10).fill(200));
    const res = await postForm(link, { _form: GET_PAID_FORM, whichState: 'preEmail', i: invite });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(islandProps(html, 'get-paid')).toMatchObject({ posted: { data: { view: 'inviteForm' } } });
    expect(visibleText(html)).toContain('Pinecrest Pediatrics');
  });
});
