import { describe, expect, it } from 'vitest';
import { addressOf } from '../../src/lib/address';
import { makeNonce } from '../../src/security/headers';

describe("a request's address, read without parsing it again", () => {
  it('gives the path and query the URL parser gives, for every shape a request can have', () => {
    for (const raw of [
      'https://papaya.example/',
      'https://papaya.example/pay',
      'https://papaya.example/pay?p=1001',
      'https://papaya.example/pay?',
      'http://localhost:8787/web-payment?p=1001&lang=es&x=%3Cb%3E',
      'https://papaya.example//other.example/path?q=a?b',
      'https://papaya.example/a%20b/c?d=e/f',
    ]) {
      const url = new URL(raw);
      expect(addressOf(url.href)).toEqual({ pathname: url.pathname, search: url.search });
    }
  });
});

describe('the CSP nonce', () => {
  it('is 128 random bits in base64, new for every response', () => {
    const nonces = new Set(Array.from({ length: 1000 }, makeNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it('uses the whole base64 alphabet', () => {
    const seen = new Set([...Array.from({ length: 200 }, makeNonce).join('').replace(/=/g, '')]);
    expect(seen.size).toBe(64);
  });
});
