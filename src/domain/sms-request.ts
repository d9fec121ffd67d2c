import * as z from 'zod/mini';
import { payeeIdField } from './api-schemas';
import { readPhone } from './phone';
import { INVALID_PHONE, UNREACHABLE_PHONE } from './sms';

/** A US mobile number as typed, parsed to the 10 digits the backend takes. */
export const MobileNumberSchema = z.lazy(() =>
  z.pipe(
    z.unknown(),
    z.transform((value, ctx) => {
      const read = readPhone(value);
      if ('problem' in read) {
        ctx.issues.push({ code: 'custom', message: read.problem === 'unreachable' ? UNREACHABLE_PHONE : INVALID_PHONE, input: value });
        return z.NEVER;
      }
      return read.digits;
    }),
  ),
);

/**
 * What a browser sends to ask for a text. The Worker composes the message itself; a `body`
 * sent by an old client is ignored, so the endpoint cannot relay arbitrary text.
 */
export const SmsRequestSchema = z.lazy(() =>
  z.pipe(
    z.object({
      num: MobileNumberSchema,
      payeeId: z.optional(payeeIdField),
      /** The legacy name of payeeId. */
      id: z.optional(payeeIdField),
      source: z._default(z.enum(['w', '4', 'h', 'p']), 'p'),
      humanToken: z.optional(z.string().check(z.maxLength(4096))),
      /** The legacy name of humanToken. */
      googleRecaptchaToken: z.optional(z.string().check(z.maxLength(4096))),
    }),
    z.transform(({ id, payeeId, googleRecaptchaToken, humanToken, ...rest }) => ({
      ...rest,
      payeeId: payeeId ?? id,
      humanToken: humanToken || googleRecaptchaToken || undefined,
    })),
  ),
);

/** A request for a text, checked. */
export type SmsRequest = z.output<typeof SmsRequestSchema>;
