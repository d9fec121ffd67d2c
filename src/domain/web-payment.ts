import type { Payee } from './payee';

/**
 * Whether a payee is offered web payment (pay-pages spec §4): not for noGenericWeb, autoConf,
 * partner+billing, provider+billing or generic-pay payees, except the ids always allowed.
 */
export function webPaymentOffered(
  payee: Payee,
  { genericPayNames, webPayAlwaysAllowed }: { genericPayNames: string[]; webPayAlwaysAllowed: string[] },
): boolean {
  if (webPayAlwaysAllowed.includes(payee.payeeId)) return true;
  if (payee.noGenericWeb || payee.autoConf) return false;
  if (payee.isBilling && (payee.isPartner || payee.isProvider)) return false;
  if (genericPayNames.includes(payee.url.toLowerCase()) || genericPayNames.includes(payee.urls.url.toLowerCase())) return false;
  return true;
}

/**
 * The site's own page for an approved payment whose receipt address the site would not send a
 * visitor to: `/web-payment/approved/<the claim id of its form key>?p=<payee id>&s=<signature>`,
 * signed when the backend approved the charge (`approvalSignature`).
 */
export const APPROVED_PATH = '/web-payment/approved';
export const approvedPath = (claimId: string, payeeId: string, signature: string): string =>
  `${APPROVED_PATH}/${claimId}?p=${payeeId}&s=${signature}`;
