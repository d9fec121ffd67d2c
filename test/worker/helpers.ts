import { exports } from 'cloudflare:workers';
import type { vi as Vi } from 'vitest';

export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
export const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.6312.99 Mobile Safari/537.36';
export const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36';

/** Sends a request to the Worker as a visitor with the given user agent would. */
export function visit(path: string, init: RequestInit & { ua?: string } = {}): Promise<Response> {
  const { ua = DESKTOP, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('User-Agent', ua);
  return exports.default.fetch(new Request(`https://papaya.test${path}`, { redirect: 'manual', ...rest, headers }));
}

export function scriptTags(html: string): string[] {
  return html.match(/<script\b[^>]*>/g) ?? [];
}

/** The script tags that load or run code: every one but the import map (data: the integrity of each chunk). */
export const codeScriptTags = (html: string): string[] => scriptTags(html).filter((tag) => !/\btype="importmap"/.test(tag));

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: ' ' };

/** The visible text of an HTML document, roughly as a reader would get it: tags dropped, entities decoded. */
/** The directives of a Content-Security-Policy header, by name. */
export function cspDirectives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values.join(' ')] as const;
      }),
  );
}

export function visibleText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x27|#39|amp|lt|gt|quot|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ');
}

/** The props the server gave an island, as the browser will read them. */
export function islandProps(html: string, name: string): Record<string, unknown> {
  const raw = new RegExp(`data-island="${name}" data-props="([^"]+)"`).exec(html)?.[1];
  if (!raw) throw new Error(`no ${name} island in the page`);
  return JSON.parse(
    raw
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}

export const LABELS: Record<string, string> = { [IPHONE]: 'iPhone', [ANDROID]: 'Android', [DESKTOP]: 'desktop' };

type Outbound = (request: Request) => Response | Promise<Response>;

/**
 * Answers the Worker's outbound fetches (which run in this isolate) with `handler`, and records them.
 * Returns the recorded requests; restore with `vi.restoreAllMocks()`.
 */
export function stubOutbound(vi: typeof Vi, handler: Outbound): Request[] {
  const seen: Request[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push(request);
    return handler(request);
  });
  return seen;
}

/**
 * Log lines or events without what is random in them (request and version ids, timings), before
 * they are searched for a short secret such as a security code, which a random value may hold by chance.
 */
export const withoutRandomValues = (text: string) =>
  text.replace(/"(durationMs|ms)":\d+/g, '').replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>');
