import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { cardDigits } from '../../domain/card';
import { fieldErrors } from '../../domain/errors';
import { cardSchema, parseAmount, payerSchema, type PayeeRules } from '../../domain/payment';
import { webPaymentOffered } from '../../domain/web-payment';
import type { PaymentFields } from '../../origin/schemas';
import { claim, fingerprint, IDEMPOTENCY_KEY, release, settle } from '../../security/idempotency';
import { checkPaybot } from '../../security/paybot';
import { safeRedirectTarget } from '../../security/redirect-targets';
import type { AppEnv } from '../../server/app-env';
import { redirectPolicy } from '../../server/short-links';
import { apiError, originUnavailable, readLimited, refuseBots } from './guards';

/** Guest card payments: validated again here, charged at most once per rendered form. */
export const paymentRoutes = new Hono<AppEnv>();

const MAX_FORM_BYTES = 32 * 1024;
const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];
const QuerySchema = z.object({
  p: z.string().regex(/^\d{1,18}$/, 'Invalid payee.'),
  optE: z.literal('true').optional(),
  silent: z.literal('1').optional(),
  generic: z.literal('1').optional(),
  ib: z.literal('1').optional(),
});
/** The rules any payee shares: no account pattern, no extra fields, every card network. */
const ANY_PAYEE: PayeeRules = {
  acctRegex: '',
  acctRegexWarn: '',
  acctRegexReadibleString: '',
  customFields: { payDOB: false, payDOS: false, billingZip: false },
  ccAccepted: { pall: true, pvisa: true, pmc: true, pdiscover: true, pamex: true },
};

type Checked = { success: true } | { success: false; error: z.ZodError };
/** The 400 for a form with errors in either step, every field's message together. */
function refuse(c: Context<AppEnv>, payer: Checked, card: Checked): Response {
  const fields = { ...(payer.success ? {} : fieldErrors(payer.error)), ...(card.success ? {} : fieldErrors(card.error)) };
  return apiError(c, 400, 'Please check the highlighted fields.', fields);
}


async function readForm(c: Context<AppEnv>): Promise<Map<string, string[]> | Response> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) return apiError(c, 415, 'Send the payment as a form.');
  const text = await readLimited(c.req.raw, MAX_FORM_BYTES);
  if (text === null) return apiError(c, 413, 'The request is too large.');
  let form: FormData;
  try {
    form = await new Request('https://form.invalid', { method: 'POST', headers: { 'Content-Type': c.req.header('Content-Type')! }, body: text }).formData();
  } catch {
    return apiError(c, 400, 'The payment form could not be read.');
  }
  const fields = new Map<string, string[]>();
  for (const [name, value] of form) {
    if (typeof value !== 'string') return apiError(c, 400, 'Files are not accepted.');
    fields.set(name, [...(fields.get(name) ?? []), value]);
  }
  return fields;
}

paymentRoutes.post('/payment/payment_back.php', async (c) => {
  const query = QuerySchema.safeParse(c.req.query());
  if (!query.success) return apiError(c, 400, 'Please check the highlighted fields.', fieldErrors(query.error));
  const form = await readForm(c);
  if (form instanceof Response) return form;

  const one = (name: string) => form.get(name)?.[0];
  for (const [name, values] of form) if (values.length > 1 && name !== 'invoice') return apiError(c, 400, 'Each field may be sent once.', { [name]: 'Sent more than once.' });
  const key = one('idempotencyKey') ?? c.req.header('Idempotency-Key') ?? '';
  if (!IDEMPOTENCY_KEY.test(key)) return apiError(c, 400, 'This payment form has expired. Please reload the page.', { idempotencyKey: 'Required' });

  // Everything that does not depend on the payee is checked before the backend is asked anything.
  const company = one('isBtoB') === 'true' || query.data.ib === '1';
  const payerInput = {
    patientName: one('patientName'),
    account: company ? undefined : one('account'),
    invoices: company ? (form.get('invoice') ?? []) : undefined,
    payDOB: one('payDOB'),
    payDOS: one('payDOS'),
    amount: one('amount'),
    email: one('email'),
    phone: one('phone'),
    billingZip: one('billingZip'),
  };
  const cardInput = Object.fromEntries(['ccn', 'exp', 'cvv', 'billName', 'zip', 'addr1', 'city', 'state', 'payNote'].map((n) => [n, one(n)]));
  const anyPayer = payerSchema(ANY_PAYEE, { company }).safeParse(payerInput);
  const anyCard = cardSchema(ANY_PAYEE, new Date()).safeParse(cardInput);
  if (!anyPayer.success || !anyCard.success) return refuse(c, anyPayer, anyCard);

  const config = c.get('config');
  const origin = c.get('origin');
  const payee = await origin.getPayee(query.data.p);
  if (!payee.ok) return originUnavailable(c, payee);
  if (!payee.value || !webPaymentOffered(payee.value, config)) return apiError(c, 400, 'This biller does not accept web payments.', { p: 'Not offered web payment.' });

  const payer = payerSchema(payee.value, { company }).safeParse(payerInput);
  const card = cardSchema(payee.value, new Date()).safeParse(cardInput);
  if (!payer.success || !card.success) return refuse(c, payer, card);

  const humanToken = one('humanToken') ?? one('googleRecaptchaToken');
  const notHuman = await refuseBots(c, humanToken);
  if (notHuman) return notHuman;

  const digits = cardDigits(card.data.ccn);
  const account = company ? (payer.data.invoices ?? []).join(',') : (payer.data.account ?? '');
  const fields: PaymentFields = {
    patientName: payer.data.patientName,
    account,
    ...(payee.value.customFields.payDOB && payer.data.payDOB ? { payDOB: payer.data.payDOB } : {}),
    ...(payee.value.customFields.payDOS && payer.data.payDOS ? { payDOS: payer.data.payDOS } : {}),
    amount: parseAmount(payer.data.amount).toFixed(2),
    email: payer.data.email,
    phone: payer.data.phone,
    ...(payee.value.customFields.billingZip && payer.data.billingZip ? { billingZip: payer.data.billingZip } : {}),
    ccn: digits,
    exp: card.data.exp,
    cvv: card.data.cvv,
    billName: card.data.billName,
    zip: card.data.zip,
    addr1: card.data.addr1,
    city: card.data.city,
    state: card.data.state,
    payNote: card.data.payNote ?? '',
    googleRecaptchaToken: humanToken ?? '',
    WebPayVue: 'true',
    Submit: 'Submit',
    deviceType: (c.req.header('User-Agent') ?? '').slice(0, 300),
    ...(query.data.generic ? {} : { webUrl: payee.value.url || payee.value.urls.url }),
    ...(company ? { isBtoB: 'true' } : {}),
  };
  // The fingerprint leaves out the card number, expiry and CVV; it keeps the last four digits.
  const { ccn: _ccn, exp: _exp, cvv: _cvv, googleRecaptchaToken: _token, deviceType: _ua, ...stable } = fields;
  const claimed = await claim(c.env.DB, key, await fingerprint({ ...stable, p: query.data.p, last4: digits.slice(-4) }));
  if (claimed.kind === 'conflict') return apiError(c, 422, 'This payment was already submitted with different details. Please reload the page to start a new payment.');
  if (claimed.kind === 'in-flight') return apiError(c, 409, 'This payment is still being processed. Please wait a moment.');
  if (claimed.kind === 'replay') return c.body(claimed.body, claimed.status as 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });

  const bot = await checkPaybot(config.paybotUrl, { pbkey: key, commonBot: payee.value.commonBot, pid: payee.value.payeeId, pname: payee.value.payeeName });
  const result = await origin.submitPayment({
    query: { p: query.data.p, optE: !!query.data.optE, silent: !!query.data.silent, generic: !!query.data.generic },
    fields: { ...fields, ...bot },
  });
  if (!result.ok) {
    // Refused connections never reached the backend: the same form may try again. Anything
    // else may have charged, so the key keeps this answer and is not retried.
    if (result.kind === 'unreachable') await release(c.env.DB, key);
    const answer = originUnavailable(c, result);
    if (result.kind !== 'unreachable') await settle(c.env.DB, key, answer.status, await answer.clone().text());
    return answer;
  }
  let body: { status: 'success'; confirmationUrl: string } | { status: 'error'; message: string };
  if (result.value.status === 'success') {
    const policy = redirectPolicy(config, c.req.url);
    const originHost = config.originUrl ? [new URL(config.originUrl).origin] : [];
    const target = safeRedirectTarget(result.value.confirmationUrl, { ...policy, allowedOrigins: [...policy.allowedOrigins, ...originHost] });
    body = target
      ? { status: 'success', confirmationUrl: target }
      : { status: 'error', message: 'Your payment may have gone through, but we could not show its receipt. Please check your email before paying again.' };
  } else {
    body = { status: 'error', message: result.value.message.slice(0, 300) || 'The payment was declined.' };
  }
  const text = JSON.stringify(body);
  await settle(c.env.DB, key, 200, text);
  return c.body(text, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
});
