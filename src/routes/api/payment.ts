import type { Context } from 'hono';
import { Hono } from '../../lib/hono';
import { FormKeyQuerySchema, PaymentFormSchema, PaymentQuerySchema } from '../../domain/api-schemas';
import { expiryMonth } from '../../domain/card';
import { declineField, type DeclineField } from '../../domain/declines';
import { fieldErrors } from '../../domain/errors';
import { FORM_KEY_PATH } from '../../domain/form-key';
import { tooManyPayments } from '../../domain/limits';
import { CARD_FIELDS, PAYER_FIELDS, parseAmount, type PayeeRules } from '../../domain/payment';
import { cardSchema, payerSchema } from '../../domain/payment-schemas';
import { webPaymentOffered } from '../../domain/web-payment';
import { paymentFields } from '../../origin';
import { cardHmacKey, formKeySecret } from '../../security/secrets';
import { checkFormKey, issueFormKey } from '../../security/form-keys';
import { calling, claim, fingerprint, keyRef, release, settle } from '../../security/idempotency';
import { fill } from '../../domain/catalogue/fill';
import { keyedHash } from '../../security/keyed-hash';
import { checkPaybot } from '../../security/paybot';
import { redirectPolicy, safeRedirectTarget } from '../../security/redirect-targets';
import type { AppEnv } from '../../web/app-env';
import { backendOutcome, recordEvent } from '../../telemetry/events';
import { logSecurityEvent } from '../../telemetry/log';
import { apiError, originUnavailable, validForm, validQuery } from '../../web/validate';
import { refuseBots, tooMany } from '../guards';
import { chosenLanguage, withLanguage, wordsOf } from '../../web/words';

/** Guest card payments: validated again here, limited by the abuse guard, charged at most once per issued form key. */
export const paymentRoutes = new Hono<AppEnv>();

const MAX_FORM_BYTES = 32 * 1024;
/** The rules any payee shares: no account pattern, no extra fields, every card network. */
const ANY_PAYEE: PayeeRules = {
  acctRegex: '',
  acctRegexWarn: '',
  acctRegexReadibleString: '',
  customFields: { payDOB: false, payDOS: false, billingZip: false },
  ccAccepted: { pall: true, pvisa: true, pmc: true, pdiscover: true, pamex: true },
};

type Checked = { success: true } | { success: false; error: Parameters<typeof fieldErrors>[0] };
/** The 400 for a form with errors in either step, every field's message together. */
function refuse(c: Context<AppEnv>, payer: Checked, card: Checked): Response {
  const fields = { ...(payer.success ? {} : fieldErrors(payer.error)), ...(card.success ? {} : fieldErrors(card.error)) };
  return apiError(c, 400, wordsOf(c).api.checkFields, fields);
}

/** A fresh key for a payee's form, under the page's own rule: only a payee offered web payment has one. */
paymentRoutes.get(FORM_KEY_PATH, validQuery(FormKeyQuerySchema), async (c) => {
  const { p } = c.req.valid('query');
  const config = c.get('config');
  const payee = await c.get('origin').cachedPayeeById(p);
  if (!payee.ok) return originUnavailable(c, payee);
  if (!payee.value || !webPaymentOffered(payee.value, config))
    return apiError(c, 400, wordsOf(c).api.notWebPayee, { p: wordsOf(c).api.notWebPayeeField });
  return c.json({ formKey: await issueFormKey(formKeySecret(config), p) });
});

paymentRoutes.post(
  '/payment/payment_back.php',
  validQuery(PaymentQuerySchema),
  ...validForm(MAX_FORM_BYTES, PaymentFormSchema),
  async (c) => {
    const query = c.req.valid('query');
    const form = c.req.valid('form');
    const config = c.get('config');
    const words = wordsOf(c);
    const amount = parseAmount(form.amount ?? '');
    /** One event per attempt (docs/operations.md): approved, declined, refused or failed, and why. */
    const attempt = (outcome: 'approved' | 'declined' | 'refused' | 'failed', reason: string) =>
      recordEvent(c, 'payment', { outcome, reason, amount: Number.isFinite(amount) ? amount : 0 });

    // The key the payment page issued for this payee: anything else is refused before any work.
    const key = form.idempotencyKey ?? c.req.header('Idempotency-Key') ?? '';
    const keyCheck = await checkFormKey(formKeySecret(config), key, query.p);
    if (keyCheck !== 'valid') {
      if (keyCheck !== 'expired') logSecurityEvent(c.get('requestId'), 'form-key-refused', { path: c.req.path, reason: keyCheck });
      attempt('refused', 'form-key');
      // A key of this site that only ran out (a payer who went to find their card): the answer
      // carries a fresh one, so the form sends again with nothing typed again.
      if (keyCheck === 'expired')
        return c.json(
          {
            error: words.api.formExpired,
            fields: { idempotencyKey: words.api.formExpired },
            formKey: await issueFormKey(formKeySecret(config), query.p),
            expired: true,
          },
          400,
        );
      return apiError(c, 400, words.api.formExpired, {
        idempotencyKey: key ? words.api.formExpired : words.paymentProblems.required,
      });
    }

    // Everything that does not depend on the payee is checked before the backend is asked anything.
    const company = form.isBtoB === 'true' || query.ib === '1';
    const payerInput = {
      ...Object.fromEntries(PAYER_FIELDS.map((name) => [name, form[name]])),
      account: company ? undefined : form.account,
      invoices: company ? form.invoice : undefined,
    };
    const cardInput = Object.fromEntries(CARD_FIELDS.map((name) => [name, form[name]]));
    const anyPayer = payerSchema(ANY_PAYEE, { company }, words.paymentProblems).safeParse(payerInput);
    const anyCard = cardSchema(ANY_PAYEE, new Date(), words.paymentProblems).safeParse(cardInput);
    if (!anyPayer.success || !anyCard.success) {
      attempt('refused', 'invalid');
      return refuse(c, anyPayer, anyCard);
    }

    // The human check comes before any call to the backend, the payee lookup included.
    const humanToken = form.humanToken ?? form.googleRecaptchaToken;
    const notHuman = await refuseBots(c, humanToken);
    if (notHuman) {
      attempt('refused', 'human-check');
      return notHuman;
    }
    const guard = c.get('guard');
    const client = c.get('client');
    const declines = await guard.check('declinesPerClient', client);
    if (!declines.allowed) {
      attempt('refused', declines.policy);
      return tooMany(c, declines, tooManyPayments(declines.retryAfterSeconds, words.limits));
    }

    const origin = c.get('origin');
    const payee = await origin.getPayee(query.p);
    if (!payee.ok) {
      attempt('failed', backendOutcome(payee.kind, payee.status));
      return originUnavailable(c, payee);
    }
    if (!payee.value || !webPaymentOffered(payee.value, config)) {
      attempt('refused', 'payee');
      return apiError(c, 400, words.api.notWebPayee, { p: words.api.notWebPayeeField });
    }

    const payer = payerSchema(payee.value, { company }, words.paymentProblems).safeParse(payerInput);
    const card = cardSchema(payee.value, new Date(), words.paymentProblems).safeParse(cardInput);
    if (!payer.success || !card.success) {
      attempt('refused', 'invalid');
      return refuse(c, payer, card);
    }

    const fields = paymentFields({
      payee: payee.value,
      payer: payer.data,
      card: card.data,
      company,
      humanToken: humanToken ?? '',
      userAgent: c.req.header('User-Agent') ?? '',
      generic: !!query.generic,
    });
    const digits = fields.ccn ?? '';
    // The fingerprint leaves out the card number, expiry and CVV; it keeps the last four digits.
    const { ccn: _ccn, exp: _exp, cvv: _cvv, googleRecaptchaToken: _token, deviceType: _ua, ...stable } = fields;
    // The key's name in the store, made once: the store never holds the key itself.
    const ref = await keyRef(key);
    const claimed = await claim(c.env.DB, ref, await fingerprint(cardHmacKey(config), { ...stable, p: query.p, last4: digits.slice(-4) }));
    if (claimed.kind === 'conflict') {
      logSecurityEvent(c.get('requestId'), 'idempotency-conflict', { path: c.req.path });
      attempt('refused', 'idempotency-conflict');
      return apiError(c, 422, words.api.alreadySubmitted);
    }
    if (claimed.kind === 'in-flight') return apiError(c, 409, words.api.inFlight);
    if (claimed.kind === 'uncertain') {
      // The backend was asked to charge and no answer was stored: the charge may have gone
      // through, so it is never sent again; the payer is told whom to ask.
      attempt('refused', 'uncertain');
      const { payeeName, pphone } = payee.value;
      return apiError(
        c,
        409,
        pphone
          ? fill(words.api.paymentUncertain, { payee: payeeName, phone: pphone })
          : fill(words.api.paymentUncertainNoPhone, { payee: payeeName }),
      );
    }
    if (claimed.kind === 'replay') return c.body(claimed.body, claimed.status as 200, { 'Content-Type': 'application/json' });

    // A new attempt: the client's, the card's and the card's expiries' limits, all or none, after
    // the card's wrong security codes. Nothing derived from the code is kept (PCI DSS 3.3.1.2).
    const cardKey = cardHmacKey(config);
    const cardTag = await keyedHash(cardKey, digits);
    const codes = await guard.check('codeDeclinesPerCard', cardTag);
    const limited = codes.allowed
      ? await guard.take(
          { policy: 'paymentsPerClient', subject: client },
          { policy: 'paymentsPerCard', subject: cardTag },
          { policy: 'expiriesPerCard', subject: cardTag, member: await keyedHash(cardKey, `${digits}|${expiryMonth(fields.exp ?? '')}`) },
        )
      : codes;
    if (!limited.allowed) {
      await release(c.env.DB, ref);
      attempt('refused', limited.policy);
      return tooMany(c, limited, tooManyPayments(limited.retryAfterSeconds, words.limits));
    }

    const bot = await checkPaybot(config.paybotUrl, {
      pbkey: key,
      commonBot: payee.value.commonBot,
      pid: payee.value.payeeId,
      pname: payee.value.payeeName,
    });
    await calling(c.env.DB, ref);
    const result = await origin.submitPayment({
      query: { p: query.p, optE: !!query.optE, silent: !!query.silent, generic: !!query.generic },
      fields: { ...fields, ...bot },
    });
    if (!result.ok) {
      // Refused connections never reached the backend: the same form may try again. Anything
      // else may have charged, so the key keeps this answer and is not retried.
      if (result.kind === 'unreachable') {
        await release(c.env.DB, ref);
        await limited.giveBack();
      }
      attempt('failed', backendOutcome(result.kind, result.status));
      const answer = originUnavailable(c, result);
      if (result.kind !== 'unreachable') await settle(c.env.DB, ref, answer.status, await answer.clone().text());
      return answer;
    }
    let body: { status: 'success'; confirmationUrl: string } | { status: 'error'; message: string; field?: DeclineField; formKey?: string };
    if (result.value.status === 'success') {
      const policy = redirectPolicy(config, c.req.url);
      const originHost = config.originUrl ? [new URL(config.originUrl).origin] : [];
      const target = safeRedirectTarget(result.value.confirmationUrl, {
        ...policy,
        allowedOrigins: [...policy.allowedOrigins, ...originHost],
      });
      attempt('approved', '');
      // The receipt in the language the visitor chose, even where the language cookie is refused.
      body = target
        ? { status: 'success', confirmationUrl: withLanguage(target, chosenLanguage(c)) }
        : {
            status: 'error',
            message: words.api.receiptUnavailable,
          };
    } else {
      // A decline: counted for the client and the payee, and answered with the field to correct
      // and a new key, so the visitor can correct the card and pay without reloading.
      await guard.record('declinesPerClient', client);
      if (result.value.reason === 'securityCode') await guard.record('codeDeclinesPerCard', cardTag);
      if (await guard.record('declinesPerPayee', query.p))
        logSecurityEvent(c.get('requestId'), 'payee-declines-high', { payeeId: query.p });
      logSecurityEvent(c.get('requestId'), 'payment-declined', { payeeId: query.p });
      attempt('declined', result.value.reason);
      body = {
        status: 'error',
        // A decline the contract names is said in the visitor's language; another as the backend wrote it.
        message:
          (result.value.reason !== 'other' ? words.declines[result.value.reason] : result.value.message.slice(0, 300)) ||
          words.api.declined,
        field: declineField(result.value.reason),
        formKey: await issueFormKey(formKeySecret(config), query.p),
      };
    }
    const text = JSON.stringify(body);
    await settle(c.env.DB, ref, 200, text);
    return c.body(text, 200, { 'Content-Type': 'application/json' });
  },
);
