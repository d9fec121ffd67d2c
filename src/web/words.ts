import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  CATALOGUES,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  type Catalogue,
  type Language,
} from '../domain/catalogue';
import type { AppEnv } from './app-env';

/** The catalogue of the visitor's language, for what a route or the API says to them. */
export const wordsOf = (c: Context<AppEnv>): Catalogue => CATALOGUES[c.get('language') ?? DEFAULT_LANGUAGE];

/** The language named in the request's address (`?lang=`, as the switch writes it), if any. */
export function languageInAddress(c: Context<AppEnv>): Language | undefined {
  const named = c.req.query(LANGUAGE_PARAM)?.trim().toLowerCase();
  return isLanguage(named) ? named : undefined;
}

/**
 * The language the visitor chose (in the address, else the switch's cookie), never the one their
 * browser merely prefers: the only language the site's own links may carry on, so that following
 * one never leaves a cookie for a choice the visitor did not make.
 */
export function chosenLanguage(c: Context<AppEnv>): Language | undefined {
  const remembered = getCookie(c, LANGUAGE_COOKIE)?.trim().toLowerCase();
  return languageInAddress(c) ?? (isLanguage(remembered) ? remembered : undefined);
}

/** A path of this site with `?lang=` naming `language`, unless it names one already; any other address as it is. */
export function withLanguage(location: string, language: Language | undefined): string {
  if (!language || !location.startsWith('/') || location.startsWith('//')) return location;
  const url = new URL(location, 'https://site.invalid');
  if (url.searchParams.has(LANGUAGE_PARAM)) return location;
  url.searchParams.set(LANGUAGE_PARAM, language);
  return `${url.pathname}${url.search}${url.hash}`;
}
