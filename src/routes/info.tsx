import { Hono } from '../lib/hono';
import { FinancingPage } from '../pages/financing';
import { VerificationPage } from '../pages/verification';
import type { AppEnv } from '../web/app-env';
import { renderPage } from '../web/render';
import { notFound } from './not-found';

export const infoRoutes = new Hono<AppEnv>();

const verificationForms = [
  ['/merchant-verification', 'merchant'],
  ['/confirmation', 'confirmation'],
  ['/newpartner', 'newpartner'],
] as const;

for (const [path, key] of verificationForms) {
  infoRoutes.get(path, (c) => {
    const formUrl = c.get('config').verification[key];
    // Without a configured form there is nothing to verify with: the page does not exist.
    if (!formUrl) return notFound(c);
    return renderPage(c, <VerificationPage page={path.slice(1)} form={key} formUrl={formUrl} />, {
      reuse: true,
    });
  });
}

infoRoutes.get('/financing', (c) => {
  const config = c.get('config');
  const payeeName = (c.req.query('PAYEE_NAME') ?? '').trim().slice(0, 100);
  // Two known payees have their own page (spec 000 §2); everyone else goes back to the pay page.
  // A display name is no payee address, so it never goes into the link.
  const backHref = config.financingBackLinks.get(payeeName.toLowerCase()) ?? '/pay';
  return renderPage(c, <FinancingPage providerUrl={config.financingProviderUrl} backHref={backHref} />, { reuse: true });
});
