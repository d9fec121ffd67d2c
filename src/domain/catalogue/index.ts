import { en, type Catalogue } from './en';
import { es } from './es';

export type {
  Catalogue,
  GetPaidText,
  InfoRequestText,
  MemberSignupText,
  PayLaterText,
  PasswordResetText,
  PaymentFormText,
  PaymentProblemText,
  PayWidgetText,
  ProviderLookupText,
  SmsFormText,
} from './en';

/** The languages the site is written in; English when nothing says otherwise. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const CATALOGUES: Record<Language, Catalogue> = { en, es };

/** The language tag of a page (`<html lang>`, `Content-Language`): US English and US Spanish. */
export const LANGUAGE_TAG: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/**
 * A visitor's explicit choice: the switch link carries it in the query (`?lang=es`), and it is
 * remembered in a cookie set only then. Without one, `Accept-Language` decides.
 */
export const LANGUAGE_PARAM = 'lang';
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The other language a page offers, with its own name, written in it. */
export const SWITCH_TO: Record<Language, { language: Language; name: string }> = {
  en: { language: 'es', name: 'Español' },
  es: { language: 'en', name: 'English' },
};

export const isLanguage = (value: string | undefined): value is Language => (LANGUAGES as readonly string[]).includes(value ?? '');

/** Each English text of the catalogue, by where it is: a message given in English is said again by its key. */
let englishPlaces: Map<string, [group: string, key: string]> | undefined;

/**
 * A message in `language`: a text of the English catalogue (a zod issue of a shared schema, say)
 * becomes the same key's text in that language; any other message is given back as it is.
 */
export function sayIn(message: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return message;
  if (!englishPlaces) {
    englishPlaces = new Map();
    for (const [group, texts] of Object.entries(en))
      for (const [key, text] of Object.entries(texts as Record<string, string>))
        if (!englishPlaces.has(text)) englishPlaces.set(text, [group, key]);
  }
  const place = englishPlaces.get(message);
  if (!place) return message;
  const [group, key] = place;
  return (CATALOGUES[language] as unknown as Record<string, Record<string, string>>)[group]![key]!;
}
