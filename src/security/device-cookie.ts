import { POLICIES, type Policy } from './policies';
import { keyedHash, keyedHashMatches } from './keyed-hash';

/**
 * The device cookie: a first-party, HttpOnly cookie holding only a random id, when it was issued
 * and their signature, issued with the site's pages. The id is a `newUniqueId` of the abuse
 * guard's namespace and names the device's own counters (guard.ts), so they are reached without
 * the check a name's first use waits on. It tells apart the many honest people behind one address;
 * it is not read for anything but the guard's counts, and never logged or sent to the backend.
 *
 * `<64 hex: the id>.<issued, unix seconds>.<64 hex: HMAC-SHA256 of "device:<id>:<issued>" with FORM_KEY_SECRET>`
 */
/** Its name over HTTPS: `__Host-` makes browsers take it only with Secure, Path=/ and no Domain, so no other host or plain-HTTP page can set it. */
export const DEVICE_COOKIE = '__Host-papaya_device';
/** Its name over plain HTTP (a developer's http://localhost), where `__Host-` cannot be used because it needs Secure and a browser drops a Secure cookie set over HTTP. */
export const DEVICE_COOKIE_PLAIN_HTTP = 'papaya_device';
/** The one name a request's scheme writes and reads: the unprefixed one only when the request's URL is http:, so HTTPS never reads a cookie plain HTTP could set. */
export const deviceCookieName = (url: string): string => (url.startsWith('http:') ? DEVICE_COOKIE_PLAIN_HTTP : DEVICE_COOKIE);

/** Its life, in the browser (Max-Age) and here: the longest window of the device's policies, so each of its counts lasts as long as it does. */
export const DEVICE_COOKIE_MAX_AGE_S = Math.ceil(
  Math.max(
    ...Object.values(POLICIES as Record<string, Policy>)
      .filter((policy) => policy.subject === 'device')
      .map((policy) => policy.windowMs),
  ) / 1000,
);
/** How far ahead of this clock a cookie's issue time may be: the clocks of the edge's machines differ by a little. */
const CLOCK_SKEW_S = 60;
const SHAPE = /^([0-9a-f]{64})\.([1-9][0-9]{0,11})\.([0-9a-f]{64})$/;

const signed = (id: string, issued: string) => `device:${id}:${issued}`;

/** Whether a cookie's value has the device cookie's shape (a page does not issue another then; the guard checks its signature and age). */
export const looksLikeDevice = (value: string | undefined): boolean => !!value && SHAPE.test(value);

/** The id a signed device cookie carries, or null for a missing, forged, foreign, expired or future one. */
export async function deviceIdOf(
  secret: string,
  value: string | undefined,
  namespace: Pick<DurableObjectNamespace, 'idFromString'>,
  now = Date.now(),
): Promise<string | null> {
  const match = value ? SHAPE.exec(value) : null;
  if (!match) return null;
  const [, id, issued, signature] = match as unknown as [string, string, string, string];
  const age = Math.floor(now / 1000) - Number(issued);
  if (age < -CLOCK_SKEW_S || age > DEVICE_COOKIE_MAX_AGE_S) return null;
  if (!(await keyedHashMatches(secret, signed(id, issued), signature))) return null;
  try {
    namespace.idFromString(id);
    return id;
  } catch {
    return null;
  }
}

/** A new device: its id, minted here with no call to anything, and the cookie's value, issued `now`. */
export async function newDevice(
  secret: string,
  namespace: Pick<DurableObjectNamespace, 'newUniqueId'>,
  now = Date.now(),
): Promise<{ id: string; value: string }> {
  const id = namespace.newUniqueId().toString();
  const issued = String(Math.floor(now / 1000));
  return { id, value: `${id}.${issued}.${await keyedHash(secret, signed(id, issued))}` };
}
