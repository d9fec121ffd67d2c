// The round-trip harness of `npm run bench` (test/bench/round-trips.mjs): the site as built for
// production, every remote call behind the gate of test/shared/round-trips.ts. GET /?route=<name>
// asks one route of test/shared/round-trip-routes.ts and answers what it waited on. The backend
// (the worker tier's legacy answers) and siteverify are answered in this isolate, behind the gate.
import site from '../../../src/index';
import { claimIds, issueFormKey } from '../../../src/security/form-keys';
import { redirectPolicy } from '../../../src/security/redirect-targets';
import { createShortLink } from '../../../src/security/short-links';
import { readConfig } from '../../../src/settings/config';
import { formKeySecret } from '../../../src/security/secrets';
import { freshPhone, ROUND_TRIP_ROUTES, type RouteTools } from '../../shared/round-trip-routes';
import { RoundTrips } from '../../shared/round-trips';
import { answer } from '../../worker/stand-in/legacy-answers';

export { AbuseCounter, PaymentClaim } from '../../../src/index';

let clients = 0;

/** The backend and Turnstile as this isolate answers them: what the worker tier's stand-ins say. */
async function standIns(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const url = new URL(request.url);
  if (url.pathname.endsWith('/siteverify')) return Response.json({ success: true });
  if (url.pathname.startsWith('/attribution/')) return new Response(null, { status: 204 });
  const result = answer(request.method, url, await request.text());
  return result === null ? Response.json({ error: 'not found' }, { status: 404 }) : Response.json(result);
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    const route = ROUND_TRIP_ROUTES.find((r) => r.name === url.searchParams.get('route'));
    if (!route) return Response.json({ routes: ROUND_TRIP_ROUTES.map((r) => ({ name: r.name, budget: r.budget ?? null })) });
    const config = readConfig(env);
    const tools: RouteTools = {
      formKey: (payeeId) => issueFormKey(formKeySecret(config), payeeId, claimIds(env.CLAIMS)),
      client: () => `198.18.${Math.floor(++clients / 250) % 250}.${clients % 250}`,
      phone: freshPhone,
      shortLink: async () => (await createShortLink(env.LINKS, redirectPolicy(config, url.origin), `${url.origin}/valleymed`))!,
    };
    const inner = await route.request(url.origin, tools);
    const gate = new RoundTrips({ delayMs: Number(url.searchParams.get('delayMs') ?? 0) });
    const real = globalThis.fetch;
    globalThis.fetch = standIns as typeof fetch;
    const restore = gate.gateFetch();
    const started = Date.now();
    try {
      const { value: status, rounds } = await gate.measure(async () => {
        const res = await site.fetch(inner, gate.bindings(env), ctx);
        await res.arrayBuffer();
        return res.status;
      });
      return Response.json({ status, rounds, elapsedMs: Date.now() - started });
    } finally {
      restore();
      globalThis.fetch = real;
    }
  },
};
