/**
 * The test payer of every tier: a payment that payee 1001 (Valley Medical Group) accepts, card
 * included, form key excluded. A test changes only what it is about (the amount, the card).
 */
export const TEST_PAYMENT = {
  patientName: 'Jane Doe',
  account: 'A-1001',
  payDOB: '01/31/1980',
  amount: '25.00',
  email: 'jane@example.com',
  phone: '(559) 555-0100',
  ccn: '4242 4242 4242 4242',
  exp: '12/30',
  cvv: '737',
  billName: 'Jane Doe',
  zip: '93721',
  addr1: '1 Elm St',
  city: 'Fresno',
  state: 'CA',
} satisfies Record<string, string>;
