import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { fill } from '../../domain/catalogue/fill';
import type { PaymentAnswer } from '../../domain/payment';
import type { Payee } from '../../domain/payee';
import { approvedPath } from '../../domain/web-payment';
import { approvalSignature, claimIdOf, claimIds, issueFormKey } from '../../security/form-keys';
import { claimOf, outcomeOf, WAIT_FOR_FIRST_MS, type Claim, type PaymentClaim } from '../../security/payment-claim';
import { redirectPolicy, safeRedirectTarget } from '../../security/redirect-targets';
import { formKeySecret } from '../../security/secrets';
import { logError, logSecurityEvent } from '../../telemetry/log';
import { refusal, type Answer, type Refused } from '../../web/answer';
import type { AppEnv } from '../../web/app-env';
import { chosenLanguage, withLanguage, wordsOf } from '../../web/words';

// What a payment's key answers beyond a first charge: a key sent before, a key that ran out, a
// charge that may have gone through; and what the key keeps and leads to once charged.

/** Counts a payment attempt once (docs/operations.md, the `payment` event): what happened, and why. */
export type Attempt = (outcome: 'approved' | 'declined' | 'refused' | 'failed', reason: string) => void;
/** Whom a payer asks about a charge that may have gone through: the payee, read only when needed. */
type Whom = () => Promise<Pick<Payee, 'payeeName' | 'pphone'> | null>;

/** A fresh key for the payee's form, its claim's id minted with it. */
export const newFormKey = (c: Context<AppEnv>, payeeId: string) =>
  issueFormKey(formKeySecret(c.get('config')), payeeId, claimIds(c.env.CLAIMS));

/** A charge that may have gone through: never sent again; the payer is told whom to ask before paying again. */
export function uncertain(c: Context<AppEnv>, payee: Pick<Payee, 'payeeName' | 'pphone'> | null | undefined): Refused {
  const words = wordsOf(c).api;
  const { payeeName = '', pphone = '' } = payee ?? {};
  return refusal(
    409,
    pphone ? fill(words.paymentUncertain, { payee: payeeName, phone: pphone }) : fill(words.paymentUncertainNoPhone, { payee: payeeName }),
  );
}

/** When a send of a key still under way is worth asking about again. */
const IN_FLIGHT_RETRY_S = 5;

/** A key that was sent before: its first answer again, or, while its charge has no answer, who to ask. */
export async function answerOfClaim(
  c: Context<AppEnv>,
  claimed: Exclude<Claim, { kind: 'new' | 'none' }>,
  whom: Whom,
  attempt: Attempt,
): Promise<Answer<PaymentAnswer>> {
  const words = wordsOf(c);
  if (claimed.kind === 'replay') return { status: claimed.status as ContentfulStatusCode, body: JSON.parse(claimed.body) as PaymentAnswer };
  // Only an object of the version before compares what was sent: a claim of this one answers its charge, whatever the fields.
  if (claimed.kind === 'conflict') {
    logSecurityEvent(c.get('requestId'), 'idempotency-conflict', { path: c.req.path });
    attempt('refused', 'idempotency-conflict');
    return refusal(422, words.api.alreadySubmitted);
  }
  if (claimed.kind === 'in-flight') return refusal(409, words.api.inFlight, {}, { 'Retry-After': String(IN_FLIGHT_RETRY_S) });
  // The backend was asked to charge and no answer was stored: the charge may have gone
  // through, so it is never sent again; the payer is told whom to ask.
  attempt('refused', 'uncertain');
  return uncertain(c, await whom());
}

/**
 * A key of this site that ran out. Sent before, it is answered by its claim (a payer whose answer
 * was lost and who sends the same form later is never charged again), after waiting briefly for a
 * send still under way; otherwise the answer carries a fresh key (a payer who went to find their
 * card), which the form keeps and sends when the payer presses Pay again.
 */
export async function expiredKey(c: Context<AppEnv>, payeeId: string, key: string, attempt: Attempt): Promise<Answer<PaymentAnswer>> {
  const words = wordsOf(c);
  // What the claim stores, which every version of it can say; a claim that cannot be read is never
  // taken as none (a fresh key could charge again): the form keeps its key and may send it again.
  const claim = await claimOf(c.env.CLAIMS, key);
  let claimed: Claim = { kind: 'none' };
  try {
    // What every version of the claim stores; only one still under way is waited on (an object of this version).
    if (claim) claimed = outcomeOf(await claim.stored());
    if (claim && claimed.kind === 'in-flight') claimed = await claim.outcome(WAIT_FOR_FIRST_MS).catch(() => claimed);
  } catch (error) {
    logError(c.get('requestId'), 'claim-read-failed', error);
    attempt('failed', 'claim');
    return refusal(503, words.api.somethingWrong, {}, { 'Retry-After': '5' });
  }
  if (claimed.kind !== 'none' && claimed.kind !== 'new') {
    const whom = async () => {
      const payee = await c.get('origin').cachedPayeeById(payeeId);
      return payee.ok ? payee.value : null;
    };
    return answerOfClaim(c, claimed, whom, attempt);
  }
  attempt('refused', 'form-key');
  return {
    status: 400,
    body: {
      error: words.api.formExpired,
      fields: { formKey: words.api.formExpired },
      formKey: await newFormKey(c, payeeId),
      expired: true,
    },
  };
}

/**
 * Keeps the answer with the key, after the visitor has it: a retry of the key replays it. A failed
 * write is tried again twice, then logged, never answered; should it never land, the claim stays
 * `calling` and a retry is told the payment may have gone through, never charged again.
 */
export async function keepAnswer(
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
    await keepAnswer(c, claim, since, status, body, tries - 1);
  }
}

/**
 * The receipt an approved payment leads to: the backend's, where the site may send a visitor (this
 * site, the web-pay host or the backend's own), in the language the visitor chose; else the site's
 * own page saying the payment was approved. Never an error: the payment went through.
 */
export async function receiptAddress(c: Context<AppEnv>, confirmationUrl: string, key: string, payeeId: string): Promise<string> {
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
