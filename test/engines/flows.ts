import { TEST_PAYMENT } from '../shared/test-payer';
import { readFile } from 'node:fs/promises';
import { en } from '../../src/domain/catalogue/en';
import { es } from '../../src/domain/catalogue/es';
import { SWITCH_TO } from '../../src/domain/catalogue';
import { expect } from 'vitest';
import { eventually, VIEWPORT, type Window } from './engines';

/**
 * Every flow of both specs, as a visitor walks it: each field typed key by key (the masks at
 * work when script runs), each button pressed. Written once for every engine and for script on
 * and off; `ready` waits for an island to be running when script is on.
 */
export interface FlowContext {
  w: Window;
  site: string;
  /** The site through a server that changes one byte of the card form's chunk. */
  alteredSite: string;
  javaScript: boolean;
  /** Where this run keeps its artefacts (the receipt's screenshot). */
  artefact: (name: string) => string;
}

export interface Flow {
  name: string;
  /** Walked with the engine's own user agent (a computer's) at phone width: phones are sent on elsewhere. */
  computer?: boolean;
  run: (context: FlowContext) => Promise<void>;
}

async function ready({ w, javaScript }: FlowContext, island: string) {
  if (javaScript) await eventually(() => w.has(`[data-island="${island}"][data-hydrated="true"]`), Boolean, `${island} hydrated`);
}

async function sees({ w }: FlowContext, text: string, timeoutMs?: number) {
  await eventually(
    () => w.text(),
    (shown) => shown.includes(text),
    `the page shows "${text}"`,
    timeoutMs,
  );
}

async function at({ w }: FlowContext, pattern: RegExp) {
  try {
    return await eventually(
      () => w.url(),
      (url) => pattern.test(url),
      `the address matches ${pattern}`,
    );
  } catch (error) {
    // What the page says instead is what a visitor would report.
    throw new Error(`${String(error)}\nThe page shows: ${(await w.text().catch(() => '')).replace(/\s+/g, ' ').slice(0, 1500)}`);
  }
}

/** Keeps a screenshot of the page, which must be as wide as the phone the flows are walked on. */
async function keep({ w, artefact }: FlowContext, name: string) {
  const path = artefact(name);
  await w.screenshot(path);
  // A PNG's width is the big-endian word at byte 16 (its IHDR chunk).
  const width = (await readFile(path)).readUInt32BE(16);
  if (width !== VIEWPORT.width) throw new Error(`the page was ${width} px wide, not ${VIEWPORT.width}`);
}

/** A decline's message is at its field: the field marked invalid, described by the message, which is announced. */
async function declinedAt({ w }: FlowContext, field: 'ccn' | 'cvv', message: string) {
  await eventually(
    () => w.text(`#wp-${field}-error`),
    (t) => t === message,
    `the decline at #wp-${field}`,
  );
  expect(
    await w.has(`#wp-${field}[aria-invalid="true"][aria-describedby~="wp-${field}-error"]`),
    `#wp-${field} invalid, described by its message`,
  ).toBe(true);
  // Announced once: by the form's alert with script, by the error summary's link to the field without.
  expect(
    (await w.has(`.error-summary[role="alert"] a[href="#wp-${field}"]`)) || (await w.has('p.form-error[role="alert"]')),
    'the message announced',
  ).toBe(true);
  const other = field === 'ccn' ? 'cvv' : 'ccn';
  expect(await w.text(`#wp-${other}-error`), `nothing at #wp-${other}`).toBe('');
}

/** The card form's first step typed key by key: Jane Doe paying $12.50. */
async function typePayer({ w }: FlowContext, phone = '5595550100') {
  await w.type('#wp-patientName', TEST_PAYMENT.patientName);
  await w.type('#wp-account', TEST_PAYMENT.account);
  await w.type('#wp-payDOB', '01311980');
  await w.type('#wp-amount', '12.50');
  await w.type('#wp-email', TEST_PAYMENT.email);
  await w.type('#wp-phone', phone);
}

/**
 * Both steps of the card form typed, a decline, then the receipt: in the words of one language.
 * `card`: a declined card, another typed at the card number. `code`: a wrong security code,
 * corrected at the code (with script the card number stays; without, it is typed again).
 */
async function payByCard(c: FlowContext, words: typeof en, decline: 'card' | 'code' = 'card') {
  const { w } = c;
  await w.goto(`${c.site}/web-payment?p=1001${words === es ? '&lang=es' : ''}`);
  await eventually(() => w.has(`html[lang="${words === es ? 'es-US' : 'en-US'}"]`), Boolean, 'the page in its language');
  await ready(c, 'web-payment-form');
  await typePayer(c);
  if (c.javaScript) {
    await eventually(
      () => w.value('#wp-payDOB'),
      (v) => v === '01/31/1980',
      'the date mask',
    );
    await eventually(
      () => w.value('#wp-amount'),
      (v) => v === '$12.50',
      'the amount, in dollars and cents',
    );
    await eventually(
      () => w.value('#wp-phone'),
      (v) => v === '(559) 555-0100',
      'the phone mask',
    );
  }
  await w.press(words.paymentForm.next);
  await sees(c, 'Jane Doe · A-1001');
  await sees(c, '$12.50');
  const card = async (number: string, cvv: string) => {
    // After a decline the card number and security code are empty again; the rest is kept.
    await w.type('#wp-ccn', number);
    if (!(await w.value('#wp-exp'))) await w.type('#wp-exp', '1230');
    await w.type('#wp-cvv', cvv);
    if (!(await w.value('#wp-billName'))) await w.type('#wp-billName', TEST_PAYMENT.billName);
    if (!(await w.value('#wp-addr1'))) await w.type('#wp-addr1', TEST_PAYMENT.addr1);
    if (!(await w.value('#wp-city'))) await w.type('#wp-city', 'Fresno');
    await w.select('#wp-state', 'CA');
    if (!(await w.value('#wp-zip'))) await w.type('#wp-zip', '93721');
    if (c.javaScript)
      await eventually(
        () => w.value('#wp-exp'),
        (v) => v === '12/30',
        'the expiry mask',
      );
    await w.press(words.paymentForm.submit);
  };
  if (decline === 'card') {
    await card('4000000000000002', '123');
    // The decline the backend sent, in the page's language.
    await declinedAt(c, 'ccn', words.declines.declined);
  } else {
    await card('5555555555554444', '000');
    const wrongCode = words.declines.securityCode;
    await declinedAt(c, 'cvv', c.javaScript ? wrongCode : `${wrongCode} ${words.paymentForm.typeCardAgain}`);
  }
  await eventually(
    () => w.value('#wp-cvv'),
    (v) => v === '',
    'the security code cleared',
  );
  // The card number is kept in the browser after a wrong code; it is never written into a page.
  const keptNumber = decline === 'code' && c.javaScript;
  await eventually(
    () => w.value('#wp-ccn'),
    (v) => v === (keptNumber ? '5555 5555 5555 4444' : ''),
    keptNumber ? 'the card number kept' : 'the card number cleared',
  );
  await eventually(
    () => w.value('#wp-exp'),
    (v) => v === (c.javaScript ? '12/30' : '1230'),
    'the expiry kept',
  );
  await eventually(
    () => w.value('#wp-billName'),
    (v) => v === 'Jane Doe',
    'the name on the card kept',
  );
  if (decline === 'card') await card('4242424242424242', '737');
  else if (c.javaScript) {
    // Only the code is typed again.
    await w.type('#wp-cvv', '123');
    await w.press(words.paymentForm.submit);
  } else await card('5555555555554444', '123');
  await at(c, words === es ? /\/receipt\/PAP-[A-Z0-9]{8}\?lang=es$/ : /\/receipt\/PAP-[A-Z0-9]{8}$/);
  await sees(c, words.webPayment.receiptHeading);
  await sees(c, '$12.50');
  await keep(c, words === es ? 'receipt-es' : decline === 'code' ? 'receipt-after-code' : 'receipt');
}

/** The formats phones keep a contact's number in, each read as (559) 555-0199. */
const SAVED_NUMBERS = ['+1 (559) 555-0199', '+15595550199', '1-559-555-0199'];

/**
 * A whole value put in a masked field as a phone's autofill does (the value set at once), or
 * pasted at the caret (inserted as text); the field emptied first.
 */
async function fillAs({ w }: FlowContext, selector: string, text: string, how: 'autofill' | 'paste') {
  await w.click(selector);
  await eventually(() => w.has(`${selector}[data-masked="true"]`), Boolean, `the mask on ${selector}`);
  const put =
    how === 'autofill'
      ? `el.value = ${JSON.stringify(text)}; el.dispatchEvent(new Event('input', { bubbles: true }));`
      : `document.execCommand('insertText', false, ${JSON.stringify(text)});`;
  await w.run(
    `const el = document.querySelector(${JSON.stringify(selector)}); el.focus(); el.value = ''; el.dispatchEvent(new Event('input', { bubbles: true })); ${put}`,
  );
}

async function shows({ w }: FlowContext, selector: string, expected: string, what: string) {
  await eventually(
    () => w.value(selector),
    (v) => v === expected,
    what,
  );
}

const latestText = async (site: string) => ((await (await fetch(`${site}/_dev/outbox`)).json()) as Array<{ to: string; body: string }>)[0];

export const FLOWS: Flow[] = [
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
  {
    name: 'password reset: a new password from the emailed link',
    async run(c) {
      await c.w.goto(`${c.site}/update-password?x=RESET-VALID`);
      await ready(c, 'password-reset');
      await c.w.type('#reset-password', 'a long new password');
      await c.w.type('#reset-confirm', 'a long new password');
      await c.w.press('Save');
      await sees(c, 'Your password has been updated. Please return to the app to sign in.');
    },
  },
  {
    name: 'bill info: a change confirmed',
    async run(c) {
      await c.w.goto(`${c.site}/update-info-request?t=INFO-DEADLINE`);
      await ready(c, 'info-request');
      await c.w.press('Confirm and pay');
      await sees(c, 'Payment in progress');
    },
  },
  {
    name: 'bill info: a change declined, the payment cancelled',
    async run(c) {
      await c.w.goto(`${c.site}/update-info-request?t=INFO-AMOUNT`);
      await ready(c, 'info-request');
      await c.w.press('Decline');
      await eventually(
        () => c.w.text(),
        (t) => t.includes('Yes, cancel the payment'),
        'the question',
      );
      await c.w.press('Yes, cancel the payment');
      await sees(c, 'Payment cancelled');
    },
  },
  {
    name: 'get-paid: the access code, a password, the biller panel',
    async run(c) {
      await c.w.goto(`${c.site}/getpaid`);
      await ready(c, 'get-paid');
      await c.w.type('#gp-access', 'ACCESS1');
      await c.w.press('Continue');
      await sees(c, 'Set up your account');
      await c.w.type('#gp-email', 'billing@valleymed.example');
      await c.w.type('#gp-pass', 'long enough password');
      await c.w.type('#gp-confirm', 'long enough password');
      await c.w.press('Create account');
      await at(c, /\/biller\?agentToken=/);
    },
  },
  {
    name: 'get-paid: an emailed invite, continued by the biller, to the brand kit',
    async run(c) {
      await c.w.goto(`${c.site}/getpaid?i=${btoa('1008')}`);
      await ready(c, 'get-paid');
      await c.w.press('Continue');
      await sees(c, 'Statements you send a month');
      await c.w.type('#gp-email', 'ap@pinecrest.example');
      await c.w.select('#gp-statements', '3K-10K');
      await c.w.press('Send');
      await at(c, /\/brand-kit\?company$/);
    },
  },
  {
    name: 'membership: the benefits, the payment choice, the waitlist',
    async run(c) {
      await c.w.goto(`${c.site}/member-signup?ad=2&camefrom=email`);
      await ready(c, 'member-signup');
      await c.w.follow('Continue');
      await eventually(() => c.w.has('input[value="NEW_METHOD"]'), Boolean, 'the payment choice');
      await c.w.click('input[value="NEW_METHOD"]');
      await c.w.press('Join the waitlist');
      await sees(c, "You're on the waitlist!");
    },
  },
  {
    name: 'pay later: a member enrols by email',
    async run(c) {
      await c.w.goto(`${c.site}/pay-later`);
      await ready(c, 'pay-later');
      await c.w.type('#pay-later-email', 'member@example.com');
      await c.w.press('Get my advance');
      await sees(c, "You're in!");
    },
  },
  {
    name: "pay later: the emailed link's button enrols",
    async run(c) {
      await c.w.goto(`${c.site}/pay-later?ue=${btoa('member@example.com')}`);
      await ready(c, 'pay-later');
      await c.w.press('Get my advance');
      await sees(c, "You're in!");
    },
  },
  {
    name: 'account link: the button sends the answer from sign-in',
    async run(c) {
      await c.w.goto(`${c.site}/account-link?code=auth-code&scope=gmail.readonly&state=xyz`);
      await c.w.press('Link my email');
      await sees(c, 'Your email is linked!');
    },
  },
  {
    name: 'en español: the switch, then text-me-a-link in Spanish',
    computer: true,
    async run(c) {
      await c.w.goto(`${c.site}/valleymed`);
      await c.w.follow(SWITCH_TO.en.name);
      await sees(c, es.smsForm.label);
      await eventually(() => c.w.has('html[lang="es-US"]'), Boolean, 'the page in Spanish');
      await ready(c, 'sms-form');
      await c.w.type('#sms-phone', '5595550191');
      if (c.javaScript)
        await eventually(
          () => c.w.value('#sms-phone'),
          (v) => v === '(559) 555-0191',
          'the phone mask',
        );
      await c.w.press(es.smsForm.submit);
      await sees(c, es.smsForm.sent);
    },
  },
  {
    name: 'en español: web payment, both steps, a declined card, a corrected one, the receipt',
    run: (c) => payByCard(c, es),
  },
  {
    name: 'en español: an expired reset link, told (by the page once it runs, or by the save without script)',
    async run(c) {
      await c.w.goto(`${c.site}/update-password?x=RESET-EXPIRED&lang=es`);
      if (!c.javaScript) {
        await c.w.type('#reset-password', 'una contraseña larga');
        await c.w.type('#reset-confirm', 'una contraseña larga');
        await c.w.press(es.passwordReset.save);
      }
      await sees(c, es.passwordReset.expiredTitle);
    },
  },
];
