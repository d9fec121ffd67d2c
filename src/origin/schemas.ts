import * as z from 'zod/mini';
import { sanitizeHeading } from '../security/sanitize';
import { declineReason } from '../domain/declines';
import { GET_PAID_VIEWS, type GetPaidResponse } from '../domain/get-paid';
import { PAY_LATER_CODES, type PayLaterResult } from '../domain/pay-later';
import { PAYEE_ID, type Payee, type SearchResult } from '../domain/payee';

/**
 * Wire formats of the legacy origin (contract §3), read into the domain's own types. Everything
 * from the origin is untrusted: unknown fields are dropped, wrong shapes refused, and loose legacy
 * encodings (1/"0"/"true") normalised. Nothing outside `src/origin/` imports this file. Each
 * exported schema is built on its first use (`z.lazy`, decisions/016).
 */

/** A boolean flag as the legacy backend may send it; absent means false. */
const flag = z.pipe(
  z.nullish(z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', ''])])),
  z.transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
);

/** `schema`, or `fallback` when the field is missing or null. */
const orElse = <T extends z.ZodMiniType, F>(schema: T, fallback: F) =>
  z.pipe(
    z.nullish(schema),
    z.transform((v) => (v ?? fallback) as NonNullable<z.output<T>> | F),
  );

const text = (max: number) => orElse(z.string().check(z.maxLength(max)), '');

const digits = z.pipe(
  z.union([z.string().check(z.regex(PAYEE_ID)), z.int().check(z.nonnegative(), z.lte(Number.MAX_SAFE_INTEGER))]),
  z.transform(String),
);

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

export const PayeeSchema = z.lazy(
  () =>
    z.object({
      payeeId: digits,
      payeeName: z.string().check(z.minLength(1), z.maxLength(200)),
      logo: orElse(z.object({ url: text(2000) }), { url: '' }),
      url: text(200),
      urls: orElse(z.object({ url: text(200), billingUrl: text(200) }), { url: '', billingUrl: '' }),
      ...payeeFlags,
      customHeading: text(10_000),
      address: orElse(AddressSchema, { address1: '', address2: '', city: '', state: '', zip: '' }),
      pphone: text(40),
      customFields: orElse(z.object({ payDOB: flag, payDOS: flag, billingZip: flag }), { payDOB: false, payDOS: false, billingZip: false }),
      acctRegex: text(500),
      acctRegexWarn: text(500),
      acctRegexReadibleString: text(200),
      ccAccepted: orElse(z.object({ pall: flag, pvisa: flag, pmc: flag, pdiscover: flag, pamex: flag }), {
        pall: true,
        pvisa: true,
        pmc: true,
        pdiscover: true,
        pamex: true,
      }),
      payeeFees: orElse(z.array(z.string().check(z.maxLength(500))).check(z.maxLength(20)), [] as string[]),
      fee: orElse(z.coerce.number().check(z.nonnegative(), z.lte(1000)), 0),
      commonBot: text(200),
    }) satisfies z.ZodMiniType<Payee>,
);
export type PayeeInput = z.input<typeof PayeeSchema>;

/** A payee as the origin answers it, its custom heading cleaned once, here, before anything keeps or shows it. */
export const FetchedPayeeSchema = z.lazy(() =>
  z.pipe(
    PayeeSchema,
    z.transform(async (payee) => ({
      ...payee,
      customHeading: await sanitizeHeading(payee.customHeading),
    })),
  ),
);

export const SearchResultSchema = z.lazy(
  () =>
    z.object({
      id: digits,
      name: z.string().check(z.minLength(1), z.maxLength(200)),
      street1: text(200),
      street2: text(200),
      city: text(100),
      state: text(50),
      zip: text(20),
      url: text(200),
      ...payeeFlags,
    }) satisfies z.ZodMiniType<SearchResult>,
);

const optionalText = (max: number) => z.optional(z.string().check(z.maxLength(max)));

export const GetPaidResponseSchema = z.lazy(
  () =>
    z.object({
      nextView: z.enum(GET_PAID_VIEWS),
      sessionToken: optionalText(200),
      payeeName: optionalText(200),
      payeeBilling: z.optional(flag),
      payeeId: z.optional(digits),
      amount: z.optional(z.pipe(z.union([z.string().check(z.maxLength(40)), z.number()]), z.transform(String))),
      phone: optionalText(40),
      payeeCreatedAt: optionalText(40),
      inviteCount: z.optional(z.pipe(z.coerce.number(), z.int().check(z.nonnegative()))),
      existingGroup: z.optional(flag),
    }) satisfies z.ZodMiniType<GetPaidResponse>,
);

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

/**
 * The multipart fields of a payment (pay-pages spec §7): the form's fields under their wire names
 * (`wirePaymentFields` in payment.ts), then what the site adds. Card data passes through, never stored here.
 */
export type WirePaymentFields = Readonly<
  Record<string, string> &
    Partial<
      Record<'googleRecaptchaToken' | 'paybotName' | 'paybotFields' | 'WebPayVue' | 'Submit' | 'deviceType' | 'webUrl' | 'isBtoB', string>
    >
>;

export interface PaymentQuery {
  p: string;
  optE?: boolean;
  silent?: boolean;
  generic?: boolean;
}

/** A payment's answer; a decline also carries its reason, read from the backend's message. */
export const PaymentResultSchema = z.lazy(() =>
  z.pipe(
    z.discriminatedUnion('status', [
      z.object({ status: z.literal('success'), confirmationUrl: z.string().check(z.minLength(1), z.maxLength(2000)) }),
      z.object({ status: z.literal('error'), message: z._default(z.string().check(z.maxLength(1000)), '') }),
    ]),
    z.transform((result) => (result.status === 'error' ? { ...result, reason: declineReason(result.message) } : result)),
  ),
);

export const PayLaterResultSchema = z.lazy(
  () =>
    z.union([
      z.object({ status: z.literal('success') }),
      z.object({ status: z.literal('error'), result: z.object({ code: z.enum(PAY_LATER_CODES) }) }),
    ]) satisfies z.ZodMiniType<PayLaterResult>,
);
