import { describe, expect, it } from 'vitest';
import { priceFor, startView } from '../../src/domain/membership';

describe('membership', () => {
  it.each([
    ['1', '4.99'],
    ['2', '9.99'],
    ['3', '14.99'],
    ['4', '23.99'],
    ['5', '4.99'],
    ['', '4.99'],
    [undefined, '4.99'],
  ])('ad %j costs $%s a month', (ad, price) => expect(priceFor(ad)).toBe(price));

  it('starts on view v, at most 3', () => {
    expect([undefined, '1', '2', '3', '4', '99', 'x', '-1'].map(startView)).toEqual([1, 1, 2, 3, 1, 1, 1, 1]);
  });
});
