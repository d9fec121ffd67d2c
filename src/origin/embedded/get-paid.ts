import { PAYEE_ID } from '../../domain/payee';
import { Hono } from '../../lib/hono';
import { newSessionToken } from './accounts';
import { jsonBody, nowSec, str, type EmbeddedContext, type EmbeddedEnv } from './util';

/**
 * The biller get-paid flow (contract §6): an access code leads to setPass (no account yet) or
 * successUser (has an account: sent to sign in, with no session); an unknown code to oopsTryAgain, a used one to oopsBeenHere.
 * An invite value starts at preEmail, then inviteForm, then successKit.
 */
export const getPaidRoutes = new Hono<EmbeddedEnv>();

type PayeeRow = { id: string; data: string };
type Session = { token: string; payee_id: string | null; access_code: string | null; invite: string | null };

async function payeeDetails(c: EmbeddedContext, id: string | null) {
  if (!id) return {};
  const row = await c.env.DB.prepare('SELECT id, data FROM payees WHERE id = ?').bind(id).first<PayeeRow>();
  if (!row) return {};
  const p = JSON.parse(row.data) as { payeeName: string; isBilling?: boolean; pphone?: string; hasAccount?: boolean };
  return { payeeName: p.payeeName, payeeId: row.id, payeeBilling: !!p.isBilling, phone: p.pphone ?? '', hasAccount: !!p.hasAccount };
}

async function newSession(c: EmbeddedContext, fields: { payeeId?: string; access?: string; invite?: string }) {
  const token = newSessionToken();
  await c.env.DB.prepare('INSERT INTO get_paid_sessions (token, payee_id, access_code, invite, created_at) VALUES (?, ?, ?, ?, ?)')
    .bind(token, fields.payeeId ?? null, fields.access ?? null, fields.invite ?? null, nowSec())
    .run();
  return token;
}

const session = (c: EmbeddedContext, token: string) =>
  c.env.DB.prepare('SELECT token, payee_id, access_code, invite FROM get_paid_sessions WHERE token = ?').bind(token).first<Session>();

/** An invite value is the payee id, base64-encoded; anything else is an invite with no payee details. */
function inviteePayeeId(i: string): string | null {
  try {
    const decoded = atob(i);
    return PAYEE_ID.test(decoded) ? decoded : null;
  } catch {
    return null;
  }
}

getPaidRoutes.post('/api/api_get_paid/get_paid.php', async (c) => {
  const body = (await jsonBody(c)) ?? {};
  const state = str(body.whichState);

  if (state === 'access' || state === 'oopsTryAgain') {
    const code = str(body.access).trim().toUpperCase();
    const row = await c.env.DB.prepare('SELECT payee_id, used_at FROM access_codes WHERE code = ?')
      .bind(code)
      .first<{ payee_id: string; used_at: number | null }>();
    if (!row) return c.json({ nextView: 'oopsTryAgain' });
    if (row.used_at !== null) return c.json({ nextView: 'oopsBeenHere' });
    const { hasAccount, ...payee } = await payeeDetails(c, row.payee_id);
    if (hasAccount) {
      // A mailed code proves the payment is theirs, not who they are: no session, they sign in.
      await c.env.DB.prepare('UPDATE access_codes SET used_at = ? WHERE code = ?').bind(nowSec(), code).run();
      return c.json({ nextView: 'successUser', ...payee });
    }
    const sessionToken = await newSession(c, { payeeId: row.payee_id, access: code });
    return c.json({ nextView: 'setPass', sessionToken, ...payee });
  }

  if (state === 'setPass') {
    const s = await session(c, str(body.sessionToken));
    if (!s?.access_code) return c.json({ nextView: 'oops' });
    if (!str(body.email).includes('@') || str(body.pass).length < 8) return c.json({ nextView: 'setPass', sessionToken: s.token });
    const { meta } = await c.env.DB.prepare('UPDATE access_codes SET used_at = ? WHERE code = ? AND used_at IS NULL')
      .bind(nowSec(), s.access_code)
      .run();
    if (meta.changes !== 1) return c.json({ nextView: 'oopsBeenHere' });
    const { hasAccount: _ignored, ...payee } = await payeeDetails(c, s.payee_id);
    return c.json({ nextView: 'successAg', sessionToken: s.token, ...payee });
  }

  if (state === 'preEmail') {
    const i = str(body.i).trim();
    if (!i) return c.json({ nextView: 'oops' });
    const payeeId = inviteePayeeId(i);
    const { hasAccount: _ignored, ...payee } = await payeeDetails(c, payeeId);
    const sessionToken = await newSession(c, { payeeId: payeeId ?? undefined, invite: i });
    return c.json({ nextView: 'inviteForm', sessionToken, inviteCount: 1, ...payee });
  }

  if (state === 'inviteForm') {
    const s = await session(c, str(body.sessionToken));
    if (!s?.invite) return c.json({ nextView: 'oops' });
    if (!str(body.email).includes('@') || !str(body.statements)) return c.json({ nextView: 'inviteForm', sessionToken: s.token });
    return c.json({ nextView: 'successKit', sessionToken: s.token });
  }

  return c.json({ nextView: 'oops' });
});
