import { en, type Catalogue } from './en';
import { es } from './es';
import type { Language } from './languages';

/**
 * Every catalogue together, for what runs outside the Worker: the client build, which writes each
 * one among the assets, and the tests. The Worker reads them through `catalogueOf`.
 */
export const CATALOGUES: Record<Language, Catalogue> = { en, es };
