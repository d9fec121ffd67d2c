import type { Context } from 'hono';
import { decideWithoutPayee, decideWithPayee, PAYEE_NAME, PROVIDER_CODE, type PayRoute, type Resolution } from '../domain/payee-resolution';
import type { AppEnv } from '../web/app-env';

// Who a page is for: the payee a pay page's address or a widget's `name` names.

/**
 * A pay page's resolution (a redirect, the page with or without its payee, or not found), or
 * undefined when the backend could not say who the payee is. A phone's page waits on the redirect
 * flag; the payee it would need with the flag off is looked up beside it, so the two reads are one wait.
 */
export async function payPageResolution(c: Context<AppEnv>, query: string, route: PayRoute): Promise<Resolution | undefined> {
  const device = c.get('device');
  const origin = c.get('origin');
  const base = { query, route, device, requestUrl: c.req.url, lists: c.get('config') };
  const needsPayee = !decideWithoutPayee({ ...base, flag: 'off' }) && PAYEE_NAME.test(query.trim());
  const [flag, lookup] = await Promise.all([
    device === 'desktop' ? ('off' as const) : origin.redirectFlag(),
    needsPayee ? origin.cachedPayeeByUrl(query.trim()) : undefined,
  ]);
  const input = { ...base, flag };
  // The backend could not say who the payee is: only a decision that needs none is made.
  if (lookup && !lookup.ok) return decideWithoutPayee(input) ?? undefined;
  // A query that cannot name a payee was not looked up: it names none.
  return decideWithoutPayee(input) ?? decideWithPayee(input, lookup?.value ?? null);
}

/** The payee a widget names, or none: a widget never shows an error inside a partner's page, so an unknown or unreachable payee gives the general widget. */
export async function widgetPayee(c: Context<AppEnv>, name: string): Promise<{ payeeId: string; payeeName: string } | null> {
  if (!PROVIDER_CODE.test(name)) return null;
  const lookup = await c.get('origin').cachedPayeeByUrl(name);
  return lookup.ok && lookup.value ? lookup.value : null;
}
