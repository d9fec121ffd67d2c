import { Hono } from '../lib/hono';
import { ReceiptPage } from '../pages/receipt';
import { PRIVATE_PAGE } from '../security/headers';
import type { AppEnv } from '../web/app-env';
import { renderPage } from '../web/render';
import { notFound } from './not-found';

/** The receipt at the embedded origin's confirmation URL; a real backend serves its own. */
export const receiptRoutes = new Hono<AppEnv>();

receiptRoutes.get('/receipt/:confirmation', async (c) => {
  const confirmation = c.req.param('confirmation');
  const receipt = /^PAP-[A-Z0-9]{8}$/.test(confirmation) ? await c.get('origin').receipt(confirmation) : null;
  return receipt ? renderPage(c, <ReceiptPage receipt={receipt} />, { headers: PRIVATE_PAGE }) : notFound(c);
});
