import type { FactoryArg, Masked } from 'imask';
import { readExpiry } from '../../src/domain/card';
import { loadPatternMasks, PHONE_MASK, type MaskLoader } from './mask';

/** imask with the kinds the payment form uses: patterns, the card number's choice of pattern, the amount. */
export const loadPaymentMasks: MaskLoader = () =>
  Promise.all([loadPatternMasks(), import('imask/masked/number'), import('imask/masked/dynamic')]).then(([IMask]) => IMask);

/**
 * A card's expiry as MM/YY or MM/YYYY (the spec's `##/####`). What arrives at the start of the
 * field (a key, a password manager's `12/2030`, a pasted `12 / 30`) is read by the server's own
 * rule first, and a month's first digit from 2 to 9 gets its `0`; a `1` followed by a separator
 * is January. Any two digits are taken as the month, so a typo such as 13 stays in sight for the
 * rule to refuse, never turned into another month.
 */
const expiryMask = {
  mask: '00/00[00]',
  prepare: (chunk: string, masked: Masked) => {
    if (masked.unmaskedValue) return chunk;
    const read = readExpiry(chunk);
    return /^[2-9]/.test(read) ? `0${read}` : read;
  },
  prepareChar: (ch: string, masked: Masked) => {
    if (/[/.\s-]/.test(ch) && masked.unmaskedValue === '1') masked.unmaskedValue = '01';
    return ch;
  },
} satisfies FactoryArg;

/** Every mask of the payment form: fixed patterns of digits, the card number and the amount. */
export const PAYMENT_MASKS = {
  phone: PHONE_MASK,
  expiry: expiryMask,
  cvv: { mask: '0000' },
  date: { mask: '00/00/0000' },
  zip: { mask: '00000' },
  // American Express numbers are 15 digits in groups of 4-6-5; every other network 16 in fours.
  card: {
    mask: [
      { mask: '0000 000000 00000', startsWith: /^3[47]/ },
      { mask: '0000 0000 0000 0000', startsWith: /^/ },
    ],
    dispatch: (appended: string, dynamic: { value: string; compiledMasks: Array<{ startsWith?: RegExp }> }) => {
      const digits = (dynamic.value + appended).replace(/\D/g, '');
      return dynamic.compiledMasks.find((m) => m.startsWith?.test(digits));
    },
  } as unknown as FactoryArg,
  amount: {
    mask: '$num',
    blocks: {
      num: {
        mask: Number,
        scale: 2,
        padFractionalZeros: true,
        thousandsSeparator: ',',
        radix: '.',
        mapToRadix: ['.'],
        min: 0,
        max: 99_999_999,
      },
    },
  } as FactoryArg,
} satisfies Record<string, FactoryArg>;

/** The masked fields of the payment form. */
export type MaskKind = keyof typeof PAYMENT_MASKS;
