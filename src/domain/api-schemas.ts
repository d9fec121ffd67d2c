// zod's smaller functional build: the Worker loads it on every cold start, and islands share these.
import * as z from 'zod/mini';
import { FIELD_TYPES } from './info-request';
import { INVALID_PAYEE_NAME, INVALID_TOKEN, REQUIRED, SENT_TWICE } from './messages';
import { PASSWORD_TOO_SHORT, PASSWORDS_DIFFER, PASSWORD_MIN } from './password';
import { PAYEE_ID, SEARCH_TERM_MIN } from './payee';
import { CARD_FIELDS, PAYER_FIELDS } from './payment';
import { tokenEmail } from './pay-later';
import { PAYEE_NAME } from './payee-resolution';

/**
 * Requests the browser sends to the Worker's API (contract §4). Shared by islands and routes.
 * Each exported schema is built on its first use (`z.lazy`): a new isolate builds only what its
 * first request checks (decisions/016).
 */

/** A one-time token from an emailed or texted link (reset links, bill-info requests, bills). */
export const TOKEN_SHAPE = /^[A-Za-z0-9_\-.=]{1,200}$/;

/** A base64 value carried by a link (the pay-later email, a get-paid invite), up to 500 characters. */
export const BASE64_LINK_VALUE = /^[A-Za-z0-9+/_-]{1,496}={0,2}$/;
const token = z.string().check(z.minLength(1, REQUIRED), z.regex(TOKEN_SHAPE, INVALID_TOKEN));
const shortText = (max: number) => z.string().check(z.maxLength(max));
/** A text that may be missing or null, read as empty. */
const text = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.maxLength(max))),
    z.transform((v) => v ?? ''),
  );

export const PayeeQuerySchema = z.lazy(() =>
  z.object({
    url: z.string().check(z.minLength(1, REQUIRED), z.regex(PAYEE_NAME, INVALID_PAYEE_NAME)),
  }),
);

export const NotFoundReportSchema = z.lazy(() =>
  z.object({
    path: z.string().check(z.minLength(1), z.maxLength(2000), z.startsWith('/')),
  }),
);

export const FeatureQuerySchema = z.lazy(() => z.object({ featureName: z.enum(['pay-wpbp-redirect']) }));

export const PasswordResetSchema = z.lazy(() =>
  z.object({
    x: token,
    np: z.optional(z.string().check(z.minLength(PASSWORD_MIN, PASSWORD_TOO_SHORT), z.maxLength(200))),
    humanToken: z.optional(z.string().check(z.maxLength(4096))),
  }),
);

export const payeeIdField = z.lazy(() => z.string().check(z.regex(PAYEE_ID, 'Invalid payee.')));

/** Which payee a fresh payment form key is for. */
export const FormKeyQuerySchema = z.lazy(() => z.object({ p: payeeIdField }));
/** The query of a payment submit: the payee and the legacy switches. */
export const PaymentQuerySchema = z.lazy(() =>
  z.object({
    p: payeeIdField,
    optE: z.optional(z.literal('true')),
    silent: z.optional(z.literal('1')),
    generic: z.optional(z.literal('1')),
    ib: z.optional(z.literal('1')),
  }),
);

/** A form field that may be missing and is sent at most once (a repeated name arrives as a list). */
const sentOnce = z.optional(z.string({ error: SENT_TWICE }));

/**
 * The guest payment as posted (multipart or urlencoded): each field once, the company's invoices
 * as a list. What each value must be depends on the payee and is checked by the payment rules.
 */
export const PaymentFormSchema = z.lazy(() =>
  z.object({
    ...(Object.fromEntries([...PAYER_FIELDS, ...CARD_FIELDS].map((name) => [name, sentOnce])) as Record<
      (typeof PAYER_FIELDS)[number] | (typeof CARD_FIELDS)[number],
      typeof sentOnce
    >),
    invoice: z.pipe(
      z.optional(z.union([z.string(), z.array(z.string())])),
      z.transform((v) => (v === undefined ? [] : [v].flat())),
    ),
    isBtoB: sentOnce,
    formKey: sentOnce,
    humanToken: sentOnce,
    googleRecaptchaToken: sentOnce,
    interactiveToken: sentOnce,
  }),
);

export const GetPayeeQuerySchema = z.lazy(() => z.object({ action: z.literal('getPayee'), p: payeeIdField }));

export const SearchQuerySchema = z.lazy(() =>
  z.object({
    action: z.literal('getPayees'),
    term: z.string().check(z.trim(), z.minLength(SEARCH_TERM_MIN, 'Type at least 3 characters.')),
    target: z.literal('partner'),
  }),
);

/** What Google's sign-in sends back: printable ASCII only (scopes are space-separated URLs). */
const oauthText = (max: number) => z._default(z.string().check(z.maxLength(max), z.regex(/^[\x20-\x7e]*$/, 'Unexpected characters.')), '');

export const EmailLinkSchema = z.lazy(() =>
  z.object({
    state: oauthText(2000),
    code: oauthText(2000),
    scope: oauthText(2000),
    error: oauthText(500),
  }),
);
export type EmailLink = z.output<typeof EmailLinkSchema>;
/** The `_form` name of the account-link button. */
export const ACCOUNT_LINK_FORM = 'account-link';

/** A field of a bill-info request, as the backend sends it and the browser sends it back. */
export const FieldSchema = z.lazy(() =>
  z.object({
    type: z.enum(FIELD_TYPES),
    name: z.string().check(z.maxLength(200)),
    placeholder: text(500),
    value: text(2000),
  }),
);

export const InfoTokenQuerySchema = z.lazy(() => z.object({ t: token }));
/** The answers to a bill-info request: every field has a value (spec 001 §5), or nothing is sent. */
export const InfoAnswerSchema = z.lazy(() =>
  z.object({
    fields: z.array(FieldSchema).check(
      z.minLength(1),
      z.maxLength(50),
      z.superRefine((fields, ctx) => {
        fields.forEach((field, i) => {
          if (!field.value.trim()) ctx.addIssue({ code: 'custom', path: [i, 'value'], message: REQUIRED });
        });
      }),
    ),
  }),
);
/** Cancelling a bill names its bill-info token; a bill id alone is refused. */
export const CancelQuerySchema = z.lazy(() => z.object({ t: token }));

export const MemberSignupQuerySchema = z.lazy(() =>
  z.object({
    p: z.enum(['CARD_ON_FILE', 'NEW_METHOD']),
    f: z._default(shortText(100), ''),
    a: z._default(z.string().check(z.regex(/^\d{0,2}$/)), ''),
  }),
);

export const PayLaterSchema = z.lazy(() =>
  z.object({
    ue: z.string().check(
      z.trim(),
      z.minLength(1, REQUIRED),
      z.maxLength(400),
      z.refine((ue) => tokenEmail(ue) !== undefined, INVALID_TOKEN),
    ),
  }),
);

/** The get-paid form's request lives with its flow. */
export { GetPaidRequestSchema, type GetPaidRequest } from './get-paid';

export const ShortenSchema = z.lazy(() => z.object({ url: z.string().check(z.minLength(1), z.maxLength(2000)) }));

/** The new password and its confirmation, as the form posts them; each message at its field. */
export const NewPasswordSchema = z.lazy(() =>
  z
    .object({
      np: z.string().check(z.minLength(PASSWORD_MIN, PASSWORD_TOO_SHORT), z.maxLength(200)),
      confirm: z.string().check(z.maxLength(200)),
    })
    .check(z.refine((v) => v.np === v.confirm, { path: ['confirm'], message: PASSWORDS_DIFFER })),
);
