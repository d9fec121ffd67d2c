import { readConfig } from '../../settings/config';
import { listedProviders, type SearchResult } from '../../domain/payee';
import { testCardDecline } from './test-cards';
import { Hono } from '../../lib/hono';
import { BRAND_NAMES, cardBrand } from '../../domain/card';
import { READABLE, randomToken } from '../../domain/random';
import { CARD_DATA_FIELDS, CARD_FIELDS, PAYER_FIELDS } from '../../domain/payment';
import { wireName } from '../payment';
import { formatDollars } from '../../domain/field-rules';
import { usNumber } from '../../domain/phone';
import { jsonBody, nowIso, str, type EmbeddedEnv } from './util';

/** Payee lookups, provider search, feature flags, 404 reports, the SMS outbox and payments. */
export const payeeRoutes = new Hono<EmbeddedEnv>();

type PayeeRow = { data: string };
const parse = (row: PayeeRow | null) => (row ? (JSON.parse(row.data) as Record<string, unknown>) : null);

payeeRoutes.post('/api/payee_url.php', async (c) => {
  const q = (c.req.query('url') ?? '').trim().toLowerCase();
  const row = q
    ? await c.env.DB.prepare('SELECT data FROM payees WHERE lower(url) = ?1 OR lower(billing_url) = ?1 OR id = ?1 LIMIT 1')
        .bind(q)
        .first<PayeeRow>()
    : null;
  return c.json({ result: { payee: parse(row) } });
});

payeeRoutes.post('/api/web_payment.php', async (c) => {
  if (c.req.query('action') !== 'getPayee') return c.json({ error: 'unknown action' }, 400);
  const row = await c.env.DB.prepare('SELECT data FROM payees WHERE id = ?')
    .bind(c.req.query('p') ?? '')
    .first<PayeeRow>();
  return c.json(parse(row) ?? {});
});

payeeRoutes.get('/api/web_payment.php', async (c) => {
  if (c.req.query('action') !== 'getPayees' || c.req.query('target') !== 'partner') return c.json({ error: 'unknown action' }, 400);
  const term = (c.req.query('term') ?? '').trim();
  if (term.length < 3) return c.json([]);
  // instr, not LIKE: SQLite refuses a LIKE pattern over 50 bytes, and a term may be twice that.
  const { results } = await c.env.DB.prepare('SELECT data FROM payees WHERE instr(lower(name), lower(?)) > 0 ORDER BY name LIMIT 50')
    .bind(term)
    .all<PayeeRow>();
  const list = results
    .map((r) => JSON.parse(r.data) as Record<string, unknown> & { address?: Record<string, string> })
    .map(({ payeeId, payeeName, address, url, ...flags }) => ({
      id: payeeId,
      name: payeeName,
      street1: address?.address1 ?? '',
      street2: address?.address2 ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      zip: address?.zip ?? '',
      url: str(url),
      isProvider: flags.isProvider ?? false,
      isBilling: flags.isBilling ?? false,
      isPartner: flags.isPartner ?? false,
      noGenericWeb: flags.noGenericWeb ?? false,
      autoConf: flags.autoConf ?? false,
      hasAccount: flags.hasAccount ?? false,
      useStatement: flags.useStatement ?? false,
      notMedical: flags.notMedical ?? false,
    }));
  return c.json(listedProviders(list as SearchResult[], readConfig(c.env).genericPayNames));
});

payeeRoutes.get('/api/unleash/is_enabled.php', async (c) => {
  const row = await c.env.DB.prepare('SELECT enabled FROM feature_flags WHERE name = ?')
    .bind(c.req.query('featureName') ?? '')
    .first<{ enabled: number }>();
  return c.json({ data: { message: row?.enabled === 1 } });
});

payeeRoutes.post('/api/404.php', async (c) => {
  const body = await jsonBody(c);
  await c.env.DB.prepare('INSERT INTO not_found_reports (path, created_at) VALUES (?, ?)')
    .bind(str(body?.path).slice(0, 2000), nowIso())
    .run();
  return c.json({});
});

payeeRoutes.post('/api/send_sms_client.php', async (c) => {
  const body = await jsonBody(c);
  const num = str(body?.num);
  const text = str(body?.body);
  if (!/^1?\d{10}$/.test(num) || !text) return c.json({ success: false, message: 'Invalid recipient or message.' });
  await c.env.DB.prepare('INSERT INTO sms_outbox (to_num, body, message_type, created_at) VALUES (?, ?, ?, ?)')
    .bind(num, text, str(body?.messageType), nowIso())
    .run();
  return c.json({ success: true });
});

/** What the demo backend keeps with a payment: the form's fields but card data and the amount (kept as cents), and whether a company paid. */
const KEPT_FIELDS: readonly string[] = [
  ...[...PAYER_FIELDS, ...CARD_FIELDS].filter((name) => name !== 'amount' && !CARD_DATA_FIELDS.includes(name)).map(wireName),
  'isBtoB',
];

payeeRoutes.post('/payment/payment_back.php', async (c) => {
  const payee = await c.env.DB.prepare('SELECT id, name FROM payees WHERE id = ?')
    .bind(c.req.query('p') ?? '')
    .first<{ id: string; name: string }>();
  if (!payee) return c.json({ status: 'error', message: 'This biller is not accepting web payments.' });
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    return c.json({ status: 'error', message: 'The payment could not be read.' });
  }
  const field = (name: string) => (typeof form.get(name) === 'string' ? (form.get(name) as string) : '');
  const digits = field('ccn').replace(/\D/g, '');
  const amount = Number(field('amount').replace(/[$,\s]/g, ''));
  if (digits.length < 13 || digits.length > 19) return c.json({ status: 'error', message: 'Card number is invalid.' });
  if (!Number.isFinite(amount) || amount <= 0 || amount > 2000) return c.json({ status: 'error', message: 'Amount is invalid.' });
  const payer = Object.fromEntries(KEPT_FIELDS.map((name) => [name, field(name)]).filter(([, v]) => v));
  // The contract's test cards decline, and are kept as declined, so a corrected card can follow.
  const declined = testCardDecline(digits, field('cvv'));
  if (declined) {
    await c.env.DB.prepare(
      'INSERT INTO declined_payments (payee_id, amount_cents, brand, last4, message, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
      .bind(payee.id, Math.round(amount * 100), BRAND_NAMES[cardBrand(digits)], digits.slice(-4), declined, nowIso())
      .run();
    return c.json({ status: 'error', message: declined });
  }
  const confirmation = `PAP-${randomToken(8, READABLE)}`;
  await c.env.DB.prepare(
    'INSERT INTO payments (confirmation, payee_id, amount_cents, brand, last4, payer, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(
      confirmation,
      payee.id,
      Math.round(amount * 100),
      BRAND_NAMES[cardBrand(digits)],
      digits.slice(-4),
      JSON.stringify(payer),
      nowIso(),
    )
    .run();
  // The receipt is texted to the payer's phone, as the real backend does: the outbox shows where it went.
  const phone = usNumber(field('phone'));
  if (phone)
    await c.env.DB.prepare('INSERT INTO sms_outbox (to_num, body, message_type, created_at) VALUES (?, ?, ?, ?)')
      .bind(phone, receiptText(formatDollars(amount), payee.name, confirmation), 'receipt', nowIso())
      .run();
  return c.json({ status: 'success', confirmationUrl: `/receipt/${confirmation}` });
});

/** The backend's receipt text (its words, not the site's). */
const receiptText = (amount: string, payee: string, confirmation: string) =>
  `Papaya: we received your payment of ${amount} to ${payee}. Confirmation ${confirmation}. Reply HELP for help.`;
