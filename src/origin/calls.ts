import * as z from 'zod/mini';
import { FieldSchema, type GetPaidRequest } from '../domain/api-schemas';
import type { TeamEmail } from '../domain/get-paid';
import type { Field } from '../domain/info-request';
import {
  GetPaidResponseSchema,
  FetchedPayeeSchema,
  PayLaterResultSchema,
  PaymentResultSchema,
  SearchResultSchema,
  type WirePaymentFields,
  type PaymentQuery,
  type SmsSend,
} from './schemas';

/** One call of the contract (§3): how its request is written and how its answer is read. */
export interface CallSpec<I, O> {
  name: string;
  request(input: I): { method: 'GET' | 'POST' | 'DELETE'; path: string; json?: unknown; form?: Record<string, string> };
  /** Schema of the JSON answer; absent when the answer is ignored. */
  response?: z.ZodMiniType<O>;
}

const q = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, v);
  return search.toString();
};

/** The answer's `success`, in any of the spellings the backend uses, as a boolean. */
const success = z.lazy(() =>
  z.pipe(
    z.object({ success: z.union([z.boolean(), z.literal(1), z.literal(0), z.enum(['true', 'false', '1', '0'])]) }),
    z.transform((v) => v.success === true || v.success === 1 || v.success === 'true' || v.success === '1'),
  ),
);

const define = <I, O = void>(spec: CallSpec<I, O>) => spec;

export const calls = {
  payeeByUrl: define({
    name: 'payee_url',
    request: (url: string) => ({ method: 'POST', path: `/api/payee_url.php?${q({ url })}` }),
    response: z.lazy(() =>
      z.pipe(
        z.object({ result: z.object({ payee: z.nullable(FetchedPayeeSchema) }) }),
        z.transform((v) => v.result.payee),
      ),
    ),
  }),
  report404: define({
    name: '404',
    request: (path: string) => ({ method: 'POST', path: '/api/404.php', json: { path } }),
  }),
  featureEnabled: define({
    name: 'is_enabled',
    request: (featureName: string) => ({ method: 'GET', path: `/api/unleash/is_enabled.php?${q({ featureName })}` }),
    response: z.lazy(() =>
      z.pipe(
        z.object({ data: z.object({ message: z.boolean() }) }),
        z.transform((v) => v.data.message),
      ),
    ),
  }),
  sendSms: define({
    name: 'send_sms_client',
    request: (payload: SmsSend) => ({ method: 'POST', path: '/api/send_sms_client.php', json: payload }),
    response: z.lazy(() => z.object({ success: z.boolean(), message: z.optional(z.string().check(z.maxLength(1000))) })),
  }),
  forgotPassword: define({
    name: 'forgot_password_back',
    request: (body: { x: string; np?: string }) => ({ method: 'POST', path: '/api/forgot_password_back.php', json: body }),
    response: z.lazy(() => z.object({ success: z.boolean(), status: z._default(z.string().check(z.maxLength(100)), '') })),
  }),
  getPayee: define({
    name: 'getPayee',
    request: (p: string) => ({ method: 'POST', path: `/api/web_payment.php?${q({ action: 'getPayee', p })}` }),
    response: z.lazy(() =>
      z.union([
        z.pipe(
          z.strictObject({}),
          z.transform(() => null),
        ),
        FetchedPayeeSchema,
      ]),
    ),
  }),
  searchPayees: define({
    name: 'getPayees',
    request: (term: string) => ({ method: 'GET', path: `/api/web_payment.php?${q({ action: 'getPayees', term, target: 'partner' })}` }),
    response: z.lazy(() => z.array(SearchResultSchema).check(z.maxLength(500))),
  }),
  submitPayment: define({
    name: 'payment_back',
    request: ({ query, fields }: { query: PaymentQuery; fields: WirePaymentFields }) => ({
      method: 'POST',
      path: `/payment/payment_back.php?${q({
        p: query.p,
        optE: query.optE ? 'true' : undefined,
        silent: query.silent ? '1' : undefined,
        generic: query.generic ? '1' : undefined,
      })}`,
      form: Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string')),
    }),
    response: PaymentResultSchema,
  }),
  linkGmail: define({
    name: 'link_gmail_account',
    request: (body: { state: string; code: string; scope: string; error: string }) => ({
      method: 'POST',
      path: '/api/link_gmail_account.php',
      json: body,
    }),
    response: z.lazy(() =>
      z.pipe(
        z.object({ success: z.union([z.enum(['true', 'false']), z.boolean()]) }),
        z.transform((v) => v.success === true || v.success === 'true'),
      ),
    ),
  }),
  getInfoRequest: define({
    name: 'update_info_request:get',
    request: (t: string) => ({ method: 'GET', path: `/api/update_info_request.php?${q({ t })}` }),
    response: z.lazy(() =>
      z.pipe(
        z.object({ requestedInfo: z.array(FieldSchema).check(z.maxLength(50)) }),
        z.transform((v) => v.requestedInfo),
      ),
    ),
  }),
  submitInfoRequest: define({
    name: 'update_info_request:post',
    request: ({ t, fields }: { t: string; fields: Field[] }) => ({
      method: 'POST',
      path: `/api/update_info_request.php?${q({ t })}`,
      json: { fields },
    }),
    response: success,
  }),
  deleteInfoRequest: define({
    name: 'update_info_request:delete',
    request: (t: string) => ({ method: 'DELETE', path: `/api/update_info_request.php?${q({ t })}` }),
    response: z.lazy(() =>
      z.pipe(
        z.object({ billId: z.union([z.string().check(z.minLength(1), z.maxLength(40)), z.int()]) }),
        z.transform((v) => String(v.billId)),
      ),
    ),
  }),
  cancelBill: define({
    name: 'cancel_back',
    request: (billId: string) => ({ method: 'POST', path: `/cancel_back.php?${q({ o: billId })}` }),
    response: success,
  }),
  memberSignup: define({
    name: 'member_signup',
    request: ({ paymentType, cameFrom, ad }: { paymentType: 'CARD_ON_FILE' | 'NEW_METHOD'; cameFrom: string; ad: string }) => ({
      method: 'POST',
      path: `/api/member_signup.php?${q({ p: paymentType, f: cameFrom, a: ad })}`,
    }),
    response: success,
  }),
  payLater: define({
    name: 'pay_later',
    request: (ue: string) => ({ method: 'POST', path: '/api/pay_later.php', json: { ue } }),
    response: PayLaterResultSchema,
  }),
  getPaid: define({
    name: 'get_paid',
    request: (body: GetPaidRequest) => ({ method: 'POST', path: '/api/api_get_paid/get_paid.php', json: body }),
    response: GetPaidResponseSchema,
  }),
  sendTeamEmail: define({
    name: 'send_team_email',
    request: (payload: TeamEmail) => ({ method: 'POST', path: '/api/send_team_email.php', json: payload }),
    response: success,
  }),
};

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallInput<K extends CallName> = Parameters<Calls[K]['request']>[0];
export type CallOutput<K extends CallName> = Calls[K] extends CallSpec<never, infer O> ? O : never;
