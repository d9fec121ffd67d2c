import { describe, expect, it } from 'vitest';
import { checkFormKey, FORM_KEY, FORM_KEY_LIFETIME_MS, formKeyForPage } from '../../src/security/form-keys';

/** A claim id as the claims' namespace mints them: 64 hex digits. */
const randomClaimId = () => Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
const SECRET = 'unit-form-key-secret-0123456789abcdef';
const MINUTE = 60_000;

/** Draws `count` pages of one payee at `now`, letting each page's after-answer work finish, as the Worker does. */
async function views(payeeId: string, count: number, now: number, secret = SECRET): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const pending: Promise<unknown>[] = [];
    keys.push(await formKeyForPage(secret, payeeId, randomClaimId, (work) => pending.push(work), now));
    await Promise.all(pending);
  }
  return keys;
}

const expiresOf = (key: string) => Number(FORM_KEY.exec(key)![2]) * 1000;

describe('the keys handed to payment pages', () => {
  it('are all different, each signed for its payee, and valid for at least the whole lifetime from the view', async () => {
    const now = Date.now();
    const keys = await views('1001', 100, now);
    expect(new Set(keys).size).toBe(100);
    for (const key of keys) {
      expect(key).toMatch(FORM_KEY);
      expect(await checkFormKey(SECRET, key, '1001', now)).toBe('valid');
      expect(await checkFormKey(SECRET, key, '1002', now)).toBe('other-payee');
      expect(await checkFormKey('another-secret-0123456789abcdef0123', key, '1001', now)).toBe('forged');
      expect(expiresOf(key)).toBeGreaterThanOrEqual(Math.floor((now + FORM_KEY_LIFETIME_MS) / 1000) * 1000);
      expect(expiresOf(key)).toBeLessThanOrEqual(now + FORM_KEY_LIFETIME_MS + MINUTE);
    }
  });

  it('are never ones signed more than a minute before the view', async () => {
    const start = Date.now();
    await views('1003', 5, start);
    const later = start + 5 * MINUTE;
    for (const key of await views('1003', 20, later)) {
      expect(expiresOf(key)).toBeGreaterThanOrEqual(Math.floor((later + FORM_KEY_LIFETIME_MS) / 1000) * 1000);
      expect(await checkFormKey(SECRET, key, '1003', later + FORM_KEY_LIFETIME_MS - 1000)).toBe('valid');
    }
  });

  it('of one payee are never handed to another, nor signed with another secret', async () => {
    const now = Date.now();
    const other = 'unit-other-secret-0123456789abcdef012';
    const [a, b, c] = await Promise.all([views('1005', 30, now), views('1006', 30, now), views('1005', 30, now, other)]);
    for (const key of a) expect(await checkFormKey(SECRET, key, '1005', now)).toBe('valid');
    for (const key of b) expect(await checkFormKey(SECRET, key, '1006', now)).toBe('valid');
    for (const key of c) expect(await checkFormKey(other, key, '1005', now)).toBe('valid');
    expect(new Set([...a, ...b, ...c]).size).toBe(90);
  });

  it('expire with their lifetime', async () => {
    const now = Date.now();
    for (const key of await views('1007', 20, now))
      expect(await checkFormKey(SECRET, key, '1007', now + FORM_KEY_LIFETIME_MS + MINUTE + 1000)).toBe('expired');
  });
});
