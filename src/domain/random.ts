export const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Upper case and digits without the look-alikes 0/O and 1/I, for codes people read out. */
export const READABLE = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random string from `alphabet`, without modulo bias: bytes past the last full round are drawn again. */
export function randomToken(length: number, alphabet = ALPHANUMERIC): string {
  const limit = 256 - (256 % alphabet.length);
  const out: string[] = [];
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2)))
      if (b < limit && out.length < length) out.push(alphabet[b % alphabet.length]!);
  }
  return out.join('');
}
