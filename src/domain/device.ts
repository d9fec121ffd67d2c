/** The three device classes of the URL contract. Bots always get the desktop page. */
export type DeviceClass = 'apple' | 'android' | 'desktop';

export interface DeviceHints {
  userAgent?: string | null;
  /** `Sec-CH-UA-Mobile`: `?1` on a phone's Chromium-based browser. */
  chUaMobile?: string | null;
  /** `Sec-CH-UA-Platform`, e.g. `"Android"` (with quotes, as sent). */
  chUaPlatform?: string | null;
}

const BOT =
  /bot\b|bot\/|crawler|spider|crawling|slurp|facebookexternalhit|facebookcatalog|embedly|quora link preview|outbrain|pinterest\/|vkshare|w3c_validator|whatsapp|lighthouse|chrome-lighthouse|headlesschrome|preview|bingpreview|google-inspectiontool|mediapartners-google|adsbot|apis-google|feedfetcher|ia_archiver|yandex|baiduspider|duckduckbot|sogou|exabot|semrush|ahrefs|mj12bot|petalbot|bytespider|gptbot|claudebot|perplexitybot|applebot|curl\/|wget\/|python-requests|go-http-client|okhttp\/[0-9.]+$/i;
const APPLE = /\b(iPhone|iPod|iPad)\b/;
const ANDROID = /\bAndroid\b/i;

export function isBot(userAgent: string | null | undefined): boolean {
  return !!userAgent && BOT.test(userAgent);
}

export function classifyDevice({ userAgent, chUaMobile, chUaPlatform }: DeviceHints): DeviceClass {
  const ua = userAgent ?? '';
  if (isBot(ua)) return 'desktop';
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
