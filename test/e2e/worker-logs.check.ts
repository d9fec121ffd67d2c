import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { WORKER_LOG } from './playwright.config';

/**
 * Runs after every other browser test: the Worker's own log lines from the whole run carry no
 * card number, security code, password or reset token (PCI DSS 3.3/3.5). wrangler's own access
 * lines (`[wrangler:…]`, the local server's request list) are not the Worker's logs.
 */
const PASSWORDS_TYPED = ['long enough password'];
const RESET_TOKENS = /RESET-(VALID|EXPIRED|MISMATCH)/;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/** Card-number-like runs: 13 to 19 digits, maybe split by spaces or dashes, that pass the Luhn check (request ids aside). */
export function cardNumbersIn(line: string): string[] {
  return [...line.replace(UUID, '<uuid>').matchAll(/(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g)]
    .map((m) => m[0].replace(/[ -]/g, ''))
    .filter(luhn);
}

test('the Worker logged no card data, password or reset token during the browser tests', () => {
  const lines = readFileSync(WORKER_LOG, 'utf8')
    .split('\n')
    // Colour codes aside, wrangler's own lines start with `[wrangler:`.
    .filter((line) => line.trim() && !/^\s*\[wrangler:/.test(line.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')));
  // The capture works: the run's requests are in it.
  expect(lines.filter((line) => line.includes('"msg":"request"')).length).toBeGreaterThan(100);
  const problems: string[] = [];
  for (const line of lines) {
    for (const number of cardNumbersIn(line)) problems.push(`card number ${number}: ${line}`);
    if (/\b(cvv|cvc)\b|security.?code/i.test(line)) problems.push(`security code field: ${line}`);
    if (/"(np|pass|password|confirm)"\s*:/i.test(line) || PASSWORDS_TYPED.some((p) => line.includes(p))) problems.push(`password: ${line}`);
    if (RESET_TOKENS.test(line)) problems.push(`reset token: ${line}`);
  }
  expect(problems).toEqual([]);
});

test('the card-number finder finds what it should', () => {
  expect(cardNumbersIn('paid with 4242 4242 4242 4242 today')).toEqual(['4242424242424242']);
  expect(cardNumbersIn('{"ccn":"378282246310005"}')).toEqual(['378282246310005']);
  expect(cardNumbersIn('request id 1732301234567 took 12 ms')).toEqual([]);
  expect(cardNumbersIn('"requestId":"48682831-4755-4807-b13a-ef12f75cff63"')).toEqual([]);
  expect(cardNumbersIn('card 5555-5555-5555-4444')).toEqual(['5555555555554444']);
});
