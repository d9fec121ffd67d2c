import { isbot } from 'isbot';

/** The three device classes of the URL contract. Bots always get the desktop page. */
export type DeviceClass = 'apple' | 'android' | 'desktop';

export interface DeviceHints {
  userAgent?: string | null;
  /** `Sec-CH-UA-Mobile`: `?1` on a phone's Chromium-based browser. */
  chUaMobile?: string | null;
  /** `Sec-CH-UA-Platform`, e.g. `"Android"` (with quotes, as sent). */
  chUaPlatform?: string | null;
}

/**
 * `MobileSafari/…` heads the user agent of iOS Safari's own network requests; apps name the
 * model (`iPhone16,1`).
 */
const APPLE = /\b(iPhone|iPod|iPad|MobileSafari)(?![a-z])/i;
const ANDROID = /\bAndroid\b/i;
/** Windows phones name Android and the iPhone too, to be sent mobile pages; neither store serves them. */
const WINDOWS_PHONE = /\bWindows Phone\b/;

/**
 * What makes a user agent that names a phone a crawler: search engines' smartphone crawlers
 * (Googlebot, Applebot, AdsBot, Bytespider), link-preview fetchers that borrow a phone's user
 * agent (Google Messages, WhatsApp), page testers (Lighthouse, headless browsers), and programs
 * that show no page (download managers, developer tools emulating a phone). Narrower
 * than `isbot` on purpose: its broad patterns (`news`, `google`, `()`, no spaces, `tools`) catch
 * in-app browsers — Apple News, Google's apps, ROBLOX, WeChat, user agents whose spaces arrive as
 * `+` — and people in those apps are visitors. "cubot" is a phone maker, not a bot.
 */
const PHONE_CRAWLER =
  /(?<!cu)bots?(?:\b|_)|crawl|spider|slurp|preview|facebookexternalhit|googlemessages|whatsapp|headless|lighthouse|page ?speed|google-[a-z]|mediapartners|downloadmanager|devtools|https?:\/\//i;

/** The class a user agent names by itself: a phone's maker, or null when it names none. */
function namedPhone(ua: string): 'apple' | 'android' | null {
  if (WINDOWS_PHONE.test(ua)) return null;
  if (APPLE.test(ua)) return 'apple';
  if (ANDROID.test(ua)) return 'android';
  return null;
}

/**
 * Crawlers, link previews, monitors and scripts. A user agent that names an iPhone, iPad or
 * Android phone is a person unless a crawler pattern says otherwise; anything else is judged by
 * the maintained `isbot` list.
 */
export function isBot(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return namedPhone(userAgent) ? PHONE_CRAWLER.test(userAgent) : isbot(userAgent);
}

export function classifyDevice({ userAgent, chUaMobile, chUaPlatform }: DeviceHints): DeviceClass {
  const ua = userAgent ?? '';
  if (isBot(ua) || WINDOWS_PHONE.test(ua)) return 'desktop';
  const phone = namedPhone(ua);
  if (phone) return phone;
  const platform = (chUaPlatform ?? '').replace(/"/g, '').toLowerCase();
  if (platform === 'android') return 'android';
  if (platform === 'ios') return 'apple';
  // A mobile client hint with no recognisable platform comes from a Chromium-based
  // phone browser, which in practice means Android.
  if (chUaMobile?.trim() === '?1') return 'android';
  return 'desktop';
}

/**
 * The engine that runs a page, coarsely: enough to see that a version broke one browser. Every
 * browser on an iPhone or iPad is WebKit, whatever it calls itself (Chrome's `CriOS`, Firefox's `FxiOS`).
 */
export function engineOf(userAgent: string): 'webkit' | 'chromium' | 'firefox' | 'other' {
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return 'webkit';
  if (/Firefox\//.test(userAgent)) return 'firefox';
  if (/Chrom(e|ium)\//.test(userAgent)) return 'chromium';
  if (/AppleWebKit\//.test(userAgent)) return 'webkit';
  return 'other';
}
