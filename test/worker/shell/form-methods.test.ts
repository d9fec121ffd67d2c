import { describe, expect, it } from 'vitest';
import { DESKTOP, IPHONE, visit } from '../helpers';
import { ROUTE_TABLE } from '../routes';
import { CARD_FIELDS, PAYER_FIELDS } from '../../../src/domain/payment';
import { embeddedEnv, freshClient, TEST_PAYMENT, postForm } from '../origin-helpers';

/**
 * Fields that hold something of the visitor's: a form with one posts, never a GET that puts it in
 * the URL. Every field of the card form is (its description names them), and those of the other forms.
 */
const PAYMENT_FIELDS: readonly string[] = [...PAYER_FIELDS, ...CARD_FIELDS, 'invoice'];
const OTHER_PERSONAL = /^(num|email|phone|np|confirm|pass|access|fax|statements|payment|field-\d+|x|t|i|sessionToken)$/;
const isPersonal = (field: string) => PAYMENT_FIELDS.includes(field) || OTHER_PERSONAL.test(field);

function formsOf(html: string): Array<{ tag: string; fields: string[] }> {
  return [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)].map((m) => ({
    tag: /<form\b[^>]*>/.exec(m[0])![0],
    fields: [...m[0].matchAll(/<(?:input|select|textarea)\b[^>]*\bname="([^"]+)"/g)].map((f) => f[1]!),
  }));
}

function problems(where: string, html: string): string[] {
  const found: string[] = [];
  for (const { tag, fields } of formsOf(html)) {
    const method = /\bmethod="([^"]*)"/.exec(tag)?.[1]?.toLowerCase();
    if (method !== 'post' && method !== 'get') found.push(`${where}: ${tag} declares no method`);
    const personal = fields.filter(isPersonal);
    const search = /role="search"/.test(tag) && fields.every((f) => f === 't' || f === 'ref');
    if (method === 'get' && !search) found.push(`${where}: ${tag} sends ${fields.join(', ')} in the URL`);
    if (method === 'get' && search && personal.some((f) => f !== 't')) found.push(`${where}: search form sends ${personal.join(', ')}`);
  }
  return found;
}

describe('every form declares its method, and every form with a personal or payment field posts', () => {
  it('on every route of both specs, on a computer and a phone', async () => {
    const found: string[] = [];
    let forms = 0;
    const pages = new Set(ROUTE_TABLE.filter(([, , e]) => e.status === 200).map(([path]) => path));
    for (const path of pages)
      for (const ua of [DESKTOP, IPHONE]) {
        const res = await visit(path, { ua });
        if (!res.headers.get('Content-Type')?.includes('text/html')) continue;
        const html = await res.text();
        forms += formsOf(html).length;
        found.push(...problems(path, html));
      }
    expect(found).toEqual([]);
    expect(forms).toBeGreaterThan(10);
  });

  it('on the views a post leads to: the card step, a new password, get-paid, the decline question', async () => {
    const { ccn: _c, cvv: _v, exp: _e, billName: _b, zip: _z, addr1: _a, city: _ci, state: _s, ...payer } = TEST_PAYMENT;
    const views = {
      'card step': await postForm('/web-payment?p=1001', { _form: 'payment', step: 'payer', ...payer }),
      'set password': await postForm('/getpaid', { _form: 'get-paid', whichState: 'access', access: 'ACCESS1' }),
      'decline question': await postForm('/update-info-request?t=INFO-FEE', { _form: 'info', answer: 'decline' }),
      'pay later': await postForm(
        '/pay-later',
        { _form: 'pay-later', email: '' },
        freshClient(),
        'same-origin',
        embeddedEnv({ PAY_LATER_UNTIL: '2099-12-31' } as Partial<Env>),
      ),
    };
    const found: string[] = [];
    for (const [name, res] of Object.entries(views)) {
      const html = await res.text();
      expect(formsOf(html).length, name).toBeGreaterThan(0);
      found.push(...problems(name, html));
    }
    expect(found).toEqual([]);
  });
});
