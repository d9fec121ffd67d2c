/** The islands protocol, shared by the server wrapper and the browser entry. */
export const ISLAND_ATTR = 'data-island';
export const ISLAND_PROPS_ATTR = 'data-props';
export const ISLAND_HYDRATED_ATTR = 'data-hydrated';
/**
 * The hidden field that names which form of a page was posted: the Worker hands that form's
 * posted state back to its island (src/domain/posted-form.ts).
 */
export const FORM_FIELD = '_form';
/** The `_form` name of the text-me-a-link form (pay pages, the widget, the not-found page). */
export const SMS_FORM = 'sms';

/** Island module names: each is `client/islands/<name>.tsx` with a default-exported component. */
export type IslandName =
  | 'redirect-after'
  | 'sms-form'
  | 'pay-widget'
  | 'provider-lookup'
  | 'web-payment-form'
  | 'password-reset'
  | 'pay-later'
  | 'member-signup'
  | 'info-request'
  | 'get-paid'
  | 'dev-charts';
