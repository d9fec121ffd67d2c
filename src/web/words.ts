import type { Context } from 'hono';
import { detectFromCookie, detectFromHeader, detectFromQuery, type DetectorOptions } from 'hono/language';
import {
  catalogueOf,
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  LANGUAGES,
  type Catalogue,
  type Language,
} from '../domain/catalogue';
import { IsolateMemo } from '../lib/isolate-memo';
import type { AppEnv } from './app-env';
import { LONGEST_KEPT_HEADER } from './device-memo';

/** The catalogue of the visitor's language, for what a route or the API says to them. */
export const wordsOf = (c: Context<AppEnv>): Catalogue => catalogueOf(c.get('language') ?? DEFAULT_LANGUAGE);

/** Hono's language detectors, with the site's languages and names. */
const LANGUAGE_OPTIONS: DetectorOptions = {
  order: ['querystring', 'cookie', 'header'],
  supportedLanguages: [...LANGUAGES],
  fallbackLanguage: DEFAULT_LANGUAGE,
  lookupQueryString: LANGUAGE_PARAM,
  lookupCookie: LANGUAGE_COOKIE,
  lookupFromHeaderKey: 'accept-language',
  lookupFromPathIndex: 0,
  ignoreCase: true,
  // Remembered only when the visitor chooses (the switch), never from what the browser asked for.
  caches: false,
};

/** The language named in the request's address (`?lang=`, as the switch writes it), if any. */
export const languageInAddress = (c: Context<AppEnv>) => detectFromQuery(c, LANGUAGE_OPTIONS) as Language | undefined;

/**
 * The language the visitor chose (in the address, else the switch's cookie), never the one their
 * browser merely prefers: the only language the site's own links may carry on, so that following
 * one never leaves a cookie for a choice the visitor did not make.
 */
export function chosenLanguage(c: Context<AppEnv>): Language | undefined {
  return languageInAddress(c) ?? rememberedLanguage(c);
}

/** The language the switch's cookie remembers, if any. */
export const rememberedLanguage = (c: Context<AppEnv>) => detectFromCookie(c, LANGUAGE_OPTIONS) as Language | undefined;

/** What each `Accept-Language` a browser sends comes to: browsers send a few values, each parsed once per isolate. */
const headerLanguages = new IsolateMemo<Language | ''>(200, LONGEST_KEPT_HEADER);

/** The language the browser ranks first among the site's, if any. */
export function browserLanguage(c: Context<AppEnv>): Language | undefined {
  const header = c.req.header('Accept-Language');
  if (!header) return undefined;
  let language = headerLanguages.get(header);
  if (language === undefined) headerLanguages.set(header, (language = (detectFromHeader(c, LANGUAGE_OPTIONS) as Language) ?? ''), Infinity);
  return language || undefined;
}

/** A path of this site with `?lang=` naming `language`, unless it names one already; any other address as it is. */
export function withLanguage(location: string, language: Language | undefined): string {
  if (!language || !location.startsWith('/') || location.startsWith('//')) return location;
  const url = new URL(location, 'https://site.invalid');
  if (url.searchParams.has(LANGUAGE_PARAM)) return location;
  url.searchParams.set(LANGUAGE_PARAM, language);
  return `${url.pathname}${url.search}${url.hash}`;
}
