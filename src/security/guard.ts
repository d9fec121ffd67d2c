import type { SiteConfig } from '../settings/config';
import type { AbuseCounter, Decision, Take } from './guard-object';
import { keyedHash } from './keyed-hash';
import { cardHmacKey } from './secrets';
import { POLICIES, type Policy, type PolicyName } from './policies';

export { asksFirst, POLICIES, SITE, type Policy, type PolicyName } from './policies';

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

/** A refusal by `policy`; `tripped` when this very request reached a pause (a `trips` count), which it recorded. */
export type Refusal = { allowed: false; retryAfterSeconds: number; policy: PolicyName; tripped?: true };
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
    const [settled] = await Promise.all([
      Promise.allSettled(names.map((name) => this.#stub(name).takeAll(bySubject.get(name)!.map((check) => this.#take(check))))),
      this.#remember(names),
    ]);
    const taken = names.flatMap((name, i) => {
      const answer = settled[i]!;
      const kept = bySubject.get(name)!.filter((check) => !check.peek);
      return answer.status === 'fulfilled' && answer.value.allowed && kept.length ? [{ name, at: answer.value.at, kept }] : [];
    });
    const giveBack = async (...only: PolicyName[]) => {
      await Promise.all(
        taken.map(({ name, at, kept }) => {
          const keys = kept.filter((check) => !only.length || only.includes(check.policy)).map((check) => keyOf(check));
          return keys.length ? this.#stub(name).give(keys, at) : undefined;
        }),
      );
    };
    // An object that could not be reached: what the others took goes back before the failure is thrown.
    const failed = settled.find((answer) => answer.status === 'rejected');
    if (failed) {
      await giveBack().catch(() => undefined);
      throw failed.reason;
    }
    const decisions = settled.map((answer) => (answer as PromiseFulfilledResult<Decision>).value);
    const refused = decisions.flatMap((d: Decision) => (d.allowed ? [] : [d])).sort((a, b) => b.retryAfterSeconds - a.retryAfterSeconds)[0];
    if (refused) {
      await giveBack();
      return {
        allowed: false,
        retryAfterSeconds: refused.retryAfterSeconds,
        policy: policyOf(refused.key),
        ...(refused.tripped && { tripped: true }),
      };
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
      member: policy.distinct || policy.trips ? (check.member ?? '') : '',
      ...(policy.stepUpAt !== undefined && { stepUpAt: policy.stepUpAt }),
      ...(policy.weighed && { weighed: policy.weighed }),
      ...(policy.trips && { trips: { ...policy.trips, pauseMs: POLICIES[policy.trips.pause as PolicyName].windowMs } }),
      record: !check.peek,
    };
  }

  /** Records an event (a decline, a wrong code) and says whether its limit (or the count that asks for a check) is now reached. */
  async record(policy: PolicyName, subject: string, member?: string): Promise<boolean> {
    const name = await this.#object(policy, subject);
    const key = keyOf({ policy, subject, member });
    const [count] = await Promise.all([this.#stub(name).record(key, POLICIES[policy].windowMs), this.#remember([name])]);
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
