import { describe, expect, it } from 'vitest';
import { en } from '../../../src/domain/catalogue/en';
import { es } from '../../../src/domain/catalogue/es';
import { IPHONE, visibleText } from '../helpers';
import { embeddedEnv, formKeyFor, freshClient, TEST_PAYMENT, request } from '../origin-helpers';

import { ENGLISH, ENGLISH_WORDS, englishPhrases, htmlLang, SPANISH, visit } from './spanish';

describe('forms in Spanish without script', () => {
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string>) =>
    request(embeddedEnv(), path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Sec-Fetch-Site': 'same-origin',
        Origin: 'https://papaya.test',
        'CF-Connecting-IP': freshClient(),
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });

  it('a wrong number: the page again in Spanish, the Spanish message at the field, the number kept', async () => {
    const res = await post('/valleymed', { _form: 'sms', source: 'p', payeeId: '1001', num: '555-01' }, SPANISH);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(htmlLang(html)).toBe('es-US');
    expect(html).toMatch(new RegExp(`id="sms-error"[^>]*>${es.smsForm.invalidPhone}<`));
    expect(html).toMatch(/name="num"[^>]*value="555-01"/);
  });

  it('a card paid from a page opened with the switch: its receipt in Spanish, without a cookie', async () => {
    const page = '/web-payment?p=1001&lang=es';
    const res = await post(page, { _form: 'payment', step: 'card', formKey: await formKeyFor('1001'), ...TEST_PAYMENT }, ENGLISH);
    expect(res.status).toBe(303);
    const receipt = res.headers.get('Location')!;
    expect(receipt).toMatch(/^\/receipt\/PAP-[A-Z0-9]{8}\?lang=es$/);
    expect(htmlLang(await (await visit(receipt, ENGLISH)).text())).toBe('es-US');
  });

  it('the choice made with the switch sticks across the post, whatever the browser asks for', async () => {
    const res = await post('/valleymed', { _form: 'sms', source: 'p', payeeId: '1001', num: '555-01' }, { ...ENGLISH, Cookie: 'lang=es' });
    expect(htmlLang(await res.text())).toBe('es-US');
    // The form of a page opened with the switch posts to the same address, and so stays Spanish without a cookie.
    const bySwitch = await post('/valleymed?lang=es', { _form: 'sms', source: 'p', payeeId: '1001', num: '555-01' }, ENGLISH);
    expect(visibleText(await bySwitch.text())).toContain(es.smsForm.invalidPhone);
  });

  it('the payment form: each problem in Spanish at its field, the values kept', async () => {
    const res = await post(
      '/web-payment?p=1001',
      {
        _form: 'payment',
        step: 'payer',
        patientName: 'Ana Ruiz',
        account: 'A-1',
        payDOB: '1980',
        amount: '5000',
        email: 'ana@',
        phone: '1',
      },
      SPANISH,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    const text = visibleText(html);
    expect(text).toContain(es.paymentProblems.invalidDate);
    expect(text).toContain(es.paymentProblems.amountOverLimit);
    expect(text).toContain(es.paymentProblems.invalidEmail);
    expect(text).toContain(es.paymentProblems.invalidPhone);
    for (const phrase of englishPhrases()) expect(text).not.toContain(phrase);
    expect(html).toMatch(/name="patientName"[^>]*value="Ana Ruiz"/);
  });

  it('a new password too short: the Spanish hint at the field, on the Spanish page', async () => {
    const res = await post('/update-password?x=RESET-VALID', { _form: 'reset', x: 'RESET-VALID', np: 'short', confirm: 'short' }, SPANISH);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(htmlLang(html)).toBe('es-US');
    expect(html).toMatch(new RegExp(`id="reset-error"[^>]*>${es.passwordReset.hintLengthTodo}<`));
    expect(visibleText(html).match(ENGLISH_WORDS) ?? []).toEqual([]);
  });

  it("a biller's questions: the page in Spanish (the biller's own words as the backend sent them), a missing answer required in Spanish", async () => {
    const page = await (await visit('/update-info-request?t=INFO-FIELDS', SPANISH)).text();
    expect(htmlLang(page)).toBe('es-US');
    expect(visibleText(page)).toContain(es.infoRequest.moreInfo);
    const res = await post('/update-info-request?t=INFO-FIELDS', { _form: 'info', 'field-0': '', 'field-1': 'Ana Ruiz' }, SPANISH);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`id="info-0-error"[^>]*>${es.infoRequest.required}<`));
    expect(html).toMatch(/name="field-1"[^>]*value="Ana Ruiz"/);
  });

  it('a declined change: the cancellation confirmed in Spanish', async () => {
    const asked = await post('/update-info-request?t=INFO-FEE', { _form: 'info', answer: 'decline' }, SPANISH);
    expect(visibleText(await asked.text())).toContain(es.infoRequest.cancelQuestion);
    const cancelled = await post('/update-info-request?t=INFO-FEE', { _form: 'info', answer: 'cancel' }, SPANISH);
    expect(cancelled.status).toBe(303);
    const result = await visit(cancelled.headers.get('Location')!, SPANISH);
    expect(visibleText(await result.text())).toContain(es.infoRequest.cancelledText);
  });

  it('pay later: the offer and its end date in Spanish, an unknown email answered in Spanish at the field', async () => {
    const open = embeddedEnv({ PAY_LATER_UNTIL: '2099-12-31' } as Partial<Env>);
    const page = await (await request(open, '/pay-later', { headers: SPANISH })).text();
    expect(htmlLang(page)).toBe('es-US');
    expect(visibleText(page)).toContain('La oferta termina el 31 de diciembre de 2099.');
    expect(visibleText(page).match(ENGLISH_WORDS) ?? []).toEqual([]);
    const res = await request(open, '/pay-later', {
      method: 'POST',
      headers: {
        ...SPANISH,
        'Content-Type': 'application/x-www-form-urlencoded',
        'Sec-Fetch-Site': 'same-origin',
        Origin: 'https://papaya.test',
        'CF-Connecting-IP': freshClient(),
      },
      body: new URLSearchParams({ _form: 'pay-later', email: 'nobody-here@example.com' }).toString(),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`id="pay-later-error"[^>]*>${es.payLater.notFoundEmail}<`));
    expect(html).toMatch(/name="email"[^>]*value="nobody-here@example.com"/);
  });

  it('get-paid: a short access code refused in Spanish at its field, the code kept', async () => {
    const res = await post('/getpaid', { _form: 'get-paid', whichState: 'access', access: 'ABC' }, SPANISH);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(htmlLang(html)).toBe('es-US');
    expect(visibleText(html)).toContain(es.getPaid.accessCode);
    expect(html).toMatch(/name="access"[^>]*value="ABC"/);
    expect(visibleText(html).match(ENGLISH_WORDS) ?? []).toEqual([]);
  });

  it('the API answers a Spanish visitor in Spanish: refusals and zod issues by key', async () => {
    const res = await request(embeddedEnv(), '/api/send_sms_client.php', {
      method: 'POST',
      headers: { ...SPANISH, 'Content-Type': 'application/json', 'CF-Connecting-IP': freshClient() },
      body: JSON.stringify({ num: '555', source: 'p' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: es.api.checkFields, fields: { num: es.smsForm.invalidPhone } });
  });
});

describe('attacks in Spanish', () => {
  const send = (client: string, headers: Record<string, string>) =>
    request(embeddedEnv(), '/api/send_sms_client.php', {
      method: 'POST',
      headers: { ...SPANISH, 'Content-Type': 'application/json', 'CF-Connecting-IP': client, ...headers },
      body: JSON.stringify({ num: '5595550177', source: 'p', payeeId: '1001' }),
    });

  it('100 sends from one client: the limit holds, said in Spanish with how long to wait', async () => {
    const client = freshClient();
    const statuses: number[] = [];
    let refusal: { error?: string } = {};
    for (let i = 0; i < 100; i++) {
      const res = await send(client, {});
      statuses.push(res.status);
      if (res.status === 429) {
        refusal = await res.json();
        expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
      } else await res.body?.cancel();
    }
    expect(statuses.filter((s) => s === 200).length).toBeLessThan(10);
    expect(statuses.at(-1)).toBe(429);
    expect(refusal.error).toMatch(
      /^Se pidieron demasiados mensajes de texto\. Vuelva a intentarlo en \d+ minutos?\. Si se comunica con nosotros o con la oficina a la que le paga, dé esta referencia: [0-9A-F]{8}\.$/,
    );
  });

  it('a post from another site is refused whatever the language; a switch in its query changes nothing', async () => {
    const res = await request(embeddedEnv(), '/valleymed?lang=es', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Sec-Fetch-Site': 'cross-site',
        Origin: 'https://evil.example',
        'CF-Connecting-IP': freshClient(),
      },
      body: new URLSearchParams({ _form: 'sms', source: 'p', payeeId: '1001', num: '5595550177' }).toString(),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('Set-Cookie') ?? '').not.toMatch(/\blang=/);
  });
});

describe('the texted link in Spanish', () => {
  type Outbox = Array<{ to: string; body: string }>;
  const outbox = async (): Promise<Outbox> => (await request(embeddedEnv(), '/_dev/outbox')).json<Outbox>();

  it('a visitor who asked in Spanish gets a Spanish text, in one segment', async () => {
    for (const [headers, start] of [
      [SPANISH, 'Termine de pagar su factura con Papaya: '],
      [{ 'User-Agent': IPHONE, Cookie: 'lang=es' }, 'Termine de pagar su factura con Papaya: '],
      [ENGLISH, 'Click here to finish paying your bill with Papaya: '],
    ] as const) {
      const res = await request(embeddedEnv(), '/api/send_sms_client.php', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', 'CF-Connecting-IP': freshClient() },
        body: JSON.stringify({ num: '5595550142', source: 'p', payeeId: '1001' }),
      });
      expect(res.status).toBe(200);
      const body = (await outbox())[0]!.body;
      expect(body.startsWith(start)).toBe(true);
      expect(body).toMatch(/https:\/\/papaya\.test\/s\/[A-Za-z0-9]{10} /);
      expect(body.length).toBeLessThanOrEqual(160);
    }
  });

  it("the texted link leads to its page in the language the visitor chose, for the messaging app's preview too", async () => {
    // Chosen with the switch (its cookie): the link carries the choice. Only preferred by the browser: it does not.
    for (const [headers, lang, locale] of [
      [{ ...ENGLISH, Cookie: 'lang=es' }, 'es-US', 'es_US'],
      [ENGLISH, 'en-US', 'en_US'],
    ] as const) {
      await request(embeddedEnv(), '/api/send_sms_client.php', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', 'CF-Connecting-IP': freshClient() },
        body: JSON.stringify({ num: '5595550143', source: 'p', payeeId: '1001' }),
      });
      const link = /https:\/\/papaya\.test(\/s\/[A-Za-z0-9]{10})/.exec((await outbox())[0]!.body)![1]!;
      const preview = { 'User-Agent': 'Mozilla/5.0 (Macintosh) AppleWebKit/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0' };
      const target = (await visit(link, preview)).headers.get('Location')!;
      expect(target.includes('lang=es'), target).toBe(lang === 'es-US');
      const page = await (await visit(target, preview)).text();
      expect(htmlLang(page)).toBe(lang);
      expect(page).toContain(`<meta property="og:locale" content="${locale}"`);
    }
  });
});

describe('the widgets and the choice between bills in Spanish', () => {
  it("in Spanish by the browser or by the partner page's ?lang=es; a framed widget offers no switch", async () => {
    for (const path of [
      '/pay-widget',
      '/pay-widget?name=valleymed',
      '/pay-widget-restore-tab',
      '/pay-widget-imaginepay-button',
      '/web-payment-multi-option/harborhealth',
    ]) {
      for (const res of [await visit(path, SPANISH), await visit(`${path}${path.includes('?') ? '&' : '?'}lang=es`, ENGLISH)]) {
        const html = await res.text();
        expect(htmlLang(html), path).toBe('es-US');
        const text = visibleText(html);
        expect(text.match(ENGLISH_WORDS) ?? [], `${path}: ${text}`).toEqual([]);
      }
    }
  });
});

describe('the legal pages in Spanish', () => {
  it('open with a Spanish summary saying the English text governs; the document itself is marked English', async () => {
    for (const [path, title] of [
      ['/termsofservice', es.legal.termsTitle],
      ['/privacy', es.legal.privacyTitle],
      ['/embedded/billpay-termsofservice', es.legal.billpayTitle],
    ] as const) {
      const html = await (await visit(path, SPANISH)).text();
      expect(htmlLang(html), path).toBe('es-US');
      expect(html, path).toContain(`<title>${title}</title>`);
      expect(visibleText(html), path).toContain(es.legal.summaryHeading);
      expect(visibleText(html), path).toContain(es.legal.governs);
      expect(html, path).toMatch(/<div lang="en-US"><article class="legal card">/);
      // In English there is no summary: the document is the page.
      const english = await (await visit(path, ENGLISH)).text();
      expect(visibleText(english), path).not.toContain(en.legal.governs);
    }
  });
});

describe('the last-resort error page in Spanish', () => {
  it('is written in the visitor language, lang included', async () => {
    const { serverErrorHtml } = await import('../../../src/web/server-error');
    const html = serverErrorHtml('es');
    expect(htmlLang(html)).toBe('es-US');
    expect(visibleText(html)).toContain(es.serverError.heading);
    expect(visibleText(html)).toContain(es.serverError.body);
    expect(visibleText(html).match(ENGLISH_WORDS) ?? []).toEqual([]);
  });
});
