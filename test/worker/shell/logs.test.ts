import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOrigin } from '../../../src/origin';
import { embeddedEnv, json, request } from '../origin-helpers';
import { withoutRandomValues } from '../helpers';

afterEach(() => vi.restoreAllMocks());

const CARD = '4111 1111 1111 1111';
const CVV = '737';
const PASSWORD = 'correct horse battery staple';
const TOKEN = 'RESET-VALID';
const PHONE = '5595550142';

describe('logs and storage never hold secrets', () => {
  it('a password change and a payment leave no card number, CVV, password, token or phone in any log line', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));

    const changed = await request(embeddedEnv(), `/api/forgot_password_back.php?x=${TOKEN}`, json({ x: TOKEN, np: PASSWORD }));
    expect(await changed.json()).toEqual({ success: true, status: 'PASSWORD_CHANGED' });
    await request(embeddedEnv(), `/update-password?x=${TOKEN}`);

    const origin = createOrigin(embeddedEnv(), (outcome) => console.log(JSON.stringify({ level: 'info', origin: outcome })));
    const paid = await origin.submitPayment({
      query: { p: '1001' },
      fields: {
        patientName: 'Jane Doe',
        amount: '42.00',
        phone: PHONE,
        ccn: CARD,
        exp: '12/30',
        cvv: CVV,
        billName: 'Jane Doe',
        zip: '93721',
        addr1: '1 Elm',
        city: 'Fresno',
        state: 'CA',
      },
    });
    expect(paid).toMatchObject({ ok: true, value: { status: 'success' } });

    expect(lines.length).toBeGreaterThanOrEqual(3);
    const all = withoutRandomValues(lines.join('\n'));
    for (const secret of [CARD, CARD.replace(/ /g, ''), `"cvv"`, CVV, PASSWORD, TOKEN, PHONE]) expect(all).not.toContain(secret);
  });

  it('a stored payment keeps the brand and last four digits only', async () => {
    const origin = createOrigin(embeddedEnv());
    const paid = await origin.submitPayment({
      query: { p: '1007' },
      fields: { amount: '10.00', ccn: '5555555555554444', exp: '01/31', cvv: '321', billName: 'Sam Roe' },
    });
    if (!paid.ok || paid.value.status !== 'success') throw new Error('payment failed');
    const confirmation = paid.value.confirmationUrl.split('/').pop();
    const row = await env.DB!.prepare('SELECT * FROM payments WHERE confirmation = ?').bind(confirmation).first<Record<string, unknown>>();
    expect(row).toMatchObject({ payee_id: '1007', amount_cents: 1000, brand: 'Mastercard', last4: '4444' });
    expect(JSON.stringify(row)).not.toContain('5555555555554444');
    const payer = JSON.parse(String(row!.payer)) as Record<string, string>;
    expect(payer).toEqual({ billName: 'Sam Roe' });
    expect(Object.keys(row!).sort()).toEqual(['amount_cents', 'brand', 'confirmation', 'created_at', 'last4', 'payee_id', 'payer']);
  });
});
