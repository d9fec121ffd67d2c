import { DECLINE_MESSAGES } from '../domain/declines';

/**
 * The contract's test cards (§6), as the embedded origin answers them like a processor's test
 * mode: every valid card number is charged except these, and any card with the security code 000.
 */
export const DECLINED_TEST_CARDS: Readonly<Record<string, string>> = {
  '4000000000000002': DECLINE_MESSAGES.declined,
  '4000000000009995': DECLINE_MESSAGES.insufficientFunds,
  '4000000000000069': DECLINE_MESSAGES.expired,
};
export const WRONG_CODE_CVV = '000';
export const WRONG_CODE = DECLINE_MESSAGES.securityCode;

export interface DemoCard {
  card: string;
  /** Not a card number: any card with this security code. */
  anyCard?: true;
  /** Paid, or declined with the message the embedded origin answers (the backend's own words). */
  declined?: string;
}

const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The test cards as the demo index lists them. */
export const DEMO_CARDS: DemoCard[] = [
  { card: '4242 4242 4242 4242' },
  ...Object.entries(DECLINED_TEST_CARDS).map(([digits, message]) => ({ card: grouped(digits), declined: message })),
  { card: `CVV ${WRONG_CODE_CVV}`, anyCard: true, declined: WRONG_CODE },
];
