import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { en } from '../../src/domain/catalogue/en';

/**
 * The Worker's build draws the islands with stand-ins for their browser-only hooks (the masks,
 * Send: `BROWSER_BUILD` false, client/build.d.ts). Each island drawn by either build is the same
 * HTML, with or without what a post without script brought back, so hydration matches.
 */
type Build = { BROWSER_BUILD?: boolean };

async function drawn(browser: boolean, island: 'sms-form' | 'web-payment-form', props: object): Promise<string> {
  vi.resetModules();
  (globalThis as Build).BROWSER_BUILD = browser;
  const module = (await import(`../../client/islands/${island}.tsx`)) as { default: ComponentType<object> };
  return renderToString(createElement(module.default, props));
}

const posted = (form: string, rest: object) => ({ form, values: {}, errors: {}, ...rest });
const sms = { formId: 'sms', source: 'p', payeeId: 'p1', storeUrl: 'https://store.example', humanCheckSiteKey: 'sk', text: en.smsForm };
const payment = {
  payeeId: '1001',
  rules: {
    acctRegex: '',
    acctRegexWarn: '',
    acctRegexReadibleString: '',
    customFields: { payDOB: false, payDOS: false, billingZip: true },
    ccAccepted: { pall: true, pvisa: false, pmc: false, pdiscover: false, pamex: false },
  },
  company: false,
  labels: { name: 'patientName', account: 'accountNumber', amount: 'amount', phone: 'phone' },
  flags: { optE: false, silent: false, generic: false },
  formKey: 'key-drawn',
  humanCheckSiteKey: 'sk',
  interactiveCheckSiteKey: 'isk',
  text: { form: en.paymentForm, problems: en.paymentProblems },
};

const CASES: Array<[string, 'sms-form' | 'web-payment-form', object]> = [
  ['text-me-a-link, first drawn', 'sms-form', sms],
  [
    'text-me-a-link, its number refused',
    'sms-form',
    { ...sms, posted: posted('sms', { values: { num: '(555) 123' }, errors: { num: 'Bad number' } }) },
  ],
  ['text-me-a-link, sent', 'sms-form', { ...sms, posted: posted('sms', { done: true, data: { again: '/valleymed' } }) }],
  ['the card form, first drawn', 'web-payment-form', payment],
  [
    'the card form, declined at the card step with a new key',
    'web-payment-form',
    {
      ...payment,
      posted: posted('payment', {
        values: { patientName: 'Pat', amount: '$5.00', email: 'pat@example.com', phone: '(559) 555-0199', billingZip: '93650' },
        errors: { cvv: 'Required' },
        error: 'Declined',
        data: { step: 'card', formKey: 'key-new' },
      }),
    },
  ],
];

describe("the Worker's stand-ins draw what the browser's hooks draw first", () => {
  afterAll(() => {
    (globalThis as Build).BROWSER_BUILD = true;
    vi.resetModules();
  });

  for (const [what, island, props] of CASES)
    it(what, async () => {
      const browser = await drawn(true, island, props);
      const worker = await drawn(false, island, props);
      expect(worker).toBe(browser);
      // Not a vacuous comparison: each draws the island's form or its answer.
      expect(browser).toMatch(/<form|role="status"/);
    });

  it('the card form drawn again carries the key the answer gave, and says why it failed', async () => {
    const html = await drawn(false, 'web-payment-form', CASES[4]![2]);
    expect(html).toContain('value="key-new"');
    expect(html).toContain('Declined');
  });
});
