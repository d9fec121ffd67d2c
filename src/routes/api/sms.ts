import { Hono } from '../../lib/hono';
import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { tooManyTexts } from '../../domain/limits';
import { SmsRequestSchema, type SmsRequest } from '../../domain/sms-request';
import { downloadPath, LINK_ID_COOKIE, LINK_ID_COOKIE_MAX_AGE_S, linkIdFrom, smsBody, smsTimestamp } from '../../domain/sms-template';
import type { AppEnv } from '../../web/app-env';
import { createShortLink } from '../../security/short-links';
import { redirectPolicy, type RedirectPolicy } from '../../security/redirect-targets';
import { recordEvent } from '../../telemetry/events';
import { unavailable, validJson } from '../../web/validate';
import { refusal, respond, type Answer, type Refused } from '../../web/answer';
import { refuseBots, tooMany } from '../../web/guard-answers';
import { chosenLanguage, wordsOf } from '../../web/words';

/** Text-me-a-link: the Worker checks, limits, composes and sends; the browser only gives a number. */
export const smsRoutes = new Hono<AppEnv>();

smsRoutes.post('/api/send_sms_client.php', ...validJson(SmsRequestSchema), async (c) => respond(c, await textLink(c, c.req.valid('json'))));

/** The link a text carries, to the download landing with the payee and the visitor's language. */
function longLinkOf(
  c: Context<AppEnv>,
  policy: RedirectPolicy,
  request: SmsRequest,
  linkId: string,
  payeeName: string | undefined,
): string {
  return `${policy.siteOrigin}${downloadPath({ source: request.source, payeeId: request.payeeId, payeeName, linkId, language: chosenLanguage(c) })}`;
}

/** The text's link made short (`/s/<key>`), or the long one when the store refuses it. */
async function shortLink(
  c: Context<AppEnv>,
  policy: RedirectPolicy,
  request: SmsRequest,
  linkId: string,
  payeeName: string | undefined,
): Promise<string> {
  const longLink = longLinkOf(c, policy, request, linkId, payeeName);
  const key = await createShortLink(c.env.LINKS, policy, longLink).catch(() => null);
  return key ? `${policy.siteOrigin}/s/${key}` : longLink;
}

/** Texts the app's link to a number (a pay page's, the widget's or the not-found page's form, with script or without). */
export async function textLink(c: Context<AppEnv>, request: SmsRequest): Promise<Answer<{ success: true }> | Refused> {
  const config = c.get('config');
  const words = wordsOf(c);

  const kind = request.payeeId ? 'bill-pay' : 'download';
  const text = (outcome: 'sent' | 'refused-limit' | 'refused-human' | 'failed-backend') => recordEvent(c, 'text', { outcome, kind });

  // The human check, both limits (one call to the client's counters, one to the number's) and
  // the payee's name (as the pages keep it) are asked at once; a visitor the human check refuses
  // gets back the slots taken. The short link is stored as soon as the human check has passed and
  // the payee is known, beside the limits: a new number's counters wait on their name's first-use
  // check, and the link need not wait on them too.
  const origin = c.get('origin');
  const policy = redirectPolicy(config, c.req.url);
  const linkId = linkIdFrom(getCookie(c, LINK_ID_COOKIE));
  const checked = refuseBots(c, request.humanToken);
  const payeeAsked = request.payeeId ? origin.cachedPayeeById(request.payeeId) : undefined;
  const linked = Promise.all([checked, payeeAsked]).then(([bot, payee]) =>
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
  let payeeName: string | undefined;
  if (payee) {
    if (!payee.ok) {
      text('failed-backend');
      return unavailable(c, payee);
    }
    if (!payee.value) return refusal(400, words.api.billerNotFound, { payeeId: words.api.unknownPayee });
    payeeName = payee.value.payeeName;
  }

  const link = (await linked) ?? longLinkOf(c, policy, request, linkId, payeeName);
  const sent = await origin.sendSms({
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
  return {
    status: 200,
    body: { success: true },
    // A widget lives in a partner's page, where this site sets no cookies.
    ...(request.source !== 'w' && {
      cookies: [
        generateCookie(LINK_ID_COOKIE, linkId, {
          path: '/',
          maxAge: LINK_ID_COOKIE_MAX_AGE_S,
          httpOnly: true,
          secure: true,
          sameSite: 'Lax',
        }),
      ],
    }),
  };
}
