import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { DESKTOP, visibleText } from '../helpers';
import { freshClient, httpEnv, injectFault, postForm, request, resetStandIn } from '../origin-helpers';

/**
 * Every page that asks the backend before it is drawn, with the backend refusing connections,
 * answering after the timeout, with 500, 503, malformed JSON or the wrong shape: the visitor gets
 * the spec's message or a clear one, never a bare 500 or a stack trace, and never a wrong 404.
 */
const MODES = ['refused', 'slow', 'status-500', 'status-503', 'malformed', 'wrong-shape'] as const;
type Mode = (typeof MODES)[number];

const UNAVAILABLE = "We can't load this payment page right now. Nothing was charged.";
/** [page (with `{n}` for a value unique to the run, so no cached answer hides the fault), status, text] */
const PAGES: Array<[string, number, string]> = [
  ['/pay?p=faultprobe{n}', 503, UNAVAILABLE],
  ['/faultprobe{n}', 503, UNAVAILABLE],
  ['/pay/faultprobe{n}', 503, UNAVAILABLE],
  ['/faultprobe{n}/patient', 503, UNAVAILABLE],
  ['/web-payment?p=77{n}', 503, UNAVAILABLE],
  ['/web-payment-multi-option/faultprobe{n}', 503, UNAVAILABLE],
  ['/update-info-request?t=INFO-FEE', 200, 'Error retrieving info. Please try again later.'],
];

/** Pages that ask the backend only when the visitor presses their button (a form posted without script). */
const BUTTONS: Array<[string, Record<string, string>, string | RegExp]> = [
  [
    '/update-password?x=RESET-VALID',
    { _form: 'reset', x: 'RESET-VALID', np: 'a good password', confirm: 'a good password' },
    // Any call failure on reset shows the expired view (spec §8), with script or without.
    'This link has expired',
  ],
  [`/getpaid?i=${btoa('1001')}`, { _form: 'get-paid', whichState: 'preEmail', i: btoa('1001') }, 'Oops something went wrong'],
  ['/pay-later?ue=bWVtYmVyQGV4YW1wbGUuY29t', { _form: 'pay-later', ue: 'bWVtYmVyQGV4YW1wbGUuY29t' }, 'Oops! Something went wrong.'],
  [
    '/account-link?code=c&state=s',
    { _form: 'account-link', code: 'c', state: 's', scope: '' },
    'Oh no! There was an issue linking your email.',
  ],
];

let n = 0;
async function backendThat(mode: Mode): Promise<Env> {
  const vars = { ORIGIN_TIMEOUT_MS: '300', PAY_LATER_UNTIL: '2099-12-31' } as Partial<Env>;
  if (mode === 'refused') return httpEnv({ ...vars, ORIGIN_URL: env.REFUSED_URL });
  await injectFault('/', mode, 1_000);
  return httpEnv(vars);
}

describe('pages whose backend call fails', () => {
  beforeEach(resetStandIn);

  for (const mode of MODES) {
    it.each(PAGES)(`${mode}: %s answers %i with a clear message`, async (page, status, text) => {
      const e = await backendThat(mode);
      const res = await request(e, page.replace('{n}', String(++n)), { headers: { 'User-Agent': DESKTOP } });
      expect(res.status).toBe(status);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
      const shown = visibleText(await res.text());
      expect(shown).toContain(text);
      expect(shown).not.toMatch(/TypeError|SyntaxError|ZodError|ECONNREFUSED|\bat [\w.]+ \(|stack/i);
    });

    it.each(BUTTONS)(`${mode}: the button of %s answers with a clear message`, async (page, fields, text) => {
      const e = await backendThat(mode);
      const res = await postForm(page, fields, freshClient(), 'same-origin', e);
      expect([200, 502, 503, 504]).toContain(res.status);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
      const shown = visibleText(await res.text());
      expect(shown).toMatch(text);
      expect(shown).not.toMatch(/TypeError|SyntaxError|ZodError|ECONNREFUSED|\bat [\w.]+ \(|stack/i);
    });
  }
});
