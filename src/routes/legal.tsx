import { Hono } from 'hono';
import { BillpayTerms } from '../pages/legal/billpay-terms';
import { PrivacyPolicy } from '../pages/legal/privacy-policy';
import { TermsOfService } from '../pages/legal/terms-of-service';
import { LegalPage } from '../pages/legal-page';
import type { AppEnv } from '../web/app-env';
import { renderPage } from '../web/render';

export const legalRoutes = new Hono<AppEnv>();

const terms = { page: 'Terms', doc: 'terms', body: TermsOfService } as const;
const privacy = { page: 'Privacy', doc: 'privacy', body: PrivacyPolicy } as const;
const billpay = { page: 'BillpayTerms', doc: 'billpay', body: BillpayTerms } as const;

for (const [path, doc] of [
  ['/embedded/termsofservice', terms],
  ['/termsofservice', terms],
  ['/embedded/privacy', privacy],
  ['/privacy', privacy],
  ['/embedded/billpay-termsofservice', billpay],
] as const) {
  const page = <LegalPage {...doc} />;
  legalRoutes.get(path, (c) => renderPage(c, page, { reuse: true, translated: true }));
}
