import { listDurableObjectIds, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { keyedHash, toHex } from '../../../src/security/keyed-hash';
import { claimFor, embeddedEnv, freshClient, TEST_PAYMENT, request, resetGuard } from '../origin-helpers';
import { ADDRESS, CARD, CITY, CVV, EMAIL, EXPIRY, FORBIDDEN, NAME, PHONE, walkEveryFlow } from '../walk-every-flow';

/**
 * What an assessor reads (PCI DSS 3.2.1, 3.3.1.2, 3.5.1): after every flow of both specs, walked
 * with known values, every D1 table, KV key and Durable Object row the Worker wrote is read back.
 * Nothing is, or hashes, the security code; no personal value is kept in clear text.
 */
const sha256 = async (text: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** Every way the site writes a card, an expiry and a code, and every hash it could have kept of them. */
async function codeDerivatives(): Promise<string[]> {
  const digits = CARD.replace(/\D/g, '');
  const [month, year] = EXPIRY.split('/') as [string, string];
  const cards = [CARD, digits];
  const expiries = [EXPIRY, `${month}/20${year}`, `${month}${year}`, `20${year}-${month}`];
  const inputs = new Set<string>([CVV]);
  for (const card of cards)
    for (const expiry of expiries)
      for (const separator of ['|', ':', '-', '', ' ']) {
        inputs.add([card, expiry, CVV].join(separator));
        inputs.add([card, CVV].join(separator));
        inputs.add([expiry, CVV].join(separator));
      }
  const hashes: string[] = [];
  for (const input of inputs) {
    const plain = await sha256(input);
    hashes.push(toHex(plain), base64(plain), base64(plain.slice(0, 18)));
    for (const secret of [env.CARD_HMAC_KEY!, env.FORM_KEY_SECRET!]) {
      const keyed = await keyedHash(secret, input);
      hashes.push(keyed, keyed.slice(0, 32));
    }
  }
  return hashes;
}

/** Everything the Worker stored: each D1 table's rows, each KV key and value, each guard object's events and each payment claim. */
async function everythingStored(): Promise<Record<string, string>> {
  const stored: Record<string, string> = {};
  const tables = await env
    .DB!.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
    .all<{
      name: string;
    }>();
  for (const { name } of tables.results)
    stored[`D1 ${name}`] = JSON.stringify((await env.DB!.prepare(`SELECT * FROM "${name}"`).all()).results);
  for (const [binding, kv] of [
    ['LINKS', env.LINKS],
    ['CACHE', env.CACHE],
  ] as const) {
    const { keys } = await kv.list();
    stored[`KV ${binding}`] = JSON.stringify(await Promise.all(keys.map(async ({ name }) => [name, await kv.get(name)])));
  }
  for (const id of await listDurableObjectIds(env.GUARD))
    stored[`Durable Object ${id.toString()}`] = JSON.stringify(
      await runInDurableObject(env.GUARD.get(id), (_instance, state) =>
        // A counter only asked, or emptied by its alarm, has no tables at all.
        ['events', 'objects'].map((table) =>
          state.storage.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", table).toArray().length
            ? state.storage.sql.exec(`SELECT * FROM ${table}`).toArray()
            : [],
        ),
      ),
    );
  for (const id of await listDurableObjectIds(env.CLAIMS))
    stored[`Durable Object claim ${id.toString()}`] = JSON.stringify([
      ...(await runInDurableObject(env.CLAIMS.get(id), (_instance, state) => state.storage.list())),
    ]);
  return stored;
}

/** The demo backend's own tables (`src/origin/embedded`), which stand in for the backend's database, not the site's stores. */
const BACKEND_TABLES =
  /^D1 (meta|payees|feature_flags|sms_outbox|not_found_reports|reset_tokens|bills|info_requests|pay_later_users|member_signups|access_codes|team_emails|email_links|payments|get_paid_sessions|declined_payments)$/;

beforeEach(resetGuard);

describe('what the site stores', () => {
  it('after every flow: nothing is or hashes the security code, and no personal value is kept in clear text', async () => {
    const e = embeddedEnv();
    await walkEveryFlow(e, freshClient());
    const stored = await everythingStored();
    expect(Object.keys(stored).some((place) => place.startsWith('Durable Object'))).toBe(true);
    expect(Object.keys(stored).some((place) => place.startsWith('Durable Object claim'))).toBe(true);

    const derivatives = await codeDerivatives();
    for (const [place, content] of Object.entries(stored)) {
      for (const hash of derivatives) expect(content, `${place} holds a hash of the security code`).not.toContain(hash);
      // The demo backend's own tables keep what a backend keeps (a payer's name and email with the
      // payment, the texts it sent): the site's stores keep none of it.
      if (BACKEND_TABLES.test(place)) continue;
      // Short values (the last four digits, the code) only as themselves: a hash's hex may hold any four digits.
      for (const value of FORBIDDEN)
        if (value.length > 4) expect(content, `${place} holds "${value}"`).not.toContain(value);
        else expect(content, `${place} holds "${value}"`).not.toMatch(new RegExp(`(?<![0-9a-zA-Z])${value}(?![0-9a-zA-Z])`));
      for (const value of [PHONE, EMAIL, NAME, ADDRESS, CITY, CARD.replace(/\D/g, '')])
        expect(content.toLowerCase(), `${place} holds "${value}"`).not.toContain(value.toLowerCase());
    }
    // The client's address is counted under a keyed hash only.
    for (const [place, content] of Object.entries(stored))
      if (place.startsWith('Durable Object')) expect(content, place).not.toMatch(/\b(?:\d{1,3}\.){3}\d{1,3}\b/);
  });

  it('a form key names its claim by its hash, and no claim holds the key', async () => {
    const e = embeddedEnv();
    const page = await (await request(e, '/web-payment?p=1001')).text();
    const issued = /1001-\d{10}-[0-9a-f]{64}-[0-9a-f]{64}/.exec(page)![0];
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...TEST_PAYMENT, formKey: issued })) form.append(name, value);
    const paid = await request(e, '/payment/payment_back.php?p=1001', {
      method: 'POST',
      body: form,
      headers: { 'CF-Connecting-IP': freshClient() },
    });
    expect(await paid.json()).toMatchObject({ status: 'success' });
    expect(await (await claimFor(issued)).stored()).toMatchObject({ state: 'done' });
    const stored = await everythingStored();
    for (const content of Object.values(stored)) expect(content).not.toContain(issued);
  });
});
