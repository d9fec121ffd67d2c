import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DECLINED_TEST_CARDS, WRONG_CODE } from '../../../src/demo/cards';
import { DEMO_SECTIONS } from '../../../src/demo/map';
import { DEMO_WORDS } from '../../../src/demo/words';
import { es } from '../../../src/domain/catalogue/es';
import { DESKTOP, islandProps, visibleText } from '../helpers';
import { embeddedEnv, formKeyFor, freshClient, TEST_PAYMENT, request } from '../origin-helpers';

import { BILINGUAL, ENGLISH, ENGLISH_WORDS, englishPhrases, htmlLang, SPANISH, visit } from './spanish';

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
      for (const [k, v] of Object.entries({ ...TEST_PAYMENT, ...card, formKey: await formKeyFor('1001') })) form.append(k, v);
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
    for (const [k, v] of Object.entries({ ...TEST_PAYMENT, amount: '1,234.56', formKey: await formKeyFor('1001') })) form.append(k, v);
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
