import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { keepable, pageKey, respond, slot } from '../../src/web/page-reuse';

const page = () =>
  `<html><head><script nonce="${slot('nonce')}"></script></head><body>…<input value="${slot('token')}"><script nonce="${slot('nonce')}"></script></body></html>`;
const expected = (nonce: string, token: string) =>
  `<html><head><script nonce="${nonce}"></script></head><body>…<input value="${token}"><script nonce="${nonce}"></script></body></html>`;

describe("a kept page's responses", () => {
  it('each hold their own slot values, whatever their lengths and whatever was sent before', async () => {
    const kept = keepable(page());
    const cases = [
      ['N1AAAAAAAAAAAAAAAAAAAAAA', 'short'],
      ['N2BBBBBBBBBBBBBBBBBBBBBB', 'a-much-longer-token-than-before'],
      ['N3CCCCCCCCCCCCCCCCCCCCCC', 'short'],
      ['N4', 'x'],
      ['N5DDDDDDDDDDDDDDDDDDDDDD', 'sameas'],
      ['N6EEEEEEEEEEEEEEEEEEEEEE', 'length'],
    ] as const;
    // Every response is made before any is read: each must keep the bytes it was made with.
    const responses = cases.map(([nonce, token]) => respond(kept, { nonce, token }, { headers: { 'Content-Type': 'text/html' } }));
    for (const [i, res] of responses.entries()) expect(await res.text()).toBe(expected(cases[i]![0], cases[i]![1]));
  });

  it('refuse a missing value or one that could break out of its attribute', () => {
    const kept = keepable(page());
    expect(() => respond(kept, { nonce: 'N' }, {})).toThrow(/token/);
    expect(() => respond(kept, { nonce: 'N', token: '"><script>' }, {})).toThrow(/token/);
  });

  it('send a page without slots as it was drawn', async () => {
    expect(await respond(keepable('<p>ça va — oui</p>'), {}, {}).text()).toBe('<p>ça va — oui</p>');
  });
});

describe("a kept page's key", () => {
  const Page = (props: Record<string, unknown>) => String(Object.keys(props));
  const key = (props: Record<string, unknown>, request: (string | number | boolean | undefined)[] = ['https://papaya.example/pay']) =>
    pageKey(createElement(Page, props), request);

  it('is the same for the same props and request, and differs when either does', () => {
    expect(key({ term: 'valley', count: 2 })).toBe(key({ term: 'valley', count: 2 }));
    expect(key({ term: 'valley' })).not.toBe(key({ term: 'valle' }));
    expect(key({ count: 1 })).not.toBe(key({ count: '1' }));
    expect(key({ shown: true })).not.toBe(key({ shown: 'true' }));
    expect(key({ a: undefined })).not.toBe(key({ a: 'undefined' }));
    expect(key({ term: 'valley' })).not.toBe(key({ term: 'valley' }, ['https://papaya.example/pay', 'es']));
  });

  it('cannot be forged by a prop whose text looks like the next prop', () => {
    expect(key({ a: 'x|b=1:y', b: 'z' })).not.toBe(key({ a: 'x', b: 'y|b=1:z' }));
    expect(key({ a: '1:x|b=1:y' })).not.toBe(key({ a: '1:x', b: 'y' }));
  });

  it('tells components apart even with equal props', () => {
    const Other = (props: Record<string, unknown>) => String(Object.values(props));
    expect(pageKey(createElement(Page, { a: 1 }), [])).not.toBe(pageKey(createElement(Other, { a: 1 }), []));
  });
});

describe('object props in a page key', () => {
  const Page = (props: Record<string, unknown>) => String(Object.keys(props));
  const key = (props: Record<string, unknown>) => pageKey(createElement(Page, props), []);

  it('name equal content alike, whichever object holds it, and other content otherwise', () => {
    expect(key({ payee: { id: '1001', name: 'Valley' } })).toBe(key({ payee: { id: '1001', name: 'Valley' } }));
    expect(key({ payee: { id: '1001', name: 'Valley' } })).not.toBe(key({ payee: { id: '1002', name: 'Valley' } }));
    expect(key({ payee: { id: '1001' }, form: { id: '1002' } })).not.toBe(key({ payee: { id: '1002' }, form: { id: '1001' } }));
  });

  it('stay short however large the object', () => {
    const big = { text: 'x'.repeat(10_000) };
    expect(key({ big }).length).toBeLessThan(100);
  });

  it('cannot be changed once a page is keyed by them: a change throws instead of a kept page serving what they were', () => {
    const payee = { name: 'Valley', rules: { accepted: ['visa'] } };
    const before = key({ payee });
    expect(() => {
      payee.name = 'Cedar';
    }).toThrow(TypeError);
    expect(() => payee.rules.accepted.push('amex')).toThrow(TypeError);
    expect(key({ payee })).toBe(before);
    const shell = Object.freeze({ inner: { name: 'Valley' } });
    key({ shell });
    expect(() => {
      shell.inner.name = 'Cedar';
    }).toThrow(TypeError);
    expect(key({ payee: { name: 'Cedar', rules: { accepted: ['visa'] } } })).not.toBe(before);
  });
});
