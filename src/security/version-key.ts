/**
 * Version affinity during a release (decision 017): Cloudflare sends every request that carries a
 * `Cloudflare-Workers-Version-Key` to the version its hash falls on, so one visitor's pages and
 * their scripts come from one version (workers/versions-and-deployments/gradual-deployments/version-affinity).
 * A zone rule sets that header from this cookie, or to a new random key when there is none; the
 * Worker keeps that key as the cookie, so the visitor's first request and every later one agree.
 * The cookie holds only that random key, is read by Cloudflare's rule and by nothing else here.
 */

/** The cookie: `__Host-` so only this host, over HTTPS, can set it. */
export const VERSION_KEY_COOKIE = '__Host-papaya_version';
/** The request header Cloudflare chooses a version by. */
export const VERSION_KEY_HEADER = 'Cloudflare-Workers-Version-Key';
/** Its life: a day, longer than any release's split, so a visitor keeps one version through it. */
export const VERSION_KEY_MAX_AGE_S = 86_400;
/** What the rule makes, `uuidv4(cf.random_seed)`: anything else in the header is not kept. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cookie to set when the rule made a new key (the header holds a key the cookie does not), or undefined. */
export function versionKeyToKeep(header: string | undefined, cookie: string | undefined): string | undefined {
  if (!header || !UUID.test(header) || header === cookie) return undefined;
  return `${VERSION_KEY_COOKIE}=${header}; Max-Age=${VERSION_KEY_MAX_AGE_S}; Path=/; HttpOnly; Secure; SameSite=Lax`;
}

/** The zone's phase the rules run in: request headers are set there, before the Worker is chosen. */
export const AFFINITY_PHASE = 'http_request_late_transform';

export interface AffinityRule {
  ref: string;
  description: string;
  expression: string;
  action: 'rewrite';
  action_parameters: { headers: Record<string, { operation: 'set'; expression: string }> };
  enabled: true;
}

/**
 * The two rules of the zone's request-header phase, for the site's hosts: the cookie's key when
 * the request has one, a new random key when it has none. Each is known by its `ref`.
 */
export function affinityRules(hosts: readonly string[]): AffinityRule[] {
  const onSite = `http.host in {${hosts.map((h) => JSON.stringify(h)).join(' ')}}`;
  const hasCookie = `http.cookie contains "${VERSION_KEY_COOKIE}="`;
  const rule = (ref: string, description: string, when: string, value: string): AffinityRule => ({
    ref,
    description,
    expression: `(${onSite}) and ${when}`,
    action: 'rewrite',
    action_parameters: { headers: { [VERSION_KEY_HEADER]: { operation: 'set', expression: value } } },
    enabled: true,
  });
  return [
    rule(
      'papaya_version_key_kept',
      "Papaya: a visitor's version key from its cookie (version affinity, npm run deploy)",
      hasCookie,
      `http.request.cookies["${VERSION_KEY_COOKIE}"][0]`,
    ),
    rule(
      'papaya_version_key_new',
      'Papaya: a new version key for a visitor without one, kept by the Worker as a cookie (npm run deploy)',
      `not ${hasCookie}`,
      'uuidv4(cf.random_seed)',
    ),
  ];
}

/** Whether a rule the zone holds is this rule as written (what the API gives back holds more fields). */
export const sameRule = (
  held: { expression?: string; action?: string; enabled?: boolean; action_parameters?: unknown } | undefined,
  wanted: AffinityRule,
): boolean =>
  !!held &&
  held.expression === wanted.expression &&
  held.action === wanted.action &&
  held.enabled !== false &&
  JSON.stringify(held.action_parameters) === JSON.stringify(wanted.action_parameters);
