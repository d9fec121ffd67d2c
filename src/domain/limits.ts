import { en, type LimitText } from './catalogue/en';
import { fill } from './catalogue/fill';
import { SUPPORT_EMAIL } from './site';

/** What a visitor reads when the abuse guard stops them (the catalogue's `limits`), in their language. */
export function inMinutes(retryAfterSeconds: number, words: LimitText = en.limits): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return minutes === 1 ? words.minute : fill(words.minutes, { n: minutes });
}

const waitFor = (words: LimitText, retryAfterSeconds: number) => ({ wait: inMinutes(retryAfterSeconds, words), email: SUPPORT_EMAIL });

export const tooManyPayments = (retryAfterSeconds: number, words: LimitText = en.limits) =>
  fill(words.tooManyPayments, waitFor(words, retryAfterSeconds));

export const tooManyTexts = (retryAfterSeconds: number, words: LimitText = en.limits) =>
  fill(words.tooManyTexts, waitFor(words, retryAfterSeconds));

export const tooManyShortLinks = (retryAfterSeconds: number, words: LimitText = en.limits) =>
  fill(words.tooManyShortLinks, waitFor(words, retryAfterSeconds));

export const tooManyCodes = (retryAfterSeconds: number, words: LimitText = en.limits) =>
  fill(words.tooManyCodes, waitFor(words, retryAfterSeconds));

export const TOO_MANY_LINKS_TITLE = en.limits.tooManyLinksTitle;
export const tryLinksAgain = (retryAfterSeconds: number, words: LimitText = en.limits) =>
  fill(words.tryLinksAgain, waitFor(words, retryAfterSeconds));
export const tooManyLinks = (retryAfterSeconds: number, words: LimitText = en.limits) =>
  fill(words.tooManyLinks, waitFor(words, retryAfterSeconds));
