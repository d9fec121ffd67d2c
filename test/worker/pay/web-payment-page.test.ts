import { CARD_FIELDS, PAYER_FIELDS } from '../../../src/domain/payment';
import { describe, expect, it } from 'vitest';
import { codeScriptTags, DESKTOP, islandProps, visibleText } from '../helpers';
import { embeddedEnv, httpEnv, injectFault, request, resetStandIn, standInCalls } from '../origin-helpers';

const as: RequestInit = { headers: { 'User-Agent': DESKTOP } };
const props = (html: string) => islandProps(html, 'web-payment-form');

describe('/web-payment', () => {
  it('without p is the provider lookup, never cached', async () => {
    const res = await request(embeddedEnv(), '/web-payment?ref=404&t=valley', as);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('data-island="provider-lookup"');
    expect(html).toContain('value="valley"');
    expect(visibleText(html)).toContain('Provider Name');
  });

  it('with p is the complete form, laid out on the server, with a fresh form key each time', async () => {
    const a = await (await request(embeddedEnv(), '/web-payment?p=1001', as)).text();
    const b = await (await request(embeddedEnv(), '/web-payment?p=1001', as)).text();
    expect(visibleText(a)).toContain('Pay Valley Medical Group');
    expect(visibleText(a)).toContain('For all billing questions, call (559) 555-0101');
    expect(visibleText(a)).toContain('Patient Name');
    expect(visibleText(a)).toContain('Patient Date of Birth');
    expect(visibleText(a)).toContain('We will text a receipt for this payment to this number.');
    expect(a).toContain('href="/termsofservice"');
    expect(a).toContain('href="/privacy"');
    expect(props(a).formKey).toMatch(/^1001-\d{10}-[0-9a-f]{64}-[0-9a-f]{64}$/);
    expect(props(a).formKey).not.toBe(props(b).formKey);
    expect(codeScriptTags(a)).toHaveLength(1);
  });

  it('labels change with the version', async () => {
    // The labels the visitor reads, drawn on the server and handed to the island for hydration.
    const labelsOf = (html: string) => [...html.matchAll(/<label[^>]*>([^<]+)<\/label>/g)].map((m) => m[1]);
    const companyPage = await (await request(embeddedEnv(), '/web-payment?p=1009&ib=1', as)).text();
    expect(props(companyPage)).toMatchObject({ company: true });
    expect(labelsOf(companyPage)).toEqual(expect.arrayContaining(['Company Name', 'Invoice Number 1', 'Total Amount', 'Contact Number']));
    const utility = labelsOf(await (await request(embeddedEnv(), '/web-payment?p=1009', as)).text());
    expect(utility).toEqual(expect.arrayContaining(['Billing Name', 'Account Number', 'Payment Amount', 'Mobile Number']));
    expect(utility).not.toContain('Patient Name');
  });

  it('passes the query flags through to the payment call', async () => {
    const form = props(await (await request(embeddedEnv(), '/web-payment?p=1008&g=1&emailOpt&silent', as)).text());
    expect(form.flags).toEqual({ optE: true, silent: true, generic: true });
  });

  it('a payee not offered web payment gets its text-me-a-link form', async () => {
    for (const p of ['1005', '1006', '1003', '1002']) {
      const html = await (await request(embeddedEnv(), `/web-payment?p=${p}`, as)).text();
      expect(html, p).toContain('data-island="sms-form"');
      expect(html, p).not.toContain('data-island="web-payment-form"');
    }
  });

  it('the ids always allowed get the form whatever their flags', async () => {
    const html = await (await request(embeddedEnv({ WEB_PAY_ALWAYS_ALLOWED: '1005' } as Partial<Env>), '/web-payment?p=1005', as)).text();
    expect(html).toContain('data-island="web-payment-form"');
  });

  it('an unknown or malformed p goes back to the lookup', async () => {
    for (const p of ['424242', 'abc', '1001;drop']) {
      const res = await request(embeddedEnv(), `/web-payment?p=${encodeURIComponent(p)}`, as);
      expect(res.status).toBe(302);
      expect(res.headers.get('Location')).toBe('/web-payment');
    }
  });

  it('shows the debt-collector notice only for the configured payees', async () => {
    const e = embeddedEnv({ DEBT_COLLECTOR_PAYEE_IDS: '1008' } as Partial<Env>);
    expect(visibleText(await (await request(e, '/web-payment?p=1008', as)).text())).toContain(
      'This communication is from a debt collector.',
    );
    expect(visibleText(await (await request(e, '/web-payment?p=1001', as)).text())).not.toContain('debt collector');
  });

  it('draws the form again from the payee cache, without asking the origin each time', async () => {
    await resetStandIn();
    for (let i = 0; i < 3; i++) expect((await request(httpEnv(), '/web-payment?p=1007', as)).status).toBe(200);
    expect((await standInCalls()).filter((c) => c.path.startsWith('/api/web_payment.php'))).toHaveLength(1);
  });

  it('a backend that does not answer gives a clear page', async () => {
    await resetStandIn();
    await injectFault('/api/web_payment.php', 'status-503');
    // A payee no earlier test drew: a form drawn lately comes from the payee cache.
    const res = await request(httpEnv(), '/web-payment?p=1004', as);
    expect(res.status).toBe(503);
    expect(visibleText(await res.text())).toContain("We can't load this payment page right now.");
    await resetStandIn();
  });

  it('every field the form describes has its input in the page, each step drawn on the server', async () => {
    // 1001 asks for a date of birth; 1007 for a date of service and a billing ZIP (drawn last: the payee cache's test counts 1007's first look-up).
    const pages = await Promise.all(['1001', '1007'].map(async (p) => (await request(embeddedEnv(), `/web-payment?p=${p}`, as)).text()));
    for (const name of [...PAYER_FIELDS, ...CARD_FIELDS])
      expect(
        pages.some((html) => new RegExp(`<(input|select|textarea)[^>]*name="${name}"`).test(html)),
        name,
      ).toBe(true);
  });
});
