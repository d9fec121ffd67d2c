import * as z from 'zod';
import { sanitizeHeading } from '../security/sanitize';
import { GET_PAID_VIEWS, type GetPaidResponse } from '../domain/get-paid';
import { PAY_LATER_CODES, type PayLaterResult } from '../domain/pay-later';
import { PAYEE_ID, type Payee, type SearchResult } from '../domain/payee';

/**
 * Wire formats of the legacy origin (contract §3), read into the domain's own types. Everything
 * from the origin is untrusted: unknown fields are dropped, wrong shapes refused, and loose legacy
 * encodings (1/"0"/"true") normalised. Nothing outside `src/origin/` imports this file.
 */

/** A boolean flag as the legacy backend may send it; absent means false. */
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', ''])])
  .nullish()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');

const digits = z.union([z.string().regex(PAYEE_ID), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)]).transform(String);

const payeeFlags = {
  isProvider: flag,
  isBilling: flag,
  isPartner: flag,
  noGenericWeb: flag,
  autoConf: flag,
  hasAccount: flag,
  useStatement: flag,
  notMedical: flag,
};

const AddressSchema = z.object({
  address1: text(200),
  address2: text(200),
  city: text(100),
  state: text(50),
  zip: text(20),
});

export const PayeeSchema = z.object({
  payeeId: digits,
  payeeName: z.string().min(1).max(200),
  logo: z
    .object({ url: text(2000) })
    .nullish()
    .transform((v) => v ?? { url: '' }),
  url: text(200),
  urls: z
    .object({ url: text(200), billingUrl: text(200) })
    .nullish()
    .transform((v) => v ?? { url: '', billingUrl: '' }),
  ...payeeFlags,
  customHeading: text(10_000),
  address: AddressSchema.nullish().transform((v) => v ?? { address1: '', address2: '', city: '', state: '', zip: '' }),
  pphone: text(40),
  customFields: z
    .object({ payDOB: flag, payDOS: flag, billingZip: flag })
    .nullish()
    .transform((v) => v ?? { payDOB: false, payDOS: false, billingZip: false }),
  acctRegex: text(500),
  acctRegexWarn: text(500),
  acctRegexReadibleString: text(200),
  ccAccepted: z
    .object({ pall: flag, pvisa: flag, pmc: flag, pdiscover: flag, pamex: flag })
    .nullish()
    .transform((v) => v ?? { pall: true, pvisa: true, pmc: true, pdiscover: true, pamex: true }),
  payeeFees: z
    .array(z.string().max(500))
    .max(20)
    .nullish()
    .transform((v) => v ?? []),
  fee: z.coerce
    .number()
    .finite()
    .nonnegative()
    .max(1000)
    .nullish()
    .transform((v) => v ?? 0),
  commonBot: text(200),
}) satisfies z.ZodType<Payee>;
export type PayeeInput = z.input<typeof PayeeSchema>;

/** A payee as the origin answers it, its custom heading cleaned once, here, before anything keeps or shows it. */
export const FetchedPayeeSchema = PayeeSchema.transform(async (payee) => ({
  ...payee,
  customHeading: await sanitizeHeading(payee.customHeading),
}));

export const SearchResultSchema = z.object({
  id: digits,
  name: z.string().min(1).max(200),
  street1: text(200),
  street2: text(200),
  city: text(100),
  state: text(50),
  zip: text(20),
  url: text(200),
  ...payeeFlags,
}) satisfies z.ZodType<SearchResult>;

const optionalText = (max: number) => z.string().max(max).optional();

export const GetPaidResponseSchema = z.object({
  nextView: z.enum(GET_PAID_VIEWS),
  sessionToken: optionalText(200),
  payeeName: optionalText(200),
  payeeBilling: flag.optional(),
  payeeId: digits.optional(),
  amount: z
    .union([z.string().max(40), z.number()])
    .transform(String)
    .optional(),
  phone: optionalText(40),
  payeeCreatedAt: optionalText(40),
  inviteCount: z.coerce.number().int().nonnegative().optional(),
  existingGroup: flag.optional(),
}) satisfies z.ZodType<GetPaidResponse>;

/** What the backend's SMS call takes; the Worker composes it, never the browser. */
export interface SmsSend {
  num: string;
  body: string;
  name?: string;
  id?: string;
  messageType: string;
  googleRecaptchaToken: string;
  sendingApplication: 'PUBLIC_SITE';
  recipientType: 'USER';
  requestOrigin?: string;
}

/** The multipart fields of a payment (pay-pages spec §7). Card data passes through, never stored here. */
export const PAYMENT_FIELDS = [
  'patientName',
  'account',
  'payDOB',
  'payDOS',
  'amount',
  'email',
  'phone',
  'billingZip',
  'ccn',
  'exp',
  'cvv',
  'billName',
  'zip',
  'addr1',
  'city',
  'state',
  'payNote',
  'googleRecaptchaToken',
  'paybotName',
  'paybotFields',
  'WebPayVue',
  'Submit',
  'deviceType',
  'webUrl',
  'isBtoB',
] as const;
export type PaymentField = (typeof PAYMENT_FIELDS)[number];
export type PaymentFields = Partial<Record<PaymentField, string>>;

export interface PaymentQuery {
  p: string;
  optE?: boolean;
  silent?: boolean;
  generic?: boolean;
}

export const PaymentResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), confirmationUrl: z.string().min(1).max(2000) }),
  z.object({ status: z.literal('error'), message: z.string().max(1000).default('') }),
]);

export const PayLaterResultSchema = z.union([
  z.object({ status: z.literal('success') }),
  z.object({ status: z.literal('error'), result: z.object({ code: z.enum(PAY_LATER_CODES) }) }),
]) satisfies z.ZodType<PayLaterResult>;
