import * as z from 'zod';

/**
 * Wire formats of the legacy origin (contract §3). Everything from the origin is untrusted:
 * unknown fields are dropped, wrong shapes refused, and loose legacy encodings (1/"0"/"true")
 * normalised to the types the pages use.
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

const digits = z.union([z.string().regex(/^\d{1,18}$/), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)]).transform(String);

/** The flags a payee and a search result share (pay-pages spec §3). */
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

export const AddressSchema = z.object({
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
  fee: z.coerce.number().finite().nonnegative().max(1000).nullish().transform((v) => v ?? 0),
  commonBot: text(200),
});
export type Payee = z.output<typeof PayeeSchema>;
export type PayeeInput = z.input<typeof PayeeSchema>;

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
});
export type SearchResult = z.output<typeof SearchResultSchema>;

export const FIELD_TYPES = ['confirmDeadlineApproaching', 'confirmAmountIncrease', 'confirmAmountIncreaseFee', 'input'] as const;
export const FieldSchema = z.object({
  type: z.enum(FIELD_TYPES),
  name: z.string().max(200),
  placeholder: text(500),
  value: text(2000),
});
export type Field = z.output<typeof FieldSchema>;

export const GET_PAID_VIEWS = [
  'access',
  'preEmail',
  'inviteForm',
  'setPass',
  'successUser',
  'successAg',
  'successKit',
  'oopsBeenHere',
  'oopsTryAgain',
  'oops',
] as const;
export type GetPaidView = (typeof GET_PAID_VIEWS)[number];

const optionalText = (max: number) => z.string().max(max).optional();

export const GetPaidRequestSchema = z.object({
  whichState: z.enum(GET_PAID_VIEWS),
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

export const GetPaidResponseSchema = z.object({
  nextView: z.enum(GET_PAID_VIEWS),
  sessionToken: optionalText(200),
  payeeName: optionalText(200),
  payeeBilling: flag.optional(),
  payeeId: digits.optional(),
  amount: z.union([z.string().max(40), z.number()]).transform(String).optional(),
  phone: optionalText(40),
  payeeCreatedAt: optionalText(40),
  inviteCount: z.coerce.number().int().nonnegative().optional(),
  existingGroup: flag.optional(),
});
export type GetPaidResponse = z.output<typeof GetPaidResponseSchema>;

export const TeamEmailSchema = z.object({
  subject: z.string().max(300),
  line: z.string().max(1000),
  note: z.string().max(2000),
  elist: z.string().max(500),
  form: z.object({
    payeeName: optionalText(200),
    payeeId: optionalText(20),
    email: optionalText(254),
    inviteCode: optionalText(500),
    payeeCreatedAt: optionalText(40),
    statements: optionalText(20),
    phone: optionalText(40),
    fax: optionalText(40),
    inviteCount: z.union([z.string().max(10), z.number()]).optional(),
    tactic: optionalText(100),
    page: optionalText(200),
  }),
});
export type TeamEmail = z.output<typeof TeamEmailSchema>;

export const SmsSendSchema = z.object({
  num: z.string().regex(/^1?\d{10}$/),
  body: z.string().min(1).max(1600),
  name: optionalText(200),
  id: optionalText(20),
  messageType: z.string().max(50),
  googleRecaptchaToken: z.string().max(4096),
  sendingApplication: z.literal('PUBLIC_SITE'),
  recipientType: z.literal('USER'),
  requestOrigin: optionalText(200),
});
export type SmsSend = z.output<typeof SmsSendSchema>;

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

export const PaymentQuerySchema = z.object({
  p: z.string().regex(/^\d{1,18}$/),
  optE: z.boolean().optional(),
  silent: z.boolean().optional(),
  generic: z.boolean().optional(),
});
export type PaymentQuery = z.output<typeof PaymentQuerySchema>;

export const PaymentResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), confirmationUrl: z.string().min(1).max(2000) }),
  z.object({ status: z.literal('error'), message: z.string().max(1000).default('') }),
]);
export type PaymentResult = z.output<typeof PaymentResultSchema>;

export const PAY_LATER_CODES = ['USER_NOT_FOUND', 'USER_NOT_ENROLLED', 'USER_ENROLLED_ALREADY'] as const;
export const PayLaterResultSchema = z.union([
  z.object({ status: z.literal('success') }),
  z.object({ status: z.literal('error'), result: z.object({ code: z.enum(PAY_LATER_CODES) }) }),
]);
export type PayLaterResult = z.output<typeof PayLaterResultSchema>;
