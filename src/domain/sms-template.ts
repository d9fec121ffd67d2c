import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, type Language } from './catalogue';
import { en, type SmsText } from './catalogue/en';
import { fill } from './catalogue/fill';
import { randomToken } from './random';

/** The text a visitor receives (pay-pages spec §9); the Worker composes it, never the browser. */

export type SmsKind = 'bill-pay' | 'download';

/** The 7-letter-or-digit identifier added to download links. */
export const randomLinkId = () => randomToken(7);
export const LINK_ID_SHAPE = /^[A-Za-z0-9]{7}$/;

/**
 * The SMS-link cookie (shell spec §9): the identifier of the last link texted to this browser,
 * kept 7 days, so the links it asks for again carry the same one and count as one visitor's.
 */
export const LINK_ID_COOKIE = 'papaya_sms_link';
export const LINK_ID_COOKIE_MAX_AGE_S = 604_800;

/** The identifier a browser's cookie holds, when it is one this site made; otherwise a new one. */
export const linkIdFrom = (cookie: string | undefined) => (cookie && LINK_ID_SHAPE.test(cookie) ? cookie : randomLinkId());

/** `MM/D/YYYY, H:mm:ss` in the given time zone (Pacific by default, where Papaya is). */
export function smsTimestamp(date: Date, timeZone = 'America/Los_Angeles'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year}, ${Number(parts.hour)}:${parts.minute}:${parts.second}`;
}

export interface DownloadLinkParams {
  /** Where the visitor asked: `w` pay widget, `4` not-found page, `h` home, `p` pay page. */
  source: 'w' | '4' | 'h' | 'p';
  payeeId?: string;
  payeeName?: string;
  linkId: string;
  /** The language the visitor asked in: the page behind the link, and its preview, speak it too. */
  language?: Language;
}

export function downloadPath({ source, payeeId, payeeName, linkId, language = DEFAULT_LANGUAGE }: DownloadLinkParams): string {
  const params = new URLSearchParams({ s: source, t: payeeId ? 'pe' : 'pn', c: 'sms' });
  if (payeeId) params.set('p', payeeId);
  if (payeeName) params.set('n', payeeName);
  params.set('token', linkId);
  if (language !== DEFAULT_LANGUAGE) params.set(LANGUAGE_PARAM, language);
  return `/download?${params}`;
}

/** The text, in the language the visitor asked in (the catalogue's `sms`). */
export function smsBody(kind: SmsKind, link: string, sentAt: string, words: SmsText = en.sms): string {
  return fill(kind === 'bill-pay' ? words.billPay : words.download, { link, sentAt });
}
