import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import {
  DEVICE_COOKIE_MAX_AGE_S,
  DEVICE_COOKIE_PLAIN_HTTP,
  deviceCookieName,
  deviceIdOf,
  looksLikeDevice,
  newDevice,
} from '../security/device-cookie';
import { formKeySecret } from '../security/secrets';
import type { AppEnv } from './app-env';

/** Each request's device, asked once however many limits name it. */
const devices = new WeakMap<Context<AppEnv>, Promise<string>>();

/**
 * The device a request comes from, by its signed cookie (security/device-cookie.ts). A request
 * without one (a first visit straight to the API, a browser that drops cookies) is a new device,
 * whose cookie goes with the answer: dropping the cookie only makes a new device each time, which
 * the address's counts still see.
 */
export function deviceOf(c: Context<AppEnv>): Promise<string> {
  let device = devices.get(c);
  if (!device) {
    const secret = formKeySecret(c.get('config'));
    device = deviceIdOf(secret, getCookie(c, deviceCookieName(c.req.url)), c.env.GUARD).then(async (id) => id ?? (await issue(c, secret)));
    devices.set(c, device);
  }
  return device;
}

/** The device a request's signed cookie names, or null: never issues one (a beacon counts its sender, it makes no device). */
export function cookieDeviceOf(c: Context<AppEnv>): Promise<string | null> {
  return deviceIdOf(formKeySecret(c.get('config')), getCookie(c, deviceCookieName(c.req.url)), c.env.GUARD);
}

/** Issues the device cookie with a page that holds a payment form, unless the visitor has one. */
export async function issueDeviceWithPage(c: Context<AppEnv>): Promise<void> {
  if (!looksLikeDevice(getCookie(c, deviceCookieName(c.req.url)))) await issue(c, formKeySecret(c.get('config')));
}

async function issue(c: Context<AppEnv>, secret: string): Promise<string> {
  const { id, value } = await newDevice(secret, c.env.GUARD);
  const name = deviceCookieName(c.req.url);
  c.set(
    'deviceCookie',
    generateCookie(name, value, {
      path: '/',
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
      httpOnly: true,
      // Secure wherever the name is `__Host-` (HTTPS, always at the edge); a browser on a developer's http://localhost drops a Secure cookie set over plain HTTP.
      secure: name !== DEVICE_COOKIE_PLAIN_HTTP,
      sameSite: 'Lax',
    }),
  );
  return id;
}
