/** An email address as the site checks one before sending it on: a name, `@`, a domain with a dot, and no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const looksLikeEmail = (text: string) => EMAIL_PATTERN.test(text.trim());
