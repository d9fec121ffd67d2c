import { Hono } from '../lib/hono';
import { ReceiptPage } from '../pages/receipt';
import type { AppEnv } from '../web/app-env';
import { renderPrivatePage } from '../web/render';
import { notFound } from './not-found';
import { PaymentApprovedPage } from '../pages/payment-approved';
import { APPROVED_PATH } from '../domain/web-payment';
import { PAYEE_ID } from '../domain/payee';
import { approvalSigned } from '../security/form-keys';
import { formKeySecret } from '../security/secrets';

/** The receipt at the embedded origin's confirmation URL; a real backend serves its own. */
export const receiptRoutes = new Hono<AppEnv>();

receiptRoutes.get('/receipt/:confirmation', async (c) => {
  const confirmation = c.req.param('confirmation');
  const receipt = /^PAP-[A-Z0-9]{8}$/.test(confirmation) ? await c.get('origin').receipt(confirmation) : null;
  return receipt ? renderPrivatePage(c, <ReceiptPage receipt={receipt} />) : notFound(c);
});

/**
 * The site's own page for an approved payment whose receipt address the site would not send a
 * visitor to: drawn only from an address the payment's answer gave (its signature), for the payee it names.
 */
receiptRoutes.get(`${APPROVED_PATH}/:claim`, async (c) => {
  const claim = c.req.param('claim');
  const { p = '', s = '' } = c.req.query();
  if (!/^[0-9a-f]{24,64}$/.test(claim) || !PAYEE_ID.test(p)) return notFound(c);
  const [signed, payee] = await Promise.all([
    approvalSigned(formKeySecret(c.get('config')), claim, p, s),
    c.get('origin').cachedPayeeById(p),
  ]);
  if (!signed || !payee.ok || !payee.value) return notFound(c);
  return renderPrivatePage(c, <PaymentApprovedPage payeeName={payee.value.payeeName} payeePhone={payee.value.pphone || undefined} />);
});
