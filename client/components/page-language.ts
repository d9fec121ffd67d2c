/**
 * The page's language, for the API calls an island makes: the server answers in the language the
 * page was drawn in, even in a partner's frame, where this site's language cookie is not sent.
 */
export const pageLanguage = (): Record<string, string> => ({ 'Accept-Language': document.documentElement.lang || 'en-US' });
