import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { tooManyTexts } from '../domain/limits';
import type { SmsRequest } from '../domain/sms-request';
import { downloadPath, LINK_ID_COOKIE, LINK_ID_COOKIE_MAX_AGE_S, linkIdFrom, smsBody, smsTimestamp } from '../domain/sms-template';
import { createShortLink } from '../security/short-links';
import { redirectPolicy, type RedirectPolicy } from '../security/redirect-targets';
import { recordEvent } from '../telemetry/events';
import { refusal, type Answer, type Refused } from '../web/answer';
import type { AppEnv } from '../web/app-env';
import { refuseBots, tooMany } from '../web/guard-answers';
import { unavailable } from '../web/validate';
import { chosenLanguage, wordsOf } from '../web/words';

type C = Context<AppEnv>;
type TextOutcome = 'sent' | 'refused-limit' | 'refused-human' | 'failed-backend';

/** What the first step found: the text may go, to this payee's name, with this link (stored short, or not). */
interface Held {
  policy: RedirectPolicy;
  linkId: string;
  payeeName: string | undefined;
  link: Promise<string | null>;
}

/**
 * Texts the app's link to a number, the same for a pay page's, the widget's or the not-found
 * page's form, with script (`POST /api/send_sms_client.php`) or without: hold (the human check,
 * both limits, the payee), then send. One `text` event per request, and why.
 */
export async function textLink(c: C, request: SmsRequest): Promise<Answer<{ success: true }> | Refused> {
  const kind = request.payeeId ? 'bill-pay' : 'download';
  const text = (outcome: TextOutcome) => recordEvent(c, 'text', { outcome, kind });
  const held = await holdText(c, request, text);
  if ('status' in held) return held;
  return sendText(c, request, held, text);
}

/**
 * The human check, both limits (one call to the client's counters, one to the number's) and the
 * payee's name (as the pages keep it), asked at once; a visitor the human check refuses gets back
 * the slots taken. The short link is stored as soon as the human check has passed and the payee is
 * known, beside the limits: a new number's counters wait on their name's first-use check, and the
 * link need not wait on them too.
 */
async function holdText(c: C, request: SmsRequest, text: (outcome: TextOutcome) => void): Promise<Held | Refused> {
  const words = wordsOf(c);
  const origin = c.get('origin');
  const policy = redirectPolicy(c.get('config'), c.req.url);
  const linkId = linkIdFrom(getCookie(c, LINK_ID_COOKIE));
  const checked = refuseBots(c, request.humanToken);
  const payeeAsked = request.payeeId ? origin.cachedPayeeById(request.payeeId) : undefined;
  const link = Promise.all([checked, payeeAsked]).then(([bot, payee]) =>
    bot || (payee && (!payee.ok || !payee.value)) ? null : shortLink(c, policy, request, linkId, payee?.value?.payeeName),
  );
  const [bot, decision, payee] = await Promise.all([
    checked,
    c.get('guard').take({ policy: 'smsPerClient', subject: c.get('client') }, { policy: 'smsPerNumber', subject: request.num }),
    payeeAsked,
  ]);
  if (bot) {
    text('refused-human');
    if (decision.allowed) await decision.giveBack();
    return bot;
  }
  if (!decision.allowed) {
    text('refused-limit');
    return tooMany(c, decision, tooManyTexts(decision.retryAfterSeconds, words.limits));
  }
  if (payee && !payee.ok) {
    text('failed-backend');
    return unavailable(c, payee);
  }
  if (payee && !payee.value) return refusal(400, words.api.billerNotFound, { payeeId: words.api.unknownPayee });
  return { policy, linkId, payeeName: payee?.value?.payeeName, link };
}

/** The text composed in the visitor's language and sent by the backend; the link's id kept as a cookie (never in a partner's page). */
async function sendText(
  c: C,
  request: SmsRequest,
  held: Held,
  text: (outcome: TextOutcome) => void,
): Promise<Answer<{ success: true }> | Refused> {
  const words = wordsOf(c);
  const { policy, linkId, payeeName } = held;
  const kind = request.payeeId ? 'bill-pay' : 'download';
  const link = (await held.link) ?? longLinkOf(c, policy, request, linkId, payeeName);
  const sent = await c.get('origin').sendSms({
    num: request.num,
    body: smsBody(kind, link, smsTimestamp(new Date()), words.sms),
    name: payeeName,
    id: request.payeeId,
    messageType: kind === 'bill-pay' ? 'BILL_PAY' : 'DOWNLOAD',
    googleRecaptchaToken: request.humanToken ?? '',
    sendingApplication: 'PUBLIC_SITE',
    recipientType: 'USER',
    requestOrigin: policy.siteOrigin,
  });
  if (!sent.ok || !sent.value.success) text('failed-backend');
  if (!sent.ok) return unavailable(c, sent);
  if (!sent.value.success) return refusal(502, words.smsForm.sendFailed);
  text('sent');
  const cookie = generateCookie(LINK_ID_COOKIE, linkId, {
    path: '/',
    maxAge: LINK_ID_COOKIE_MAX_AGE_S,
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
  });
  // A widget lives in a partner's page, where this site sets no cookies.
  return { status: 200, body: { success: true }, ...(request.source !== 'w' && { cookies: [cookie] }) };
}

/** The link a text carries, to the download landing with the payee and the visitor's language. */
function longLinkOf(c: C, policy: RedirectPolicy, request: SmsRequest, linkId: string, payeeName: string | undefined): string {
  return `${policy.siteOrigin}${downloadPath({ source: request.source, payeeId: request.payeeId, payeeName, linkId, language: chosenLanguage(c) })}`;
}

/** The text's link made short (`/s/<key>`), or the long one when the store refuses it. */
async function shortLink(
  c: C,
  policy: RedirectPolicy,
  request: SmsRequest,
  linkId: string,
  payeeName: string | undefined,
): Promise<string> {
  const longLink = longLinkOf(c, policy, request, linkId, payeeName);
  const key = await createShortLink(c.env.LINKS, policy, longLink).catch(() => null);
  return key ? `${policy.siteOrigin}/s/${key}` : longLink;
}
