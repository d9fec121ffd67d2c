import { createIsbotFromList, list } from 'isbot';

/** The three device classes of the URL contract. Bots always get the desktop page. */
export type DeviceClass = 'apple' | 'android' | 'desktop';

export interface DeviceHints {
  userAgent?: string | null;
  /** `Sec-CH-UA-Mobile`: `?1` on a phone's Chromium-based browser. */
  chUaMobile?: string | null;
  /** `Sec-CH-UA-Platform`, e.g. `"Android"` (with quotes, as sent). */
  chUaPlatform?: string | null;
}

/** `MobileSafari/…` heads the user agent of iOS Safari's own network requests. */
const APPLE = /\b(iPhone|iPod|iPad|MobileSafari)\b/;
const ANDROID = /\bAndroid\b/i;
/** Windows phones name Android and the iPhone too, to be sent mobile pages; neither store serves them. */
const WINDOWS_PHONE = /\bWindows Phone\b/;

/**
 * The maintained `isbot` list, but for its bare `tools` pattern, which also matches the process name
 * WeChat's in-app browser on Android adds to every user agent (`Process/tools`, `Process/toolsmp`):
 * people opening a link in WeChat are visitors, not scripts. Every other `tools` still counts.
 */
const isbot = createIsbotFromList(list.map((pattern) => (pattern === 'tools' ? '(?<!process/)tools' : pattern)));

/** Crawlers, link previews, monitors and scripts, as the maintained `isbot` list knows them. */
export function isBot(userAgent: string | null | undefined): boolean {
  return !!userAgent && isbot(userAgent);
}

export function classifyDevice({ userAgent, chUaMobile, chUaPlatform }: DeviceHints): DeviceClass {
  const ua = userAgent ?? '';
  if (isBot(ua) || WINDOWS_PHONE.test(ua)) return 'desktop';
  if (APPLE.test(ua)) return 'apple';
  if (ANDROID.test(ua)) return 'android';
  const platform = (chUaPlatform ?? '').replace(/"/g, '').toLowerCase();
  if (platform === 'android') return 'android';
  if (platform === 'ios') return 'apple';
  // A mobile client hint with no recognisable platform comes from a Chromium-based
  // phone browser, which in practice means Android.
  if (chUaMobile?.trim() === '?1') return 'android';
  return 'desktop';
}
