import { en, type Catalogue } from './en';
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

/**
 * Each language's words. English is built in; another language's catalogue is not in the Worker's
 * bundle: the client build writes it among the assets (`catalogueAssetPath`), and the Worker reads
 * it once per isolate (`src/web/catalogues.ts`) before the first page in that language.
 */
const catalogues: Partial<Record<Language, Catalogue>> = { [DEFAULT_LANGUAGE]: en };

export function registerCatalogue(language: Language, catalogue: Catalogue): void {
  catalogues[language] = catalogue;
}

export const catalogueLoaded = (language: Language): boolean => catalogues[language] !== undefined;

/** A language's words; English where that language's could not be read (the reader logs it). */
export const catalogueOf = (language: Language): Catalogue => catalogues[language] ?? en;

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
  return (catalogueOf(language) as unknown as Record<string, Record<string, string>>)[group]![key]!;
}
