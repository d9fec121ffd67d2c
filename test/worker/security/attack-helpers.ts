import { env } from 'cloudflare:workers';
import { DEVICE_COOKIE } from '../../../src/security/device-cookie';
import { formKeyFor, httpEnv, TEST_PAYMENT, request, standInCalls } from '../origin-helpers';

/**
 * What the attack tests share: the Worker with the human check on and a solver that passes every
 * challenge (each `solved-…` token passes Turnstile's stand-in once, as tokens bought from a solver
 * service do), and a payment as an attacker sends it.
 */
export const guarded = (vars: Partial<Env> = {}) =>
  httpEnv({
    ...vars,
    HUMAN_CHECK: 'turnstile',
    TURNSTILE_SITE_KEY: '0x4AAAAAAAtestkey',
    TURNSTILE_SECRET: 'test-secret',
    TURNSTILE_INTERACTIVE_SITE_KEY: '0x4AAAAAAAinteractive',
    TURNSTILE_INTERACTIVE_SECRET: 'test-interactive-secret',
    TURNSTILE_VERIFY_URL: `${env.STAND_IN_URL}/turnstile/v0/siteverify`,
  } as Partial<Env>);

let solved = 0;
export const solvedToken = () => `solved-${Date.now()}-${++solved}`;
export const processorCalls = async () => (await standInCalls()).filter((c) => c.path.startsWith('/payment/payment_back.php'));

/**
 * A payment as an attacker's script sends it, with no device cookie: the solver passes the site's
 * check and, when the answer asks for it, the interactive one too (the same key sent again).
 */
export async function pay(e: Env, client: string, card: { ccn: string; exp?: string; cvv?: string; humanToken?: string }, key?: string) {
  const formKey = key ?? (await formKeyFor('1001'));
  const send = (interactive: boolean) => {
    const form = new FormData();
    const fields: Record<string, string> = {
      ...TEST_PAYMENT,
      humanToken: solvedToken(),
      ...card,
      formKey,
      ...(interactive && { interactiveToken: interactiveToken() }),
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return request(e, '/payment/payment_back.php?p=1001', { method: 'POST', body: form, headers: { 'CF-Connecting-IP': client } });
  };
  const first = await send(false);
  if (first.status !== 400 || !(await first.clone().json<{ interactiveCheck?: true }>()).interactiveCheck) return first;
  return send(true);
}

let ticked = 0;
/** A token of the interactive widget: a person (or a solver) who ticked the box; each passes once. */
export const interactiveToken = () => `interactive-${Date.now()}-${++ticked}`;

type Card = { ccn: string; exp?: string; cvv?: string };
type Answer = { status: number; body: { status?: string; error?: string; message?: string; interactiveCheck?: true; formKey?: string } };

/**
 * A phone or a computer as the site sees it: an address it shares or not, and the device cookie the
 * card form's page left, which it keeps (a browser) or drops every time (a script).
 */
export class Device {
  #cookie: string | undefined;
  constructor(
    readonly address: string,
    private readonly keepsCookies = true,
    private e: Env = guarded(),
  ) {}

  /** The same device, its cookie kept, sending through other bindings from now on (a fault injected, then mended). */
  using(e: Env): this {
    this.e = e;
    return this;
  }

  /** Opens the card form of a payee, as a texted link does: a fresh form key, and the device cookie the first time. */
  async openForm(payeeId = '1001'): Promise<string> {
    const res = await request(this.e, `/web-payment?p=${payeeId}`, { headers: this.#headers() });
    this.#keep(res);
    const key = /\d{1,18}-\d{10}-[0-9a-f]{64}-[0-9a-f]{64}/.exec(await res.text())?.[0];
    if (!key) throw new Error(`no form key on /web-payment?p=${payeeId} (${res.status})`);
    return key;
  }

  /** One payment as the island sends it: with the site's check, and the interactive one when `interactive`. */
  async send(fields: Record<string, string>, key: string, interactive = false, payeeId = '1001'): Promise<Answer> {
    const form = new FormData();
    const base: Record<string, string> = { ...TEST_PAYMENT };
    // The company version has invoices, not an account or a date of birth.
    if (fields.isBtoB) for (const name of ['account', 'payDOB']) delete base[name];
    const all = {
      ...base,
      humanToken: solvedToken(),
      ...fields,
      formKey: key,
      ...(interactive && { interactiveToken: interactiveToken() }),
    };
    for (const [name, value] of Object.entries(all)) form.append(name, value);
    const res = await request(this.e, `/payment/payment_back.php?p=${payeeId}`, { method: 'POST', body: form, headers: this.#headers() });
    this.#keep(res);
    return { status: res.status, body: await res.json() };
  }

  /**
   * A payment as a person makes it, from a fresh form: when the answer asks for the interactive
   * check, the person ticks the box and sends again (`asked` says it was asked).
   */
  async pay(card: Card, fields: Record<string, string> = {}, payeeId = '1001'): Promise<Answer & { asked: boolean }> {
    const key = await this.openForm(payeeId);
    const first = await this.send({ ...card, ...fields }, key, false, payeeId);
    if (!first.body.interactiveCheck) return { ...first, asked: false };
    return { ...(await this.send({ ...card, ...fields }, key, true, payeeId)), asked: true };
  }

  #headers(): Record<string, string> {
    return { 'CF-Connecting-IP': this.address, ...(this.#cookie && this.keepsCookies && { Cookie: this.#cookie }) };
  }

  #keep(res: Response): void {
    const set = res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
    if (set && this.keepsCookies) this.#cookie = set.split(';')[0];
  }
}
