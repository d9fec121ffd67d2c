/**
 * An iPad asking for desktop sites (Safari's default on iPadOS) names a Mac in its user agent;
 * only the browser sees its touch points, and a Mac has no touch screen. The islands call this,
 * and the download landing writes its source into the page (so it must stay self-contained).
 */
export function ipadAsMac(nav: { maxTouchPoints: number; userAgent: string }): boolean {
  return nav.maxTouchPoints > 1 && /Macintosh/.test(nav.userAgent);
}

/** A user agent that an iPad in desktop mode could have sent: the server cannot see touch points. */
export const mayBeIpadAsMac = (userAgent: string) => ipadAsMac({ maxTouchPoints: 5, userAgent });

/** The query flag with which the download landing's script says the visitor is such an iPad. */
export const IPAD_FLAG = 'ipad';
