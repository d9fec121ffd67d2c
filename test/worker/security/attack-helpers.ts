import { env } from 'cloudflare:workers';
import { formKeyFor, httpEnv, PAYMENT_FORM, request, standInCalls } from '../origin-helpers';

/**
 * What the attack tests share: the Worker with the human check on and a solver that passes every
 * challenge (each `solved-…` token passes Turnstile's stand-in once, as tokens bought from a solver
 * service do), and a payment as an attacker sends it.
 */
export const guarded = () =>
  httpEnv({
    HUMAN_CHECK: 'turnstile',
    TURNSTILE_SITE_KEY: '0x4AAAAAAAtestkey',
    TURNSTILE_SECRET: 'test-secret',
    TURNSTILE_VERIFY_URL: `${env.STAND_IN_URL}/turnstile/v0/siteverify`,
  } as Partial<Env>);

let solved = 0;
export const solvedToken = () => `solved-${Date.now()}-${++solved}`;
export const processorCalls = async () => (await standInCalls()).filter((c) => c.path.startsWith('/payment/payment_back.php'));

export async function pay(e: Env, client: string, card: { ccn: string; exp?: string; cvv?: string; humanToken?: string }, key?: string) {
  const form = new FormData();
  const fields: Record<string, string> = {
    ...PAYMENT_FORM,
    humanToken: solvedToken(),
    ...card,
    formKey: key ?? (await formKeyFor('1001')),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return request(e, '/payment/payment_back.php?p=1001', { method: 'POST', body: form, headers: { 'CF-Connecting-IP': client } });
}
