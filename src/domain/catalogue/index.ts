import { en, type Catalogue } from './en';
import { es } from './es';
import { DEFAULT_LANGUAGE, type Language } from './languages';

export * from './languages';

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

export const CATALOGUES: Record<Language, Catalogue> = { en, es };

/** The other language a page offers, with its own name, written in it. */
export const SWITCH_TO: Record<Language, { language: Language; name: string }> = {
  en: { language: 'es', name: 'Español' },
  es: { language: 'en', name: 'English' },
};

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
