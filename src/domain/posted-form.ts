/**
 * Forms that work without script (progressive enhancement): every form is a real
 * `<form method="post">` the Worker answers. When the Worker answers with the page itself, the
 * island that drew the form gets what was posted back, to show the same errors the script would.
 */

export interface PostedForm {
  /** The `_form` value: which form of the page this is about. */
  form: string;
  /** What the visitor typed, to fill the fields again (never a card number or security code). */
  values: Record<string, string>;
  /** Each field's message, shown at the field. */
  errors: Record<string, string>;
  /** The message for the whole form. */
  error?: string;
  /** The form's action succeeded: the page shows its result. */
  done?: boolean;
  /** What the page carries on with (a new payment key, the next step). */
  data?: Record<string, string>;
}

/** The posted state for the form named `form`, if it is the one that was posted. */
export const postedFor = (posted: PostedForm | undefined, form: string): PostedForm | undefined =>
  posted?.form === form ? posted : undefined;
