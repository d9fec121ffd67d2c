import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { en } from '../../../src/domain/catalogue/en';
import { DECLINED_TEST_CARDS, WRONG_CODE } from '../../../src/demo/cards';
import { DEMO_SECTIONS } from '../../../src/demo/map';
import { DEMO_WORDS } from '../../../src/demo/words';
import { es } from '../../../src/domain/catalogue/es';
import { DESKTOP, IPHONE, islandProps, visibleText } from '../helpers';
import { embeddedEnv, formKeyFor, freshClient, PAYMENT_FORM, request } from '../origin-helpers';

/** The pages offered in both languages so far, as a visitor on a computer reaches them. */
const BILINGUAL = [
  '/pay',
  '/valleymed',
  '/pay?p=valleymed',
  '/cedarvalley',
  '/web-payment',
  '/web-payment?p=1001',
  '/download',
  '/no-such-page',
  '/update-password',
  '/update-password?x=RESET-VALID',
  '/update-info-request?t=INFO-AMOUNT',
  '/update-info-request?t=NO-SUCH-REQUEST',
  '/pay-later',
  '/member-signup',
  '/member-signup?v=2',
  '/member-signup?v=3',
  '/account-link?error=access_denied',
  '/financing',
  '/merchant-verification',
  '/confirmation',
  '/newpartner',
  '/appsFlyer/landing',
  '/pay-appclip',
  '/getpaid',
];

const SPANISH = { 'User-Agent': DESKTOP, 'Accept-Language': 'es-US,es;q=0.9,en;q=0.8' };
const ENGLISH = { 'User-Agent': DESKTOP, 'Accept-Language': 'en-US,en;q=0.9' };

/** Words of every English sentence and of no Spanish one (as written in a sentence: `OR` is Oregon). */
const ENGLISH_WORDS = /\b(the|The|your|Your|you|You|and|with|Please|please|for|of|to|is|We|we|our|Our|This|this|on|by|or)\b/g;

const visit = (path: string, headers: Record<string, string>) => request(embeddedEnv(), path, { headers });
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

/**
 * Every English text of the catalogue that a Spanish page must not show: those that differ from
 * their Spanish text and are long enough to be a phrase, with their `{places}` cut out.
 */
function englishPhrases(): string[] {
  const phrases = new Set<string>();
  for (const [group, texts] of Object.entries(en))
    for (const [key, text] of Object.entries(texts as Record<string, string>)) {
      if (text === (es as unknown as Record<string, Record<string, string>>)[group]![key]) continue;
      for (const piece of text.split(/\{\w+\}/)) if (piece.trim().length >= 12) phrases.add(piece.trim());
    }
  return [...phrases];
}

describe('choosing the language', () => {
  it('follows Accept-Language: Spanish when the browser ranks Spanish above English, English otherwise', async () => {
    for (const [accept, lang] of [
      ['es-US,es;q=0.9,en;q=0.8', 'es-US'],
      ['es-MX', 'es-US'],
      ['fr-FR, es;q=0.5', 'es-US'],
      ['en-US,en;q=0.9,es;q=0.8', 'en-US'],
      ['de-DE', 'en-US'],
      ['', 'en-US'],
      // Each value is read once per isolate; asking again, and a value longer than browsers send, read alike.
      ['es-US,es;q=0.9,en;q=0.8', 'es-US'],
      ['en-US,en;q=0.9,es;q=0.8', 'en-US'],
      [`${Array.from({ length: 80 }, (_, i) => `x${i};q=0.1`).join(',')},es;q=0.5`, 'es-US'],
    ]) {
      const res = await visit('/valleymed', { 'User-Agent': DESKTOP, 'Accept-Language': accept! });
      expect(res.status, accept).toBe(200);
      expect(htmlLang(await res.text()), accept).toBe(lang);
      expect(res.headers.get('Content-Language'), accept).toBe(lang);
      // Only the switch remembers a language.
      expect(res.headers.get('Set-Cookie') ?? '', accept).not.toMatch(/\blang=/);
    }
  });

  it('says that pages differ by language, so no cache hands one visitor another language', async () => {
    const res = await visit('/valleymed', SPANISH);
    const vary = (res.headers.get('Vary') ?? '').toLowerCase();
    expect(vary).toContain('accept-language');
    expect(vary).toContain('cookie');
  });

  it('offers the other language on every page, named in it, with hreflang and lang', async () => {
    for (const path of BILINGUAL) {
      const spanish = await (await visit(path, SPANISH)).text();
      expect(spanish, path).toMatch(/<a href="[^"]*lang=en[^"]*" hrefLang="en-US" lang="en-US">English<\/a>/);
      const english = await (await visit(path, ENGLISH)).text();
      expect(english, path).toMatch(/<a href="[^"]*lang=es[^"]*" hrefLang="es-US" lang="es-US">Español<\/a>/);
    }
  });

  it('the switch keeps the page and its query, shows the chosen language and remembers it in a cookie', async () => {
    const english = await (await visit('/web-payment?p=1001', ENGLISH)).text();
    const href = /<a href="([^"]+)" hrefLang="es-US"/.exec(english)![1]!.replace(/&amp;/g, '&');
    expect(href).toBe('?p=1001&lang=es');
    const switched = await visit(`/web-payment${href}`, ENGLISH);
    expect(htmlLang(await switched.text())).toBe('es-US');
    const cookie = switched.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(/^lang=es;/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // The remembered choice outranks the browser's languages, on every page after.
    const next = await visit('/valleymed', { ...ENGLISH, Cookie: 'lang=es' });
    expect(htmlLang(await next.text())).toBe('es-US');
    // And switching back is remembered the same way.
    const back = await visit('/valleymed?lang=en', { ...SPANISH, Cookie: 'lang=es' });
    expect(htmlLang(await back.text())).toBe('en-US');
    expect(back.headers.get('Set-Cookie')).toMatch(/^lang=en;/);
  });

  it("the cookie is Secure over HTTPS, and kept by a browser on a developer's http://localhost too", async () => {
    expect((await visit('/valleymed?lang=es', ENGLISH)).headers.get('Set-Cookie')).toMatch(/; Secure/);
    const local = await exports.default.fetch(
      new Request('http://localhost:8787/valleymed?lang=es', { headers: { 'User-Agent': DESKTOP } }),
    );
    expect(local.headers.get('Set-Cookie')).toMatch(/^lang=es;/);
    expect(local.headers.get('Set-Cookie')).not.toMatch(/Secure/);
  });

  it('the switch stays on the page, whatever path was asked for (no link to another host)', async () => {
    const html = await (await visit('//evil.example/pay', ENGLISH)).text();
    const href = /<a href="([^"]+)" hrefLang="es-US"/.exec(html)![1]!;
    expect(href).toBe('?lang=es');
    expect(new URL(href, 'https://papaya.test//evil.example/pay').origin).toBe('https://papaya.test');
  });

  it('an unknown language in the switch or the cookie changes nothing', async () => {
    const res = await visit('/valleymed?lang=xx', { ...ENGLISH, Cookie: 'lang=zz' });
    expect(htmlLang(await res.text())).toBe('en-US');
    expect(res.headers.get('Set-Cookie') ?? '').not.toMatch(/\blang=/);
  });
});

describe('the local demo in Spanish', () => {
  it('the demo index and the pages standing in for the legacy site, by header and by switch, with no English of their own', async () => {
    const english = Object.values(DEMO_WORDS.en);
    for (const path of ['/', '/about', '/biller']) {
      for (const [how, res] of [
        ['header', await visit(path, SPANISH)],
        ['switch', await visit(`${path}?lang=es`, ENGLISH)],
      ] as const) {
        const html = await res.text();
        expect(htmlLang(html), `${path} by ${how}`).toBe('es-US');
        const text = visibleText(html);
        for (const phrase of english)
          for (const piece of phrase.split(/\{\w+\}/)) if (piece.trim().length >= 12) expect(text, path).not.toContain(piece.trim());
        // The test cards' messages are the backend's own words, as the embedded origin answers them.
        const own = Object.values(DECLINED_TEST_CARDS)
          .concat(WRONG_CODE)
          .reduce((t, message) => t.replaceAll(message, ''), text);
        expect(own.match(ENGLISH_WORDS) ?? [], `${path} by ${how}: ${own}`).toEqual([]);
      }
    }
    const index = visibleText(await (await visit('/', SPANISH)).text());
    expect(index).toContain(DEMO_WORDS.es.title);
    expect(index).toContain(DEMO_SECTIONS[0]!.links[0]!.what.es);
    expect(visibleText(await (await visit('/about', SPANISH)).text())).toContain('En producción, lo ofrece el sitio de Papaya');
  });
});

describe('the pay and web payment pages in Spanish', () => {
  it('every page is in Spanish, by header and by switch, with no English text of the catalogue', async () => {
    const phrases = englishPhrases();
    for (const path of BILINGUAL) {
      for (const [how, res] of [
        ['header', await visit(path, SPANISH)],
        ['switch', await visit(`${path}${path.includes('?') ? '&' : '?'}lang=es`, ENGLISH)],
      ] as const) {
        const html = await res.text();
        expect(htmlLang(html), `${path} by ${how}`).toBe('es-US');
        const text = visibleText(html);
        expect(
          phrases.filter((phrase) => text.includes(phrase)),
          `${path} by ${how}`,
        ).toEqual([]);
        // Nor any English written outside the catalogue: none of the words English cannot do without.
        expect(text.match(ENGLISH_WORDS) ?? [], `${path} by ${how}: ${text}`).toEqual([]);
      }
    }
  });

  it('says the payee pages in Spanish: title, heading and the preview card', async () => {
    const html = await (await visit('/valleymed', SPANISH)).text();
    expect(html).toContain('<title>Pagar a Valley Medical Group — Papaya</title>');
    expect(html).toContain('<meta property="og:title" content="Pagar a Valley Medical Group — Papaya"/>');
    expect(html).toContain('<meta property="og:locale" content="es_US"/>');
    expect(visibleText(html)).toContain(es.smsForm.submit);
  });

  it('gives the islands their words in Spanish', async () => {
    const pay = await (await visit('/valleymed', SPANISH)).text();
    expect((islandProps(pay, 'sms-form').text as Record<string, string>).label).toBe(es.smsForm.label);
    const form = await (await visit('/web-payment?p=1001', SPANISH)).text();
    expect((islandProps(form, 'web-payment-form').text as { form: Record<string, string> }).form.next).toBe(es.paymentForm.next);
    const lookup = await (await visit('/web-payment', SPANISH)).text();
    expect((islandProps(lookup, 'provider-lookup').text as Record<string, string>).notFound).toBe(es.providerLookup.notFound);
  });

  it('keeps a kept page apart per language: English and Spanish visitors in turn each get their own', async () => {
    for (let i = 0; i < 3; i++) {
      expect(htmlLang(await (await visit('/pay', SPANISH)).text())).toBe('es-US');
      expect(htmlLang(await (await visit('/pay', ENGLISH)).text())).toBe('en-US');
    }
  });

  it("a card paid after the visitor chose Spanish: the receipt's address names it; a browser's preference alone is not carried", async () => {
    const pay = async (headers: Record<string, string>) => {
      const form = new FormData();
      // A card of its own: one card is charged at most three times an hour, whoever pays.
      const card = { ccn: '5555 5555 5555 4444', cvv: '123' };
      for (const [k, v] of Object.entries({ ...PAYMENT_FORM, ...card, idempotencyKey: await formKeyFor('1001') })) form.append(k, v);
      const paid = await request(embeddedEnv(), '/payment/payment_back.php?p=1001', {
        method: 'POST',
        body: form,
        headers: { 'CF-Connecting-IP': freshClient(), ...headers },
      });
      return (await paid.json<{ confirmationUrl: string }>()).confirmationUrl;
    };
    const chosen = await pay({ 'Accept-Language': 'es-US', Cookie: 'lang=es' });
    expect(chosen).toMatch(/^\/receipt\/PAP-[A-Z0-9]{8}\?lang=es$/);
    // Spanish even in a browser that keeps no cookie.
    expect(htmlLang(await (await visit(chosen, ENGLISH)).text())).toBe('es-US');
    // Following it leaves a cookie only for a choice made; a browser that merely prefers Spanish gets a plain address.
    expect(await pay({ 'Accept-Language': 'es-US' })).toMatch(/^\/receipt\/PAP-[A-Z0-9]{8}$/);
  });

  it('the receipt, its date written for es-US and its amount in dollars', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...PAYMENT_FORM, amount: '1,234.56', idempotencyKey: await formKeyFor('1001') }))
      form.append(k, v);
    const paid = await request(embeddedEnv(), '/payment/payment_back.php?p=1001', {
      method: 'POST',
      body: form,
      headers: { 'CF-Connecting-IP': freshClient() },
    });
    const { confirmationUrl } = await paid.json<{ confirmationUrl: string }>();
    // Asked in English, the receipt's address names no language.
    expect(confirmationUrl).toMatch(/^\/receipt\/PAP-[A-Z0-9]{8}$/);
    const text = visibleText(await (await visit(confirmationUrl, SPANISH)).text());
    expect(text).toContain('¡Gracias! Recibimos su pago.');
    expect(text).toContain('Monto $1,234.56');
    expect(text).toMatch(/Fecha \d{1,2} de [a-z]+ de \d{4}/);
    expect(text).toContain('Tarjeta Visa que termina en 4242');
  });
});

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
    const res = await post(page, { _form: 'payment', step: 'card', idempotencyKey: await formKeyFor('1001'), ...PAYMENT_FORM }, ENGLISH);
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
    expect(refusal.error).toMatch(/^Se pidieron demasiados mensajes de texto\. Vuelva a intentarlo en \d+ minutos?\.$/);
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
