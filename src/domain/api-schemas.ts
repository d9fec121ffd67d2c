import * as z from 'zod';
import { FieldSchema, GetPaidRequestSchema, TeamEmailSchema } from '../origin/schemas';
import { PAYEE_NAME } from './payee-resolution';

/** Requests the browser sends to the Worker's API (contract §4). Shared by islands and routes. */

/** A one-time token from an emailed or texted link (reset links, bill-info requests, bills). */
export const TOKEN_SHAPE = /^[A-Za-z0-9_\-.=]{1,200}$/;

/** A base64 value carried by a link (the pay-later email, a get-paid invite), up to 500 characters. */
export const BASE64_LINK_VALUE = /^[A-Za-z0-9+/_-]{1,496}={0,2}$/;
const token = z.string().min(1, 'Required').regex(TOKEN_SHAPE, 'Invalid token.');
const shortText = (max: number) => z.string().max(max);

export const PayeeQuerySchema = z.object({
  url: z.string().min(1, 'Required').regex(PAYEE_NAME, 'Invalid payee name.'),
});

export const NotFoundReportSchema = z.object({
  path: z.string().min(1).max(2000).startsWith('/'),
});

export const FeatureQuerySchema = z.object({ featureName: z.enum(['pay-wpbp-redirect']) });

export const PasswordResetSchema = z.object({
  x: token,
  np: z.string().min(8, 'Please include at least 8 characters.').max(200).optional(),
  humanToken: z.string().max(4096).optional(),
});

export const GetPayeeQuerySchema = z.object({ action: z.literal('getPayee'), p: z.string().regex(/^\d{1,18}$/, 'Invalid payee.') });

export const SearchQuerySchema = z.object({
  action: z.literal('getPayees'),
  term: z.string().trim().min(3, 'Type at least 3 characters.').max(100),
  target: z.literal('partner'),
});

/** What Google's sign-in sends back: printable ASCII only (scopes are space-separated URLs). */
const oauthText = (max: number) => z.string().max(max).regex(/^[\x20-\x7e]*$/, 'Unexpected characters.').default('');

export const EmailLinkSchema = z.object({
  state: oauthText(2000),
  code: oauthText(2000),
  scope: oauthText(2000),
  error: oauthText(500),
});

export const InfoTokenQuerySchema = z.object({ t: token });
export const InfoAnswerSchema = z.object({ fields: z.array(FieldSchema).min(1).max(50) });
export const CancelQuerySchema = z.object({ o: token });

export const MemberSignupQuerySchema = z.object({
  p: z.enum(['CARD_ON_FILE', 'NEW_METHOD']),
  f: shortText(100).default(''),
  a: z.string().regex(/^\d{0,2}$/).default(''),
});

export const PayLaterSchema = z.object({ ue: z.string().trim().min(1, 'Required').max(400) });

export { GetPaidRequestSchema, TeamEmailSchema };

export const ShortenSchema = z.object({ url: z.string().min(1).max(2000) });
