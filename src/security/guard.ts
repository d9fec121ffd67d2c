import type { SiteConfig } from '../settings/config';
import type { AbuseCounter, Decision, Take } from './guard-object';
import { keyedHash } from './keyed-hash';
import { cardHmacKey } from './secrets';

const MINUTE = 60 * 1000;

/**
 * The abuse guard: every counter and limit of the site lives here, and nothing else counts
 * attempts. The counters of one subject (a device, a client address, a card, a number, a payee)
 * live in one Durable Object (`AbuseCounter`), so a limit holds however many requests arrive at
 * once, from anywhere, and the object sits near the people it counts. A device's object is
 * reached by the id its cookie carries (`device-cookie.ts`); every other subject's is named by a
 * keyed hash of it.
 *
 * A visitor is a device first: many honest people share one address (a carrier's NAT, iCloud
 * Private Relay, an office's Wi-Fi), so an address's counts have ceilings made for crowds and,
 * where they run high (`stepUpAt`), ask for the interactive human check before anyone is refused.
 * What shows card testing is refused outright: one device or address trying many cards, one
 * card's many expiries or codes, one bill paid again and again (docs/decisions/018).
 *
 * The policies, as docs/security.md lists them:
 */
export const POLICIES = {
  /** Texts to one phone number (contract §5). */
  smsPerNumber: { limit: (s: SiteConfig) => s.smsLimitPerPhone, windowMs: 10 * MINUTE, subject: 'phone' },
  /** Texts asked for by one client. */
  smsPerClient: { limit: (s: SiteConfig) => s.smsLimitPerIp, windowMs: 10 * MINUTE, subject: 'client' },
  /** Different cards one device tried (members are keyed hashes of the cards): a device trying many cards is testing them. */
  cardsPerDevice: { limit: 4, windowMs: 60 * MINUTE, distinct: true, subject: 'device' },
  /** Declined payments of one device: at the limit, the device may not try another card for a while. */
  declinesPerDevice: { limit: 3, windowMs: 60 * MINUTE, subject: 'device' },
  /** Payments of one bill (a keyed hash of the payee and its account or invoice numbers) from one device; a decline gives its slot back. */
  paymentsPerBill: { limit: 2, windowMs: 24 * 60 * MINUTE, perMember: true, subject: 'device' },
  /** Payments sent to the processor from one address: a crowd's ceiling, checked interactively from `stepUpAt`. */
  paymentsPerClient: { limit: 60, stepUpAt: 10, windowMs: 10 * MINUTE, subject: 'client' },
  /** Different cards tried from one address: many devices' worth, checked interactively from `stepUpAt`, refused at the limit. */
  cardsPerClient: { limit: 25, stepUpAt: 10, windowMs: 10 * MINUTE, distinct: true, subject: 'client' },
  /** Declined payments from one address: checked interactively from `stepUpAt`, refused at the limit. */
  declinesPerClient: { limit: 30, stepUpAt: 5, windowMs: 60 * MINUTE, subject: 'client' },
  /**
   * Payments with one card (keyed hash of its number) that were not approved, from any client: an
   * approved payment gives its slot back, so a parent paying the family's bills is never stopped.
   */
  unapprovedPerCard: { limit: 3, windowMs: 60 * MINUTE, subject: 'card' },
  /**
   * Different expiry dates tried with one card, from any client (members are keyed hashes of the
   * card and its expiry; nothing of the security code is ever kept).
   */
  expiriesPerCard: { limit: 2, windowMs: 24 * 60 * MINUTE, distinct: true, subject: 'card' },
  /** Wrong security codes the backend reported for one card, from any client: at the limit, the card is refused a day. */
  codeDeclinesPerCard: { limit: 2, windowMs: 24 * 60 * MINUTE, subject: 'card' },
  /** Declines of one payee's payments: a sign of card testing against that payee, so its payments are checked interactively (logged). */
  declinesPerPayee: { limit: Number.POSITIVE_INFINITY, stepUpAt: 10, windowMs: 10 * MINUTE, subject: 'payee' },
  /** Wrong get-paid access codes from one client. */
  accessCodeMissesPerClient: { limit: 5, windowMs: 15 * MINUTE, subject: 'client' },
  /**
   * Wrong get-paid access codes against one target: the invite they were typed under, or, as a
   * code names no payee until it is right, the network they come from (`networkOf`), so a guesser
   * rotating addresses in one provider's block is stopped too.
   */
  accessCodeMissesPerTarget: { limit: 10, windowMs: 60 * MINUTE, subject: 'target' },
  /** Reset, bill-info and pay-later tokens and emails, and account-link answers, that matched nothing, from one client. */
  linkMissesPerClient: { limit: 20, windowMs: 60 * MINUTE, subject: 'client' },
  /** Team notifications about one get-paid invite. */
  teamEmailsPerInvite: { limit: 3, windowMs: 24 * 60 * MINUTE, subject: 'invite' },
  /** Team notifications one client's invite forms set off, whatever the invites. */
  teamEmailsPerClient: { limit: 5, windowMs: 60 * MINUTE, subject: 'client' },
  /** Short links made through the legacy `POST /api/shorten_url.php` for one client (the site's own texts make theirs inside the Worker). */
  shortLinksPerClient: { limit: 10, windowMs: 10 * MINUTE, subject: 'client' },
  /** Readiness checks (`/readyz`) from one client: an uptime check asks once a minute or so. */
  readinessPerClient: { limit: 30, windowMs: MINUTE, subject: 'client' },
  /** Refreshes of one key of the edge cache (KV takes one write a second per key): one request a second refreshes it. */
  cacheWritesPerKey: { limit: 1, windowMs: 1000, subject: 'cache' },
  /** Browser error reports from one client: a page sends at most a few. */
  browserReportsPerClient: { limit: 30, windowMs: 10 * MINUTE, subject: 'client' },
  /** Content-Security-Policy violation reports from one client: a page sends a batch at a time. */
  cspReportsPerClient: { limit: 30, windowMs: 10 * MINUTE, subject: 'client' },
} as const satisfies Record<string, Policy>;

export interface Policy {
  limit: number | ((settings: SiteConfig) => number);
  windowMs: number;
  /** Count distinct values (a card's expiry) rather than events. */
  distinct?: boolean;
  /** Count one member's events (one bill's payments) rather than all the subject's. */
  perMember?: boolean;
  /** From this count on, the request needs the interactive human check; a refusal at `limit` comes only after one. */
  stepUpAt?: number;
  /** What is counted, which names the Durable Object that keeps it: every policy of one subject lives in one object. */
  subject: 'device' | 'client' | 'card' | 'phone' | 'payee' | 'invite' | 'target' | 'cache';
}

/** Whether a policy asks for the interactive human check before it refuses anyone (an address's or a payee's count). */
export const asksFirst = (policy: PolicyName): boolean => (POLICIES[policy] as Policy).stepUpAt !== undefined;

export type PolicyName = keyof typeof POLICIES;

/** Who is asking: the client's address, an IPv6 address by its /64 (one household or phone). */
export function clientOf(headers: Headers): string {
  const ip = headers.get('CF-Connecting-IP') ?? 'unknown';
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The network around a client: an IPv4 /24, or an IPv6 /48 (one site or provider block). */
export function networkOf(client: string): string {
  if (client.endsWith('::/64')) return `${client.split(':').slice(0, 3).join(':')}::/48`;
  const octets = client.split('.');
  return octets.length === 4 ? `${octets.slice(0, 3).join('.')}.0/24` : client;
}

export interface Check {
  policy: PolicyName;
  /** What is counted: a device's id, a client, a number, a card's keyed hash. Only a keyed hash names a counter; a device's id is its object's. */
  subject: string;
  member?: string;
  /** Only whether the limit is reached, nothing recorded (a lock such as the declines of a client). */
  peek?: boolean;
}

export type Refusal = { allowed: false; retryAfterSeconds: number; policy: PolicyName };
export type GuardDecision = { allowed: true } | Refusal;
/**
 * Slots taken; `giveBack` returns them (all, or only those of `policies`) when the attempt did not
 * count after all. `high` names the policies whose count has reached its `stepUpAt`.
 */
export type Taken = { allowed: true; high: PolicyName[]; giveBack: (...policies: PolicyName[]) => Promise<void> };

/**
 * The key a check is counted under in its object: the policy's name, and for a count of one
 * member's events (one bill's payments) the member after it, so an object counts each member
 * apart with no rule of its own (and one running the version before this one counts it alike).
 */
const keyOf = (check: Check): string =>
  (POLICIES[check.policy] as Policy).perMember ? `${check.policy}:${check.member ?? ''}` : check.policy;
const policyOf = (key: string): PolicyName => key.split(':')[0] as PolicyName;

/** The local demo's list of the objects it made (`forgetAll`). */
const DEMO_REGISTRY = 'demo:objects';
/** How a device's object is written among the objects' names: by its id. */
const DEVICE = 'id:';

export class Guard {
  constructor(
    private readonly namespace: DurableObjectNamespace<AbuseCounter>,
    private readonly settings: SiteConfig,
  ) {}

  /**
   * The object that keeps a subject's counters: named by the kind of subject and a keyed hash of
   * it, never the subject (a client address or a phone number falls to enumeration under a plain hash).
   */
  async #object(policy: PolicyName, subject: string): Promise<string> {
    const kind = POLICIES[policy].subject;
    if (kind === 'device') return `${DEVICE}${subject}`;
    return `${kind}:${(await keyedHash(cardHmacKey(this.settings), `guard:${kind}:${subject}`)).slice(0, 32)}`;
  }

  /** A device's object by the id its cookie carries (no first-use check); any other by its name. */
  #stub(name: string): DurableObjectStub<AbuseCounter> {
    return this.namespace.get(
      name.startsWith(DEVICE) ? this.namespace.idFromString(name.slice(DEVICE.length)) : this.namespace.idFromName(name),
    );
  }

  #limit(policy: PolicyName): number {
    const { limit } = POLICIES[policy] as Policy;
    return typeof limit === 'function' ? limit(this.settings) : limit;
  }

  /** The local demo keeps a list of the objects it names, asked beside the counters themselves (no round trip of its own). */
  #remember(names: string[]): Promise<void> {
    return this.settings.originUrl ? Promise.resolve() : this.#stub(DEMO_REGISTRY).remember(names);
  }

  /**
   * Takes a slot from every counter, or from none. Each subject's counters are one call to its
   * object, and the objects are asked together; when one refuses, the slots the others took are
   * given back. A `peek` check only asks whether its limit is reached.
   */
  async take(...checks: Check[]): Promise<Taken | Refusal> {
    const bySubject = new Map<string, Check[]>();
    const objects = await Promise.all(checks.map((check) => this.#object(check.policy, check.subject)));
    checks.forEach((check, i) => bySubject.set(objects[i]!, [...(bySubject.get(objects[i]!) ?? []), check]));
    const names = [...bySubject.keys()];
    const [decisions] = await Promise.all([
      Promise.all(names.map((name) => this.#stub(name).takeAll(bySubject.get(name)!.map((check) => this.#take(check))))),
      this.#remember(names),
    ]);
    const taken = names.flatMap((name, i) => {
      const decision: Decision = decisions[i]!;
      const kept = bySubject.get(name)!.filter((check) => !check.peek);
      return decision.allowed && kept.length ? [{ name, at: decision.at, kept }] : [];
    });
    const giveBack = async (...only: PolicyName[]) => {
      await Promise.all(
        taken.map(({ name, at, kept }) => {
          const keys = kept.filter((check) => !only.length || only.includes(check.policy)).map((check) => keyOf(check));
          return keys.length ? this.#stub(name).give(keys, at) : undefined;
        }),
      );
    };
    const refused = decisions.flatMap((d: Decision) => (d.allowed ? [] : [d])).sort((a, b) => b.retryAfterSeconds - a.retryAfterSeconds)[0];
    if (refused) {
      await giveBack();
      return { allowed: false, retryAfterSeconds: refused.retryAfterSeconds, policy: policyOf(refused.key) };
    }
    // An object still on the version before this one answers no `high` (a gradual release).
    const high = decisions.flatMap((d: Decision) => (d.allowed ? (d.high ?? []).map(policyOf) : []));
    return { allowed: true, high, giveBack };
  }

  /** One check as its object counts it. */
  #take(check: Check): Take {
    const policy = POLICIES[check.policy] as Policy;
    return {
      key: keyOf(check),
      limit: this.#limit(check.policy),
      windowMs: policy.windowMs,
      member: policy.distinct ? (check.member ?? '') : '',
      ...(policy.stepUpAt !== undefined && { stepUpAt: policy.stepUpAt }),
      record: !check.peek,
    };
  }

  /** Records an event (a decline, a wrong code) and says whether its limit (or the count that asks for a check) is now reached. */
  async record(policy: PolicyName, subject: string): Promise<boolean> {
    const name = await this.#object(policy, subject);
    const [count] = await Promise.all([this.#stub(name).record(policy, POLICIES[policy].windowMs), this.#remember([name])]);
    return count >= ((POLICIES[policy] as Policy).stepUpAt ?? this.#limit(policy));
  }

  /** Whether a counter has room, without recording anything. */
  async check(policy: PolicyName, subject: string): Promise<GuardDecision> {
    const decision = await this.take({ policy, subject, peek: true });
    return decision.allowed ? { allowed: true } : decision;
  }

  /** Forgets every counter the local demo made: the demo starting over, never production. */
  async forgetAll(): Promise<void> {
    const names = await this.#stub(DEMO_REGISTRY).takeNames();
    await Promise.all(names.map((name) => this.#stub(name).clear()));
  }
}
