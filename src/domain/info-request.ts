/** Bill-info request rules (shell spec §2, §4, §8); its words are the catalogue's `infoRequest`. */
export const FIELD_TYPES = ['confirmDeadlineApproaching', 'confirmAmountIncrease', 'confirmAmountIncreaseFee', 'input'] as const;

/** One thing the payee asks about a bill: a confirmation, or a value to fill in. */
export interface Field {
  type: (typeof FIELD_TYPES)[number];
  name: string;
  placeholder: string;
  value: string;
}

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
export const INFO_RESULT_VIEWS = ['in-progress', 'cancelled'] as const;
export type InfoResult = (typeof INFO_RESULT_VIEWS)[number];
/** Each result's title and the text under it, as keys of the catalogue's `infoRequest`. */
export const INFO_RESULTS = {
  'in-progress': { title: 'inProgress', text: 'inProgressText' },
  cancelled: { title: 'cancelled', text: 'cancelledText' },
} as const satisfies Record<InfoResult, { title: string; text: string }>;
/** Why a bill-info page shows no questions, as a key of the catalogue's `infoRequest`. */
export type InfoFailure = 'invalidToken' | 'retrieveFailed';
/** The name an answer field posts under. */
export const infoFieldName = (index: number) => `field-${index}`;
