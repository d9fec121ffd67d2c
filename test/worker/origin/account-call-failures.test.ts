import { beforeEach, describe, expect, it } from 'vitest';
import { httpEnv, injectFault, json, request, resetStandIn } from '../origin-helpers';

/** The calls the account flows make, failing at the stand-in origin: a clear error answer each time. */
const CALLS: Array<[name: string, path: string, init: RequestInit, fault: string]> = [
  [
    'bill info: submit',
    '/api/update_info_request.php?t=INFO-FIELDS',
    json({ fields: [{ type: 'input', name: 'Account number', placeholder: '', value: 'A1' }] }),
    '/api/update_info_request.php',
  ],
  ['bill info: delete', '/api/update_info_request.php?t=INFO-FEE', { method: 'DELETE' }, '/api/update_info_request.php'],
  ['bill info: cancel the bill', '/cancel_back.php?t=INFO-FEE', { method: 'POST' }, '/cancel_back.php'],
  ['membership', '/api/member_signup.php?p=CARD_ON_FILE&f=email&a=1', { method: 'POST' }, '/api/member_signup.php'],
  ['pay later', '/api/pay_later.php', json({ ue: 'member@example.com' }), '/api/pay_later.php'],
  ['get paid', '/api/api_get_paid/get_paid.php', json({ whichState: 'access', access: 'ACCESS1' }), '/api/api_get_paid'],
  ['email link', '/api/link_gmail_account.php', json({ code: 'c', state: '', scope: '', error: '' }), '/api/link_gmail_account.php'],
  ['password reset', '/api/forgot_password_back.php', json({ x: 'RESET-VALID' }), '/api/forgot_password_back.php'],
];

describe('account calls that fail at the origin', () => {
  beforeEach(resetStandIn);

  it.each(CALLS)('%s: 502 with the error shape, for a 500 and for a wrong shape', async (_name, path, init, fault) => {
    for (const mode of ['status-500', 'wrong-shape'] as const) {
      await injectFault(fault, mode);
      const res = await request(httpEnv(), path, init);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ error: 'We could not reach Papaya right now. Please try again in a moment.', fields: {} });
    }
  });
});
