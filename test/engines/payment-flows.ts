import { expect } from 'vitest';
import { en } from '../../src/domain/catalogue/en';
import { TEST_PAYMENT } from '../shared/test-payer';
import { eventually } from './engines';
import { at, fillAs, latestText, payByCard, ready, SAVED_NUMBERS, sees, shows, typePayer, type Flow } from './flow-steps';

/** The flows of the pay pages: text-me-a-link, provider search, the card form, its scripts and error reports. */
export const PAYMENT_FLOWS: Flow[] = [
  {
    name: 'text-me-a-link: a saved number filled whole or pasted is (559) 555-0199, and the text goes there',
    // The form is a computer's: a phone is sent on to the web payment or its app store.
    computer: true,
    async run(c) {
      await c.w.goto(`${c.site}/valleymed`);
      await ready(c, 'sms-form');
      if (c.javaScript)
        for (const how of ['autofill', 'paste'] as const)
          for (const number of SAVED_NUMBERS) {
            await fillAs(c, '#sms-phone', number, how);
            await shows(c, '#sms-phone', '(559) 555-0199', `${number} ${how}`);
          }
      else await c.w.type('#sms-phone', '+1 (559) 555-0199');
      await c.w.press('Text me a link');
      await sees(c, 'Success! Check your phone for a text message');
      expect(await latestText(c.site)).toMatchObject({ to: '5595550199' });
    },
  },
  {
    name: "web payment on a phone: the heading and the first field within the first 600 px, before the payee's card",
    async run(c) {
      for (const payee of ['1001', '1007']) {
        await c.w.goto(`${c.site}/web-payment?p=${payee}`);
        await ready(c, 'web-payment-form');
        // Measured in the page, told back as an attribute the driver reads.
        await c.w.run(`
          const bottom = (el) => el.getBoundingClientRect().bottom + window.scrollY;
          const heading = bottom(document.querySelector('h1'));
          const field = bottom(document.querySelector('#wp-patientName'));
          document.documentElement.dataset.firstScreen = heading <= 600 && field <= 600 ? 'yes' : 'no: ' + heading + ' ' + field;
        `);
        expect(await c.w.has('html[data-first-screen="yes"]'), `payee ${payee}`).toBe(true);
      }
    },
  },
  {
    name: 'web payment: a saved phone, expiry and card filled whole or pasted, each read as itself; paid with 12/2030',
    async run(c) {
      const { w } = c;
      await w.goto(`${c.site}/web-payment?p=1001`);
      await ready(c, 'web-payment-form');
      // Without script the saved number is typed whole; with it, each way is filled over the typed one.
      await typePayer(c, c.javaScript ? '5595550100' : '+1 (559) 555-0199');
      const both = c.javaScript ? (['autofill', 'paste'] as const) : [];
      for (const how of both)
        for (const number of SAVED_NUMBERS) {
          await fillAs(c, '#wp-phone', number, how);
          await shows(c, '#wp-phone', '(559) 555-0199', `${number} ${how}`);
        }
      await w.press('Next');
      await sees(c, 'Jane Doe · A-1001');
      for (const how of both) {
        for (const [written, shown] of [
          ['12/2030', '12/2030'],
          ['12/30', '12/30'],
          ['12 / 30', '12/30'],
          ['1230', '12/30'],
        ] as const) {
          await fillAs(c, '#wp-exp', written, how);
          await shows(c, '#wp-exp', shown, `${written} ${how}`);
        }
        for (const written of ['4242 4242 4242 4242', '4242-4242-4242-4242', '4242424242424242']) {
          await fillAs(c, '#wp-ccn', written, how);
          await shows(c, '#wp-ccn', '4242 4242 4242 4242', `${written} ${how}`);
        }
      }
      if (c.javaScript) await fillAs(c, '#wp-exp', '12/2030', 'autofill');
      else {
        await w.type('#wp-ccn', '4242-4242-4242-4242');
        await w.type('#wp-exp', '12/2030');
      }
      await w.type('#wp-cvv', '737');
      await w.type('#wp-billName', TEST_PAYMENT.billName);
      await w.type('#wp-addr1', TEST_PAYMENT.addr1);
      await w.type('#wp-city', 'Fresno');
      await w.select('#wp-state', 'CA');
      await w.type('#wp-zip', '93721');
      await w.press('Submit Payment');
      await at(c, /\/receipt\/PAP-[A-Z0-9]{8}$/);
      await sees(c, '$12.50');
      // The receipt is texted to the number as the payer saved it.
      expect(await latestText(c.site)).toMatchObject({ to: '5595550199', body: expect.stringContaining('$12.50 to Valley Medical Group') });
    },
  },
  {
    name: 'text-me-a-link: a number typed digit by digit, the link sent',
    computer: true,
    async run(c) {
      await c.w.goto(`${c.site}/valleymed`);
      await ready(c, 'sms-form');
      await c.w.type('#sms-phone', '5595550190');
      if (c.javaScript)
        await eventually(
          () => c.w.value('#sms-phone'),
          (v) => v === '(559) 555-0190',
          'the phone mask',
        );
      await c.w.press('Text me a link');
      await sees(c, 'Success! Check your phone for a text message');
    },
  },
  {
    name: 'provider search: a name typed, the provider chosen, its payment form',
    async run(c) {
      await c.w.goto(`${c.site}/web-payment`);
      await ready(c, 'provider-lookup');
      await c.w.type('#provider-name', 'valley medical');
      if (!c.javaScript) await c.w.press('Search');
      await eventually(
        () => c.w.text(),
        (t) => t.includes('Valley Medical Group'),
        'the provider listed',
      );
      // The island lists options of a combobox; without script the page lists links.
      if (c.javaScript) {
        await c.w.click('//li[@role="option"][span[normalize-space()="Valley Medical Group"]]');
        await c.w.press('Confirm');
        await c.w.follow('Next');
      } else await c.w.follow('Valley Medical Group');
      await at(c, /\/web-payment\?p=1001/);
      await sees(c, 'Patient Name');
    },
  },
  {
    name: 'web payment: both steps typed, a declined card, another one, the receipt',
    run: (c) => payByCard(c, en),
  },
  {
    name: 'web payment: a wrong security code, corrected at the code, the receipt',
    run: (c) => payByCard(c, en, 'code'),
  },
  {
    name: 'script integrity: one byte of the card form chunk changed, and it does not run; the form still posts',
    async run(c) {
      // Only script can be refused: without it the form is the server's in both cases.
      if (!c.javaScript) return;
      const { w } = c;
      const since = new Date().toISOString();
      await w.goto(`${c.alteredSite}/web-payment?p=1001`);
      // The entry runs and reports that the island's chunk was refused; the island stays as drawn.
      await eventually(
        async () => {
          const events = (await (await fetch(`${c.site}/_dev/metrics`)).json()) as Array<Record<string, unknown>>;
          return events.find((e) => e.event === 'browserError' && e.kind === 'rejection' && String(e.at) >= since);
        },
        (e) => e !== undefined,
        "the refused chunk's import reported",
      );
      expect(await w.has('[data-island="web-payment-form"][data-hydrated="true"]'), 'the island runs').toBe(false);
      await typePayer(c);
      await w.press(en.paymentForm.next);
      await sees(c, 'Jane Doe · A-1001');
      // The same page with the build's own bytes runs its island.
      await w.goto(`${c.site}/web-payment?p=1001`);
      await ready(c, 'web-payment-form');
    },
  },
  {
    name: "an island's page reports an uncaught error, scrubbed, to the site",
    async run(c) {
      // Only script can fail: without it there is nothing to report.
      if (!c.javaScript) return;
      const { w } = c;
      await w.goto(`${c.site}/web-payment?p=1001`);
      await ready(c, 'web-payment-form');
      // A word of this run's own finds its report among the others the site has kept.
      const marker = `mark${Math.random()
        .toString(36)
        .replace(/[^a-z]/g, '')
        .slice(0, 8)}`;
      const secret = `${marker} card 4242424242424242 for jane@example.com at /web-payment?p=1001&email=jane@example.com`;
      await w.run(`setTimeout(() => { throw new Error(${JSON.stringify(secret)}); }, 0);`);
      const reported = await eventually(
        async () => {
          const events = (await (await fetch(`${c.site}/_dev/metrics`)).json()) as Array<Record<string, unknown>>;
          return events.find((e) => e.event === 'browserError' && String(e.message).includes(marker));
        },
        (e) => e !== undefined,
        'the report recorded by the site',
      );
      expect(reported).toMatchObject({
        kind: 'error',
        route: 'Web-Pay',
        message: expect.stringContaining('card [digits] for [email] at /web-payment'),
      });
      expect(JSON.stringify(reported)).not.toMatch(/4242|jane|p=1001/);
    },
  },
];
