// The server's schemas of the web payment form, built from the rules of `payment.ts`: the same
// rule and message for each field in the browser and on the server, and no zod in the browser.
import * as z from 'zod/mini';
import {
  cardFields,
  fieldProblem,
  INVOICE_FIELD,
  MAX_INVOICES,
  payerFields,
  REQUIRED,
  TOO_LONG,
  type CardField,
  type PaymentField,
  type PayeeRules,
  type PayerField,
} from './payment';

/** A field checked by its rule, then as the backend gets it (trimmed, slashes put in). */
function fieldSchema(field: PaymentField) {
  const checked = z.pipe(
    // Missing, or not text at all: the field's own word for it, as in the browser.
    z.string({ error: (issue) => fieldProblem(field, issue.input) ?? REQUIRED }),
    z.transform((value: string, ctx) => {
      const message = field.rule(value);
      if (!message) return field.normalize(value);
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }),
  );
  return field.optional ? z.optional(checked) : checked;
}

function schemasOf<Name extends string>(fields: Record<Name, PaymentField>) {
  return Object.fromEntries(Object.entries<PaymentField>(fields).map(([name, field]) => [name, fieldSchema(field)])) as Record<
    Name,
    ReturnType<typeof fieldSchema>
  >;
}

/** Step 1 as checked: every field the payee asks for is there (and `invoices` for a company). */
export type PayerForm = Record<Exclude<PayerField, 'account' | 'payDOB' | 'payDOS' | 'billingZip'>, string> &
  Partial<Record<'account' | 'payDOB' | 'payDOS' | 'billingZip', string>> & { invoices?: string[] };
/** Step 2 as checked. */
export type CardForm = Record<Exclude<CardField, 'payNote'>, string> & { payNote?: string };

/** Step 1, patient / payer / company info (`payerFields`), with a company's invoice numbers. */
export function payerSchema(rules: PayeeRules, { company }: { company: boolean }): z.ZodMiniType<PayerForm> {
  return z.object({
    ...schemasOf(payerFields(rules, { company })),
    invoices: company
      ? z.array(fieldSchema(INVOICE_FIELD), { error: REQUIRED }).check(z.minLength(1, REQUIRED), z.maxLength(MAX_INVOICES, TOO_LONG))
      : z.optional(z.array(z.string()).check(z.maxLength(0, TOO_LONG))),
    // A field's rule says whether it may be missing: only those fields come out undefined.
  }) as unknown as z.ZodMiniType<PayerForm>;
}

/** Step 2, payment info (`cardFields`). `now` decides which expiry dates have passed. */
export function cardSchema(rules: PayeeRules, now: Date): z.ZodMiniType<CardForm> {
  return z.object(schemasOf(cardFields(rules, now))) as unknown as z.ZodMiniType<CardForm>;
}
