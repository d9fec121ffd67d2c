import { describe, expect, it } from 'vitest';
import { checkPayment, type PostedPayment } from '../../src/domain/payment-schemas';
import type { Payee } from '../../src/domain/payee';
import { PAYMENT_FIELD_DESCRIPTIONS, type PaymentFieldName } from '../../src/domain/payment';
import { WIRE_NAMES, wirePaymentFields } from '../../src/origin/payment';

/**
 * The backend's contract for a payment (pay-pages spec §7) as the origin door writes it: which
 * name each field of the card form has on the wire, and the whole body of a patient's and a
 * company's payment. A change here is a change of the legacy backend's contract.
 */

const PAYEE: Payee = {
  payeeId: '1001',
  payeeName: 'Valley Medical Group',
  logo: { url: '' },
  url: 'valleymed',
  urls: { url: 'valleymed', billingUrl: '' },
  customHeading: '',
  address: { address1: '', address2: '', city: '', state: '', zip: '' },
  pphone: '',
  customFields: { payDOB: true, payDOS: false, billingZip: true },
  acctRegex: '',
  acctRegexWarn: '',
  acctRegexReadibleString: '',
  ccAccepted: { pall: true, pvisa: true, pmc: true, pdiscover: true, pamex: true },
  payeeFees: [],
  fee: 0,
  commonBot: '',
  isProvider: true,
  isBilling: false,
  isPartner: true,
  noGenericWeb: false,
  autoConf: false,
  hasAccount: false,
  useStatement: false,
  notMedical: false,
};

/** As a phone fills the form: autofilled phone and expiry, a card number with spaces. */
const POSTED: PostedPayment = {
  patientName: 'Jane Doe',
  account: 'A-1001',
  payDOB: '01/02/1980',
  payDOS: '03/04/2026',
  amount: '$1,234.5',
  email: 'jane@example.com',
  phone: '+1 (559) 555-0199',
  billingZip: '93721',
  ccn: '4242 4242 4242 4242',
  exp: '12/2030',
  cvv: '123',
  billName: 'Jane Doe',
  addr1: '1 Main St',
  city: 'Fresno',
  state: 'CA',
  zip: '93721',
};

/** Fields the description has that the legacy form did not: sent under their own names. */
const ADDED = (Object.keys(PAYMENT_FIELD_DESCRIPTIONS) as PaymentFieldName[]).filter((name) => !(name in WIRE_NAMES));

function body(company: boolean, posted: PostedPayment) {
  const checked = checkPayment(PAYEE, company, posted, new Date('2026-11-27T12:00:00Z'));
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return wirePaymentFields({ payee: PAYEE, ...checked, company, humanToken: 'token', userAgent: 'UA', generic: false });
}

describe("the backend's names for the card form's fields", () => {
  it('are the legacy form’s, field by field', () => {
    expect(WIRE_NAMES).toEqual({
      patientName: 'patientName',
      account: 'account',
      payDOB: 'payDOB',
      payDOS: 'payDOS',
      amount: 'amount',
      email: 'email',
      phone: 'phone',
      billingZip: 'billingZip',
      ccn: 'ccn',
      exp: 'exp',
      cvv: 'cvv',
      billName: 'billName',
      addr1: 'addr1',
      city: 'city',
      state: 'state',
      zip: 'zip',
      payNote: 'payNote',
    });
  });

  it("a patient's payment: the fields the payee asks for, in the legacy form's order, the amount with cents, the card as digits, the expiry as the spec allows it, an empty note", () => {
    const legacy = {
      patientName: 'Jane Doe',
      account: 'A-1001',
      payDOB: '01/02/1980',
      amount: '1234.50',
      email: 'jane@example.com',
      phone: '(559) 555-0199',
      billingZip: '93721',
      ccn: '4242424242424242',
      exp: '12/2030',
      cvv: '123',
      billName: 'Jane Doe',
      addr1: '1 Main St',
      city: 'Fresno',
      state: 'CA',
      zip: '93721',
      payNote: '',
      googleRecaptchaToken: 'token',
      WebPayVue: 'true',
      Submit: 'Submit',
      deviceType: 'UA',
      webUrl: 'valleymed',
    };
    const sent = body(false, POSTED);
    const known = Object.keys(sent).filter((name) => name in legacy);
    expect(Object.fromEntries(known.map((name) => [name, sent[name]]))).toEqual(legacy);
    expect(known).toEqual(Object.keys(legacy));
    // Anything else is a field the description added since, under its own name.
    expect(Object.keys(sent).filter((name) => !(name in legacy))).toEqual(ADDED);
  });

  it("a company's payment: its invoice numbers, comma-joined, as the account", () => {
    const { account: _, ...company } = POSTED;
    const sent = body(true, { ...company, invoice: ['INV-1', 'INV-2'] });
    expect(sent.account).toBe('INV-1,INV-2');
    expect(sent.isBtoB).toBe('true');
    expect(Object.keys(sent)).toEqual([...Object.keys(body(false, POSTED)), 'isBtoB']);
  });
});
