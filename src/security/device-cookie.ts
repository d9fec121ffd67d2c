import { keyedHash, keyedHashMatches } from './keyed-hash';

/**
 * The device cookie: a first-party, HttpOnly cookie holding only a random id and its signature,
 * issued with the site's pages. The id is a `newUniqueId` of the abuse guard's namespace and
 * names the device's own counters (guard.ts), so they are reached without the check a name's
 * first use waits on. It tells apart the many honest people behind one address; it is not read
 * for anything but the guard's counts, and never logged or sent to the backend.
 *
 * `<64 hex: the id>.<64 hex: HMAC-SHA256 of "device:<id>" with FORM_KEY_SECRET>`
 */
export const DEVICE_COOKIE = 'papaya_device';
/** A week: longer than every device window (a day at most), so a payer who comes back the next day is still told apart. */
export const DEVICE_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;
const SHAPE = /^([0-9a-f]{64})\.([0-9a-f]{64})$/;

/** Whether a cookie's value has the device cookie's shape (a page does not issue another then; the guard checks its signature). */
export const looksLikeDevice = (value: string | undefined): boolean => !!value && SHAPE.test(value);

/** The id a signed device cookie carries, or null for a missing, forged or foreign one. */
export async function deviceIdOf(
  secret: string,
  value: string | undefined,
  namespace: Pick<DurableObjectNamespace, 'idFromString'>,
): Promise<string | null> {
  const match = value ? SHAPE.exec(value) : null;
  if (!match || !(await keyedHashMatches(secret, `device:${match[1]}`, match[2]!))) return null;
  try {
    namespace.idFromString(match[1]!);
    return match[1]!;
  } catch {
    return null;
  }
}

/** A new device: its id, minted here with no call to anything, and the cookie's value. */
export async function newDevice(
  secret: string,
  namespace: Pick<DurableObjectNamespace, 'newUniqueId'>,
): Promise<{ id: string; value: string }> {
  const id = namespace.newUniqueId().toString();
  return { id, value: `${id}.${await keyedHash(secret, `device:${id}`)}` };
}
