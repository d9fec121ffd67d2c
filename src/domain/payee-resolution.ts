import type { DeviceClass } from './device';
import type { Payee } from './payee';

/** The pay-page outcomes of the pay-pages spec §4. */
export type PayRoute = 'pay' | 'provider' | 'slash';
export type FlagState = 'on' | 'off' | 'failed';

export type Resolution =
  | {
      kind: 'redirect';
      reason: 'mobile-web-pay' | 'special-name' | 'multi-option' | 'go-biller-page' | 'go-home' | 'web-form';
      location: string;
    }
  | { kind: 'vanilla-sms' }
  | { kind: 'provider-sms'; payee: Payee }
  | { kind: 'not-found' };

/** A provider code as it may stand in a URL: one path segment, or a widget's `name`. */
export const PROVIDER_CODE = /^[A-Za-z0-9_.-]{1,64}$/;

/** What may be looked up as a payee name (`p`, `oid`, `url`): anything else is no payee, without asking the backend. */
export const PAYEE_NAME = /^[A-Za-z0-9._-]{1,100}$/;

export const SPECIAL_NAMES = ['smartsource', 'bilh', 'pmsia'] as const;
const SHOW_LOGO = new Set(['bilh', 'pmsia']);

export interface ResolutionLists {
  webPayUrl: string;
  genericPayNames: string[];
  multiOptionProviders: string[];
  webFormPayeeNames: string[];
}

export interface ResolutionInput {
  /** The payee named by `oid`, `p` or the route's provider code, as given. */
  query: string;
  route: PayRoute;
  device: DeviceClass;
  /** The pay-wpbp-redirect flag; only asked for phones. */
  flag: FlagState;
  /** The full request URL, kept as the web-pay referrer. */
  requestUrl: string;
  lists: ResolutionLists;
}

/** Whether the decision needs the payee from the origin (the remaining cases do not). */
export function decideWithoutPayee(input: ResolutionInput): Resolution | null {
  const q = input.query.trim().toLowerCase();
  const { lists } = input;
  if (q === 'index.php') return { kind: 'redirect', reason: 'go-home', location: '/home' };
  if ((SPECIAL_NAMES as readonly string[]).includes(q)) {
    if (input.device === 'desktop') return { kind: 'vanilla-sms' };
    const params = new URLSearchParams({ payeeNameClean: q, device: 'mobile', type: 'b' });
    if (SHOW_LOGO.has(q)) params.set('showLogo', 'true');
    return { kind: 'redirect', reason: 'special-name', location: `${lists.webPayUrl}/webpay?${params}` };
  }
  if (input.device !== 'desktop' && input.flag !== 'off') {
    const params = new URLSearchParams({ referrer: input.requestUrl, device: 'mobile' });
    if (q) params.set('p', input.query.trim());
    return { kind: 'redirect', reason: 'mobile-web-pay', location: `${lists.webPayUrl}/?${params}` };
  }
  if (!q || lists.genericPayNames.includes(q)) return { kind: 'vanilla-sms' };
  if (input.route === 'provider' && lists.multiOptionProviders.includes(q)) {
    return { kind: 'redirect', reason: 'multi-option', location: `/web-payment-multi-option/${encodeURIComponent(q)}` };
  }
  return null;
}

/** The decision once the payee lookup has answered (null: no such payee). */
export function decideWithPayee(input: ResolutionInput, payee: Payee | null): Resolution {
  if (!payee) return { kind: 'not-found' };
  const q = input.query.trim().toLowerCase();
  const byId = q === payee.payeeId;
  const byUrl = q === payee.urls.url.toLowerCase() || q === payee.url.toLowerCase();
  const byBillingUrl = q === payee.urls.billingUrl.toLowerCase();
  if (payee.isProvider && payee.isBilling && byId) return { kind: 'vanilla-sms' };
  if (payee.isBilling && payee.isPartner && (byBillingUrl || byId)) {
    return { kind: 'redirect', reason: 'go-biller-page', location: `/payment/biller/biller.php?p=${payee.payeeId}` };
  }
  if (input.device === 'desktop' && input.lists.webFormPayeeNames.includes(q)) {
    return { kind: 'redirect', reason: 'web-form', location: `/web-payment?p=${payee.payeeId}` };
  }
  if (payee.isProvider && (byUrl || byId)) return { kind: 'provider-sms', payee };
  return { kind: 'not-found' };
}

/** The whole decision, for callers that already have the payee (tests, and the widget). */
export function resolvePayee(input: ResolutionInput, payee: Payee | null): Resolution {
  return decideWithoutPayee(input) ?? decideWithPayee(input, payee);
}
