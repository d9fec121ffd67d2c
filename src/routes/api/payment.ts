import type { Context } from 'hono';
import { Hono } from '../../lib/hono';
import { FormKeyQuerySchema, PaymentFormSchema, PaymentQuerySchema } from '../../domain/api-schemas';
import { cardDigits, expiryMonth } from '../../domain/card';
import { declineField } from '../../domain/declines';
import { fieldErrors } from '../../domain/errors';
import { FORM_KEY_PATH } from '../../domain/form-key';
import { tooManyPayments } from '../../domain/limits';
import { CARD_DATA_FIELDS, CARD_FIELDS, PAYER_FIELDS, parseAmount, type PayeeRules, type PaymentAnswer } from '../../domain/payment';
import { cardSchema, payerSchema } from '../../domain/payment-schemas';
import { webPaymentOffered } from '../../domain/web-payment';
import { paymentFields } from '../../origin';
import { cardHmacKey, formKeySecret } from '../../security/secrets';
import { checkFormKey, issueFormKey } from '../../security/form-keys';
import { claimOf, fingerprint, keyRef } from '../../security/payment-claim';
import { fill } from '../../domain/catalogue/fill';
import { keyedHash } from '../../security/keyed-hash';
import type { Taken } from '../../security/guard';
import { checkPaybot } from '../../origin/paybot';
import { redirectPolicy, safeRedirectTarget } from '../../security/redirect-targets';
import type { AppEnv } from '../../web/app-env';
import { backendOutcome, recordEvent } from '../../telemetry/events';
import { logError, logSecurityEvent } from '../../telemetry/log';
import { apiError, unavailable, validForm, validQuery } from '../../web/validate';
import { refusal, respond, type Answer, type Refused } from '../../web/answer';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as z from 'zod/mini';
import { refuseBots, tooMany } from '../guards';
import { chosenLanguage, withLanguage, wordsOf } from '../../web/words';
import { runLater } from '../../web/middleware';

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

/** What a submission that is not a new attempt (a charge whose answer was lost) takes from the limits: nothing. */
const NOTHING_TAKEN: Taken = { allowed: true, giveBack: async () => undefined };

type Checked = { success: true } | { success: false; error: Parameters<typeof fieldErrors>[0] };
/** The 400 for a form with errors in either step, every field's message together. */
function refuse(c: Context<AppEnv>, payer: Checked, card: Checked): Refused {
  const fields = { ...(payer.success ? {} : fieldErrors(payer.error)), ...(card.success ? {} : fieldErrors(card.error)) };
  return refusal(400, wordsOf(c).api.checkFields, fields);
}

/** A fresh key for a payee's form, under the page's own rule: only a payee offered web payment has one. */
paymentRoutes.get(FORM_KEY_PATH, validQuery(FormKeyQuerySchema), async (c) => {
  const { p } = c.req.valid('query');
  const config = c.get('config');
  const payee = await c.get('origin').cachedPayeeById(p);
  if (!payee.ok) return respond(c, unavailable(c, payee));
  if (!payee.value || !webPaymentOffered(payee.value, config))
    return apiError(c, 400, wordsOf(c).api.notWebPayee, { p: wordsOf(c).api.notWebPayeeField });
  return c.json({ formKey: await issueFormKey(formKeySecret(config), p) });
});

paymentRoutes.post(
  '/payment/payment_back.php',
  validQuery(PaymentQuerySchema),
  ...validForm(MAX_FORM_BYTES, PaymentFormSchema),
  async (c) => respond(c, await payByCard(c, c.req.valid('query'), c.req.valid('form'))),
);

/** A card payment as checked by the payment call's schemas: the card form's, with script or without. */
export async function payByCard(
  c: Context<AppEnv>,
  query: z.output<typeof PaymentQuerySchema>,
  form: z.output<typeof PaymentFormSchema>,
): Promise<Answer<PaymentAnswer>> {
  const config = c.get('config');
  const words = wordsOf(c);
  const amount = parseAmount(form.amount ?? '');
  /** One event per attempt (docs/operations.md): approved, declined, refused or failed, and why. */
  const attempt = (outcome: 'approved' | 'declined' | 'refused' | 'failed', reason: string) =>
    recordEvent(c, 'payment', { outcome, reason, amount: Number.isFinite(amount) ? amount : 0 });

  // The key the payment page issued for this payee: anything else is refused before any work.
  const key = form.formKey ?? c.req.header('Idempotency-Key') ?? '';
  const keyCheck = await checkFormKey(formKeySecret(config), key, query.p);
  if (keyCheck !== 'valid') {
    if (keyCheck !== 'expired') logSecurityEvent(c.get('requestId'), 'form-key-refused', { path: c.req.path, reason: keyCheck });
    attempt('refused', 'form-key');
    // A key of this site that only ran out (a payer who went to find their card): the answer
    // carries a fresh one, so the form sends again with nothing typed again.
    if (keyCheck === 'expired')
      return {
        status: 400,
        body: {
          error: words.api.formExpired,
          fields: { formKey: words.api.formExpired },
          formKey: await issueFormKey(formKeySecret(config), query.p),
          expired: true,
        },
      };
    return refusal(400, words.api.formExpired, {
      formKey: key ? words.api.formExpired : words.paymentProblems.required,
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

  // What the attempt is counted under: the card's keyed hash and, for its expiries, the card
  // with its expiry month. Nothing derived from the security code is kept (PCI DSS 3.3.1.2).
  const digits = cardDigits(anyCard.data.ccn);
  const cardKey = cardHmacKey(config);
  const [cardTag, expiryTag, ref, print] = await Promise.all([
    keyedHash(cardKey, digits),
    keyedHash(cardKey, `${digits}|${expiryMonth(anyCard.data.exp)}`),
    // The key's name in the store, made once: the store never holds the key itself.
    keyRef(key),
    // The submission, to tell the same key sent with other details: card data left out, the last four digits in.
    fingerprint(cardKey, {
      ...Object.fromEntries(Object.entries({ ...anyPayer.data, ...anyCard.data }).map(([name, value]) => [name, JSON.stringify(value)])),
      ...Object.fromEntries(CARD_DATA_FIELDS.map((name) => [name, undefined])),
      company: String(company),
      p: query.p,
      generic: String(!!query.generic),
      last4: digits.slice(-4),
    }),
  ]);

  // The human check and the key's claim first, side by side: a second submission of the key is
  // answered from its claim and counts against nothing. Nothing reaches the backend before the
  // human check.
  const humanToken = form.humanToken ?? form.googleRecaptchaToken;
  const client = c.get('client');
  const origin = c.get('origin');
  const claimStub = claimOf(c.env.CLAIMS, ref);
  const [notHuman, claimed] = await Promise.all([refuseBots(c, humanToken), claimStub.claim(print)]);
  const release = async () => void (claimed.kind === 'new' && (await claimStub.release()));
  if (notHuman) {
    attempt('refused', 'human-check');
    await release();
    return notHuman;
  }
  if (claimed.kind === 'conflict') {
    logSecurityEvent(c.get('requestId'), 'idempotency-conflict', { path: c.req.path });
    attempt('refused', 'idempotency-conflict');
    return refusal(422, words.api.alreadySubmitted);
  }
  if (claimed.kind === 'in-flight') return refusal(409, words.api.inFlight);
  if (claimed.kind === 'replay') return { status: claimed.status as ContentfulStatusCode, body: JSON.parse(claimed.body) as PaymentAnswer };

  // Then the payee's current rules from the backend (never a cached copy: the payment is checked
  // against what the backend says now) beside a new attempt's limits: the client's and the card's,
  // one call to each's counters, made near the visitor. A refusal undoes what was taken.
  const [payee, limited] = await Promise.all([
    origin.getPayee(query.p),
    claimed.kind === 'new'
      ? c
          .get('guard')
          .take(
            { policy: 'declinesPerClient', subject: client, peek: true },
            { policy: 'paymentsPerClient', subject: client },
            { policy: 'codeDeclinesPerCard', subject: cardTag, peek: true },
            { policy: 'unapprovedPerCard', subject: cardTag },
            { policy: 'expiriesPerCard', subject: cardTag, member: expiryTag },
          )
      : NOTHING_TAKEN,
  ]);
  const undo = async () => {
    await Promise.all([limited.allowed ? limited.giveBack() : undefined, release()]);
  };
  const refuseAndUndo = async (reason: string, answer: Refused) => {
    attempt('refused', reason);
    await undo();
    return answer;
  };
  if (!limited.allowed) return refuseAndUndo(limited.policy, tooMany(c, limited, tooManyPayments(limited.retryAfterSeconds, words.limits)));
  if (!payee.ok) {
    attempt('failed', backendOutcome(payee.kind, payee.status));
    await undo();
    return unavailable(c, payee);
  }
  if (!payee.value || !webPaymentOffered(payee.value, config))
    return refuseAndUndo('payee', refusal(400, words.api.notWebPayee, { p: words.api.notWebPayeeField }));
  if (claimed.kind === 'uncertain') {
    // The backend was asked to charge and no answer was stored: the charge may have gone
    // through, so it is never sent again; the payer is told whom to ask.
    const { payeeName, pphone } = payee.value;
    return refuseAndUndo(
      'uncertain',
      refusal(
        409,
        pphone
          ? fill(words.api.paymentUncertain, { payee: payeeName, phone: pphone })
          : fill(words.api.paymentUncertainNoPhone, { payee: payeeName }),
      ),
    );
  }

  const payer = payerSchema(payee.value, { company }, words.paymentProblems).safeParse(payerInput);
  const card = cardSchema(payee.value, new Date(), words.paymentProblems).safeParse(cardInput);
  if (!payer.success || !card.success) return refuseAndUndo('invalid', refuse(c, payer, card));

  const fields = paymentFields({
    payee: payee.value,
    payer: payer.data,
    card: card.data,
    company,
    humanToken: humanToken ?? '',
    userAgent: c.req.header('User-Agent') ?? '',
    generic: !!query.generic,
  });
  const bot = await checkPaybot(config.paybotUrl, {
    formKey: key,
    commonBot: payee.value.commonBot,
    payeeId: payee.value.payeeId,
    payeeName: payee.value.payeeName,
  });
  // The claim is marked as charging on its way, ahead of the charge on the same stub: should this
  // request die once the charge is sent, the key is never handed out again.
  const [, result] = await Promise.all([
    claimStub.calling().catch((error: unknown) => logError(c.get('requestId'), 'claim-calling-failed', error)),
    origin.submitPayment({
      query: { p: query.p, optE: !!query.optE, silent: !!query.silent, generic: !!query.generic },
      fields: { ...fields, ...bot },
    }),
  ]);
  if (!result.ok) {
    attempt('failed', backendOutcome(result.kind, result.status));
    const answer = unavailable(c, result);
    // Refused connections never reached the backend: the same form may try again. Anything
    // else may have charged, so the key keeps this answer and is not retried.
    if (result.kind === 'unreachable') await undo();
    else await claimStub.settle(answer.status, JSON.stringify(answer.body));
    return answer;
  }
  let body: PaymentAnswer;
  if (result.value.status === 'success') {
    const policy = redirectPolicy(config, c.req.url);
    const originHost = config.originUrl ? [new URL(config.originUrl).origin] : [];
    const target = safeRedirectTarget(result.value.confirmationUrl, {
      ...policy,
      allowedOrigins: [...policy.allowedOrigins, ...originHost],
    });
    attempt('approved', '');
    // An approved payment does not count against its card.
    runLater(c, limited.giveBack('unapprovedPerCard'));
    // The receipt in the language the visitor chose, even where the language cookie is refused.
    body = target
      ? { status: 'success', confirmationUrl: withLanguage(target, chosenLanguage(c)) }
      : {
          status: 'error',
          message: words.api.receiptUnavailable,
        };
  } else {
    // A decline: counted for the client, the card's wrong codes and the payee after the answer,
    // and answered with the field to correct and a new key, so the visitor can correct the card
    // and pay without reloading.
    const guard = c.get('guard');
    runLater(
      c,
      Promise.all([
        guard.record('declinesPerClient', client),
        result.value.reason === 'securityCode' ? guard.record('codeDeclinesPerCard', cardTag) : undefined,
        guard.record('declinesPerPayee', query.p).then((high) => {
          if (high) logSecurityEvent(c.get('requestId'), 'payee-declines-high', { payeeId: query.p });
        }),
      ]),
    );
    logSecurityEvent(c.get('requestId'), 'payment-declined', { payeeId: query.p });
    attempt('declined', result.value.reason);
    body = {
      status: 'error',
      // A decline the contract names is said in the visitor's language; another as the backend wrote it.
      message:
        (result.value.reason !== 'other' ? words.declines[result.value.reason] : result.value.message.slice(0, 300)) || words.api.declined,
      field: declineField(result.value.reason),
      formKey: await issueFormKey(formKeySecret(config), query.p),
    };
  }
  await claimStub.settle(200, JSON.stringify(body));
  return { status: 200, body };
}
