import type { SiteConfig } from '../settings/config';
import type { AbuseCounter, Decision } from './guard-object';
import { keyedHash } from './keyed-hash';
import { cardHmacKey } from './secrets';

const MINUTE = 60 * 1000;
/**
 * Durable Objects per policy: a key's events all live in one of them. Sixteen spread a site's
 * traffic; the local demo, one developer's, keeps each policy in one, so that starting the demo
 * over (`forgetAll`) empties a handful of objects rather than hundreds.
 */
const SHARDS = 16;
const DEMO_SHARDS = 1;

/**
 * The abuse guard: every counter and limit of the site lives here, and nothing else counts
 * attempts. Each counter is a Durable Object (`AbuseCounter`) named by its policy and a hash of
 * what it counts, so a limit holds however many requests arrive at once, from anywhere.
 *
 * The policies, as the README's security section lists them:
 */
export const POLICIES = {
  /** Texts to one phone number (contract §5). */
  smsPerNumber: { limit: (s: SiteConfig) => s.smsLimitPerPhone, windowMs: 10 * MINUTE },
  /** Texts asked for by one client. */
  smsPerClient: { limit: (s: SiteConfig) => s.smsLimitPerIp, windowMs: 10 * MINUTE },
  /** Payments sent to the processor for one client. */
  paymentsPerClient: { limit: 5, windowMs: 10 * MINUTE },
  /** Declined payments of one client: at the limit, the client may not try another card for a while. */
  declinesPerClient: { limit: 3, windowMs: 60 * MINUTE },
  /** Payments with one card (keyed hash of its number), from any client. */
  paymentsPerCard: { limit: 3, windowMs: 60 * MINUTE },
  /**
   * Different expiry dates tried with one card, from any client (members are keyed hashes of the
   * card and its expiry; nothing of the security code is ever kept).
   */
  expiriesPerCard: { limit: 2, windowMs: 24 * 60 * MINUTE, distinct: true },
  /** Wrong security codes the backend reported for one card, from any client: at the limit, the card is refused a day. */
  codeDeclinesPerCard: { limit: 2, windowMs: 24 * 60 * MINUTE },
  /** Declines of one payee's payments: a sign of card testing against that payee (logged). */
  declinesPerPayee: { limit: 10, windowMs: 10 * MINUTE },
  /** Wrong get-paid access codes from one client. */
  accessCodeMissesPerClient: { limit: 5, windowMs: 15 * MINUTE },
  /**
   * Wrong get-paid access codes against one target: the invite they were typed under, or, as a
   * code names no payee until it is right, the network they come from (`networkOf`), so a guesser
   * rotating addresses in one provider's block is stopped too.
   */
  accessCodeMissesPerTarget: { limit: 10, windowMs: 60 * MINUTE },
  /** Reset, bill-info and pay-later tokens and emails, and account-link answers, that matched nothing, from one client. */
  linkMissesPerClient: { limit: 20, windowMs: 60 * MINUTE },
  /** Team notifications about one get-paid invite. */
  teamEmailsPerInvite: { limit: 3, windowMs: 24 * 60 * MINUTE },
  /** Team notifications one client's invite forms set off, whatever the invites. */
  teamEmailsPerClient: { limit: 5, windowMs: 60 * MINUTE },
  /** Short links made through the legacy `POST /api/shorten_url.php` for one client (the site's own texts make theirs inside the Worker). */
  shortLinksPerClient: { limit: 10, windowMs: 10 * MINUTE },
  /** Readiness checks (`/readyz`) from one client: an uptime check asks once a minute or so. */
  readinessPerClient: { limit: 30, windowMs: MINUTE },
  /** Browser error reports from one client: a page sends at most a few. */
  browserReportsPerClient: { limit: 30, windowMs: 10 * MINUTE },
  /** Content-Security-Policy violation reports from one client: a page sends a batch at a time. */
  cspReportsPerClient: { limit: 30, windowMs: 10 * MINUTE },
} as const satisfies Record<string, Policy>;

export interface Policy {
  limit: number | ((settings: SiteConfig) => number);
  windowMs: number;
  /** Count distinct values (a card's expiry) rather than events. */
  distinct?: boolean;
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
}

export type GuardDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; policy: PolicyName };
/** Slots taken; `giveBack` returns them when the attempt never happened after all (the backend was unreachable). */
export type Taken = { allowed: true; giveBack: () => Promise<void> };

export class Guard {
  constructor(
    private readonly namespace: DurableObjectNamespace<AbuseCounter>,
    private readonly settings: SiteConfig,
  ) {}

  /**
   * A counter's key and the shard that keeps it: the policy and a keyed hash of the subject, never
   * the subject (a client address or a phone number falls to enumeration under a plain hash).
   */
  async #counter(policy: PolicyName, subject: string) {
    const key = `${policy}:${(await keyedHash(cardHmacKey(this.settings), `guard:${policy}:${subject}`)).slice(0, 32)}`;
    const shard = `${policy}:${key.charCodeAt(key.length - 3) % this.#shards}`;
    return { key, stub: this.namespace.get(this.namespace.idFromName(shard)) };
  }

  get #shards(): number {
    return this.settings.originUrl ? SHARDS : DEMO_SHARDS;
  }

  #limit(policy: PolicyName): number {
    const { limit } = POLICIES[policy] as Policy;
    return typeof limit === 'function' ? limit(this.settings) : limit;
  }

  /**
   * Takes a slot from every counter, or from none: counters are asked in order, and when one
   * refuses, the slots already taken are given back.
   */
  async take(...checks: Check[]): Promise<Taken | Extract<GuardDecision, { allowed: false }>> {
    const taken: Array<{ key: string; stub: DurableObjectStub<AbuseCounter>; at: number }> = [];
    for (const check of checks) {
      const policy = POLICIES[check.policy] as Policy;
      const { key, stub } = await this.#counter(check.policy, check.subject);
      const decision: Decision = await stub.take(
        key,
        this.#limit(check.policy),
        policy.windowMs,
        policy.distinct ? (check.member ?? '') : '',
      );
      if (!decision.allowed) {
        await Promise.all(taken.map((t) => t.stub.give(t.key, t.at)));
        return { allowed: false, retryAfterSeconds: decision.retryAfterSeconds, policy: check.policy };
      }
      taken.push({ key, stub, at: decision.at });
    }
    return { allowed: true, giveBack: async () => void (await Promise.all(taken.map((t) => t.stub.give(t.key, t.at)))) };
  }

  /** Records an event (a decline, a wrong code) and says whether its limit is now reached. */
  async record(policy: PolicyName, subject: string): Promise<boolean> {
    const { key, stub } = await this.#counter(policy, subject);
    return (await stub.record(key, POLICIES[policy].windowMs)) >= this.#limit(policy);
  }

  /** Forgets every counter of every policy: the local demo starting over, never production. */
  async forgetAll(): Promise<void> {
    const shards = Object.keys(POLICIES).flatMap((policy) => Array.from({ length: this.#shards }, (_, i) => `${policy}:${i}`));
    await Promise.all(shards.map((name) => this.namespace.get(this.namespace.idFromName(name)).clear()));
  }

  /** Whether a counter has room, without recording anything. */
  async check(policy: PolicyName, subject: string): Promise<GuardDecision> {
    const { key, stub } = await this.#counter(policy, subject);
    const decision: Decision = await stub.peek(key, this.#limit(policy), POLICIES[policy].windowMs);
    return decision.allowed ? { allowed: true } : { ...decision, policy };
  }
}
