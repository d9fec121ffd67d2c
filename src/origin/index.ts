import { readConfig } from '../settings/config';
import type { FlagState } from '../domain/payee-resolution';
import type { Payee } from '../domain/payee';
import { createClient, type ClientSource, type Origin, type Transport } from './client';
import type { Receipt } from '../domain/receipt';
import type { DemoPayment, OutboxEntry } from './embedded';
import { FLAG_CACHE_KEY, forgetRedirectFlag, redirectFlag } from './feature-flags';
import type { Lease } from './edge-cache';
import { cachedPayeeById, cachedPayeeByUrl } from './payee-cache';
import type { CallOutcome, OriginResult } from './result';
import type { CallInput } from './calls';

export type { Origin } from './client';
export type { OriginResult, OriginFailure, CallOutcome } from './result';
export { isUnknown } from './result';
export type { DemoPayment, OutboxEntry } from './embedded';
export { trackDownload, DOWNLOAD_PARAMS } from './attribution';
export { wirePaymentFields, type PaymentSubmission } from './payment';

const EMBEDDED_BASE = 'http://embedded-origin.internal';

/**
 * Set by the build (`define` in wrangler.toml): whether it may run without a backend. The
 * production build may not (its settings refuse to start without ORIGIN_URL), so the bundler
 * leaves the embedded origin out of it.
 */
declare const EMBEDDED_ORIGIN: boolean;
/** The embedded origin, loaded on first use in the builds that carry it. */
const embedded = () =>
  EMBEDDED_ORIGIN ? import('./embedded/door') : Promise.reject(new Error('This build has no embedded origin: set ORIGIN_URL.'));

/**
 * The contract's calls (§3): real HTTP when ORIGIN_URL is set, the embedded origin on D1
 * otherwise.
 */
export function createOrigin(env: Env, onOutcome?: (outcome: CallOutcome) => void, timeoutMs = readConfig(env).originTimeoutMs): Origin {
  const { originUrl } = readConfig(env);
  const transport: Transport = originUrl
    ? (url, init) => fetch(url, init)
    : async (url, init, call) => {
        const origin = await embedded();
        // A drill's fault on this call answers instead of the embedded origin (the local demo only).
        return (
          (await origin.underFault(env.CACHE, call, init.signal)) ??
          origin.embeddedOrigin.fetch(new Request(url, init), { ...env, DB: env.DB! })
        );
      };
  return createClient({ baseUrl: originUrl || EMBEDDED_BASE, transport, timeoutMs, onOutcome });
}

/** What pages and the API ask the backend for, beyond the plain calls: cached lookups and the local demo's own views. */
export interface OriginExtras {
  /** Payee by url, billing url or id, cached at the edge; the last good answer stands in while the origin fails. */
  cachedPayeeByUrl(query: string): Promise<OriginResult<Payee | null>>;
  /** Payee by id with its payment rules, cached while fresh only; a payment's (`fresh`) no older than five minutes. */
  cachedPayeeById(id: string, options?: { fresh?: boolean }): Promise<OriginResult<Payee | null>>;
  /** The flag that sends phones to web pay, remembered for a minute. */
  redirectFlag(): Promise<FlagState>;
  /** The embedded origin's receipt of a payment; null with a real backend, which serves its own. */
  receipt(confirmation: string): Promise<Receipt | null>;
  /** The texts the embedded origin would have sent, newest first; null with a real backend. */
  outbox(): Promise<OutboxEntry[] | null>;
  /** The charges and declines the embedded origin recorded, newest first; null with a real backend. */
  payments(): Promise<DemoPayment[] | null>;
  /** Turns an embedded-origin flag on or off; false with a real backend. */
  setFlag(name: string, enabled: boolean): Promise<boolean>;
  /** Puts the embedded origin's demo data back as it was seeded (tokens and codes unused again); false with a real backend. */
  resetDemo(): Promise<boolean>;
  /** Makes a contract call fail or stall in the embedded origin, for a drill; false with a real backend. */
  setFault(call: string, mode: 'fail' | 'slow' | 'off'): Promise<boolean>;
  /** Reads the edge cache of payees and flags once, throwing when KV does not answer (`/readyz`). */
  cacheReadable(): Promise<void>;
}

export type OriginDoor = Origin & OriginExtras;

/**
 * The one door to the backend for one request: the contract's calls and the cached lookups. The
 * client is made on the first call, as most requests never call it; `defer` keeps cache writes
 * alive after the answer has gone.
 */
class RequestOrigin implements OriginDoor, ClientSource {
  #client: Origin | undefined;
  readonly #payeesById = new Map<string, { fresh: boolean; read: Promise<OriginResult<Payee | null>> }>();

  constructor(
    private readonly env: Env,
    private readonly onOutcome: (outcome: CallOutcome) => void,
    private readonly defer: (work: Promise<unknown>) => void,
    private readonly lease: Lease,
  ) {}

  client(): Origin {
    return (this.#client ??= createOrigin(this.env, this.onOutcome));
  }

  // The contract's calls (calls.ts), each sent by the client made on the first of them.
  payeeByUrl(input: CallInput<'payeeByUrl'>) {
    return this.client().payeeByUrl(input);
  }

  report404(input: CallInput<'report404'>) {
    return this.client().report404(input);
  }

  featureEnabled(input: CallInput<'featureEnabled'>) {
    return this.client().featureEnabled(input);
  }

  sendSms(input: CallInput<'sendSms'>) {
    return this.client().sendSms(input);
  }

  forgotPassword(input: CallInput<'forgotPassword'>) {
    return this.client().forgotPassword(input);
  }

  getPayee(input: CallInput<'getPayee'>) {
    return this.client().getPayee(input);
  }

  searchPayees(input: CallInput<'searchPayees'>) {
    return this.client().searchPayees(input);
  }

  submitPayment(input: CallInput<'submitPayment'>) {
    return this.client().submitPayment(input);
  }

  linkGmail(input: CallInput<'linkGmail'>) {
    return this.client().linkGmail(input);
  }

  getInfoRequest(input: CallInput<'getInfoRequest'>) {
    return this.client().getInfoRequest(input);
  }

  submitInfoRequest(input: CallInput<'submitInfoRequest'>) {
    return this.client().submitInfoRequest(input);
  }

  deleteInfoRequest(input: CallInput<'deleteInfoRequest'>) {
    return this.client().deleteInfoRequest(input);
  }

  cancelBill(input: CallInput<'cancelBill'>) {
    return this.client().cancelBill(input);
  }

  memberSignup(input: CallInput<'memberSignup'>) {
    return this.client().memberSignup(input);
  }

  payLater(input: CallInput<'payLater'>) {
    return this.client().payLater(input);
  }

  getPaid(input: CallInput<'getPaid'>) {
    return this.client().getPaid(input);
  }

  sendTeamEmail(input: CallInput<'sendTeamEmail'>) {
    return this.client().sendTeamEmail(input);
  }

  /** The embedded origin's database: bound in the local demo's configuration only. */
  #db(): D1Database {
    if (!this.env.DB) throw new Error('The embedded origin needs the DB binding (wrangler.toml, local demo).');
    return this.env.DB;
  }

  #withoutBackend(): boolean {
    return !readConfig(this.env).originUrl;
  }

  cachedPayeeByUrl(query: string) {
    return cachedPayeeByUrl(this.env.CACHE, this, query, this.defer, this.lease);
  }

  /**
   * Read once per request: a payment and the page drawn again after it take the same answer (a
   * fresh read serves any later one; a read that may be stale serves only reads that allow it).
   */
  cachedPayeeById(id: string, options: { fresh?: boolean } = {}) {
    const kept = this.#payeesById.get(id);
    if (kept && (kept.fresh || !options.fresh)) return kept.read;
    const read = cachedPayeeById(this.env.CACHE, this, id, this.defer, this.lease, options);
    this.#payeesById.set(id, { fresh: !!options.fresh, read });
    return read;
  }

  redirectFlag() {
    return redirectFlag(this.env.CACHE, this, this.defer, this.lease);
  }

  async receipt(confirmation: string) {
    return this.#withoutBackend() ? (await embedded()).findReceipt(this.#db(), confirmation) : null;
  }

  async outbox() {
    return this.#withoutBackend() ? (await embedded()).listOutbox(this.#db()) : null;
  }

  async payments() {
    return this.#withoutBackend() ? (await embedded()).listPayments(this.#db()) : null;
  }

  async setFlag(name: string, enabled: boolean) {
    if (!this.#withoutBackend()) return false;
    await (await embedded()).setFeatureFlag(this.#db(), name, enabled);
    await this.env.CACHE.delete(FLAG_CACHE_KEY);
    forgetRedirectFlag();
    return true;
  }

  async cacheReadable() {
    await this.env.CACHE.get(FLAG_CACHE_KEY);
  }

  async setFault(call: string, mode: 'fail' | 'slow' | 'off') {
    if (!this.#withoutBackend()) return false;
    await (await embedded()).setFault(this.env.CACHE, call, mode);
    return true;
  }

  async resetDemo() {
    if (!this.#withoutBackend()) return false;
    const origin = await embedded();
    await origin.seed(this.#db());
    await origin.clearFaults(this.env.CACHE);
    await this.env.CACHE.delete(FLAG_CACHE_KEY);
    forgetRedirectFlag();
    return true;
  }
}

export function originForRequest(
  env: Env,
  onOutcome: (outcome: CallOutcome) => void,
  defer: (work: Promise<unknown>) => void,
  lease: Lease,
): OriginDoor {
  return new RequestOrigin(env, onOutcome, defer, lease);
}
