import { TEST_PAYMENT } from '../shared/test-payer';
import { readFile } from 'node:fs/promises';
import type { en } from '../../src/domain/catalogue/en';
import { es } from '../../src/domain/catalogue/es';
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

export async function ready({ w, javaScript }: FlowContext, island: string) {
  if (javaScript) await eventually(() => w.has(`[data-island="${island}"][data-hydrated="true"]`), Boolean, `${island} hydrated`);
}

export async function sees({ w }: FlowContext, text: string, timeoutMs?: number) {
  await eventually(
    () => w.text(),
    (shown) => shown.includes(text),
    `the page shows "${text}"`,
    timeoutMs,
  );
}

export async function at({ w }: FlowContext, pattern: RegExp) {
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
export async function keep({ w, artefact }: FlowContext, name: string) {
  const path = artefact(name);
  await w.screenshot(path);
  // A PNG's width is the big-endian word at byte 16 (its IHDR chunk).
  const width = (await readFile(path)).readUInt32BE(16);
  if (width !== VIEWPORT.width) throw new Error(`the page was ${width} px wide, not ${VIEWPORT.width}`);
}

/** A decline's message is at its field: the field marked invalid, described by the message, which is announced. */
export async function declinedAt({ w }: FlowContext, field: 'ccn' | 'cvv', message: string) {
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
export async function typePayer({ w }: FlowContext, phone = '5595550100') {
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
export async function payByCard(c: FlowContext, words: typeof en, decline: 'card' | 'code' = 'card') {
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
export const SAVED_NUMBERS = ['+1 (559) 555-0199', '+15595550199', '1-559-555-0199'];

/**
 * A whole value put in a masked field as a phone's autofill does (the value set at once), or
 * pasted at the caret (inserted as text); the field emptied first.
 */
export async function fillAs({ w }: FlowContext, selector: string, text: string, how: 'autofill' | 'paste') {
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

export async function shows({ w }: FlowContext, selector: string, expected: string, what: string) {
  await eventually(
    () => w.value(selector),
    (v) => v === expected,
    what,
  );
}

export const latestText = async (site: string) =>
  ((await (await fetch(`${site}/_dev/outbox`)).json()) as Array<{ to: string; body: string }>)[0];
