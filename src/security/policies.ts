import type { SiteConfig } from '../settings/config';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

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
  /** Approved payments of one device: from the first, a regular, whom its address's counts and the site's pause do not refuse. */
  approvalsPerDevice: { limit: Number.POSITIVE_INFINITY, stepUpAt: 1, windowMs: DAY, subject: 'device', sign: true },
  /** Approved payments of one device to one payee (members: the payee): a regular of that payee, whom its pause does not refuse. */
  approvalsPerDeviceAndPayee: {
    limit: Number.POSITIVE_INFINITY,
    stepUpAt: 1,
    windowMs: DAY,
    perMember: true,
    subject: 'device',
    sign: true,
  },
  /**
   * Declines of one payee's payments: at `stepUpAt`, while they are as many as its approvals (a
   * busy payee's ordinary declines never are), a sign of card testing, so its payments are checked interactively (logged).
   */
  declinesPerPayee: {
    limit: Number.POSITIVE_INFINITY,
    stepUpAt: 10,
    weighed: { against: 'approvalsPerPayee', ratio: 1 },
    windowMs: 10 * MINUTE,
    subject: 'payee',
  },
  /**
   * A payee's payments sent on and not approved (members: a keyed hash of the network each came
   * from), taken before the charge and given back by its approval, so a burst is counted before
   * any answer: past `trips`, the payee's card payments pause.
   */
  unapprovedPerPayee: {
    limit: Number.POSITIVE_INFINITY,
    windowMs: 10 * MINUTE,
    subject: 'payee',
    trips: { against: 'approvalsPerPayee', floor: 20, ratio: 3, networks: 5, pause: 'pausedPayee' },
  },
  /** Approved payments of one payee, which its unapproved ones are weighed against. */
  approvalsPerPayee: { limit: Number.POSITIVE_INFINITY, windowMs: 10 * MINUTE, subject: 'payee' },
  /** A payee's card payments from devices that never paid it, paused once its unapproved payments tripped. */
  pausedPayee: { limit: 1, windowMs: 30 * MINUTE, subject: 'payee' },
  /** Every payee's payments sent on and not approved, as `unapprovedPerPayee`: testing spread over payees pauses the site. */
  unapprovedSiteWide: {
    limit: Number.POSITIVE_INFINITY,
    windowMs: 10 * MINUTE,
    subject: 'site',
    trips: { against: 'approvalsSiteWide', floor: 100, ratio: 3, networks: 20, pause: 'pausedSite' },
  },
  /** Approved payments of every payee, which the site's unapproved ones are weighed against. */
  approvalsSiteWide: { limit: Number.POSITIVE_INFINITY, windowMs: 10 * MINUTE, subject: 'site' },
  /** Every payee's card payments from devices with no approved payment, paused once the site's unapproved payments tripped. */
  pausedSite: { limit: 1, windowMs: 30 * MINUTE, subject: 'site' },
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
  /** Web Vitals beacons from one device: a page view sends one. */
  vitalsPerDevice: { limit: 30, windowMs: 10 * MINUTE, subject: 'device' },
  /** Web Vitals beacons from one address: a crowd's page views (a carrier's NAT, an office), never one visitor's. */
  vitalsPerClient: { limit: 600, windowMs: 10 * MINUTE, subject: 'client' },
  /** Web Vitals beacons from one address without a device cookie: a sender that drops it counts as one device of that address. */
  vitalsWithoutDevicePerClient: { limit: 30, windowMs: 10 * MINUTE, subject: 'client' },
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
  /** `stepUpAt` marks a sign (a regular device) rather than asking for the check. */
  sign?: true;
  /** `stepUpAt` asks only while the count is `ratio` times the count of `against` (same subject and window). */
  weighed?: { against: string; ratio: number };
  /**
   * Pauses its subject: the take that brings the window to `floor` events, `ratio` times as many
   * as `against` holds, from `networks` distinct members, is refused and records `pause`, whose own window is the pause.
   */
  trips?: { against: string; floor: number; ratio: number; networks: number; pause: string };
  /** What is counted, which names the Durable Object that keeps it: every policy of one subject lives in one object. */
  subject: 'device' | 'client' | 'card' | 'phone' | 'payee' | 'site' | 'invite' | 'target' | 'cache';
}

/** Whether a policy asks for the interactive human check before it refuses anyone (an address's or a payee's count). */
export const asksFirst = (policy: PolicyName): boolean => {
  const { stepUpAt, sign } = POLICIES[policy] as Policy;
  return stepUpAt !== undefined && !sign;
};

/** The whole site, as the subject of the site's counts. */
export const SITE = 'all';

export type PolicyName = keyof typeof POLICIES;
