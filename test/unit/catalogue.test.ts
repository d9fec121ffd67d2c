import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/domain/catalogue';
import { CATALOGUES } from '../../src/domain/catalogue/all';

/** Texts that are the same in every language: a number's pattern, and the membership's product name. */
const SAME_IN_BOTH = new Set(['smsForm.placeholder', 'memberSignup.title', 'memberSignup.heading']);

const entries = (language: (typeof LANGUAGES)[number]) =>
  Object.entries(CATALOGUES[language]).flatMap(([group, texts]) =>
    Object.entries(texts as Record<string, string>).map(([key, text]) => [`${group}.${key}`, text] as const),
  );

describe('the message catalogues', () => {
  it('have the same groups and keys in every language', () => {
    const keys = LANGUAGES.map((language) =>
      entries(language)
        .map(([key]) => key)
        .sort(),
    );
    for (const other of keys.slice(1)) expect(other).toEqual(keys[0]);
  });

  it('say everything in Spanish: no text is empty, none is left in English', () => {
    const english = new Map(entries('en'));
    for (const [key, text] of entries('es')) {
      expect(text.trim(), key).not.toBe('');
      if (!SAME_IN_BOTH.has(key)) expect(text, key).not.toBe(english.get(key));
    }
  });
});
