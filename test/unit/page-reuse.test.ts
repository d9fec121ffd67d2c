import { describe, expect, it } from 'vitest';
import { keepable, respond, slot } from '../../src/web/page-reuse';

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
