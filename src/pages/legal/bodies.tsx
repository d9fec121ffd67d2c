import type { ComponentType } from 'react';
import { BillpayTerms } from './billpay-terms';
import type { LegalDoc } from './documents';
import { PrivacyPolicy } from './privacy-policy';
import { TermsOfService } from './terms-of-service';

export { LEGAL_DOCS, legalDocumentPath } from './documents';

/** Each legal document's text, drawn to static HTML by the client build (never imported by the Worker). */
export const LEGAL_BODIES: Record<LegalDoc, ComponentType> = {
  terms: TermsOfService,
  privacy: PrivacyPolicy,
  billpay: BillpayTerms,
};
