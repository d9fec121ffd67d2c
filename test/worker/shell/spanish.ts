import { en } from '../../../src/domain/catalogue/en';
import { es } from '../../../src/domain/catalogue/es';
import { DESKTOP } from '../helpers';
import { embeddedEnv, request } from '../origin-helpers';

/** What the language tests share: the bilingual pages, a Spanish and an English browser, and the English a Spanish page must not show. */
/** The pages offered in both languages so far, as a visitor on a computer reaches them. */
export const BILINGUAL = [
  '/pay',
  '/valleymed',
  '/pay?p=valleymed',
  '/cedarvalley',
  '/web-payment',
  '/web-payment?p=1001',
  '/download',
  '/no-such-page',
  '/update-password',
  '/update-password?x=RESET-VALID',
  '/update-info-request?t=INFO-AMOUNT',
  '/update-info-request?t=NO-SUCH-REQUEST',
  '/pay-later',
  '/member-signup',
  '/member-signup?v=2',
  '/member-signup?v=3',
  '/account-link?error=access_denied',
  '/financing',
  '/merchant-verification',
  '/confirmation',
  '/newpartner',
  '/appsFlyer/landing',
  '/pay-appclip',
  '/getpaid',
];

export const SPANISH = { 'User-Agent': DESKTOP, 'Accept-Language': 'es-US,es;q=0.9,en;q=0.8' };
export const ENGLISH = { 'User-Agent': DESKTOP, 'Accept-Language': 'en-US,en;q=0.9' };

/** Words of every English sentence and of no Spanish one (as written in a sentence: `OR` is Oregon). */
export const ENGLISH_WORDS = /\b(the|The|your|Your|you|You|and|with|Please|please|for|of|to|is|We|we|our|Our|This|this|on|by|or)\b/g;

export const visit = (path: string, headers: Record<string, string>) => request(embeddedEnv(), path, { headers });
export const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

/**
 * Every English text of the catalogue that a Spanish page must not show: those that differ from
 * their Spanish text and are long enough to be a phrase, with their `{places}` cut out.
 */
export function englishPhrases(): string[] {
  const phrases = new Set<string>();
  for (const [group, texts] of Object.entries(en))
    for (const [key, text] of Object.entries(texts as Record<string, string>)) {
      if (text === (es as unknown as Record<string, Record<string, string>>)[group]![key]) continue;
      for (const piece of text.split(/\{\w+\}/)) if (piece.trim().length >= 12) phrases.add(piece.trim());
    }
  return [...phrases];
}
