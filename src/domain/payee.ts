import type { CardsAccepted } from './card';

/** A payee id as the backend numbers payees: digits only. */
export const PAYEE_ID = /^\d{1,18}$/;

/** The flags a payee and a search result share (pay-pages spec §3). */
export interface PayeeFlags {
  isProvider: boolean;
  isBilling: boolean;
  isPartner: boolean;
  noGenericWeb: boolean;
  autoConf: boolean;
  hasAccount: boolean;
  useStatement: boolean;
  notMedical: boolean;
}

export interface Address {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
}

/** A payee as the pages use it: every field present, flags as booleans, the heading still untrusted HTML. */
export interface Payee extends PayeeFlags {
  payeeId: string;
  payeeName: string;
  logo: { url: string };
  url: string;
  urls: { url: string; billingUrl: string };
  /** HTML limited to simple formatting and https links: cleaned where the payee is fetched. */
  customHeading: string;
  address: Address;
  pphone: string;
  customFields: { payDOB: boolean; payDOS: boolean; billingZip: boolean };
  acctRegex: string;
  acctRegexWarn: string;
  acctRegexReadibleString: string;
  ccAccepted: CardsAccepted;
  payeeFees: string[];
  fee: number;
  commonBot: string;
}

/** One payee found by the provider search. */
export interface SearchResult extends PayeeFlags {
  id: string;
  name: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  url: string;
}

/**
 * What provider search lists (spec 000 §5): partners only, and none that is a generic pay name,
 * takes no generic web payment, confirms automatically or is a billing service. Applied by the
 * Worker to whatever the backend answers.
 */
export function listedProviders(results: readonly SearchResult[], genericPayNames: readonly string[]): SearchResult[] {
  const generic = new Set(genericPayNames.map((n) => n.toLowerCase()));
  return results.filter((p) => p.isPartner && !p.noGenericWeb && !p.autoConf && !p.isBilling && !generic.has(p.url.toLowerCase()));
}

/**
 * The longest search term the backend is asked about. A longer one names no provider, so it is
 * answered with an empty list, as a term that matches nothing.
 */
export const SEARCH_TERM_MAX = 100;
/** Provider search starts at this many characters (spec 000 §8). */
export const SEARCH_TERM_MIN = 3;
