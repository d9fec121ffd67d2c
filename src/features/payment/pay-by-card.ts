import type { Context } from 'hono';
import { declineField } from '../../domain/declines';
import { parseAmount } from '../../domain/field-rules';
import type { PaymentAnswer } from '../../domain/payment';
import { checkPayment } from '../../domain/payment-schemas';
import { webPaymentOffered } from '../../domain/web-payment';
import { wirePaymentFields } from '../../origin';
import type { CallOutput } from '../../origin/calls';
import { checkPaybot } from '../../origin/paybot';
import { checkFormKey } from '../../security/form-keys';
import { SITE } from '../../security/guard';
import { formKeySecret } from '../../security/secrets';
import { backendOutcome, recordEvent } from '../../telemetry/events';
import { logError, logSecurityEvent } from '../../telemetry/log';
import { refusal, type Answer } from '../../web/answer';
import type { AppEnv } from '../../web/app-env';
import { runLater } from '../../web/middleware';
import { unavailable } from '../../web/validate';
import { wordsOf } from '../../web/words';
import { holdKey } from './hold-key';
import { expiredKey, type Attempt, keepAnswer, newFormKey, receiptAddress, uncertain } from './key-answers';
import type { Held, PaymentRequestQuery, PostedPaymentForm, Sent, Stop } from './steps';

export type { PaymentRequestQuery, PostedPaymentForm } from './steps';
/** The backend's answer to a charge: approved with its receipt's address, or declined with a reason. */
type PaymentResult = CallOutput<'submitPayment'>;

/**
 * A guest card payment, the same for the island's API call and the card form posted without
 * script, in steps: check what was sent, hold the key, charge, answer. Each step hands the next
 * what it found or stops with the answer. One event per attempt, and why; an attempt that dies on
 * an error no step caught is counted failed (`error`), so that a broken release shows in the payments indicator.
 */
export async function payByCard(c: Context<AppEnv>, query: PaymentRequestQuery, form: PostedPaymentForm): Promise<Answer<PaymentAnswer>> {
  const amount = parseAmount(form.amount ?? '');
  let recorded = false;
  const attempt: Attempt = (outcome, reason) => {
    recorded = true;
    recordEvent(c, 'payment', { outcome, reason, amount: Number.isFinite(amount) ? amount : 0 });
  };
  try {
    const sent = await checkSent(c, query, form, attempt);
    if ('answer' in sent) return sent.answer;
    const held = await holdKey(c, sent, attempt);
    if ('answer' in held) return held.answer;
    const charged = await charge(c, sent, held, attempt);
    if ('answer' in charged) return charged.answer;
    return answer(c, sent, held, charged, attempt);
  } catch (error) {
    if (!recorded) attempt('failed', 'error');
    throw error;
  }
}

/**
 * Step 1: the key the payment page issued for this payee, then every field against the payee's
 * rules, read once: its edge copy while fresh (the one its form was drawn from), else the
 * backend's answer. Anything else is refused before the key is claimed or a limit counted.
 */
async function checkSent(c: Context<AppEnv>, query: PaymentRequestQuery, form: PostedPaymentForm, attempt: Attempt): Promise<Sent | Stop> {
  const words = wordsOf(c);
  const config = c.get('config');
  const key = form.formKey ?? c.req.header('Idempotency-Key') ?? '';
  const keyCheck = await checkFormKey(formKeySecret(config), key, query.p);
  if (keyCheck === 'expired') return { answer: await expiredKey(c, query.p, key, attempt) };
  if (keyCheck !== 'valid') {
    logSecurityEvent(c.get('requestId'), 'form-key-refused', { path: c.req.path, reason: keyCheck });
    attempt('refused', 'form-key');
    return { answer: refusal(400, words.api.formExpired, { formKey: key ? words.api.formExpired : words.paymentProblems.required }) };
  }
  const payee = await c.get('origin').cachedPayeeById(query.p, { fresh: true });
  if (!payee.ok) {
    attempt('failed', backendOutcome(payee.kind, payee.status));
    return { answer: unavailable(c, payee) };
  }
  if (!payee.value || !webPaymentOffered(payee.value, config)) {
    attempt('refused', 'payee');
    return { answer: refusal(400, words.api.notWebPayee, { p: words.api.notWebPayeeField }) };
  }
  const company = form.isBtoB === 'true' || query.ib === '1';
  const checked = checkPayment(payee.value, company, form, new Date(), words.paymentProblems);
  if (!checked.ok) {
    attempt('refused', 'invalid');
    return { answer: refusal(400, words.api.checkFields, checked.problems) };
  }
  const { payer, card } = checked;
  const humanToken = form.humanToken ?? form.googleRecaptchaToken;
  return { key, query, company, payee: payee.value, payer, card, humanToken, interactiveToken: form.interactiveToken };
}

/**
 * Step 3: the claim's mark that the charge is on its way, beside the bot-check service; then the
 * charge. Once marked, the key is never charged again, should this request die after the charge
 * is sent. Once asked to charge, no failure tells whether it charged (a connection lost after the
 * charge was sent is as unreachable as one never taken): the payer is told so and whom to ask, and
 * the key keeps that answer, so no retry charges again.
 */
async function charge(c: Context<AppEnv>, sent: Sent, held: Held, attempt: Attempt): Promise<{ result: PaymentResult } | Stop> {
  const { key, query, payee } = sent;
  const [marked, bot] = await Promise.all([
    held.claim.calling(held.since).then(
      () => true,
      (error: unknown) => (logError(c.get('requestId'), 'claim-calling-failed', error), false),
    ),
    checkPaybot(
      c.get('config').paybotUrl,
      { formKey: key, commonBot: payee.commonBot, payeeId: payee.payeeId, payeeName: payee.payeeName },
      (ms) => c.get('waits').add('paybot', ms),
    ),
  ]);
  if (!marked) {
    // The claim could not say the charge is on its way: nothing is charged, and the same form may try again.
    attempt('failed', 'claim');
    await held.undo();
    return { answer: refusal(503, wordsOf(c).api.somethingWrong, {}, { 'Retry-After': '5' }) };
  }
  const fields = wirePaymentFields({
    ...sent,
    humanToken: sent.humanToken ?? '',
    userAgent: c.req.header('User-Agent') ?? '',
    generic: !!query.generic,
  });
  const result = await c.get('origin').submitPayment({
    query: { p: query.p, optE: !!query.optE, silent: !!query.silent, generic: !!query.generic },
    fields: { ...fields, ...bot },
  });
  if (result.ok) return { result: result.value };
  attempt('failed', backendOutcome(result.kind, result.status));
  const unknown = uncertain(c, payee);
  runLater(c, keepAnswer(c, held.claim, held.since, unknown.status, unknown.body));
  return { answer: unknown };
}

/**
 * Step 4: the answer, kept with the key after the visitor has it (a retry of the key replays it).
 * Approved: the receipt's address, and the card's slot given back. Declined: counted for the
 * device, the address, the card's wrong codes and the payee after the answer (the bill's slot given
 * back), and answered with the field to correct and a new key, so the visitor can correct the
 * card and pay without reloading.
 */
async function answer(c: Context<AppEnv>, sent: Sent, held: Held, { result }: { result: PaymentResult }, attempt: Attempt) {
  const { key, query } = sent;
  const guard = c.get('guard');
  const words = wordsOf(c);
  let body: PaymentAnswer;
  if (result.status === 'success') {
    attempt('approved', '');
    runLater(
      c,
      Promise.all([
        held.limited.giveBack('unapprovedPerCard', 'unapprovedPerPayee', 'unapprovedSiteWide'),
        guard.record('approvalsPerDevice', held.device),
        guard.record('approvalsPerDeviceAndPayee', held.device, query.p),
        guard.record('approvalsPerPayee', query.p),
        guard.record('approvalsSiteWide', SITE),
      ]),
    );
    body = { status: 'success', confirmationUrl: await receiptAddress(c, result.confirmationUrl, key, query.p) };
  } else {
    runLater(
      c,
      Promise.all([
        held.limited.giveBack('paymentsPerBill'),
        guard.record('declinesPerDevice', held.device),
        guard.record('declinesPerClient', c.get('client')),
        result.reason === 'securityCode' ? guard.record('codeDeclinesPerCard', held.cardTag) : undefined,
        guard.record('declinesPerPayee', query.p).then((high) => {
          if (high) logSecurityEvent(c.get('requestId'), 'payee-declines-high', { payeeId: query.p });
        }),
      ]),
    );
    logSecurityEvent(c.get('requestId'), 'payment-declined', { payeeId: query.p });
    attempt('declined', result.reason);
    body = {
      status: 'error',
      // A decline the contract names is said in the visitor's language; another as the backend wrote it.
      message: (result.reason !== 'other' ? words.declines[result.reason] : result.message.slice(0, 300)) || words.api.declined,
      field: declineField(result.reason),
      formKey: await newFormKey(c, query.p),
    };
  }
  runLater(c, keepAnswer(c, held.claim, held.since, 200, body));
  return { status: 200 as const, body };
}
