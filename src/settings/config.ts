import * as z from 'zod/mini';
import { isLocalHost } from '../domain/site';

/**
 * The Worker's settings (contract §1 plus page settings), read once per set of bindings by one
 * schema. A value that cannot be what its name says (an unknown mode, a number that is not one,
 * a URL that does not parse) is an error that names the setting, never a silent default.
 * Policy filters stay quiet on purpose: a form or back link that is not https is treated as not
 * configured, as the README says.
 */

const text = z.string().check(z.trim());
const withoutTrailingSlash = (v: string) => v.replace(/\/+$/, '');
/** Lower-cased so `OFF` and `off` are the same; anything else outside the list is an error. */
const mode = <T extends string>(values: readonly [T, ...T[]]) => z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.enum(values));
const list = z.pipe(
  text,
  z.transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
);
const lowerList = z.pipe(
  list,
  z.transform((items) => items.map((s) => s.toLowerCase())),
);
const positiveInt = z.pipe(
  z.pipe(z.string().check(z.trim(), z.regex(/^\d+$/, 'Expected a whole number.')), z.transform(Number)),
  z.int().check(z.positive()),
);
const absoluteUrl = z.pipe(z.pipe(text, z.union([z.literal(''), z.url({ protocol: /^https?$/ })])), z.transform(withoutTrailingSlash));
/** An absolute URL or a path on this site. */
const link = z.string().check(
  z.trim(),
  z.refine((v) => v === '' || v.startsWith('/') || URL.canParse(v), 'Expected a URL or a path.'),
);
const isoDate = z.string().check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD.'));

export function isHttpsUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' && !u.username && !u.password;
  } catch {
    return false;
  }
}

/** `name=url,name=url` pairs; entries whose URL is not https are dropped. */
function namedLinks(pairs: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const url = pair.slice(at + 1).trim();
    if (isHttpsUrl(url)) out.set(pair.slice(0, at).trim().toLowerCase(), url);
  }
  return out;
}

/** A third-party form may be framed over https, or over http from this machine during development. */
function frameableUrl(value: string): string {
  if (isHttpsUrl(value)) return value;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' && isLocalHost(u.hostname) ? value : '';
  } catch {
    return '';
  }
}

/** The spec's timeout for every backend call. */
export const ORIGIN_TIMEOUT_MS = 60_000;
const DEFAULT_FINANCING_PROVIDER = 'https://www.carecredit.com/';

const SettingsSchema = z.pipe(
  z
    .object({
      ENVIRONMENT: z._default(mode(['development', 'production']), 'development'),
      /** The local demo answers other hosts than this machine's only when this says it is a public demo. */
      PUBLIC_DEMO: z._default(mode(['false', 'true']), 'false'),
      ORIGIN_URL: z._default(absoluteUrl, ''),
      ORIGIN_TIMEOUT_MS: z._default(positiveInt, ORIGIN_TIMEOUT_MS),
      PUBLIC_URL: z._default(absoluteUrl, ''),
      WEB_PAY_URL: z._default(absoluteUrl, 'https://webpay.papayapay.com'),
      APP_STORE_URL: z._default(absoluteUrl, ''),
      PLAY_STORE_URL: z._default(absoluteUrl, ''),
      APP_LINK_URL: z._default(absoluteUrl, ''),
      BILLER_PANEL_URL: z._default(link, '/biller'),
      HUMAN_CHECK: z._default(mode(['off', 'turnstile']), 'off'),
      TURNSTILE_SITE_KEY: z._default(text, ''),
      TURNSTILE_SECRET: z._default(text, ''),
      TURNSTILE_INTERACTIVE_SITE_KEY: z._default(text, ''),
      TURNSTILE_INTERACTIVE_SECRET: z._default(text, ''),
      FORM_KEY_SECRET: z._default(text, ''),
      CARD_HMAC_KEY: z._default(text, ''),
      TEAM_EMAIL_LIST: z._default(text, 'getpaid'),
      TURNSTILE_VERIFY_URL: z._default(absoluteUrl, 'https://challenges.cloudflare.com/turnstile/v0/siteverify'),
      PAYBOT_URL: z._default(absoluteUrl, ''),
      GENERIC_PAY_NAMES: z._default(lowerList, []),
      MULTI_OPTION_PROVIDERS: z._default(lowerList, []),
      WEB_FORM_PAYEE_NAMES: z._default(lowerList, []),
      WEB_PAY_ALWAYS_ALLOWED: z._default(list, []),
      DEBT_COLLECTOR_PAYEE_IDS: z._default(list, []),
      SMS_LIMIT_PER_PHONE: z._default(positiveInt, 3),
      SMS_LIMIT_PER_IP: z._default(positiveInt, 10),
      PAY_LATER_UNTIL: z._default(isoDate, '2019-09-30'),
      ATTRIBUTION_URL: z._default(absoluteUrl, ''),
      FINANCING_PROVIDER_URL: z._default(text, DEFAULT_FINANCING_PROVIDER),
      FINANCING_BACK_LINKS: z._default(list, []),
      VERIFY_MERCHANT_FORM_URL: z._default(text, ''),
      VERIFY_CONFIRMATION_FORM_URL: z._default(text, ''),
      VERIFY_NEWPARTNER_FORM_URL: z._default(text, ''),
      WIDGET_FRAME_ANCESTORS: z._default(list, []),
      REQUEST_LOG: z.optional(mode(['all', 'sampled'])),
    })
    .check(
      z.superRefine((s, ctx) => {
        /** A setting that disagrees with the others, named with what it needs. */
        const wrong = (setting: keyof typeof s, message: string) => ctx.addIssue({ code: 'custom', path: [setting], message });
        const production = s.ENVIRONMENT === 'production';
        // In production the embedded demo origin and its developer routes must be out of reach, and
        // every link the site writes must use its public address, never the request's Host.
        if (production && !s.ORIGIN_URL) wrong('ORIGIN_URL', 'Production needs the backend: the embedded demo origin never serves it.');
        for (const secret of ['FORM_KEY_SECRET', 'CARD_HMAC_KEY'] as const)
          if (production && s[secret].length < 32)
            wrong(secret, 'Production needs this secret, at least 32 characters (wrangler secret put).');
        // A universal link opens the app only from another domain: iOS keeps links within a site in Safari.
        if (s.APP_LINK_URL && !isHttpsUrl(s.APP_LINK_URL))
          wrong('APP_LINK_URL', 'The app link must be an https URL on a domain associated with the app.');
        else if (s.APP_LINK_URL && s.PUBLIC_URL && new URL(s.APP_LINK_URL).host === new URL(s.PUBLIC_URL).host)
          wrong(
            'APP_LINK_URL',
            'The app link must be on another domain than PUBLIC_URL: iOS opens links within a site in Safari, never in the app.',
          );
        if (production && !s.PUBLIC_URL) wrong('PUBLIC_URL', 'Production needs its public address for links and redirects.');
        // Every payment, text and password change in production passes a fresh human check: after a
        // decline, and for a payee under attack, too. It cannot be switched off there.
        if (production && s.HUMAN_CHECK !== 'turnstile') wrong('HUMAN_CHECK', 'Production needs HUMAN_CHECK=turnstile.');
        if (production && s.HUMAN_CHECK === 'turnstile' && (!s.TURNSTILE_SECRET || !s.TURNSTILE_SITE_KEY))
          wrong('TURNSTILE_SECRET', 'Production with HUMAN_CHECK=turnstile needs TURNSTILE_SITE_KEY and the TURNSTILE_SECRET secret.');
        // Where an address's or a payee's count runs high, a payment asks for the interactive check
        // (a widget of its own, in managed mode) before anyone is refused: production needs it too.
        if (production && s.HUMAN_CHECK === 'turnstile' && (!s.TURNSTILE_INTERACTIVE_SECRET || !s.TURNSTILE_INTERACTIVE_SITE_KEY))
          wrong(
            'TURNSTILE_INTERACTIVE_SECRET',
            'Production with HUMAN_CHECK=turnstile needs TURNSTILE_INTERACTIVE_SITE_KEY and the TURNSTILE_INTERACTIVE_SECRET secret.',
          );
      }),
    ),
  z.transform((s) => ({
    production: s.ENVIRONMENT === 'production',
    publicDemo: s.PUBLIC_DEMO === 'true',
    originUrl: s.ORIGIN_URL,
    originTimeoutMs: s.ORIGIN_TIMEOUT_MS,
    publicUrl: s.PUBLIC_URL,
    webPayUrl: s.WEB_PAY_URL,
    appStoreUrl: s.APP_STORE_URL,
    playStoreUrl: s.PLAY_STORE_URL,
    /** The app's universal link: opens the app on an iPhone that has it, the link's own page otherwise. */
    appLinkUrl: s.APP_LINK_URL,
    billerPanelUrl: s.BILLER_PANEL_URL,
    humanCheck: s.HUMAN_CHECK,
    turnstileSiteKey: s.TURNSTILE_SITE_KEY,
    turnstileSecret: s.TURNSTILE_SECRET,
    /** The interactive check's widget (Turnstile, managed mode), asked for where a crowd's count runs high. */
    turnstileInteractiveSiteKey: s.TURNSTILE_INTERACTIVE_SITE_KEY,
    turnstileInteractiveSecret: s.TURNSTILE_INTERACTIVE_SECRET,
    /** Signs payment form keys; empty outside production, where each isolate makes its own. */
    formKeySecret: s.FORM_KEY_SECRET,
    /** Keys the hash under which a card is counted; empty outside production, as above. */
    cardHmacKey: s.CARD_HMAC_KEY,
    /** The backend's recipient list for team notifications. */
    teamEmailList: s.TEAM_EMAIL_LIST,
    turnstileVerifyUrl: s.TURNSTILE_VERIFY_URL,
    paybotUrl: s.PAYBOT_URL,
    genericPayNames: s.GENERIC_PAY_NAMES,
    multiOptionProviders: s.MULTI_OPTION_PROVIDERS,
    webFormPayeeNames: s.WEB_FORM_PAYEE_NAMES,
    /** Payee ids always offered web payment, whatever their flags. */
    webPayAlwaysAllowed: s.WEB_PAY_ALWAYS_ALLOWED,
    /** Payees whose web payment page carries the debt-collector notice and legal paragraph. */
    debtCollectorPayeeIds: s.DEBT_COLLECTOR_PAYEE_IDS,
    smsLimitPerPhone: s.SMS_LIMIT_PER_PHONE,
    smsLimitPerIp: s.SMS_LIMIT_PER_IP,
    payLaterUntil: s.PAY_LATER_UNTIL,
    attributionUrl: s.ATTRIBUTION_URL,
    financingProviderUrl: isHttpsUrl(s.FINANCING_PROVIDER_URL) ? s.FINANCING_PROVIDER_URL : DEFAULT_FINANCING_PROVIDER,
    /** Lower-cased payee name → back-link URL for the financing page. */
    financingBackLinks: namedLinks(s.FINANCING_BACK_LINKS),
    verification: {
      merchant: frameableUrl(s.VERIFY_MERCHANT_FORM_URL),
      confirmation: frameableUrl(s.VERIFY_CONFIRMATION_FORM_URL),
      newpartner: frameableUrl(s.VERIFY_NEWPARTNER_FORM_URL),
    },
    widgetFrameAncestors: s.WIDGET_FRAME_ANCESTORS,
    /** Which successful requests get a log line: every one, or a sample (failures always do). */
    requestLog: s.REQUEST_LOG ?? (s.ENVIRONMENT === 'production' ? 'sampled' : 'all'),
  })),
);

export type SiteConfig = z.output<typeof SettingsSchema>;

/** Settings that cannot be read; the message names each setting and what is wrong with it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const configs = new WeakMap<object, SiteConfig | ConfigError>();

/** Bindings that stand in for others (a request's timed bindings, src/web/waits.ts) name them here, so their settings are parsed once. */
export const STANDS_FOR = Symbol('the bindings these stand in for');

/** The settings of these bindings, parsed on first use and remembered; throws a ConfigError when they are wrong. */
export function readConfig(given: object): SiteConfig {
  const bindings = (given as { [STANDS_FOR]?: object })[STANDS_FOR] ?? given;
  let config = configs.get(bindings);
  if (!config) {
    // Bindings that are not settings (D1, KV, assets) are not strings and are left out.
    const vars = Object.fromEntries(Object.entries(bindings).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const parsed = SettingsSchema.safeParse(vars);
    config = parsed.success ? parsed.data : new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    configs.set(bindings, config);
  }
  if (config instanceof ConfigError) throw config;
  return config;
}

/** The site's own origin: PUBLIC_URL when set, the request's otherwise. */
export const siteOrigin = (config: SiteConfig, requestUrl: string | URL) =>
  config.publicUrl || (typeof requestUrl === 'string' ? new URL(requestUrl) : requestUrl).origin;

/** Where "Return to the Papaya app" leads an iPhone: the app's universal link, or its App Store page without one. */
export const returnToAppUrl = (config: SiteConfig) => config.appLinkUrl || config.appStoreUrl;

/** The store a phone should download the app from; desktop visitors get the download landing. */
export function storeUrlFor(config: SiteConfig, device: 'apple' | 'android' | 'desktop'): string {
  if (device === 'apple') return config.appStoreUrl;
  if (device === 'android') return config.playStoreUrl;
  return '/download';
}

/** The Turnstile site key islands render the human check with, when the check is on. */
export function humanCheckSiteKey(config: SiteConfig): string | undefined {
  return config.humanCheck === 'turnstile' && config.turnstileSiteKey ? config.turnstileSiteKey : undefined;
}

/** The site key of the interactive check, which a payment asks for where a crowd's count runs high. */
export function interactiveCheckSiteKey(config: SiteConfig): string | undefined {
  return config.humanCheck === 'turnstile' && config.turnstileInteractiveSiteKey ? config.turnstileInteractiveSiteKey : undefined;
}
