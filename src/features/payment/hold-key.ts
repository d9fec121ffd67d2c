import type { Context } from 'hono';
import { cardDigits, expiryMonth } from '../../domain/card';
import { fill } from '../../domain/catalogue/fill';
import { inMinutes, tooManyPayments } from '../../domain/limits';
import { CARD_DATA_FIELDS } from '../../domain/payment';
import { asksFirst, networkOf, SITE, type Check, type Refusal, type Taken } from '../../security/guard';
import { keyedHash } from '../../security/keyed-hash';
import { claimOf, fingerprint, WAIT_FOR_FIRST_MS, type Claim } from '../../security/payment-claim';
import { cardHmacKey } from '../../security/secrets';
import { logError, logSecurityEvent } from '../../telemetry/log';
import { refusal, type Refused } from '../../web/answer';
import type { AppEnv } from '../../web/app-env';
import { deviceOf } from '../../web/device';
import { askInteractiveCheck, limitReached, passesInteractiveCheck, refuseBots, tooMany } from '../../web/guard-answers';
import { wordsOf } from '../../web/words';
import { answerOfClaim, type Attempt } from './key-answers';
import type { Held, Sent, Stop } from './steps';

/**
 * What the attempt is counted under: the card's keyed hash and, for its expiries, the card with
 * its expiry month; the bill's keyed hash; the network it came from (a pause needs many); the submission's fingerprint (card data left out, the
 * last four digits in), which only a claim of the version before compares. Nothing derived from
 * the security code is kept (PCI DSS 3.3.1.2).
 */
async function countedAs(c: Context<AppEnv>, { query, company, payer, card }: Sent) {
  const digits = cardDigits(card.ccn);
  const cardKey = cardHmacKey(c.get('config'));
  const bill = company ? [...(payer.invoices ?? [])].sort().join('\n') : (payer.account ?? '');
  const [cardTag, expiryTag, billTag, networkTag, print, device] = await Promise.all([
    keyedHash(cardKey, digits),
    keyedHash(cardKey, `${digits}|${expiryMonth(card.exp)}`),
    keyedHash(cardKey, `bill|${query.p}|${bill.trim().toUpperCase()}`),
    keyedHash(cardKey, `network|${networkOf(c.get('client'))}`),
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
  return { cardTag, expiryTag, billTag, networkTag, print, device };
}
type Counted = Awaited<ReturnType<typeof countedAs>>;

/**
 * The limits of a new attempt in four parts, asked together: its own (the device's and the
 * card's), which always apply; the address's, which a regular device (one with an approved
 * payment) is not refused by; the payee's, which its own regulars are not; and the site's, whose
 * failure refuses nobody. So a stranger behind the same address, or testing cards on the same
 * payee, never stops a regular.
 */
function limitsOf(counted: Counted, client: string, payeeId: string) {
  const { device, cardTag, expiryTag, billTag, networkTag } = counted;
  return {
    own: [
      { policy: 'declinesPerDevice', subject: device, peek: true },
      { policy: 'cardsPerDevice', subject: device, member: cardTag },
      { policy: 'paymentsPerBill', subject: device, member: billTag },
      { policy: 'approvalsPerDevice', subject: device, peek: true },
      { policy: 'approvalsPerDeviceAndPayee', subject: device, member: payeeId, peek: true },
      { policy: 'codeDeclinesPerCard', subject: cardTag, peek: true },
      { policy: 'unapprovedPerCard', subject: cardTag },
      { policy: 'expiriesPerCard', subject: cardTag, member: expiryTag },
    ],
    address: [
      { policy: 'paymentsPerClient', subject: client },
      { policy: 'cardsPerClient', subject: client, member: cardTag },
      { policy: 'declinesPerClient', subject: client, peek: true },
    ],
    payee: [
      { policy: 'declinesPerPayee', subject: payeeId, peek: true },
      { policy: 'pausedPayee', subject: payeeId, peek: true },
      { policy: 'unapprovedPerPayee', subject: payeeId, member: networkTag },
    ],
    site: [
      { policy: 'pausedSite', subject: SITE, peek: true },
      { policy: 'unapprovedSiteWide', subject: SITE, member: networkTag },
    ],
  } satisfies Record<string, Check[]>;
}

type Limits = Taken | Refusal;
const NOTHING_TAKEN: Taken = { allowed: true, high: [], giveBack: () => Promise.resolve() };
/** The slots of every part as one. */
const all = (parts: Taken[]): Taken => ({
  allowed: true,
  high: parts.flatMap((part) => part.high),
  giveBack: (...policies) => Promise.all(parts.map((part) => part.giveBack(...policies))).then(() => undefined),
});
const taken = (limits: Limits | undefined): Taken => (limits?.allowed ? limits : NOTHING_TAKEN);
const valueOf = <T>(result: PromiseSettledResult<T>): T | undefined => (result.status === 'fulfilled' ? result.value : undefined);

/** The first part of the round that failed, and why. */
function firstRejected(parts: Record<string, PromiseSettledResult<unknown>[]>): { part: string; error: unknown } | null {
  for (const [part, results] of Object.entries(parts)) {
    const rejected = results.find((result) => result.status === 'rejected');
    if (rejected) return { part, error: rejected.reason };
  }
  return null;
}
const failures = new Set(['claim', 'guard', 'human-check-service']);

/**
 * Step 2, one round: the human checks, the key's claim and a new attempt's limits. A key sent
 * before answers what became of it, whatever was sent with it (a send still under way is waited
 * for briefly). Whatever turns out not to count (a bot, a second send of the key, an object that
 * could not be reached) gives its slots and the claim back, so no charge is sent before the human
 * check and a retry counts against nothing.
 */
export async function holdKey(c: Context<AppEnv>, sent: Sent, attempt: Attempt): Promise<Held | Stop> {
  const words = wordsOf(c);
  const counted = await countedAs(c, sent);
  const claim = await claimOf(c.env.CLAIMS, sent.key);
  if (!claim) {
    // Signed by this site, yet its claim id is not this namespace's (another environment's key).
    logSecurityEvent(c.get('requestId'), 'form-key-refused', { path: c.req.path, reason: 'forged' });
    attempt('refused', 'form-key');
    return { answer: refusal(400, words.api.formExpired, { formKey: words.api.formExpired }) };
  }
  const guard = c.get('guard');
  const limits = limitsOf(counted, c.get('client'), sent.query.p);
  const [notHuman, interactive, claimed, own, address, payee, site] = await Promise.allSettled([
    refuseBots(c, sent.humanToken),
    // Without the human check (the local demo), the interactive one has passed too.
    sent.interactiveToken || c.get('config').humanCheck === 'off' ? passesInteractiveCheck(c, sent.interactiveToken ?? '') : false,
    claim.claim(counted.print, Date.now(), WAIT_FOR_FIRST_MS),
    guard.take(...limits.own),
    guard.take(...limits.address),
    guard.take(...limits.payee),
    guard.take(...limits.site),
  ]);
  const claimedNow = valueOf(claimed);
  // The site's count refuses nobody when its object cannot be reached: one object for every payment must not stop them all.
  if (site.status === 'rejected') logError(c.get('requestId'), 'site-count-unreachable', site.reason);
  const held = all([own, address, payee, site].map((part) => taken(valueOf(part))));
  const undo = () =>
    Promise.all([held.giveBack(), claimedNow?.kind === 'new' ? claim.release(claimedNow.since) : undefined]).then(
      () => undefined,
      (error: unknown) => logError(c.get('requestId'), 'claim-release-failed', error),
    );
  const stop = async (reason: string, answer: Refused): Promise<Stop> => {
    attempt(failures.has(reason) ? 'failed' : 'refused', reason);
    await undo();
    return { answer };
  };
  const unreachable = firstRejected({ claim: [claimed], guard: [own, address, payee], 'human-check-service': [notHuman, interactive] });
  if (unreachable) {
    // An object or service that could not be reached: nothing is charged, nothing kept, and the same form may send again.
    logError(c.get('requestId'), `payment-${unreachable.part}-unreachable`, unreachable.error);
    return stop(unreachable.part, refusal(503, words.api.somethingWrong, {}, { 'Retry-After': '5' }));
  }
  if (claimedNow!.kind !== 'new') {
    await held.giveBack();
    return { answer: await answerOfClaim(c, claimedNow as Exclude<Claim, { kind: 'new' | 'none' }>, async () => sent.payee, attempt) };
  }
  const human = valueOf(notHuman);
  if (human) return stop('human-check', human);
  const parts = { own: valueOf(own)!, address: valueOf(address)!, payee: valueOf(payee)!, site: valueOf(site) ?? NOTHING_TAKEN };
  const refused = refusalOf(c, sent, parts, valueOf(interactive)!);
  if (refused) return stop(refused.reason, refused.answer);
  return { claim, since: claimedNow!.since, limited: held, device: counted.device, cardTag: counted.cardTag, undo };
}

/**
 * Whether the limits stop the attempt: the device's and the card's always; the address's and the
 * site's only a device with no approved payment, the payee's only one that never paid that payee.
 * Where an address's or a payee's count runs high, the interactive check comes before anyone is
 * refused; a pause refuses at once and names whom to call, and the request that reached it says so.
 */
function refusalOf(c: Context<AppEnv>, sent: Sent, parts: Record<'own' | 'address' | 'payee' | 'site', Limits>, interactive: boolean) {
  const words = wordsOf(c);
  const { own } = parts;
  if (!own.allowed) return { reason: own.policy, answer: tooMany(c, own, tooManyPayments(own.retryAfterSeconds, words.limits)) };
  const regular = { address: own.high.includes('approvalsPerDevice'), payee: own.high.includes('approvalsPerDeviceAndPayee') };
  const binding = [parts.address, parts.payee, parts.site].filter((_, i) => !(i === 1 ? regular.payee : regular.address));
  const high = binding.flatMap((limits) => (limits.allowed ? limits.high : [limits.policy])).filter((policy) => asksFirst(policy));
  if (high.length && !interactive) return { reason: 'interactive-check', answer: askInteractiveCheck(c, high[0]!) };
  const refused = binding.find((limits): limits is Refusal => !limits.allowed);
  if (!refused) return null;
  if (refused.tripped) {
    logSecurityEvent(c.get('requestId'), 'card-payments-paused', { payeeId: sent.query.p, policy: refused.policy });
    limitReached(c, refused.policy, 'paused');
  }
  const paused = refused.policy === 'pausedPayee' || refused.policy === 'pausedSite';
  const { payeeName, pphone } = sent.payee;
  const wait = inMinutes(refused.retryAfterSeconds, words.limits);
  const message = !paused
    ? tooManyPayments(refused.retryAfterSeconds, words.limits)
    : pphone
      ? fill(words.limits.paused, { payee: payeeName, phone: pphone, wait })
      : fill(words.limits.pausedNoPhone, { payee: payeeName, wait });
  return { reason: refused.policy, answer: tooMany(c, refused, message) };
}
