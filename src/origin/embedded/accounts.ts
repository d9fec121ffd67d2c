import { Hono } from '../../lib/hono';
import { tokenEmail } from '../../domain/pay-later';
import { READABLE, randomToken } from '../../domain/random';
import { jsonBody, nowIso, nowSec, str, type EmbeddedContext, type EmbeddedEnv } from './util';

/** Password reset, email linking, bill-info requests, membership, pay-later and team emails. */
export const accountRoutes = new Hono<EmbeddedEnv>();

type TokenRow = { user_id: string; expires_at: number; used_at: number | null; mismatch: number };

accountRoutes.post('/api/forgot_password_back.php', async (c) => {
  const body = await jsonBody(c);
  const x = str(body?.x);
  const row = x
    ? await c.env.DB.prepare('SELECT user_id, expires_at, used_at, mismatch FROM reset_tokens WHERE token = ?').bind(x).first<TokenRow>()
    : null;
  if (!row) return c.json({ success: false, status: 'INVALID_TOKEN' });
  if (row.used_at !== null || row.expires_at <= nowSec()) return c.json({ success: false, status: 'TOKEN_EXPIRED' });
  if (row.mismatch) return c.json({ success: false, status: 'MISMATCH_USER_ID_FOR_RESET' });
  if (body?.np === undefined) return c.json({ success: true, status: 'USER_VALIDATED' });
  if (str(body.np).length < 8) return c.json({ success: false, status: 'PASSWORD_TOO_SHORT' });
  // Single use: the update only succeeds while the token is still unused.
  const { meta } = await c.env.DB.prepare('UPDATE reset_tokens SET used_at = ? WHERE token = ? AND used_at IS NULL')
    .bind(nowSec(), x)
    .run();
  return meta.changes === 1 ? c.json({ success: true, status: 'PASSWORD_CHANGED' }) : c.json({ success: false, status: 'TOKEN_EXPIRED' });
});

accountRoutes.post('/api/link_gmail_account.php', async (c) => {
  const body = await jsonBody(c);
  const ok = !!str(body?.code) && !str(body?.error);
  if (ok)
    await c.env.DB.prepare('INSERT INTO email_links (state, scope, created_at) VALUES (?, ?, ?)')
      .bind(str(body?.state).slice(0, 500), str(body?.scope).slice(0, 500), nowIso())
      .run();
  return c.json({ success: ok ? 'true' : 'false' });
});

type InfoRow = { bill_id: string; fields: string; answered_at: number | null };
const openRequest = (c: EmbeddedContext) =>
  c.env.DB.prepare('SELECT bill_id, fields, answered_at FROM info_requests WHERE token = ? AND answered_at IS NULL')
    .bind(c.req.query('t') ?? '')
    .first<InfoRow>();

accountRoutes.get('/api/update_info_request.php', async (c) => {
  const row = await openRequest(c);
  return row ? c.json({ requestedInfo: JSON.parse(row.fields) }) : c.json({ error: 'not found' }, 404);
});

accountRoutes.post('/api/update_info_request.php', async (c) => {
  const row = await openRequest(c);
  const body = await jsonBody(c);
  if (!row) return c.json({ error: 'not found' }, 404);
  if (!Array.isArray(body?.fields)) return c.json({ error: 'fields required' }, 400);
  await c.env.DB.batch([
    c.env.DB.prepare('UPDATE info_requests SET fields = ?, answered_at = ? WHERE token = ?').bind(
      JSON.stringify(body.fields),
      nowSec(),
      c.req.query('t'),
    ),
    c.env.DB.prepare("UPDATE bills SET status = 'in_progress' WHERE id = ?").bind(row.bill_id),
  ]);
  return c.json({ success: true });
});

accountRoutes.delete('/api/update_info_request.php', async (c) => {
  const row = await openRequest(c);
  if (!row) return c.json({ error: 'not found' }, 404);
  await c.env.DB.prepare('DELETE FROM info_requests WHERE token = ?').bind(c.req.query('t')).run();
  return c.json({ billId: row.bill_id });
});

accountRoutes.post('/cancel_back.php', async (c) => {
  const { meta } = await c.env.DB.prepare("UPDATE bills SET status = 'cancelled' WHERE id = ? AND status != 'cancelled'")
    .bind(c.req.query('o') ?? '')
    .run();
  return meta.changes === 1 ? c.json({ success: true }) : c.json({ error: 'not found' }, 404);
});

accountRoutes.post('/api/member_signup.php', async (c) => {
  const p = c.req.query('p');
  if (p !== 'CARD_ON_FILE' && p !== 'NEW_METHOD') return c.json({ error: 'bad payment type' }, 400);
  await c.env.DB.prepare('INSERT INTO member_signups (payment_type, came_from, ad, created_at) VALUES (?, ?, ?, ?)')
    .bind(p, (c.req.query('f') ?? '').slice(0, 100), (c.req.query('a') ?? '').slice(0, 10), nowIso())
    .run();
  return c.json({ success: true });
});

/** `ue` is the email itself or its base64 token. */
const emailFrom = (ue: string) => tokenEmail(ue)?.toLowerCase() ?? '';

accountRoutes.post('/api/pay_later.php', async (c) => {
  const email = emailFrom(str((await jsonBody(c))?.ue));
  const row = email
    ? await c.env.DB.prepare('SELECT enrolled FROM pay_later_users WHERE email = ?').bind(email).first<{ enrolled: number }>()
    : null;
  if (!row) return c.json({ status: 'error', result: { code: 'USER_NOT_FOUND' } });
  if (row.enrolled) return c.json({ status: 'error', result: { code: 'USER_ENROLLED_ALREADY' } });
  await c.env.DB.prepare('UPDATE pay_later_users SET enrolled = 1 WHERE email = ?').bind(email).run();
  return c.json({ status: 'success' });
});

accountRoutes.post('/api/send_team_email.php', async (c) => {
  const body = await jsonBody(c);
  if (!body) return c.json({ error: 'body required' }, 400);
  await c.env.DB.prepare('INSERT INTO team_emails (payload, created_at) VALUES (?, ?)')
    .bind(JSON.stringify(body).slice(0, 20_000), nowIso())
    .run();
  return c.json({ success: true });
});

export const newSessionToken = () => `gp_${randomToken(24, READABLE)}`;
