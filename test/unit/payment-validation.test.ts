import { describe, expect, it } from 'vitest';
import { brandAccepted, cardBrand, expiryValid, luhnValid } from '../../src/domain/card';
import {
  CARD_DATA_FIELDS,
  CARD_FIELDS,
  cardChecks,
  formProblems,
  PAYER_FIELDS,
  payerChecks,
  PAYMENT_FIELD_DESCRIPTIONS,
  problemText,
  UNREPEATED_CARD_FIELDS,
  type PayeeRules,
} from '../../src/domain/payment';
import { type PaymentProblem } from '../../src/domain/field-rules';
import { parseAmount } from '../../src/domain/field-rules';
import { LANGUAGES } from '../../src/domain/catalogue';
import { CATALOGUES } from '../../src/domain/catalogue/all';
import { en } from '../../src/domain/catalogue/en';

const {
  required: REQUIRED,
  amountOverLimit: AMOUNT_OVER_LIMIT,
  cardNotAccepted: CARD_NOT_ACCEPTED,
  invalidCardholder: INVALID_CARDHOLDER,
  invalidCvv: INVALID_CVV,
  invalidDate: INVALID_DATE,
  invalidEmail: INVALID_EMAIL,
  invalidExpiry: INVALID_EXPIRY,
  invalidPhone: INVALID_PHONE_NUMBER,
  invalidState: INVALID_STATE,
  invalidZip: INVALID_ZIP,
} = en.paymentProblems;
import { cardSchema, payerSchema } from '../../src/domain/payment-schemas';
import { fieldErrors } from '../../src/domain/errors';
import { formLabels } from '../../src/domain/web-payment-labels';
import { labelOf } from '../../client/components/payment-fields';

const allCards = { pall: true, pvisa: true, pmc: true, pdiscover: true, pamex: true };
const plain: PayeeRules = {
  acctRegex: '',
  acctRegexWarn: '',
  acctRegexReadibleString: '',
  customFields: { payDOB: false, payDOS: false, billingZip: false },
  ccAccepted: allCards,
};
const cedar: PayeeRules = {
  acctRegex: '^CV\\d{6}$',
  acctRegexWarn: '',
  acctRegexReadibleString: 'CV',
  customFields: { payDOB: false, payDOS: true, billingZip: true },
  ccAccepted: { pall: false, pvisa: true, pmc: true, pdiscover: false, pamex: false },
};

const payer = { patientName: 'Jane Doe', account: 'A-1', amount: '$125.00', email: 'jane@example.com', phone: '(559) 555-0100' };
const card = {
  ccn: '4242 4242 4242 4242',
  exp: '12/30',
  cvv: '123',
  billName: 'Jane Doe',
  zip: '93721',
  addr1: '1 Elm St',
  city: 'Fresno',
  state: 'CA',
};
const NOW = new Date(2026, 10, 22);

function messageFor(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }, field: string) {
  return result.error?.issues.find((i) => i.path[0] === field)?.message;
}

describe('step 1: patient / payer / company info', () => {
  it('accepts a complete patient form', () => {
    expect(payerSchema(plain, { company: false }).safeParse(payer).success).toBe(true);
  });

  it.each(['patientName', 'account', 'email', 'phone'])('%s is Required', (field) => {
    const r = payerSchema(plain, { company: false }).safeParse({ ...payer, [field]: '  ' });
    expect(messageFor(r, field)).toBe(REQUIRED);
  });

  it.each([
    ['0', REQUIRED],
    ['$0.00', REQUIRED],
    ['', REQUIRED],
    ['abc', REQUIRED],
    ['0.01', undefined],
    ['2000', undefined],
    ['$2,000.00', undefined],
    ['2000.01', AMOUNT_OVER_LIMIT],
    ['$15,000', AMOUNT_OVER_LIMIT],
  ])('amount %j gives %j', (amount, message) => {
    expect(messageFor(payerSchema(plain, { company: false }).safeParse({ ...payer, amount }), 'amount')).toBe(message);
  });

  it('checks the account against the payee pattern, naming what it starts with', () => {
    const schema = payerSchema(cedar, { company: false });
    const base = { ...payer, payDOS: '03/04/2026', billingZip: '93291' };
    expect(schema.safeParse({ ...base, account: 'CV123456' }).success).toBe(true);
    expect(messageFor(schema.safeParse({ ...base, account: 'XX123456' }), 'account')).toBe(
      'Please enter a valid account number that starts with: CV',
    );
    expect(messageFor(schema.safeParse({ ...base, account: 'CV12345' }), 'account')).toBe(
      'Please enter a valid account number that starts with: CV',
    );
  });

  it('uses the payee warning when it has one', () => {
    const schema = payerSchema({ ...plain, acctRegex: '^\\d{8}$', acctRegexWarn: '8 digits, no letters' }, { company: false });
    expect(messageFor(schema.safeParse({ ...payer, account: 'ABC' }), 'account')).toBe(
      'Please enter a valid account number: >8 digits, no letters',
    );
  });

  it('asks for the dates and billing zip the payee enables, as ##/##/#### and 5 or 5+4 digits', () => {
    const schema = payerSchema({ ...plain, customFields: { payDOB: true, payDOS: true, billingZip: true } }, { company: false });
    const ok = { ...payer, payDOB: '01/31/1980', payDOS: '03/04/2026', billingZip: '93721-1234' };
    expect(schema.safeParse(ok).success).toBe(true);
    expect(messageFor(schema.safeParse({ ...ok, payDOB: '1/31/1980' }), 'payDOB')).toBe(INVALID_DATE);
    // Typed on a phone's number pad without script: the digits alone are the same date.
    const digits = schema.safeParse({ ...ok, payDOB: '01311980' });
    expect(digits.success && digits.data.payDOB).toBe('01/31/1980');
    expect(messageFor(schema.safeParse({ ...ok, payDOB: '0131198' }), 'payDOB')).toBe(INVALID_DATE);
    // The check made before the payee is known takes bare digits as well.
    expect(payerSchema(plain, { company: false }).safeParse({ ...payer, payDOB: '01311980' }).success).toBe(true);
    expect(messageFor(schema.safeParse({ ...ok, payDOS: '' }), 'payDOS')).toBe(REQUIRED);
    expect(messageFor(schema.safeParse({ ...ok, billingZip: '9372' }), 'billingZip')).toBe(INVALID_ZIP);
  });

  it('does not require the fields the payee does not enable, but refuses garbage in them', () => {
    const schema = payerSchema(plain, { company: false });
    expect(schema.safeParse({ ...payer }).success).toBe(true);
    expect(schema.safeParse({ ...payer, payDOB: '', payDOS: '', billingZip: '' }).success).toBe(true);
    expect(schema.safeParse({ ...payer, payDOB: '01/31/1980', billingZip: '93721' }).success).toBe(true);
    expect(messageFor(schema.safeParse({ ...payer, payDOB: 'whatever' }), 'payDOB')).toBe(INVALID_DATE);
    expect(messageFor(schema.safeParse({ ...payer, payDOS: '\u0000' }), 'payDOS')).toBe(INVALID_DATE);
    expect(messageFor(schema.safeParse({ ...payer, billingZip: 'x' }), 'billingZip')).toBe(INVALID_ZIP);
  });

  it.each(['jane', 'jane@', '@example.com', 'jane@example', 'ja ne@example.com'])('email %j is refused', (email) => {
    expect(messageFor(payerSchema(plain, { company: false }).safeParse({ ...payer, email }), 'email')).toBe(INVALID_EMAIL);
  });

  it.each([
    ['5595550100', true],
    ['+15595550100'.slice(0, 1) + '5595550100', true],
    ['(559) 555-0100', true],
    ['559.555.0100', true],
    ['+1 (559) 555-0100', true],
    ['1-559-555-0100', true],
    ['559-555-010012', false],
    ['555-0100', false],
    ['559-555-0100123', false],
    ['phone', false],
  ])('phone %j valid: %s', (phone, valid) => {
    expect(messageFor(payerSchema(plain, { company: false }).safeParse({ ...payer, phone }), 'phone')).toBe(
      valid ? undefined : INVALID_PHONE_NUMBER,
    );
  });

  it('the company version needs invoice numbers, none of them empty', () => {
    const schema = payerSchema(plain, { company: true });
    const company = { ...payer, account: undefined, invoices: ['INV-1', 'INV-2'] };
    expect(schema.safeParse(company).success).toBe(true);
    expect(schema.safeParse({ ...company, invoices: ['INV-1', ' '] }).error?.issues[0]).toMatchObject({
      path: ['invoices', 1],
      message: REQUIRED,
    });
    expect(messageFor(schema.safeParse({ ...company, invoices: [] }), 'invoices')).toBe(REQUIRED);
  });
});

describe('step 2: payment info', () => {
  it('accepts a complete card form', () => {
    expect(cardSchema(plain, NOW).safeParse(card).success).toBe(true);
  });

  it('reads an expiry typed as four digits (a number pad has no slash) as MM/YY', () => {
    const parsed = cardSchema(plain, NOW).safeParse({ ...card, exp: '1230' });
    expect(parsed.success && parsed.data.exp).toBe('12/30');
    expect(messageFor(cardSchema(plain, NOW).safeParse({ ...card, exp: '1330' }), 'exp')).toBe(INVALID_EXPIRY);
  });

  it.each([
    ['4242 4242 4242 4242', undefined],
    ['4242-4242-4242-4242', undefined],
    ['4242 4242 4242 4241', CARD_NOT_ACCEPTED],
    ['4242 4242 4242', CARD_NOT_ACCEPTED],
    ['4242x4242x4242x4242', CARD_NOT_ACCEPTED],
    ['', REQUIRED],
  ])('card number %j gives %j', (ccn, message) => {
    expect(messageFor(cardSchema(plain, NOW).safeParse({ ...card, ccn }), 'ccn')).toBe(message);
  });

  it.each([
    ['American Express', '378282246310005'],
    ['Discover', '6011111111111117'],
  ])('%s is refused as Invalid / Not Accepted where the payee does not take it, and accepted where it does', (_brand, ccn) => {
    expect(messageFor(cardSchema(cedar, NOW).safeParse({ ...card, ccn }), 'ccn')).toBe(CARD_NOT_ACCEPTED);
    expect(cardSchema(plain, NOW).safeParse({ ...card, ccn }).success).toBe(true);
  });

  it('Visa and Mastercard pass at a payee that takes only them', () => {
    for (const ccn of ['4111111111111111', '5555555555554444'])
      expect(cardSchema(cedar, NOW).safeParse({ ...card, ccn }).success).toBe(true);
  });

  it.each([
    ['11/26', true],
    ['11/2026', true],
    ['10/26', false],
    ['10/2026', false],
    ['12/26', true],
    ['13/27', false],
    ['00/27', false],
    ['1/27', true],
    ['11-26', true],
    ['12 / 2030', true],
    ['1/2', false],
    ['11/267', false],
  ])('expiry %j, in November 2026, valid: %s', (exp, valid) => {
    expect(messageFor(cardSchema(plain, NOW).safeParse({ ...card, exp }), 'exp')).toBe(valid ? undefined : INVALID_EXPIRY);
  });

  it.each([
    ['123', true],
    ['1234', true],
    ['12', false],
    ['12345', false],
    ['12a', false],
  ])('CVV %j valid: %s', (cvv, valid) => {
    expect(messageFor(cardSchema(plain, NOW).safeParse({ ...card, cvv }), 'cvv')).toBe(valid ? undefined : INVALID_CVV);
  });

  it.each([
    ['Jane Doe', true],
    ['Jane  Q. Doe', true],
    ['Jane', false],
    [' Jane ', false],
  ])('cardholder %j valid: %s', (billName, valid) => {
    expect(messageFor(cardSchema(plain, NOW).safeParse({ ...card, billName }), 'billName')).toBe(valid ? undefined : INVALID_CARDHOLDER);
  });

  it('needs address, city and a state among the 50 and DC; the note is optional', () => {
    const schema = cardSchema(plain, NOW);
    expect(messageFor(schema.safeParse({ ...card, addr1: '' }), 'addr1')).toBe(REQUIRED);
    expect(messageFor(schema.safeParse({ ...card, city: ' ' }), 'city')).toBe(REQUIRED);
    expect(schema.safeParse({ ...card, state: 'DC' }).success).toBe(true);
    for (const state of ['PR', 'GU', 'ca', '']) expect(messageFor(schema.safeParse({ ...card, state }), 'state')).toBe(INVALID_STATE);
    expect(messageFor(schema.safeParse({ ...card, zip: '123456' }), 'zip')).toBe(INVALID_ZIP);
    expect(schema.safeParse({ ...card, payNote: 'March visit' }).success).toBe(true);
  });
});

describe('card helpers', () => {
  it('checks Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('79927398713')).toBe(false);
  });

  it('reads the brand from the first digit', () => {
    expect(['4111', '5555', '2223', '3782', '6011', '9999'].map(cardBrand)).toEqual([
      'visa',
      'mastercard',
      'mastercard',
      'amex',
      'discover',
      'unknown',
    ]);
    expect(brandAccepted('unknown', allCards)).toBe(false);
  });

  it('reads amounts as the mask writes them', () => {
    expect(parseAmount('$1,234.56')).toBe(1234.56);
    expect(parseAmount('1.234')).toBeNaN();
  });

  it('a card is good through its expiry month', () => {
    expect(expiryValid('11/26', new Date(2026, 10, 30, 23, 59))).toBe(true);
    expect(expiryValid('11/26', new Date(2026, 11, 1))).toBe(false);
  });

  it('writes the payment failure message as the spec does', () => {
    expect(en.paymentForm.failed.replace('{message}', 'Card declined.')).toBe('There was a problem saving your payment: Card declined.');
  });
});

describe.each(LANGUAGES)('the form in the browser and the server say the same, in %s', (language) => {
  const texts = CATALOGUES[language].paymentProblems;
  const said = (rules: PayeeRules, problems: Record<string, PaymentProblem>) =>
    Object.fromEntries(Object.entries(problems).map(([name, problem]) => [name, problemText(texts, problem, rules)]));
  const payee = { ...cedar, customFields: { payDOB: true, payDOS: true, billingZip: true } };
  const warned = { ...plain, acctRegex: '^\\d{8}$', acctRegexWarn: '8 digits, no letters' };
  const payerCases: Array<[PayeeRules, boolean, Record<string, unknown>]> = [
    [plain, false, payer],
    [plain, false, {}],
    [plain, false, { ...payer, amount: '2000.01', email: 'jane@', phone: '555', payDOB: 'x', billingZip: '1' }],
    [plain, false, { ...payer, patientName: 'x'.repeat(101), account: ' ' }],
    [payee, false, { ...payer, account: 'XX1', payDOB: '01311980', payDOS: '13', billingZip: '93721-12' }],
    [payee, false, { ...payer, account: 'CV123456', payDOB: ' 01/31/1980 ', payDOS: '03/04/2026', billingZip: '93721' }],
    [plain, true, { ...payer, account: undefined, invoices: ['INV-1', ' ', 'x'.repeat(51)] }],
    [plain, true, { ...payer, account: 'x'.repeat(51), invoices: [] }],
    [warned, false, { ...payer, account: 'ABC' }],
  ];
  it.each(payerCases)('step 1 (%#)', (rules, company, input) => {
    const server = payerSchema(rules, { company }, texts).safeParse(input);
    const browser = formProblems(payerChecks(rules, { company }), input, company ? (input.invoices as string[]) : undefined);
    expect(said(rules, browser)).toEqual(server.success ? {} : fieldErrors(server.error));
  });

  const cardCases: Array<Record<string, unknown>> = [
    card,
    {},
    { ...card, ccn: '4242 4242 4242 4241', exp: '1330', cvv: '12', billName: 'Jane', zip: 'x', state: 'ZZ', payNote: 'x'.repeat(501) },
    { ...card, ccn: '378282246310005', exp: '1230', addr1: ' ', city: 'x'.repeat(101) },
  ];
  it.each(cardCases)('step 2 (%#)', (input) => {
    for (const rules of [plain, cedar]) {
      const server = cardSchema(rules, NOW, texts).safeParse(input);
      expect(said(rules, formProblems(cardChecks(rules, NOW), input))).toEqual(server.success ? {} : fieldErrors(server.error));
    }
  });
});

describe.each(LANGUAGES)('every field of the form has its label in the error summary, in %s', (language) => {
  it.each([
    { company: false, notMedical: false, useStatement: false },
    { company: true, notMedical: false, useStatement: false },
  ])('for %o', (kind) => {
    const words = CATALOGUES[language].paymentForm;
    for (const name of [...PAYER_FIELDS, ...CARD_FIELDS]) {
      const label = labelOf(name, words, formLabels(kind));
      expect(label, name).not.toBe(name);
      expect(label.trim(), name).not.toBe('');
    }
  });
});

describe('each field of the form is described once', () => {
  const payees = [
    { ...plain, customFields: { payDOB: false, payDOS: false, billingZip: false } },
    { ...plain, customFields: { payDOB: true, payDOS: true, billingZip: true } },
  ];
  const contexts = payees.flatMap((rules) => [false, true].map((company) => ({ rules, company, now: new Date('2026-11-27T12:00:00Z') })));

  it('a field said to be optional may be left out for some payee, and only such a field', () => {
    for (const [name, field] of Object.entries(PAYMENT_FIELD_DESCRIPTIONS)) {
      const leftOut = contexts.some((context) => field.check(context).optional === true);
      expect(leftOut, name).toBe(field.optional === true);
    }
  });

  it('card data is never written back into a page: the number and the code are typed again', () => {
    expect(CARD_DATA_FIELDS).toEqual(['ccn', 'exp', 'cvv']);
    expect(UNREPEATED_CARD_FIELDS).toEqual(['ccn', 'cvv']);
  });
});
