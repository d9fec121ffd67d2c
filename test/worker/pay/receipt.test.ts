import { describe, expect, it } from 'vitest';
import { scriptTags, visibleText } from '../helpers';
import { embeddedEnv, formKeyFor, httpEnv, request } from '../origin-helpers';

async function paidReceiptUrl(): Promise<string> {
  const form = new FormData();
  const fields = {
    patientName: 'Sam Roe',
    account: 'CV123456',
    payDOS: '03/04/2026',
    billingZip: '93291',
    amount: '1,250.75',
    email: 'sam@example.com',
    phone: '5595550100',
    ccn: '4111 1111 1111 1111',
    exp: '12/30',
    cvv: '123',
    billName: 'Sam Roe',
    zip: '93291',
    addr1: '9 Oak St',
    city: 'Visalia',
    state: 'CA',
    formKey: await formKeyFor('1007'),
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await request(embeddedEnv(), '/payment/payment_back.php?p=1007', { method: 'POST', body: form });
  return (await res.json<{ confirmationUrl: string }>()).confirmationUrl;
}

describe('the receipt page', () => {
  it('shows payee, amount, date, brand and last four, the confirmation number and who to ask', async () => {
    const url = await paidReceiptUrl();
    const res = await request(embeddedEnv(), url);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const html = await res.text();
    const text = visibleText(html);
    expect(text).toContain('Paid to Cedar Valley Hospital');
    expect(text).toContain('Amount $1,250.75');
    expect(text).toContain('Card Visa ending in 1111');
    expect(text).toContain(`Confirmation number ${url.split('/').pop()}`);
    expect(text).toContain('call Cedar Valley Hospital at (559) 555-0107');
    expect(text).toMatch(/Date [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(html).not.toMatch(/4111\s?1111\s?1111\s?1111|12\/30/);
    expect(scriptTags(html)).toEqual([]);
  });

  it('an unknown confirmation is not found, and so is any receipt in front of a real backend', async () => {
    expect((await request(embeddedEnv(), '/receipt/PAP-ZZZZZZZZ')).status).toBe(404);
    expect((await request(embeddedEnv(), '/receipt/not-a-code')).status).toBe(404);
    const url = await paidReceiptUrl();
    expect((await request(httpEnv(), url)).status).toBe(404);
  });
});
