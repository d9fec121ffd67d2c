import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLegacyOrigin, type RecordedCall } from '../worker/stand-in/legacy-origin';
import { TEST_PAYMENT } from '../shared/test-payer';
// @ts-expect-error: a plain .mjs module of the bench
import { buildWorker, spawnWorkerd, startServer, stopChild, waitFor } from '../bench/server.mjs';
// @ts-expect-error: a plain .mjs module of the bench
import { BENCH_VERSION } from '../bench/bindings.mjs';

/**
 * A request really aborted after the charge: the Worker as deployed runs in `workerd serve` (the
 * bench's server, its Durable Objects on disk), its backend the stand-in, which takes the charge
 * and holds its answer. Once the backend has the charge, the workerd process serving the request
 * is killed (SIGKILL), as a crash or an eviction ends it: nothing after the charge runs and no
 * answer is kept. A new process on the same storage is sent the same key: it is never charged again.
 */
type Child = { exitCode: number | null; kill: (signal: string) => void; once: (event: string, listener: () => void) => void };
type Running = { site: string; stop: () => Promise<void>; siteChild: Child; configs: { site: string } };

let backend: { server: Server; url: string };
let server: Running;
let restarted: Child | undefined;

const PORT = 8951;
const calls = async (): Promise<RecordedCall[]> => (await fetch(`${backend.url}/__calls`)).json() as Promise<RecordedCall[]>;
const charges = async () => (await calls()).filter((call) => call.path.startsWith('/payment/payment_back.php'));

function send(key: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...TEST_PAYMENT, formKey: key })) form.append(name, value);
  return fetch(`${server.site}/payment/payment_back.php?p=1001`, { method: 'POST', body: form, headers: { Origin: server.site } });
}

describe('a request aborted after the charge', () => {
  beforeAll(async () => {
    backend = await startLegacyOrigin();
    buildWorker();
    server = (await startServer({ port: PORT, barePort: PORT + 1, servicesPort: PORT + 10, vars: { ORIGIN_URL: backend.url } })) as Running;
  }, 240_000);

  afterAll(async () => {
    if (restarted) await stopChild(restarted);
    await server?.stop();
    await new Promise<void>((resolve) => backend.server.close(() => resolve()));
  });

  it('serves the card form with the bindings wrangler.toml gives production, and says the version it is', async () => {
    const form = await fetch(`${server.site}/web-payment?p=1001`);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('data-island="web-payment-form"');
    expect(await (await fetch(`${server.site}/healthz`)).text()).toBe(`ok ${BENCH_VERSION}\n`);
  });

  it('the process serving the payment dies once the backend has the charge: the same key sent to a new process is told it is still being processed, never charged twice', async () => {
    const { formKey } = (await (await fetch(`${server.site}/api/payment_form_key?p=1001`)).json()) as { formKey: string };
    // The backend takes the charge and answers 20 s later, long after the process is gone.
    await fetch(`${backend.url}/__fault`, { method: 'PUT', body: JSON.stringify({ match: '/payment/', mode: 'slow', delayMs: 20_000 }) });
    const first = send(formKey).catch((error: unknown) => error);
    for (let i = 0; i < 100 && (await charges()).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await charges()).toHaveLength(1);
    const gone = new Promise<void>((resolve) => server.siteChild.once('exit', resolve));
    server.siteChild.kill('SIGKILL');
    await gone;
    expect(await first).toBeInstanceOf(Error);
    await fetch(`${backend.url}/__fault`, { method: 'DELETE' });
    // A new process on the same storage, as the platform starts one after a crash.
    restarted = spawnWorkerd(server.configs.site, '0', 'site-restarted.log').child as Child;
    await waitFor(`${server.site}/healthz`, restarted);
    const again = await send(formKey);
    expect(again.status).toBe(409);
    expect(again.headers.get('Retry-After')).toBe('5');
    expect(((await again.json()) as { error: string }).error).toBe('This payment is still being processed. Please wait a moment.');
    expect(await charges()).toHaveLength(1);
  });
});
