import IMask, { type FactoryArg } from 'imask';
import { describe, expect, it } from 'vitest';
import { PHONE_MASK } from '../../client/components/mask';
import { PAYMENT_MASKS } from '../../client/components/payment-masks';
import { readExpiry, expiryValid } from '../../src/domain/card';
import { CATALOGUES } from '../../src/domain/catalogue/all';
import { cardSchema, payerSchema } from '../../src/domain/payment-schemas';
import { formatPhone, readPhone, reachable, withoutCountryCode } from '../../src/domain/phone';
import { INVALID_PHONE, UNREACHABLE_PHONE } from '../../src/domain/sms';
import { MobileNumberSchema } from '../../src/domain/sms-request';

// How phones write a saved contact, and what a payer pastes: every one is (559) 555-0199.
const WRITTEN = ['+1 (559) 555-0199', '+15595550199', '1-559-555-0199', '1 559 555 0199', '559.555.0199', '(559) 555-0199', '5595550199'];
// How password managers, iOS AutoFill and card scanning fill an expiry, and how people type it: all December 2030.
const DECEMBER_2030 = ['12/2030', '12/30', '12 / 30', '1230', '122030', '12-30', '12.2030'];

/** A payee that asks for nothing more and takes every card. */
const rules = {
  acctRegex: '',
  acctRegexWarn: '',
  acctRegexReadibleString: '',
  customFields: { payDOB: false, payDOS: false, billingZip: false },
  ccAccepted: { pall: true, pvisa: true, pmc: true, pdiscover: true, pamex: true },
};

/** A mask as the browser drives it: the whole value at once (autofill, paste), or key by key. */
function masked(options: FactoryArg, text: string, how: 'whole' | 'keys'): string {
  const mask = IMask.createMask(options as Parameters<typeof IMask.createMask>[0]);
  if (how === 'whole') mask.splice(0, 0, text, 'NONE', { input: true });
  else for (const ch of text) mask.splice(mask.value.length, 0, ch, 'NONE', { input: true });
  return mask.value;
}

/** What the island sends: the 10 digits, or nothing for a number it refuses. */
const digitsOf = (read: ReturnType<typeof readPhone>) => ('digits' in read ? read.digits : null);

describe('the phone rule', () => {
  it.each(WRITTEN)('reads %j as 5595550199, in the schema, the island and the payment form', (written) => {
    expect(readPhone(written)).toEqual({ digits: '5595550199' });
    expect(MobileNumberSchema.parse(written)).toBe('5595550199');
    expect(digitsOf(readPhone(written))).toBe('5595550199');
    const payer = { patientName: 'Jane Doe', account: 'A-1', amount: '10', email: 'jane@example.com', phone: written };
    const parsed = payerSchema(rules, { company: false }).safeParse(payer);
    expect(parsed.success && parsed.data.phone).toBe('(559) 555-0199');
  });

  it('refuses an area code or exchange starting with 0 or 1, at the boundaries', () => {
    expect(reachable('2002000000')).toBe(true);
    expect(reachable('9999999999')).toBe(true);
    for (const digits of ['1559555019', '0559555019', '5591555019', '5590555019']) {
      expect(reachable(digits)).toBe(false);
      expect(readPhone(digits)).toEqual({ problem: 'unreachable' });
      expect(MobileNumberSchema.safeParse(digits).error?.issues[0]?.message).toBe(UNREACHABLE_PHONE);
      expect(digitsOf(readPhone(digits))).toBeNull();
    }
    // The number the old mask made of +1 (559) 555-0199 is refused with the same message.
    expect(MobileNumberSchema.safeParse('(155) 955-5019').error?.issues[0]?.message).toBe(UNREACHABLE_PHONE);
  });

  it('refuses what is not 10 digits (or 1 and 10) as invalid', () => {
    for (const text of ['559555019', '25595550199', '155955501990', '+44 20 7946 0958', '5'.repeat(10) + ' '.repeat(31)]) {
      expect(readPhone(text)).toEqual({ problem: 'invalid' });
      expect(MobileNumberSchema.safeParse(text).error?.issues[0]?.message).toBe(INVALID_PHONE);
    }
  });

  it('has words for the unreachable number in every language', () => {
    for (const catalogue of Object.values(CATALOGUES)) {
      expect(catalogue.smsForm.unreachablePhone).toBeTruthy();
      expect(catalogue.paymentProblems.unreachablePhone).toBe(catalogue.smsForm.unreachablePhone);
    }
  });

  it('drops a country code only at the start of the field', () => {
    expect(withoutCountryCode('+1 (559) 555-0199')).toBe(' (559) 555-0199');
    expect(withoutCountryCode('1-559')).toBe('-559');
    expect(withoutCountryCode('559-1')).toBe('559-1');
    expect(formatPhone('5595550199')).toBe('(559) 555-0199');
  });

  it.each(WRITTEN)('the phone mask keeps %j as (559) 555-0199, filled whole or typed', (written) => {
    expect(masked(PHONE_MASK, written, 'whole')).toBe('(559) 555-0199');
    expect(masked(PHONE_MASK, written, 'keys')).toBe('(559) 555-0199');
  });
});

describe('the expiry rule', () => {
  const NOW = new Date(2026, 10, 26);

  it.each(DECEMBER_2030)('reads %j as December 2030, in the rule, the schema and the mask', (written) => {
    expect(['12/30', '12/2030']).toContain(readExpiry(written));
    expect(expiryValid(readExpiry(written), NOW)).toBe(true);
    const card = {
      ccn: '4242424242424242',
      exp: written,
      cvv: '123',
      billName: 'Jane Doe',
      addr1: '1 Main St',
      city: 'Fresno',
      state: 'CA',
      zip: '93721',
    };
    const parsed = cardSchema(rules, NOW).safeParse(card);
    expect(parsed.success && parsed.data.exp).toBe(readExpiry(written));
    for (const how of ['whole', 'keys'] as const) expect(['12/30', '12/2030']).toContain(masked(PAYMENT_MASKS.expiry, written, how));
  });

  it('gives a lone first digit from 2 to 9, or a 1 before a separator, its 0', () => {
    expect(readExpiry('1/30')).toBe('01/30');
    expect(readExpiry('2/2030')).toBe('02/2030');
    expect(readExpiry('930')).toBe('09/30');
    expect(readExpiry('130')).toBe('130');
    for (const how of ['whole', 'keys'] as const) {
      expect(masked(PAYMENT_MASKS.expiry, '1/30', how)).toBe('01/30');
      expect(masked(PAYMENT_MASKS.expiry, '2/30', how)).toBe('02/30');
      expect(masked(PAYMENT_MASKS.expiry, '930', how)).toBe('09/30');
      expect(masked(PAYMENT_MASKS.expiry, '0130', how)).toBe('01/30');
      expect(masked(PAYMENT_MASKS.expiry, '12/2030', how)).toBe('12/2030');
      // A typo stays in sight for the rule to refuse: never another month.
      expect(masked(PAYMENT_MASKS.expiry, '13/30', how)).toBe('13/30');
      expect(masked(PAYMENT_MASKS.expiry, '1330', how)).toBe('13/30');
    }
  });

  it('takes this month and refuses last month and anything past twenty years', () => {
    expect(expiryValid(readExpiry('11/26'), NOW)).toBe(true);
    expect(expiryValid(readExpiry('10/2026'), NOW)).toBe(false);
    expect(expiryValid(readExpiry('11/2046'), NOW)).toBe(true);
    expect(expiryValid(readExpiry('12/2046'), NOW)).toBe(false);
    expect(expiryValid(readExpiry('00/30'), NOW)).toBe(false);
    expect(expiryValid(readExpiry('13/30'), NOW)).toBe(false);
  });
});
