import { en, type Catalogue } from './en';
import { es } from './es';

export type { Catalogue, PaymentFormText, PaymentProblemText, PayWidgetText, ProviderLookupText, SmsFormText } from './en';

/** The languages the site is written in. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const CATALOGUES: Record<Language, Catalogue> = { en, es };
