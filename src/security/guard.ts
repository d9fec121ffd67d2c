import type { SiteConfig } from '../settings/config';
import type { AbuseCounter, Decision } from './guard-object';
import { keyedHash } from './keyed-hash';
import { cardHmacKey } from './secrets';

const MINUTE = 60 * 1000;

/**
 * The abuse guard: every counter and limit of the site lives here, and nothing else counts
 * attempts. The counters of one subject (a client, a card, a number, a payee) live in one
 * Durable Object (`AbuseCounter`) named by a keyed hash of it, so a limit holds however many
 * requests arrive at once, from anywhere, and the object sits near the people it counts.
 *
 * The policies, as docs/security.md lists them:
 */
export const POLICIES = {
  /** Texts to one phone number (contract §5). */
  smsPerNumber: { limit: (s: SiteConfig) => s.smsLimitPerPhone, windowMs: 10 * MINUTE, subject: 'phone' },
  /** Texts asked for by one client. */
  smsPerClient: { limit: (s: SiteConfig) => s.smsLimitPerIp, windowMs: 10 * MINUTE, subject: 'client' },
  /** Payments sent to the processor for one client. */
  paymentsPerClient: { limit: 5, windowMs: 10 * MINUTE, subject: 'client' },
  /** Declined payments of one client: at the limit, the client may not try another card for a while. */
  declinesPerClient: { limit: 3, windowMs: 60 * MINUTE, subject: 'client' },
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
  /** Declines of one payee's payments: a sign of card testing against that payee (logged). */
  declinesPerPayee: { limit: 10, windowMs: 10 * MINUTE, subject: 'payee' },
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
  /** What is counted, which names the Durable Object that keeps it: every policy of one subject lives in one object. */
  subject: 'client' | 'card' | 'phone' | 'payee' | 'invite' | 'target';
}

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
  /** What is counted: a client, a number, a card's keyed hash. Only its keyed hash names the counter. */
  subject: string;
  member?: string;
  /** Only whether the limit is reached, nothing recorded (a lock such as the declines of a client). */
  peek?: boolean;
}

export type Refusal = { allowed: false; retryAfterSeconds: number; policy: PolicyName };
export type GuardDecision = { allowed: true } | Refusal;
/** Slots taken; `giveBack` returns them (all, or only those of `policies`) when the attempt did not count after all. */
export type Taken = { allowed: true; giveBack: (...policies: PolicyName[]) => Promise<void> };

/** The local demo's list of the objects it made (`forgetAll`). */
const DEMO_REGISTRY = 'demo:objects';

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
    return `${kind}:${(await keyedHash(cardHmacKey(this.settings), `guard:${kind}:${subject}`)).slice(0, 32)}`;
  }

  #stub(name: string): DurableObjectStub<AbuseCounter> {
    return this.namespace.get(this.namespace.idFromName(name));
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
      Promise.all(
        names.map((name) =>
          this.#stub(name).takeAll(
            bySubject.get(name)!.map((check) => ({
              key: check.policy,
              limit: this.#limit(check.policy),
              windowMs: POLICIES[check.policy].windowMs,
              member: (POLICIES[check.policy] as Policy).distinct ? (check.member ?? '') : '',
              record: !check.peek,
            })),
          ),
        ),
      ),
      this.#remember(names),
    ]);
    const taken = names.flatMap((name, i) => {
      const decision: Decision = decisions[i]!;
      const policies = bySubject
        .get(name)!
        .filter((check) => !check.peek)
        .map((check) => check.policy);
      return decision.allowed && policies.length ? [{ name, at: decision.at, policies }] : [];
    });
    const giveBack = async (...only: PolicyName[]) => {
      await Promise.all(
        taken.map(({ name, at, policies }) => {
          const keys = only.length ? policies.filter((policy) => only.includes(policy)) : policies;
          return keys.length ? this.#stub(name).give(keys, at) : undefined;
        }),
      );
    };
    const refused = decisions.flatMap((d: Decision) => (d.allowed ? [] : [d])).sort((a, b) => b.retryAfterSeconds - a.retryAfterSeconds)[0];
    if (refused) {
      await giveBack();
      return { allowed: false, retryAfterSeconds: refused.retryAfterSeconds, policy: refused.key as PolicyName };
    }
    return { allowed: true, giveBack };
  }

  /** Records an event (a decline, a wrong code) and says whether its limit is now reached. */
  async record(policy: PolicyName, subject: string): Promise<boolean> {
    const name = await this.#object(policy, subject);
    const [count] = await Promise.all([this.#stub(name).record(policy, POLICIES[policy].windowMs), this.#remember([name])]);
    return count >= this.#limit(policy);
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
