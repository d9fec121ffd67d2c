import type { Context } from 'hono';
import type * as z from 'zod/mini';
import type { PaymentFormSchema, PaymentQuerySchema } from '../../domain/api-schemas';
import { cardDigits, expiryMonth } from '../../domain/card';
import { declineField } from '../../domain/declines';
import { parseAmount } from '../../domain/field-rules';
import { tooManyPayments } from '../../domain/limits';
import { CARD_DATA_FIELDS, type PaymentAnswer } from '../../domain/payment';
import { checkPayment, type CardForm, type PayerForm } from '../../domain/payment-schemas';
import type { Payee } from '../../domain/payee';
import { webPaymentOffered } from '../../domain/web-payment';
import { wirePaymentFields } from '../../origin';
import type { CallOutput } from '../../origin/calls';
import { checkPaybot } from '../../origin/paybot';
import { checkFormKey } from '../../security/form-keys';
import { asksFirst, type Taken } from '../../security/guard';
import { keyedHash } from '../../security/keyed-hash';
import { claimOf, fingerprint, type PaymentClaim } from '../../security/payment-claim';
import { cardHmacKey, formKeySecret } from '../../security/secrets';
import { backendOutcome, recordEvent } from '../../telemetry/events';
import { logError, logSecurityEvent } from '../../telemetry/log';
import { refusal, type Answer, type Refused } from '../../web/answer';
import type { AppEnv } from '../../web/app-env';
import { deviceOf } from '../../web/device';
import { askInteractiveCheck, passesInteractiveCheck, refuseBots, tooMany } from '../../web/guard-answers';
import { runLater } from '../../web/middleware';
import { unavailable } from '../../web/validate';
import { wordsOf } from '../../web/words';
import { answerOfClaim, expiredKey, type Attempt, keepAnswer, newFormKey, receiptAddress, uncertain } from './key-answers';

/** The payment call's query as the API checked it (`p`, the legacy switches). */
export type PaymentRequestQuery = z.output<typeof PaymentQuerySchema>;
export type PostedPaymentForm = z.output<typeof PaymentFormSchema>;
type Stop = { answer: Answer<PaymentAnswer> };
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

/** What was sent, checked: the key this site issued for the payee, the payee, and both steps' fields. */
interface Sent {
  key: string;
  query: PaymentRequestQuery;
  /** A company paying invoices (`ib=1`) rather than a patient paying a bill. */
  company: boolean;
  payee: Payee;
  payer: PayerForm;
  card: CardForm;
  humanToken: string | undefined;
  interactiveToken: string | undefined;
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

/** What holding the key gave: its claim, the limits' slots taken, and what the attempt counts under. */
interface Held {
  claim: DurableObjectStub<PaymentClaim>;
  since: number;
  limited: Taken;
  device: string;
  cardTag: string;
  /** Gives the slots and the claim back; never fails the answer (what it cannot give back is logged and runs out with its window). */
  undo: () => Promise<void>;
}

/**
 * What the attempt is counted under: the card's keyed hash and, for its expiries, the card with
 * its expiry month; the bill's keyed hash; the submission's fingerprint, to tell the same key sent
 * with other details (card data left out, the last four digits in). Nothing derived from the
 * security code is kept (PCI DSS 3.3.1.2).
 */
async function countedAs(c: Context<AppEnv>, { query, company, payer, card }: Sent) {
  const digits = cardDigits(card.ccn);
  const cardKey = cardHmacKey(c.get('config'));
  const bill = company ? [...(payer.invoices ?? [])].sort().join('\n') : (payer.account ?? '');
  const [cardTag, expiryTag, billTag, print, device] = await Promise.all([
    keyedHash(cardKey, digits),
    keyedHash(cardKey, `${digits}|${expiryMonth(card.exp)}`),
    keyedHash(cardKey, `bill|${query.p}|${bill.trim().toUpperCase()}`),
    fingerprint(cardKey, {
      ...Object.fromEntries(Object.entries({ ...payer, ...card }).map(([name, value]) => [name, JSON.stringify(value)])),
      ...Object.fromEntries(CARD_DATA_FIELDS.map((name) => [name, undefined])),
      company: String(company),
      p: query.p,
      generic: String(!!query.generic),
      last4: digits.slice(-4),
    }),
    deviceOf(c),
  ]);
  return { cardTag, expiryTag, billTag, print, device };
}

/**
 * Step 2, one round: the human checks, the key's claim and a new attempt's limits (the device's,
 * the address's, the card's and the payee's counters, one call to each). Whatever turns out not to
 * count (a bot, a second submission of the key) gives its slots back, so no charge is sent before
 * the human check and a retry counts against nothing.
 */
async function holdKey(c: Context<AppEnv>, sent: Sent, attempt: Attempt): Promise<Held | Stop> {
  const { key, query } = sent;
  const { cardTag, expiryTag, billTag, print, device } = await countedAs(c, sent);
  const claim = await claimOf(c.env.CLAIMS, key);
  if (!claim) {
    // Signed by this site, yet its claim id is not this namespace's (another environment's key).
    logSecurityEvent(c.get('requestId'), 'form-key-refused', { path: c.req.path, reason: 'forged' });
    attempt('refused', 'form-key');
    return { answer: refusal(400, wordsOf(c).api.formExpired, { formKey: wordsOf(c).api.formExpired }) };
  }
  const client = c.get('client');
  const [notHuman, interactive, claimed, limited] = await Promise.all([
    refuseBots(c, sent.humanToken),
    // Without the human check (the local demo), the interactive one has passed too.
    sent.interactiveToken || c.get('config').humanCheck === 'off' ? passesInteractiveCheck(c, sent.interactiveToken ?? '') : false,
    claim.claim(print),
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
  const undo = () =>
    Promise.all([giveBack(), claimed.kind === 'new' ? claim.release(claimed.since) : undefined]).then(
      () => undefined,
      (error: unknown) => logError(c.get('requestId'), 'claim-release-failed', error),
    );
  const stop = async (reason: string, answer: Refused): Promise<Stop> => {
    attempt('refused', reason);
    await undo();
    return { answer };
  };
  if (notHuman) return stop('human-check', notHuman);
  if (claimed.kind !== 'new') {
    await giveBack();
    return { answer: await answerOfClaim(c, claimed, async () => sent.payee, attempt) };
  }
  // Where an address's or a payee's count runs high, the interactive check comes before anyone is refused.
  const high = limited.allowed ? limited.high : asksFirst(limited.policy) ? [limited.policy] : [];
  if (high.length && !interactive) return stop('interactive-check', askInteractiveCheck(c, high[0]!));
  if (!limited.allowed) return stop(limited.policy, tooMany(c, limited, tooManyPayments(limited.retryAfterSeconds, wordsOf(c).limits)));
  return { claim, since: claimed.since, limited, device, cardTag, undo };
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
    runLater(c, held.limited.giveBack('unapprovedPerCard'));
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
