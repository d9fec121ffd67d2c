import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { es } from '../../../src/domain/catalogue/es';
import { embeddedEnv, request } from '../origin-helpers';

/**
 * The Spanish words are not in the Worker's bundle: they are read from the assets once, before the
 * first Spanish page of an isolate. A read that fails is said in an error line, and the page is
 * drawn in English rather than not at all.
 */
describe('the Spanish catalogue, read from the assets', () => {
  it('a failed read: an error line and the page in English; the next read: the page in Spanish', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const missing = embeddedEnv({
      ASSETS: {
        fetch: async (input: RequestInfo | URL) =>
          String(input instanceof Request ? input.url : input).includes('/catalogue/')
            ? new Response('gone', { status: 404 })
            : env.ASSETS.fetch(input),
      } as unknown as Fetcher,
    });
    const spanish = { headers: { 'Accept-Language': 'es-US,es;q=0.9' } };
    const fallback = await request(missing, '/web-payment?p=1001', spanish);
    expect(fallback.status).toBe(200);
    const english = await fallback.text();
    expect(english).toContain('lang="en-US"');
    expect(english).toContain('Pay Valley Medical Group');
    const lines = errors.mock.calls.map((call) => JSON.parse(String(call[0])));
    errors.mockClear();
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'error', msg: 'catalogue', error: expect.stringContaining('not among the assets (404)') }),
    );

    const read = await request(embeddedEnv(), '/web-payment?p=1001', spanish);
    const html = await read.text();
    expect(html).toContain('lang="es-US"');
    expect(html).toContain(es.paymentForm.payerStep);
  });
});
