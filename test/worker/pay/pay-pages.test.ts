import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { FLAG_CACHE_KEY, forgetRedirectFlag } from '../../../src/origin/feature-flags';
import { payeeCacheKey } from '../../../src/origin/payee-cache';
import { ANDROID, codeScriptTags, DESKTOP, IPHONE, scriptTags, visibleText } from '../helpers';
import { embeddedEnv, httpEnv, injectFault, request, resetStandIn, standInCalls } from '../origin-helpers';

const as = (ua: string): RequestInit => ({ headers: { 'User-Agent': ua } });
const webPay = (path: string, p: string) =>
  `${env.WEB_PAY_URL}/?referrer=${encodeURIComponent(`https://papaya.test${path}`)}&device=mobile&p=${p}`;

async function setFlag(enabled: boolean) {
  await env
    .DB!.prepare('UPDATE feature_flags SET enabled = ? WHERE name = ?')
    .bind(enabled ? 1 : 0, 'pay-wpbp-redirect')
    .run();
  await env.CACHE.delete(FLAG_CACHE_KEY);
  forgetRedirectFlag();
}

/** Contract §6 payees, as a desktop visitor sees /{url}. */
const DESKTOP_EXPECTED: Array<[path: string, status: number, expect: string]> = [
  ['/valleymed', 200, 'Pay Valley Medical Group'],
  ['/lakeside', 200, 'Pay Lakeside Family Clinic'],
  ['/metrowater', 302, '/payment/biller/biller.php?p=1003'],
  ['/harborhealth', 302, '/web-payment-multi-option/harborhealth'],
  ['/northside', 200, 'Pay Northside Imaging'],
  ['/summitdental', 200, 'Pay Summit Dental'],
  ['/cedarvalley', 200, 'Pay Cedar Valley Hospital'],
  ['/pinecrest', 200, 'Pay Pinecrest Pediatrics'],
  ['/acmestaffing', 200, 'Pay Acme Staffing Inc'],
];

describe('pay pages for every demo payee', () => {
  beforeEach(() => setFlag(true));

  it.each(DESKTOP_EXPECTED)('desktop %s gives %i', async (path, status, expected) => {
    const res = await request(embeddedEnv(), path, as(DESKTOP));
    expect(res.status).toBe(status);
    if (status === 302) expect(res.headers.get('Location')).toBe(expected);
    else expect(visibleText(await res.text())).toContain(expected);
  });

  it.each(DESKTOP_EXPECTED.map(([path]) => path))('phones on %s go to web pay with the payee kept as p', async (path) => {
    for (const ua of [IPHONE, ANDROID]) {
      const res = await request(embeddedEnv(), path, as(ua));
      expect(res.status).toBe(302);
      expect(res.headers.get('Location')).toBe(webPay(path, path.slice(1)));
    }
  });

  it('the /pay family names the payee with p or oid', async () => {
    for (const path of [
      '/pay?p=valleymed',
      '/pay-now?oid=valleymed',
      '/paynow?p=valleymed',
      '/pay-contactless?p=valleymed',
      '/contactless?p=valleymed',
      '/pay-demo?p=valleymed',
      '/demo?p=valleymed',
      '/pay/valleymed',
    ]) {
      const res = await request(embeddedEnv(), path, as(DESKTOP));
      expect(res.status, path).toBe(200);
      expect(visibleText(await res.text())).toContain('Pay Valley Medical Group');
    }
    const phone = await request(embeddedEnv(), '/pay?p=valleymed', as(IPHONE));
    expect(phone.headers.get('Location')).toBe(webPay('/pay?p=valleymed', 'valleymed'));
  });

  it('the plain form answers generic names, no name, and payee 1002 by id', async () => {
    for (const path of ['/pay', '/pay?p=pay', '/pay?p=bill', '/pay?p=papaya', '/pay?p=1002']) {
      const html = await (await request(embeddedEnv(), path, as(DESKTOP))).text();
      expect(visibleText(html), path).toContain('Pay your bill with Papaya');
      expect(html).toContain('data-island="sms-form"');
    }
  });

  it('harborhealth on the pay route and below its provider path gives its own form', async () => {
    expect(visibleText(await (await request(embeddedEnv(), '/pay?p=harborhealth', as(DESKTOP))).text())).toContain(
      'Pay Harbor Health Partners',
    );
    expect(visibleText(await (await request(embeddedEnv(), '/harborhealth/patient', as(DESKTOP))).text())).toContain(
      'Pay Harbor Health Partners',
    );
  });

  it('special names send phones to /webpay and show desktops the form', async () => {
    const phone = await request(embeddedEnv(), '/pay?p=bilh', as(ANDROID));
    expect(phone.headers.get('Location')).toBe(`${env.WEB_PAY_URL}/webpay?payeeNameClean=bilh&device=mobile&type=b&showLogo=true`);
    const smart = await request(embeddedEnv(), '/pay?p=smartsource', as(IPHONE));
    expect(smart.headers.get('Location')).toBe(`${env.WEB_PAY_URL}/webpay?payeeNameClean=smartsource&device=mobile&type=b`);
    expect((await request(embeddedEnv(), '/pay?p=pmsia', as(DESKTOP))).status).toBe(200);
  });

  it('links to the web payment form only for a payee that takes web payments', async () => {
    const page = async (path: string) => (await request(embeddedEnv(), path, { headers: { 'User-Agent': DESKTOP } })).text();
    expect(await page('/valleymed')).toContain('href="/web-payment?p=1001"');
    expect(await page('/pay')).toContain('href="/web-payment"');
    for (const path of ['/northside', '/summitdental', '/web-payment?p=1005'])
      expect(visibleText(await page(path))).not.toContain('Pay by card on the web');
  });

  it('index.php goes home', async () => {
    const res = await request(embeddedEnv(), '/pay?p=index.php', as(DESKTOP));
    expect(res.headers.get('Location')).toBe('/home');
  });

  it('with the flag off, phones stay and get the form with the store link', async () => {
    await setFlag(false);
    const res = await request(embeddedEnv(), '/valleymed', as(IPHONE));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`&quot;storeUrl&quot;:&quot;${env.APP_STORE_URL}&quot;`);
  });

  it('the multi-option page offers the patient and company payments', async () => {
    const res = await request(embeddedEnv(), '/web-payment-multi-option/harborhealth', as(DESKTOP));
    const html = await res.text();
    expect(visibleText(html)).toContain('Pay your patient or company invoice below.');
    expect(html).toContain('href="/harborhealth/patient"');
    expect(html).toContain('href="/web-payment?p=1004&amp;ib=1"');
    expect(visibleText(html)).toContain('Patient Bill Payment');
    expect(visibleText(html)).toContain('Company Invoice Payment');
    expect(scriptTags(html)).toEqual([]);
  });
});

describe('unknown payees and failures, against the HTTP stand-in', () => {
  beforeEach(resetStandIn);

  it('an unknown payee is a 404 page, reported to the origin exactly once', async () => {
    const res = await request(httpEnv(), '/no-such-payee-anywhere?ref=x', as(DESKTOP));
    expect(res.status).toBe(404);
    expect(visibleText(await res.text())).toContain("Sorry! We can't find that page.");
    const reports = (await standInCalls()).filter((c) => c.path === '/api/404.php');
    expect(reports).toHaveLength(1);
    expect(JSON.parse(reports[0]!.body)).toEqual({ path: '/no-such-payee-anywhere?ref=x' });
  });

  it('the same unknown path asked for again within a minute is reported only once', async () => {
    for (let i = 0; i < 3; i++) expect((await request(httpEnv(), '/no-such-payee-again', as(DESKTOP))).status).toBe(404);
    expect((await standInCalls()).filter((c) => c.path === '/api/404.php')).toHaveLength(1);
  });

  it('an unresolvable multi-option provider is reported and gets the 404 page', async () => {
    const res = await request(httpEnv(), '/web-payment-multi-option/nosuchprovider', as(DESKTOP));
    expect(res.status).toBe(404);
    expect((await standInCalls()).filter((c) => c.path === '/api/404.php')).toHaveLength(1);
  });

  it('a failed flag check still sends phones to web pay', async () => {
    await env.CACHE.delete(FLAG_CACHE_KEY);
    forgetRedirectFlag();
    await injectFault('/api/unleash', 'status-500');
    const res = await request(httpEnv(), '/valleymed', as(IPHONE));
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(webPay('/valleymed', 'valleymed'));
  });

  it('a backend that cannot look the payee up gives a clear page, not a 500', async () => {
    await injectFault('/api/payee_url.php', 'status-500');
    const res = await request(httpEnv(), '/pinecrest-unknown-cached', as(DESKTOP));
    expect(res.status).toBe(503);
    expect(visibleText(await res.text())).toContain("We can't load this payment page right now.");
  });

  it('a customHeading with scripts renders none of them', async () => {
    const html = await (await request(httpEnv(), '/hostileclinic', as(DESKTOP))).text();
    const heading = /<div class="payee-heading">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(heading).toContain('<strong>Welcome</strong>');
    expect(heading).toContain('<a href="https://help.example/faq" rel="nofollow noopener noreferrer">FAQ</a>');
    expect(heading).not.toMatch(/<script|onerror|onload|javascript:|<iframe|<svg|<img/i);
    expect(codeScriptTags(html).every((tag) => /type="module" src="\/assets\//.test(tag))).toBe(true);
    const kept = await env.CACHE.get<{ value: { customHeading: string } }>(payeeCacheKey.byUrl('hostileclinic'), 'json');
    expect(kept?.value.customHeading).toBe(heading);
  });
});
