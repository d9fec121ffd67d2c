// The server's schemas of the web payment form, built from the rules of `payment.ts`: the same
// rule and message for each field in the browser and on the server, and no zod in the browser.
import * as z from 'zod/mini';
import { en, type PaymentProblemText } from './catalogue/en';
import { fieldErrors } from './errors';
import {
  CARD_FIELDS,
  cardChecks,
  fieldProblem,
  PAYER_FIELDS,
  payerChecks,
  problemText,
  type CARD_FORM,
  type CardField,
  type CheckedStep,
  type PAYER_FORM,
  type PayeeRules,
  type PayerField,
} from './payment';
import { type PaymentProblem } from './field-rules';
import { INVOICE_FIELD, MAX_INVOICES, type FieldCheck } from './field-rules';

/** Problems as the visitor reads them: in a language, with the payee's own account hint. */
type Say = (problem: PaymentProblem) => string;

/** A field checked by its rule, then as the backend gets it (trimmed, slashes put in). */
function fieldSchema(field: FieldCheck, say: Say) {
  const checked = z.pipe(
    // Missing, or not text at all: the field's own word for it, as in the browser.
    z.string({ error: (issue) => say(fieldProblem(field, issue.input) ?? 'required') }),
    z.transform((value: string, ctx) => {
      const problem = field.rule(value);
      if (!problem) return field.normalize(value);
      ctx.issues.push({ code: 'custom', message: say(problem), input: value });
      return z.NEVER;
    }),
  );
  return field.optional ? z.optional(checked) : checked;
}

function schemasOf<Name extends string>(fields: Record<Name, FieldCheck>, say: Say) {
  return Object.fromEntries(Object.entries<FieldCheck>(fields).map(([name, field]) => [name, fieldSchema(field, say)])) as Record<
    Name,
    ReturnType<typeof fieldSchema>
  >;
}

/** Step 1 as checked: every field the payee asks for is there (and `invoices` for a company). */
export type PayerForm = CheckedStep<typeof PAYER_FORM> & { invoices?: string[] };
/** Step 2 as checked. */
export type CardForm = CheckedStep<typeof CARD_FORM>;

/** Step 1, patient / payer / company info (`payerChecks`), with a company's invoice numbers; problems said in `texts`. */
export function payerSchema(
  rules: PayeeRules,
  { company }: { company: boolean },
  texts: PaymentProblemText = en.paymentProblems,
): z.ZodMiniType<PayerForm> {
  const say: Say = (problem) => problemText(texts, problem, rules);
  return z.object({
    ...schemasOf(payerChecks(rules, { company }), say),
    invoices: company
      ? z
          .array(fieldSchema(INVOICE_FIELD, say), { error: say('required') })
          .check(z.minLength(1, say('required')), z.maxLength(MAX_INVOICES, say('tooLong')))
      : z.optional(z.array(z.string()).check(z.maxLength(0, say('tooLong')))),
    // A field's rule says whether it may be missing: only those fields come out undefined.
  }) as unknown as z.ZodMiniType<PayerForm>;
}

/** Step 2, payment info (`cardChecks`), problems said in `texts`. `now` decides which expiry dates have passed. */
export function cardSchema(rules: PayeeRules, now: Date, texts: PaymentProblemText = en.paymentProblems): z.ZodMiniType<CardForm> {
  const say: Say = (problem) => problemText(texts, problem, rules);
  return z.object(schemasOf(cardChecks(rules, now), say)) as unknown as z.ZodMiniType<CardForm>;
}

/** A payment's fields as posted: each step's by name, a company's invoice numbers as a list. */
export type PostedPayment = Partial<Record<PayerField | CardField, string>> & { invoice?: readonly string[] };

/** Step 1's fields as its schema takes them: a company's invoice numbers in place of the account. */
export function payerInput(company: boolean, posted: PostedPayment): Record<string, unknown> {
  return {
    ...Object.fromEntries(PAYER_FIELDS.map((name) => [name, posted[name]])),
    account: company ? undefined : posted.account,
    invoices: company ? posted.invoice : undefined,
  };
}

/** Both steps checked: each field as the backend gets it, or every field's message together. */
export type CheckedPayment = { ok: true; payer: PayerForm; card: CardForm } | { ok: false; problems: Record<string, string> };

/**
 * A payment checked once against its payee's rules, both steps together (a company's invoices in
 * place of the account). `now` decides which expiry dates have passed.
 */
export function checkPayment(
  rules: PayeeRules,
  company: boolean,
  posted: PostedPayment,
  now: Date,
  texts: PaymentProblemText = en.paymentProblems,
): CheckedPayment {
  const payer = payerSchema(rules, { company }, texts).safeParse(payerInput(company, posted));
  const card = cardSchema(rules, now, texts).safeParse(Object.fromEntries(CARD_FIELDS.map((name) => [name, posted[name]])));
  if (payer.success && card.success) return { ok: true, payer: payer.data, card: card.data };
  return { ok: false, problems: { ...(payer.success ? {} : fieldErrors(payer.error)), ...(card.success ? {} : fieldErrors(card.error)) } };
}
