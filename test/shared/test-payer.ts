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

/** A Luhn-valid 16-digit Visa number, a different one for each `n`. */
export function visaNumber(n: number): string {
  const body = `4${String(n).padStart(14, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}
