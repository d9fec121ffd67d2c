/**
 * The one scrubber of free text that may reach a log line or an event (a browser error's message,
 * a server error's, a blocked address): it takes out what could name a person or carry a secret,
 * then cuts the text. Shared by the browser and the Worker; tested against a corpus
 * (test/unit/scrub.test.ts).
 */

/** `%40` and the rest read as the characters they stand for, so an encoded email is still an email. */
function decoded(text: string): string {
  return text.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * Query strings and fragments; emails; tokens (32 or more hex or base64url characters, and any
 * word of ten or more with letters and digits mixed, as short-link keys and reset tokens are),
 * before digits so no fragment of one is left; then any run of six or more digits, whatever
 * separates them (card numbers, phone numbers with +1, dates, codes).
 */
export function scrub(text: string, max: number): string {
  return decoded(text)
    .replace(/[?#][^\s'"()<>]*/g, '')
    .replace(/[^\s@'"<>()/]+@[^\s@'"<>()]+/g, '[email]')
    .replace(/[A-Za-z0-9_-]{32,}/g, '[token]')
    .replace(/\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{10,}\b/g, '[token]')
    .replace(/\+?\d[\d\s().\-/_]{4,}\d/g, (run) => (run.replace(/\D/g, '').length >= 6 ? '[digits]' : run))
    .slice(0, max);
}
