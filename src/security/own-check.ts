import { keyedHash } from './keyed-hash';

/**
 * The header the site's own hourly check of its payment pages sends (src/scheduled/page-watch.ts), so
 * that its requests are counted as the check's and not as visitors' answers. Its value is a keyed
 * hash only the site can make: a visitor who sends the header is still counted as a visitor.
 */
export const OWN_CHECK_HEADER = 'Papaya-Page-Check';

export const ownCheckToken = (secret: string) => keyedHash(secret, 'own payment page check');

/** Whether `sent` is the check's token, compared in constant time. */
export async function isOwnCheck(sent: string, secret: string): Promise<boolean> {
  const token = await ownCheckToken(secret);
  if (sent.length !== token.length) return false;
  let difference = 0;
  for (let i = 0; i < token.length; i++) difference |= token.charCodeAt(i) ^ sent.charCodeAt(i);
  return difference === 0;
}
