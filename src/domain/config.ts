/** Typed view of the Worker's configuration variables (contract §1 plus page settings). */
export interface SiteConfig {
  originUrl: string;
  publicUrl: string;
  webPayUrl: string;
  appStoreUrl: string;
  playStoreUrl: string;
  billerPanelUrl: string;
  humanCheck: 'off' | 'turnstile';
  turnstileSiteKey: string;
  paybotUrl: string;
  genericPayNames: string[];
  multiOptionProviders: string[];
  webFormPayeeNames: string[];
  /** Payee ids always offered web payment, whatever their flags. */
  webPayAlwaysAllowed: string[];
  /** Payees whose web payment page carries the debt-collector notice and legal paragraph. */
  debtCollectorPayeeIds: string[];
  smsLimitPerPhone: number;
  smsLimitPerIp: number;
  payLaterUntil: string;
  attributionUrl: string;
  financingProviderUrl: string;
  /** Lower-cased payee name → back-link URL for the financing page. */
  financingBackLinks: Map<string, string>;
  verification: { merchant: string; confirmation: string; newpartner: string };
  widgetFrameAncestors: string[];
  production: boolean;
}

type Vars = Partial<Record<string, unknown>>;

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v.trim() : fallback);
const list = (v: unknown): string[] =>
  str(v)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const int = (v: unknown, fallback: number): number => {
  const n = Number.parseInt(str(v), 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** `name=url,name=url` pairs; entries whose URL is not https are dropped. */
function namedLinks(v: unknown): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of list(v)) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim().toLowerCase();
    const url = pair.slice(at + 1).trim();
    if (isHttpsUrl(url)) out.set(name, url);
  }
  return out;
}

export function isHttpsUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' && !u.username && !u.password;
  } catch {
    return false;
  }
}

/** A third-party form may be framed over https, or over http from this machine during development. */
function frameableUrl(value: string): string {
  if (isHttpsUrl(value)) return value;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname) ? value : '';
  } catch {
    return '';
  }
}

const configs = new WeakMap<object, SiteConfig>();

export function readConfig(bindings: object): SiteConfig {
  const cached = configs.get(bindings);
  if (cached) return cached;
  const env = bindings as Vars;
  const config: SiteConfig = {
    originUrl: str(env.ORIGIN_URL).replace(/\/+$/, ''),
    publicUrl: str(env.PUBLIC_URL).replace(/\/+$/, ''),
    webPayUrl: str(env.WEB_PAY_URL, 'https://webpay.papayapay.com').replace(/\/+$/, ''),
    appStoreUrl: str(env.APP_STORE_URL),
    playStoreUrl: str(env.PLAY_STORE_URL),
    billerPanelUrl: str(env.BILLER_PANEL_URL, '/biller'),
    humanCheck: str(env.HUMAN_CHECK) === 'turnstile' ? 'turnstile' : 'off',
    turnstileSiteKey: str(env.TURNSTILE_SITE_KEY),
    paybotUrl: str(env.PAYBOT_URL),
    genericPayNames: list(env.GENERIC_PAY_NAMES).map((s) => s.toLowerCase()),
    multiOptionProviders: list(env.MULTI_OPTION_PROVIDERS).map((s) => s.toLowerCase()),
    webFormPayeeNames: list(env.WEB_FORM_PAYEE_NAMES).map((s) => s.toLowerCase()),
    webPayAlwaysAllowed: list(env.WEB_PAY_ALWAYS_ALLOWED),
    debtCollectorPayeeIds: list(env.DEBT_COLLECTOR_PAYEE_IDS),
    smsLimitPerPhone: int(env.SMS_LIMIT_PER_PHONE, 3),
    smsLimitPerIp: int(env.SMS_LIMIT_PER_IP, 10),
    payLaterUntil: str(env.PAY_LATER_UNTIL, '2019-09-30'),
    attributionUrl: str(env.ATTRIBUTION_URL),
    financingProviderUrl: isHttpsUrl(str(env.FINANCING_PROVIDER_URL)) ? str(env.FINANCING_PROVIDER_URL) : 'https://www.carecredit.com/',
    financingBackLinks: namedLinks(env.FINANCING_BACK_LINKS),
    verification: {
      merchant: frameableUrl(str(env.VERIFY_MERCHANT_FORM_URL)),
      confirmation: frameableUrl(str(env.VERIFY_CONFIRMATION_FORM_URL)),
      newpartner: frameableUrl(str(env.VERIFY_NEWPARTNER_FORM_URL)),
    },
    widgetFrameAncestors: list(env.WIDGET_FRAME_ANCESTORS),
    production: str(env.ENVIRONMENT) === 'production',
  };
  configs.set(bindings, config);
  return config;
}

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
