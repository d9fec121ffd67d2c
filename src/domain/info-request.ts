/** Bill-info request texts (shell spec §2, §4, §8). */
export const FIELD_TYPES = ['confirmDeadlineApproaching', 'confirmAmountIncrease', 'confirmAmountIncreaseFee', 'input'] as const;

/** One thing the payee asks about a bill: a confirmation, or a value to fill in. */
export interface Field {
  type: (typeof FIELD_TYPES)[number];
  name: string;
  placeholder: string;
  value: string;
}

export const TRY_LATER = 'Please try again later. If this keeps happening, please contact Papaya.';
export { INVALID_TOKEN } from './messages';
export const RETRIEVE_FAILED = 'Error retrieving info.';
export const SUBMIT_FAILED = 'Error submitting the info.';
export const CANCEL_FAILED = 'Error cancelling the payment.';
export const IN_PROGRESS = 'Payment in progress';
export const CANCELLED = 'Payment cancelled';

/** A confirmation request (due date, amount, fee) rather than a list of fields to fill in. */
export const isConfirmation = (fields: Field[]) => fields.length > 0 && fields.every((f) => f.type !== 'input');

/** Submit is enabled only when every field has a value. */
export const allAnswered = (fields: Field[]) => fields.every((f) => f.value.trim() !== '');

/** `$120.00 → $135.50` as its old and new parts, when the request carries both. */
export function oldAndNew(text: string): { before: string; after: string } | null {
  const parts = text.split(/\s*(?:→|->)\s*/);
  return parts.length === 2 && parts[0] && parts[1] ? { before: parts[0], after: parts[1] } : null;
}

/** The `_form` name of the bill-info form, and the result views its post leads to. */
export const INFO_FORM = 'info';
export const INFO_RESULTS = { 'in-progress': IN_PROGRESS, cancelled: CANCELLED } as const;
export type InfoResult = keyof typeof INFO_RESULTS;
export const INFO_RESULT_VIEWS = Object.keys(INFO_RESULTS) as InfoResult[];
/** The text under each result's title. */
export const INFO_RESULT_TEXT: Record<InfoResult, string> = {
  'in-progress': 'Thank you. We will finish paying your bill.',
  cancelled: 'This payment will not be made.',
};
/** The name an answer field posts under. */
export const infoFieldName = (index: number) => `field-${index}`;
