import { classifyDevice, isBot, type DeviceClass, type DeviceHints } from '../domain/device';
import { IsolateMemo } from '../lib/isolate-memo';

/**
 * The device rules' answers, kept per isolate: most requests come from a few browsers, and
 * `isbot`'s list is a long pattern to run on every request. Each answer depends on the user agent
 * (and the client hints) alone.
 */
const MEMO_SIZE = 500;
/** A header value longer than browsers send (a user agent, `Accept-Language`) is worked out each time, never kept. */
export const LONGEST_KEPT_HEADER = 512;
const bots = new IsolateMemo<boolean>(MEMO_SIZE, LONGEST_KEPT_HEADER);
const devices = new IsolateMemo<DeviceClass>(MEMO_SIZE, LONGEST_KEPT_HEADER);

export function knownBot(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  let bot = bots.get(userAgent);
  if (bot === undefined) bots.set(userAgent, (bot = isBot(userAgent)), Infinity);
  return bot;
}

export function deviceClassOf(hints: DeviceHints): DeviceClass {
  const key = `${hints.userAgent ?? ''}\n${hints.chUaMobile ?? ''}\n${hints.chUaPlatform ?? ''}`;
  let device = devices.get(key);
  if (device === undefined) devices.set(key, (device = classifyDevice(hints)), Infinity);
  return device;
}
