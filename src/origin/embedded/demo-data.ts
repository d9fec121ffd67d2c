import type { PayeeInput } from '../schemas';

/** The demo data of contract §6. Ids, names and codes are fixed: tests rely on them. */

const allCards = { pall: true, pvisa: true, pmc: true, pdiscover: true, pamex: true };
const address = (address1: string, city: string, zip: string) => ({ address1, address2: '', city, state: 'CA', zip });

export const DEMO_PAYEES: PayeeInput[] = [
  {
    payeeId: '1001',
    payeeName: 'Valley Medical Group',
    url: 'valleymed',
    urls: { url: 'valleymed', billingUrl: '' },
    isProvider: true,
    isPartner: true,
    ccAccepted: allCards,
    customFields: { payDOB: true, payDOS: false, billingZip: false },
    address: address('100 Main St', 'Fresno', '93721'),
    pphone: '(559) 555-0101',
  },
  {
    payeeId: '1002',
    payeeName: 'Lakeside Family Clinic',
    url: 'lakeside',
    urls: { url: 'lakeside', billingUrl: '' },
    isProvider: true,
    isBilling: true,
    ccAccepted: allCards,
    address: address('22 Shore Dr', 'Sacramento', '95814'),
    pphone: '(916) 555-0102',
  },
  {
    payeeId: '1003',
    payeeName: 'Metro Water Utility',
    url: '',
    urls: { url: '', billingUrl: 'metrowater' },
    isBilling: true,
    isPartner: true,
    notMedical: true,
    ccAccepted: allCards,
    address: address('5 Reservoir Rd', 'Oakland', '94607'),
    pphone: '(510) 555-0103',
  },
  {
    payeeId: '1004',
    payeeName: 'Harbor Health Partners',
    url: 'harborhealth',
    urls: { url: 'harborhealth', billingUrl: '' },
    isProvider: true,
    isPartner: true,
    ccAccepted: allCards,
    address: address('400 Harbor Blvd', 'San Diego', '92101'),
    pphone: '(619) 555-0104',
  },
  {
    payeeId: '1005',
    payeeName: 'Northside Imaging',
    url: 'northside',
    urls: { url: 'northside', billingUrl: '' },
    isProvider: true,
    isPartner: true,
    noGenericWeb: true,
    ccAccepted: allCards,
    address: address('77 North Ave', 'Fresno', '93710'),
    pphone: '(559) 555-0105',
  },
  {
    payeeId: '1006',
    payeeName: 'Summit Dental',
    url: 'summitdental',
    urls: { url: 'summitdental', billingUrl: '' },
    isProvider: true,
    isPartner: true,
    autoConf: true,
    ccAccepted: allCards,
    address: address('9 Summit Way', 'Redding', '96001'),
    pphone: '(530) 555-0106',
  },
  {
    payeeId: '1007',
    payeeName: 'Cedar Valley Hospital',
    url: 'cedarvalley',
    urls: { url: 'cedarvalley', billingUrl: '' },
    isProvider: true,
    isPartner: true,
    acctRegex: '^CV\\d{6}$',
    acctRegexReadibleString: 'CV',
    ccAccepted: { pall: false, pvisa: true, pmc: true, pdiscover: false, pamex: false },
    customFields: { payDOB: false, payDOS: true, billingZip: true },
    payeeFees: ['A $1.50 convenience fee applies to card payments.'],
    fee: 1.5,
    customHeading: '<strong>Cedar Valley</strong> accepts payments online.',
    address: address('1200 Cedar Ave', 'Visalia', '93291'),
    pphone: '(559) 555-0107',
  },
  {
    payeeId: '1008',
    payeeName: 'Pinecrest Pediatrics',
    url: 'pinecrest',
    urls: { url: 'pinecrest', billingUrl: '' },
    isProvider: true,
    isPartner: true,
    hasAccount: true,
    ccAccepted: allCards,
    address: address('31 Pinecrest Ln', 'Modesto', '95354'),
    pphone: '(209) 555-0108',
  },
  {
    payeeId: '1009',
    payeeName: 'Acme Staffing Inc',
    url: 'acmestaffing',
    urls: { url: 'acmestaffing', billingUrl: '' },
    isProvider: true,
    isPartner: true,
    notMedical: true,
    ccAccepted: allCards,
    address: address('850 Market St', 'San Francisco', '94102'),
    pphone: '(415) 555-0109',
  },
];

export const DEMO_FLAGS = [{ name: 'pay-wpbp-redirect', enabled: true }];

const DAY = 24 * 60 * 60;

/** Reset tokens; `expiresIn` is seconds from seeding. */
export const DEMO_RESET_TOKENS = [
  { token: 'RESET-VALID', userId: 'user-1', expiresIn: DAY, mismatch: false },
  { token: 'RESET-EXPIRED', userId: 'user-2', expiresIn: -DAY, mismatch: false },
  { token: 'RESET-MISMATCH', userId: 'user-3', expiresIn: DAY, mismatch: true },
];

export const DEMO_INFO_REQUESTS = [
  {
    token: 'INFO-DEADLINE',
    billId: 'BILL-2001',
    fields: [{ type: 'confirmDeadlineApproaching', name: 'Due date', placeholder: 'Due in 3 days', value: '' }],
  },
  {
    token: 'INFO-AMOUNT',
    billId: 'BILL-2002',
    fields: [{ type: 'confirmAmountIncrease', name: 'Amount', placeholder: '$120.00 → $135.50', value: '' }],
  },
  {
    token: 'INFO-FEE',
    billId: 'BILL-2003',
    fields: [{ type: 'confirmAmountIncreaseFee', name: 'Fee', placeholder: '$1.50 → $2.95', value: '' }],
  },
  {
    token: 'INFO-FIELDS',
    billId: 'BILL-2004',
    fields: [
      { type: 'input', name: 'Account number', placeholder: 'As printed on your bill', value: '' },
      { type: 'input', name: 'Name on the account', placeholder: 'Full name', value: '' },
    ],
  },
];

export const DEMO_ACCESS_CODES = [
  { code: 'ACCESS1', payeeId: '1001' },
  { code: 'ACCESS2', payeeId: '1008' },
];

/** Pay-later accounts: enrolled already, or a member who may enrol. Any other email is unknown. */
export const DEMO_PAY_LATER_USERS = [
  { email: 'enrolled@example.com', enrolled: true },
  { email: 'member@example.com', enrolled: false },
];
