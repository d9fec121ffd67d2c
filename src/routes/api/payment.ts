import type { Context } from 'hono';
import { Hono } from '../../lib/hono';
import { FormKeyQuerySchema, PaymentFormSchema, PaymentQuerySchema } from '../../domain/api-schemas';
import { cardDigits, expiryMonth } from '../../domain/card';
import { declineField } from '../../domain/declines';
import { fieldErrors } from '../../domain/errors';
import { FORM_KEY_PATH } from '../../domain/form-key';
import { tooManyPayments } from '../../domain/limits';
import { CARD_DATA_FIELDS, CARD_FIELDS, PAYER_FIELDS, type PayeeRules, type PaymentAnswer } from '../../domain/payment';
import { parseAmount } from '../../domain/field-rules';
import { cardSchema, payerSchema } from '../../domain/payment-schemas';
import { approvedPath, webPaymentOffered } from '../../domain/web-payment';
import type { Payee } from '../../domain/payee';
import { wirePaymentFields } from '../../origin';
import { cardHmacKey, formKeySecret } from '../../security/secrets';
import { approvalSignature, checkFormKey, claimIdOf, claimIds, issueFormKey } from '../../security/form-keys';
import { claimOf, fingerprint, outcomeOf, type Claim, type PaymentClaim } from '../../security/payment-claim';
import { fill } from '../../domain/catalogue/fill';
import { keyedHash } from '../../security/keyed-hash';
import { asksFirst } from '../../security/guard';
import { deviceOf } from '../../web/device';
import { checkPaybot } from '../../origin/paybot';
import { redirectPolicy, safeRedirectTarget } from '../../security/redirect-targets';
import type { AppEnv } from '../../web/app-env';
import { backendOutcome, recordEvent } from '../../telemetry/events';
import { logError, logSecurityEvent } from '../../telemetry/log';
import { apiError, MAX_FORM_BYTES, unavailable, validForm, validQuery } from '../../web/validate';
import { refusal, respond, type Answer, type Refused } from '../../web/answer';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as z from 'zod/mini';
import { askInteractiveCheck, passesInteractiveCheck, refuseBots, tooMany } from '../guards';
import { chosenLanguage, withLanguage, wordsOf } from '../../web/words';
import { runLater } from '../../web/middleware';

/** Guest card payments: validated again here, limited by the abuse guard, charged at most once per issued form key. */
export const paymentRoutes = new Hono<AppEnv>();

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
  return c.json({ formKey: await issueFormKey(formKeySecret(config), p, claimIds(c.env.CLAIMS)) });
});

paymentRoutes.post(
  '/payment/payment_back.php',
  validQuery(PaymentQuerySchema),
  ...validForm(MAX_FORM_BYTES, PaymentFormSchema),
  async (c) => respond(c, await payByCard(c, c.req.valid('query'), c.req.valid('form'))),
);

type Attempt = (outcome: 'approved' | 'declined' | 'refused' | 'failed', reason: string) => void;

/**
 * A card payment as checked by the payment call's schemas: the card form's, with script or
 * without. One event per attempt (docs/operations.md): approved, declined, refused or failed, and
 * why; an attempt that dies on an error no step caught is counted failed (`error`), so that a
 * release that breaks what a payment calls shows in the payments indicator.
 */
export async function payByCard(
  c: Context<AppEnv>,
  query: z.output<typeof PaymentQuerySchema>,
  form: z.output<typeof PaymentFormSchema>,
): Promise<Answer<PaymentAnswer>> {
  const amount = parseAmount(form.amount ?? '');
  let recorded = false;
  const attempt: Attempt = (outcome, reason) => {
    recorded = true;
    recordEvent(c, 'payment', { outcome, reason, amount: Number.isFinite(amount) ? amount : 0 });
  };
  try {
    return await payOnce(c, query, form, amount, attempt);
  } catch (error) {
    if (!recorded) attempt('failed', 'error');
    throw error;
  }
}

async function payOnce(
  c: Context<AppEnv>,
  query: z.output<typeof PaymentQuerySchema>,
  form: z.output<typeof PaymentFormSchema>,
  amount: number,
  attempt: Attempt,
): Promise<Answer<PaymentAnswer>> {
  const config = c.get('config');
  const words = wordsOf(c);
  const newKey = () => issueFormKey(formKeySecret(config), query.p, claimIds(c.env.CLAIMS));

  // The key the payment page issued for this payee: anything else is refused before any work.
  const key = form.formKey ?? c.req.header('Idempotency-Key') ?? '';
  const keyCheck = await checkFormKey(formKeySecret(config), key, query.p);
  if (keyCheck === 'expired') return expiredKey(c, query.p, key, attempt, newKey);
  if (keyCheck !== 'valid') {
    logSecurityEvent(c.get('requestId'), 'form-key-refused', { path: c.req.path, reason: keyCheck });
    attempt('refused', 'form-key');
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
  // with its expiry month; the bill's keyed hash. Nothing derived from the security code is kept (PCI DSS 3.3.1.2).
  const digits = cardDigits(anyCard.data.ccn);
  const cardKey = cardHmacKey(config);
  const bill = company ? [...(anyPayer.data.invoices ?? [])].sort().join('\n') : (anyPayer.data.account ?? '');
  const [cardTag, expiryTag, billTag, print, device] = await Promise.all([
    keyedHash(cardKey, digits),
    keyedHash(cardKey, `${digits}|${expiryMonth(anyCard.data.exp)}`),
    keyedHash(cardKey, `bill|${query.p}|${bill.trim().toUpperCase()}`),
    // The submission, to tell the same key sent with other details: card data left out, the last four digits in.
    fingerprint(cardKey, {
      ...Object.fromEntries(Object.entries({ ...anyPayer.data, ...anyCard.data }).map(([name, value]) => [name, JSON.stringify(value)])),
      ...Object.fromEntries(CARD_DATA_FIELDS.map((name) => [name, undefined])),
      company: String(company),
      p: query.p,
      generic: String(!!query.generic),
      last4: digits.slice(-4),
    }),
    deviceOf(c),
  ]);

  // One round: the human checks, the key's claim and a new attempt's limits (the device's, the
  // address's, the card's and the payee's counters, one call to each). Whatever turns out not to
  // count (a bot, a second submission of the key) gives its slots back, so nothing reaches the
  // backend before the human check and a retry counts against nothing.
  const humanToken = form.humanToken ?? form.googleRecaptchaToken;
  const client = c.get('client');
  const origin = c.get('origin');
  const claimStub = await claimOf(c.env.CLAIMS, key);
  if (!claimStub) {
    // Signed by this site, yet its claim id is not this namespace's (another environment's key).
    logSecurityEvent(c.get('requestId'), 'form-key-refused', { path: c.req.path, reason: 'forged' });
    attempt('refused', 'form-key');
    return refusal(400, words.api.formExpired, { formKey: words.api.formExpired });
  }
  const [notHuman, interactive, claimed, limited] = await Promise.all([
    refuseBots(c, humanToken),
    // Without the human check (the local demo), the interactive one has passed too.
    form.interactiveToken || config.humanCheck === 'off' ? passesInteractiveCheck(c, form.interactiveToken ?? '') : false,
    claimStub.claim(print),
    c
      .get('guard')
      .take(
        { policy: 'declinesPerDevice', subject: device, peek: true },
        { policy: 'cardsPerDevice', subject: device, member: cardTag },
        { policy: 'paymentsPerBill', subject: device, member: billTag },
        { policy: 'paymentsPerClient', subject: client },
        { policy: 'cardsPerClient', subject: client, member: cardTag },
        { policy: 'declinesPerClient', subject: client, peek: true },
        { policy: 'codeDeclinesPerCard', subject: cardTag, peek: true },
        { policy: 'unapprovedPerCard', subject: cardTag },
        { policy: 'expiriesPerCard', subject: cardTag, member: expiryTag },
        { policy: 'declinesPerPayee', subject: query.p, peek: true },
      ),
  ]);
  const giveBack = () => (limited.allowed ? limited.giveBack() : Promise.resolve());
  const release = () => (claimed.kind === 'new' ? claimStub.release(claimed.since) : Promise.resolve());
  // Undoing never fails the answer: a slot or a claim it cannot give back is logged and runs out with its window.
  const undo = () =>
    Promise.all([giveBack(), release()]).then(
      () => undefined,
      (error: unknown) => logError(c.get('requestId'), 'claim-release-failed', error),
    );
  const refuseAndUndo = async (reason: string, answer: Refused) => {
    attempt('refused', reason);
    await undo();
    return answer;
  };
  if (notHuman) return refuseAndUndo('human-check', notHuman);
  if (claimed.kind !== 'new') {
    await giveBack();
    return answerOfClaim(c, claimed, query.p, attempt);
  }
  // Where an address's or a payee's count runs high, the interactive check comes before anyone is refused.
  const high = limited.allowed ? limited.high : asksFirst(limited.policy) ? [limited.policy] : [];
  if (high.length && !interactive) return refuseAndUndo('interactive-check', askInteractiveCheck(c, high[0]!));
  if (!limited.allowed) return refuseAndUndo(limited.policy, tooMany(c, limited, tooManyPayments(limited.retryAfterSeconds, words.limits)));

  // Then the payee's current rules from the backend (never a cached copy: the payment is checked
  // against what the backend says now), beside the claim's mark that the charge is on its way:
  // once marked, the key is never charged again, should this request die after the charge is sent.
  const [payee, marked] = await Promise.all([
    origin.getPayee(query.p),
    claimStub.calling(claimed.since).then(
      () => true,
      (error: unknown) => (logError(c.get('requestId'), 'claim-calling-failed', error), false),
    ),
  ]);
  if (!marked) {
    // The claim could not say the charge is on its way: nothing is charged, and the same form may try again.
    attempt('failed', 'claim');
    await undo();
    return refusal(503, words.api.somethingWrong, {}, { 'Retry-After': '5' });
  }
  if (!payee.ok) {
    attempt('failed', backendOutcome(payee.kind, payee.status));
    await undo();
    return unavailable(c, payee);
  }
  if (!payee.value || !webPaymentOffered(payee.value, config))
    return refuseAndUndo('payee', refusal(400, words.api.notWebPayee, { p: words.api.notWebPayeeField }));

  const payer = payerSchema(payee.value, { company }, words.paymentProblems).safeParse(payerInput);
  const card = cardSchema(payee.value, new Date(), words.paymentProblems).safeParse(cardInput);
  if (!payer.success || !card.success) return refuseAndUndo('invalid', refuse(c, payer, card));

  const fields = wirePaymentFields({
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
  const result = await origin.submitPayment({
    query: { p: query.p, optE: !!query.optE, silent: !!query.silent, generic: !!query.generic },
    fields: { ...fields, ...bot },
  });
  const guard = c.get('guard');
  const keep = (status: number, answer: object) => runLater(c, settle(c, claimStub, claimed.since, status, answer));
  if (!result.ok) {
    attempt('failed', backendOutcome(result.kind, result.status));
    // Once asked to charge, no failure tells whether it charged (a connection lost after the charge
    // was sent is as unreachable as one never taken): the payer is told so and whom to ask, and the
    // key keeps that answer, so no retry charges again.
    const answer = uncertain(c, payee.value);
    keep(answer.status, answer.body);
    return answer;
  }
  let body: PaymentAnswer;
  if (result.value.status === 'success') {
    attempt('approved', '');
    // An approved payment does not count against its card.
    runLater(c, limited.giveBack('unapprovedPerCard'));
    body = { status: 'success', confirmationUrl: await receiptAddress(c, result.value.confirmationUrl, key, query.p) };
  } else {
    // A decline: counted for the device, the address, the card's wrong codes and the payee after
    // the answer (the bill's slot given back), and answered with the field to correct and a new
    // key, so the visitor can correct the card and pay without reloading.
    runLater(
      c,
      Promise.all([
        limited.giveBack('paymentsPerBill'),
        guard.record('declinesPerDevice', device),
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
      formKey: await newKey(),
    };
  }
  keep(200, body);
  return { status: 200, body };
}

/**
 * The receipt an approved payment leads to: the backend's, where the site may send a visitor (this
 * site, the web-pay host or the backend's own), in the language the visitor chose; else the site's
 * own page saying the payment was approved. Never an error: the payment went through.
 */
async function receiptAddress(c: Context<AppEnv>, confirmationUrl: string, key: string, payeeId: string): Promise<string> {
  const config = c.get('config');
  const policy = redirectPolicy(config, c.req.url);
  const originHost = config.originUrl ? [new URL(config.originUrl).origin] : [];
  const target = safeRedirectTarget(confirmationUrl, { ...policy, allowedOrigins: [...policy.allowedOrigins, ...originHost] });
  if (target) return withLanguage(target, chosenLanguage(c));
  logSecurityEvent(c.get('requestId'), 'receipt-address-refused', { path: c.req.path });
  const claimId = claimIdOf(key)!;
  const signature = await approvalSignature(formKeySecret(config), claimId, payeeId);
  return withLanguage(approvedPath(claimId, payeeId, signature), chosenLanguage(c));
}

/**
 * Keeps the answer with the key, after the visitor has it: a retry of the key replays it. A failed
 * write is tried again twice, then logged, never answered; should it never land, the claim stays
 * `calling` and a retry is told the payment may have gone through, never charged again.
 */
async function settle(
  c: Context<AppEnv>,
  claim: DurableObjectStub<PaymentClaim>,
  since: number,
  status: number,
  body: object,
  tries = 3,
): Promise<void> {
  try {
    await claim.settle(status, JSON.stringify(body), since);
  } catch (error) {
    if (tries <= 1) return logError(c.get('requestId'), 'claim-settle-failed', error);
    await settle(c, claim, since, status, body, tries - 1);
  }
}

/** A charge that may have gone through: never sent again; the payer is told whom to ask before paying again. */
function uncertain(c: Context<AppEnv>, payee: Pick<Payee, 'payeeName' | 'pphone'> | null | undefined): Refused {
  const words = wordsOf(c).api;
  const { payeeName = '', pphone = '' } = payee ?? {};
  return refusal(
    409,
    pphone ? fill(words.paymentUncertain, { payee: payeeName, phone: pphone }) : fill(words.paymentUncertainNoPhone, { payee: payeeName }),
  );
}

/** A key that was sent before: its first answer again, or, while its charge has no answer, who to ask. */
async function answerOfClaim(
  c: Context<AppEnv>,
  claimed: Exclude<Claim, { kind: 'new' | 'none' }>,
  payeeId: string,
  attempt: (outcome: 'refused', reason: string) => void,
): Promise<Answer<PaymentAnswer>> {
  const words = wordsOf(c);
  if (claimed.kind === 'replay') return { status: claimed.status as ContentfulStatusCode, body: JSON.parse(claimed.body) as PaymentAnswer };
  if (claimed.kind === 'conflict') {
    logSecurityEvent(c.get('requestId'), 'idempotency-conflict', { path: c.req.path });
    attempt('refused', 'idempotency-conflict');
    return refusal(422, words.api.alreadySubmitted);
  }
  if (claimed.kind === 'in-flight') return refusal(409, words.api.inFlight);
  // The backend was asked to charge and no answer was stored: the charge may have gone
  // through, so it is never sent again; the payer is told whom to ask.
  attempt('refused', 'uncertain');
  const payee = await c.get('origin').cachedPayeeById(payeeId);
  return uncertain(c, payee.ok ? payee.value : null);
}

/**
 * A key of this site that ran out. Sent before, it is answered by its claim (a payer whose answer
 * was lost and who sends the same form later is never charged again); otherwise the answer carries
 * a fresh key (a payer who went to find their card), so the form sends again with nothing typed again.
 */
async function expiredKey(
  c: Context<AppEnv>,
  payeeId: string,
  key: string,
  attempt: (outcome: 'refused' | 'failed', reason: string) => void,
  newKey: () => Promise<string>,
): Promise<Answer<PaymentAnswer>> {
  const words = wordsOf(c);
  // What the claim stores, which every version of it can say; a claim that cannot be read is never
  // taken as none (a fresh key could charge again): the form keeps its key and may send it again.
  const claim = await claimOf(c.env.CLAIMS, key);
  let claimed: Claim = { kind: 'none' };
  try {
    if (claim) claimed = outcomeOf(await claim.stored());
  } catch (error) {
    logError(c.get('requestId'), 'claim-read-failed', error);
    attempt('failed', 'claim');
    return refusal(503, words.api.somethingWrong, {}, { 'Retry-After': '5' });
  }
  if (claimed.kind !== 'none' && claimed.kind !== 'new') return answerOfClaim(c, claimed, payeeId, attempt);
  attempt('refused', 'form-key');
  return {
    status: 400,
    body: { error: words.api.formExpired, fields: { formKey: words.api.formExpired }, formKey: await newKey(), expired: true },
  };
}
