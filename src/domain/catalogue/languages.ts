/** The site's languages and how a visitor chooses one: no words, so islands may import it. */

/** The languages the site is written in; English when nothing says otherwise. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The language tag of a page (`<html lang>`, `Content-Language`): US English and US Spanish. */
export const LANGUAGE_TAG: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/**
 * A visitor's explicit choice: the switch link carries it in the query (`?lang=es`), and it is
 * remembered in a cookie set only then. Without one, `Accept-Language` decides.
 */
export const LANGUAGE_PARAM = 'lang';
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Where the client build writes a language's catalogue among the assets, for the Worker to read (never served). */
export const catalogueAssetPath = (language: Language): string => `/catalogue/${language}.json`;
