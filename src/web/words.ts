import type { Context } from 'hono';
import { CATALOGUES, DEFAULT_LANGUAGE, type Catalogue } from '../domain/catalogue';
import type { AppEnv } from './app-env';

/** The catalogue of the visitor's language, for what a route or the API says to them. */
export const wordsOf = (c: Context<AppEnv>): Catalogue => CATALOGUES[c.get('language') ?? DEFAULT_LANGUAGE];
