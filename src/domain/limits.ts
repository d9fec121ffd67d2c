import { SUPPORT_EMAIL } from './site';

/** What a visitor reads when the abuse guard stops them: what happened and how long to wait. */
export function inMinutes(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export const tooManyPayments = (retryAfterSeconds: number) =>
  `Too many payment attempts. Please try again in ${inMinutes(retryAfterSeconds)}.`;

export const tooManyCodes = (retryAfterSeconds: number) =>
  `Too many wrong codes. Please try again in ${inMinutes(retryAfterSeconds)}, or contact us at ${SUPPORT_EMAIL}.`;

export const TOO_MANY_LINKS_TITLE = 'Too many links were tried';
export const tryLinksAgain = (retryAfterSeconds: number) =>
  `Please try again in ${inMinutes(retryAfterSeconds)}, or contact us at ${SUPPORT_EMAIL}.`;
export const tooManyLinks = (retryAfterSeconds: number) =>
  `${TOO_MANY_LINKS_TITLE} from your connection. ${tryLinksAgain(retryAfterSeconds)}`;

/** A payment form's submit key that the site did not issue, that expired, or that is for another payee. */
export const FORM_EXPIRED = 'This payment form has expired. Please reload the page.';
