import { Hono } from '../lib/hono';
import { ReceiptPage } from '../pages/receipt';
import { PRIVATE_PAGE } from '../security/headers';
import type { AppEnv } from '../web/app-env';
import { renderPage } from '../web/render';
import { notFound } from './not-found';
import { PaymentApprovedPage } from '../pages/payment-approved';
import { APPROVED_PATH, approvedPath } from '../domain/web-payment';
import { PAYEE_ID } from '../domain/payee';
import { approvedReceipt } from '../security/payment-claim';

/** The receipt at the embedded origin's confirmation URL; a real backend serves its own. */
export const receiptRoutes = new Hono<AppEnv>();

receiptRoutes.get('/receipt/:confirmation', async (c) => {
  const confirmation = c.req.param('confirmation');
  const receipt = /^PAP-[A-Z0-9]{8}$/.test(confirmation) ? await c.get('origin').receipt(confirmation) : null;
  return receipt ? renderPage(c, <ReceiptPage receipt={receipt} />, { headers: PRIVATE_PAGE }) : notFound(c);
});

/**
 * The site's own page for an approved payment whose receipt address the site would not send a
 * visitor to: drawn only for a claim whose approved answer led here, for the payee it names.
 */
receiptRoutes.get(`${APPROVED_PATH}/:claim`, async (c) => {
  const claim = c.req.param('claim');
  const p = c.req.query('p') ?? '';
  if (!/^[0-9a-f]{64}$/.test(claim) || !PAYEE_ID.test(p)) return notFound(c);
  const [receipt, payee] = await Promise.all([approvedReceipt(c.env.CLAIMS, claim), c.get('origin').cachedPayeeById(p)]);
  const led = receipt ? new URL(receipt, 'https://site.invalid') : null;
  const ours = new URL(approvedPath(claim, p), 'https://site.invalid');
  if (!led || led.pathname !== ours.pathname || led.searchParams.get('p') !== p || !payee.ok || !payee.value) return notFound(c);
  return renderPage(c, <PaymentApprovedPage payeeName={payee.value.payeeName} payeePhone={payee.value.pphone || undefined} />, {
    headers: PRIVATE_PAGE,
  });
});
