import { formKeyFor, freshClient, TEST_PAYMENT, request, standInCalls } from '../origin-helpers';

/** What the payment API's tests share: a valid form, a key as the page issues it, a post as a browser sends it. */
export const valid = { ...TEST_PAYMENT, amount: '$125.50' };
/** A form key as the payment page issues it. */
export const newKey = (payeeId = '1001') => formKeyFor(payeeId);

/** Posts the form as a browser would, each time from a client with no attempts yet. */
export async function pay(e: Env, fields: Record<string, string | string[]>, query = 'p=1001', key?: string) {
  const form = new FormData();
  const formKey = key ?? (await newKey(new URLSearchParams(query).get('p') ?? ''));
  for (const [name, value] of Object.entries({ ...fields, formKey })) for (const v of [value].flat()) form.append(name, v);
  return request(e, `/payment/payment_back.php?${query}`, { method: 'POST', body: form, headers: { 'CF-Connecting-IP': freshClient() } });
}
export const paymentCalls = async () => (await standInCalls()).filter((c) => c.path.startsWith('/payment/payment_back.php'));
