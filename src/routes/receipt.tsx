import { Hono } from 'hono';
import { findReceipt } from '../origin/embedded';
import { ReceiptPage } from '../pages/receipt';
import { PRIVATE_PAGE } from '../security/headers';
import type { AppEnv } from '../server/app-env';
import { renderPage } from '../server/render';
import { notFound } from './not-found';

/** The receipt at the embedded origin's confirmation URL; a real backend serves its own. */
export const receiptRoutes = new Hono<AppEnv>();

receiptRoutes.get('/receipt/:confirmation', async (c) => {
  const confirmation = c.req.param('confirmation');
  if (c.get('config').originUrl || !/^PAP-[A-Z0-9]{8}$/.test(confirmation)) return notFound(c);
  const receipt = await findReceipt(c.env.DB, confirmation);
  if (!receipt) return notFound(c);
  return renderPage(c, <ReceiptPage receipt={receipt} />, { headers: PRIVATE_PAGE });
});
