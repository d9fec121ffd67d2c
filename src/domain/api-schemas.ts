import * as z from 'zod';
import { GET_PAID_POSTED_VIEWS } from './get-paid';
import { FIELD_TYPES } from './info-request';
import { INVALID_TOKEN, REQUIRED } from './messages';
import { HINT_LENGTH_TODO, HINT_MATCH_TODO, PASSWORD_MIN } from './password';
import { PAYEE_ID, SEARCH_TERM_MIN } from './payee';
import { CARD_FIELDS, PAYER_FIELDS } from './payment';
import { tokenEmail } from './pay-later';
import { PAYEE_NAME } from './payee-resolution';

/** Requests the browser sends to the Worker's API (contract §4). Shared by islands and routes. */

/** A one-time token from an emailed or texted link (reset links, bill-info requests, bills). */
export const TOKEN_SHAPE = /^[A-Za-z0-9_\-.=]{1,200}$/;

/** A base64 value carried by a link (the pay-later email, a get-paid invite), up to 500 characters. */
export const BASE64_LINK_VALUE = /^[A-Za-z0-9+/_-]{1,496}={0,2}$/;
const token = z.string().min(1, REQUIRED).regex(TOKEN_SHAPE, INVALID_TOKEN);
const shortText = (max: number) => z.string().max(max);
/** A text that may be missing or null, read as empty. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');

export const PayeeQuerySchema = z.object({
  url: z.string().min(1, REQUIRED).regex(PAYEE_NAME, 'Invalid payee name.'),
});

export const NotFoundReportSchema = z.object({
  path: z.string().min(1).max(2000).startsWith('/'),
});

export const FeatureQuerySchema = z.object({ featureName: z.enum(['pay-wpbp-redirect']) });

export const PasswordResetSchema = z.object({
  x: token,
  np: z.string().min(PASSWORD_MIN, HINT_LENGTH_TODO).max(200).optional(),
  humanToken: z.string().max(4096).optional(),
});

export const payeeIdField = z.string().regex(PAYEE_ID, 'Invalid payee.');

/** The query of a payment submit: the payee and the legacy switches. */
export const PaymentQuerySchema = z.object({
  p: payeeIdField,
  optE: z.literal('true').optional(),
  silent: z.literal('1').optional(),
  generic: z.literal('1').optional(),
  ib: z.literal('1').optional(),
});

/** A form field that may be missing and is sent at most once (a repeated name arrives as a list). */
const sentOnce = z.string({ error: 'Sent more than once.' }).optional();

/**
 * The guest payment as posted (multipart or urlencoded): each field once, the company's invoices
 * as a list. What each value must be depends on the payee and is checked by the payment rules.
 */
export const PaymentFormSchema = z.object({
  ...(Object.fromEntries([...PAYER_FIELDS, ...CARD_FIELDS].map((name) => [name, sentOnce])) as Record<
    (typeof PAYER_FIELDS)[number] | (typeof CARD_FIELDS)[number],
    typeof sentOnce
  >),
  invoice: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : [v].flat())),
  isBtoB: sentOnce,
  idempotencyKey: sentOnce,
  humanToken: sentOnce,
  googleRecaptchaToken: sentOnce,
});

export const GetPayeeQuerySchema = z.object({ action: z.literal('getPayee'), p: payeeIdField });

export const SearchQuerySchema = z.object({
  action: z.literal('getPayees'),
  term: z.string().trim().min(SEARCH_TERM_MIN, 'Type at least 3 characters.'),
  target: z.literal('partner'),
});

/** What Google's sign-in sends back: printable ASCII only (scopes are space-separated URLs). */
const oauthText = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\x20-\x7e]*$/, 'Unexpected characters.')
    .default('');

export const EmailLinkSchema = z.object({
  state: oauthText(2000),
  code: oauthText(2000),
  scope: oauthText(2000),
  error: oauthText(500),
});
export type EmailLink = z.output<typeof EmailLinkSchema>;
/** The `_form` name of the account-link button. */
export const ACCOUNT_LINK_FORM = 'account-link';

/** A field of a bill-info request, as the backend sends it and the browser sends it back. */
export const FieldSchema = z.object({
  type: z.enum(FIELD_TYPES),
  name: z.string().max(200),
  placeholder: text(500),
  value: text(2000),
});

export const InfoTokenQuerySchema = z.object({ t: token });
/** The answers to a bill-info request: every field has a value (spec 001 §5), or nothing is sent. */
export const InfoAnswerSchema = z.object({
  fields: z
    .array(FieldSchema)
    .min(1)
    .max(50)
    .superRefine((fields, ctx) => {
      fields.forEach((field, i) => {
        if (!field.value.trim()) ctx.addIssue({ code: 'custom', path: [i, 'value'], message: REQUIRED });
      });
    }),
});
/** Cancelling a bill names its bill-info token; a bill id alone is refused. */
export const CancelQuerySchema = z.object({ t: token });

export const MemberSignupQuerySchema = z.object({
  p: z.enum(['CARD_ON_FILE', 'NEW_METHOD']),
  f: shortText(100).default(''),
  a: z
    .string()
    .regex(/^\d{0,2}$/)
    .default(''),
});

export const PayLaterSchema = z.object({
  ue: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .max(400)
    .refine((ue) => tokenEmail(ue) !== undefined, INVALID_TOKEN),
});

const optionalText = (max: number) => z.string().max(max).optional();

export const GetPaidRequestSchema = z.object({
  whichState: z.enum(GET_PAID_POSTED_VIEWS),
  access: optionalText(100),
  email: optionalText(254),
  pass: optionalText(200),
  fax: optionalText(40),
  statements: optionalText(20),
  signup: z.boolean().optional(),
  i: optionalText(500),
  sessionToken: optionalText(200),
});
export type GetPaidRequest = z.output<typeof GetPaidRequestSchema>;

export const ShortenSchema = z.object({ url: z.string().min(1).max(2000) });

/** The new password and its confirmation, as the form posts them; each message at its field. */
export const NewPasswordSchema = z
  .object({ np: z.string().min(PASSWORD_MIN, HINT_LENGTH_TODO).max(200), confirm: z.string().max(200) })
  .refine((v) => v.np === v.confirm, { path: ['confirm'], message: HINT_MATCH_TODO });
