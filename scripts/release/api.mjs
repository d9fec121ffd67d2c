// The release's reads and writes of Cloudflare's API, and its reads of the site on its host.
import { API, publicUrl, READ_MS, sleep, worker } from './context.mjs';

/** One call of Cloudflare's API: its status and its envelope's result or first error (status 0: no answer). */
export async function api(pathname, init = {}) {
  try {
    const res = await fetch(`${API}${pathname.startsWith('/zones') ? '' : `/accounts/${process.env.CLOUDFLARE_ACCOUNT_ID}`}${pathname}`, {
      ...init,
      headers: { Authorization: `Bearer ${process.env.CLOUDFLARE_API_TOKEN}`, ...init.headers },
      signal: AbortSignal.timeout(READ_MS),
    });
    const body = await res.json().catch(() => ({}));
    return { status: res.status, result: body.result, error: body.errors?.[0] };
  } catch (error) {
    return { status: 0, error: { message: String(error.message ?? error) } };
  }
}
/** Cloudflare refuses a token without a permission before it reads what was asked (10000, or 9109 on zones). */
export const refused = (answer) => answer.status === 401 || answer.status === 403;
/** What a read that neither answered nor was refused says. */
export const failed = (what, answer) =>
  `${what} could not be read (${answer.status || 'no answer'}${answer.error?.message ? `: ${answer.error.message}` : ''})`;
export const json = (body) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

/** The header that sends a request on the real host to `version` of the Worker, whatever the deployment's percentages. */
export const overrideHeader = (version) => ({ 'Cloudflare-Workers-Version-Overrides': `${worker}="${version}"` });

/** A read of the site on its host within READ_MS: `<status> <body>`, or what failed. */
export const read = (pathname, headers = {}) =>
  fetch(new URL(pathname, publicUrl), { headers, signal: AbortSignal.timeout(READ_MS) }).then(
    async (r) => `${r.status} ${await r.text()}`,
    (error) => `no answer (${error.cause?.code ?? error.message})`,
  );

/** Reads `pathname` every second until `answered` holds or `ms` pass; gives back the last answer and whether it held. */
export async function readUntil(pathname, headers, answered, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    const last = await read(pathname, headers);
    if (answered(last)) return { last, ok: true };
    if (Date.now() > deadline) return { last, ok: false };
    await sleep(1000);
  }
}
