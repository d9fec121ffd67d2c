import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from '../../security/device-cookie';
import { VERSION_KEY_COOKIE, VERSION_KEY_MAX_AGE_S } from '../../security/version-key';

/**
 * The legal documents. Their text is drawn to HTML when the client is built (vite.config.ts, from
 * `bodies.tsx`) and kept with the static assets under this path, which no route serves as it is;
 * the Worker reads it through ASSETS, so the documents are not in the Worker's bundle.
 */
export const LEGAL_DOCS = ['terms', 'privacy', 'billpay'] as const;
export type LegalDoc = (typeof LEGAL_DOCS)[number];

/** What the privacy policy's paragraph on the device cookie names in every language: its HTTPS name and its life in hours. */
export const DEVICE_COOKIE_FACTS = { name: DEVICE_COOKIE, hours: DEVICE_COOKIE_MAX_AGE_S / 3600 };
/** The same of the version-affinity cookie. */
export const VERSION_COOKIE_FACTS = { name: VERSION_KEY_COOKIE, hours: VERSION_KEY_MAX_AGE_S / 3600 };

export const legalDocumentPath = (doc: LegalDoc): string => `/legal/${doc}.html`;
