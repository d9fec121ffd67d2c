import type { Context } from 'hono';
import { cardDigits, expiryMonth } from '../../domain/card';
import { fill } from '../../domain/catalogue/fill';
import { inMinutes, tooManyPayments } from '../../domain/limits';
import { CARD_DATA_FIELDS } from '../../domain/payment';
import { asksFirst, SITE, type Check, type PolicyName, type Refusal, type Taken } from '../../security/guard';
import { keyedHash } from '../../security/keyed-hash';
import { claimOf, fingerprint, WAIT_FOR_FIRST_MS, type Claim } from '../../security/payment-claim';
import { cardHmacKey } from '../../security/secrets';
import { logError, logSecurityEvent } from '../../telemetry/log';
import { refusal, type Refused } from '../../web/answer';
import type { AppEnv } from '../../web/app-env';
import { deviceOf } from '../../web/device';
import { askInteractiveCheck, passesInteractiveCheck, refuseBots, tooMany } from '../../web/guard-answers';
import { wordsOf } from '../../web/words';
import { answerOfClaim, type Attempt } from './key-answers';
import type { Held, Sent, Stop } from './steps';

/**
 * What the attempt is counted under: the card's keyed hash and, for its expiries, the card with
 * its expiry month; the bill's keyed hash; the submission's fingerprint (card data left out, the
 * last four digits in), which only a claim of the version before compares. Nothing derived from
 * the security code is kept (PCI DSS 3.3.1.2).
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
 * The limits of a new attempt in two parts, asked together: its own (the device's and the card's),
 * which always apply, and the shared ones (the address's, the payee's and the site's), which a
 * regular device (one with an approved payment) is not refused by, so a stranger behind the same
 * address, or testing cards on the same payee, never stops it.
 */
function limitsOf(device: string, client: string, payeeId: string, cardTag: string, expiryTag: string, billTag: string) {
  const own: Check[] = [
    { policy: 'declinesPerDevice', subject: device, peek: true },
    { policy: 'cardsPerDevice', subject: device, member: cardTag },
    { policy: 'paymentsPerBill', subject: device, member: billTag },
    { policy: 'approvalsPerDevice', subject: device, peek: true },
    { policy: 'codeDeclinesPerCard', subject: cardTag, peek: true },
    { policy: 'unapprovedPerCard', subject: cardTag },
    { policy: 'expiriesPerCard', subject: cardTag, member: expiryTag },
  ];
  const shared: Check[] = [
    { policy: 'paymentsPerClient', subject: client },
    { policy: 'cardsPerClient', subject: client, member: cardTag },
    { policy: 'declinesPerClient', subject: client, peek: true },
    { policy: 'declinesPerPayee', subject: payeeId, peek: true },
    { policy: 'pausedPayee', subject: payeeId, peek: true },
    { policy: 'pausedSite', subject: SITE, peek: true },
  ];
  return { own, shared };
}

/** The first part of the round that failed, and why. */
function firstRejected(parts: Record<string, PromiseSettledResult<unknown>[]>): { part: string; error: unknown } | null {
  for (const [part, results] of Object.entries(parts)) {
    const rejected = results.find((result) => result.status === 'rejected');
    if (rejected) return { part, error: rejected.reason };
  }
  return null;
}
const failures = new Set(['claim', 'guard', 'human-check-service']);

const NOTHING_TAKEN: Taken = { allowed: true, high: [], giveBack: () => Promise.resolve() };
/** The slots of both parts as one. */
const both = (own: Taken, shared: Taken): Taken => ({
  allowed: true,
  high: [...own.high, ...shared.high],
  giveBack: (...policies) => Promise.all([own.giveBack(...policies), shared.giveBack(...policies)]).then(() => undefined),
});
const taken = (result: PromiseSettledResult<Taken | Refusal>): Taken =>
  result.status === 'fulfilled' && result.value.allowed ? result.value : NOTHING_TAKEN;

/**
 * Step 2, one round: the human checks, the key's claim and a new attempt's limits. A key sent
 * before answers what became of it, whatever was sent with it (a send still under way is waited
 * for briefly). Whatever turns out not to count (a bot, a second send of the key, an object that
 * could not be reached) gives its slots and the claim back, so no charge is sent before the human
 * check and a retry counts against nothing.
 */
export async function holdKey(c: Context<AppEnv>, sent: Sent, attempt: Attempt): Promise<Held | Stop> {
  const words = wordsOf(c);
  const { cardTag, expiryTag, billTag, print, device } = await countedAs(c, sent);
  const claim = await claimOf(c.env.CLAIMS, sent.key);
  if (!claim) {
    // Signed by this site, yet its claim id is not this namespace's (another environment's key).
    logSecurityEvent(c.get('requestId'), 'form-key-refused', { path: c.req.path, reason: 'forged' });
    attempt('refused', 'form-key');
    return { answer: refusal(400, words.api.formExpired, { formKey: words.api.formExpired }) };
  }
  const guard = c.get('guard');
  const { own, shared } = limitsOf(device, c.get('client'), sent.query.p, cardTag, expiryTag, billTag);
  const [notHuman, interactive, claimedResult, ownResult, sharedResult] = await Promise.allSettled([
    refuseBots(c, sent.humanToken),
    // Without the human check (the local demo), the interactive one has passed too.
    sent.interactiveToken || c.get('config').humanCheck === 'off' ? passesInteractiveCheck(c, sent.interactiveToken ?? '') : false,
    claim.claim(print, WAIT_FOR_FIRST_MS),
    guard.take(...own),
    guard.take(...shared),
  ]);
  const claimed: Claim | undefined = claimedResult.status === 'fulfilled' ? claimedResult.value : undefined;
  const limited = both(taken(ownResult), taken(sharedResult));
  const undo = () =>
    Promise.all([limited.giveBack(), claimed?.kind === 'new' ? claim.release(claimed.since) : undefined]).then(
      () => undefined,
      (error: unknown) => logError(c.get('requestId'), 'claim-release-failed', error),
    );
  const stop = async (reason: string, answer: Refused): Promise<Stop> => {
    attempt(failures.has(reason) ? 'failed' : 'refused', reason);
    await undo();
    return { answer };
  };
  const unreachable = firstRejected({
    claim: [claimedResult],
    guard: [ownResult, sharedResult],
    'human-check-service': [notHuman, interactive],
  });
  if (unreachable) {
    // An object or service that could not be reached: nothing is charged, nothing kept, and the same form may send again.
    logError(c.get('requestId'), `payment-${unreachable.part}-unreachable`, unreachable.error);
    return stop(unreachable.part, refusal(503, words.api.somethingWrong, {}, { 'Retry-After': '5' }));
  }
  if (claimed!.kind !== 'new') {
    await limited.giveBack();
    return { answer: await answerOfClaim(c, claimed as Exclude<Claim, { kind: 'new' | 'none' }>, async () => sent.payee, attempt) };
  }
  const human = (notHuman as PromiseFulfilledResult<Refused | null>).value;
  if (human) return stop('human-check', human);
  const ownTaken = (ownResult as PromiseFulfilledResult<Taken | Refusal>).value;
  const sharedTaken = (sharedResult as PromiseFulfilledResult<Taken | Refusal>).value;
  const refused = refusalOf(c, sent, ownTaken, sharedTaken, (interactive as PromiseFulfilledResult<boolean>).value);
  if (refused) return stop(refused.reason, refused.answer);
  return { claim, since: claimed!.since, limited, device, cardTag, undo };
}

/**
 * Whether the limits stop the attempt: the device's and the card's always; the shared ones only a
 * device that has no approved payment. Where an address's or a payee's count runs high, the
 * interactive check comes before anyone is refused; a pause refuses at once and names whom to call.
 */
function refusalOf(c: Context<AppEnv>, sent: Sent, own: Taken | Refusal, shared: Taken | Refusal, interactive: boolean) {
  const words = wordsOf(c);
  const regular = own.allowed && own.high.includes('approvalsPerDevice');
  const asks = (limits: Taken | Refusal): PolicyName[] =>
    (limits.allowed ? limits.high : [limits.policy]).filter((policy) => asksFirst(policy));
  if (!own.allowed) return { reason: own.policy, answer: tooMany(c, own, tooManyPayments(own.retryAfterSeconds, words.limits)) };
  const high = [...asks(own), ...(regular ? [] : asks(shared))];
  if (high.length && !interactive) return { reason: 'interactive-check', answer: askInteractiveCheck(c, high[0]!) };
  if (shared.allowed || regular) return null;
  const paused = shared.policy === 'pausedPayee' || shared.policy === 'pausedSite';
  const { payeeName, pphone } = sent.payee;
  const wait = inMinutes(shared.retryAfterSeconds, words.limits);
  const message = !paused
    ? tooManyPayments(shared.retryAfterSeconds, words.limits)
    : pphone
      ? fill(words.limits.paused, { payee: payeeName, phone: pphone, wait })
      : fill(words.limits.pausedNoPhone, { payee: payeeName, wait });
  return { reason: shared.policy, answer: tooMany(c, shared, message) };
}
