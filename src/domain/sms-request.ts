import * as z from 'zod';
import { payeeIdField } from './api-schemas';
import { INVALID_PHONE, mobileNumber } from './phone';

/** A US mobile number as typed, parsed to the 10 digits the backend takes. */
export const MobileNumberSchema = z.unknown().transform((value, ctx) => {
  const digits = mobileNumber(value);
  if (digits === null) {
    ctx.addIssue({ code: 'custom', message: INVALID_PHONE });
    return z.NEVER;
  }
  return digits;
});

/**
 * What a browser sends to ask for a text. The Worker composes the message itself; a `body`
 * sent by an old client is ignored, so the endpoint cannot relay arbitrary text.
 */
export const SmsRequestSchema = z
  .object({
    num: MobileNumberSchema,
    payeeId: payeeIdField.optional(),
    /** The legacy name of payeeId. */
    id: payeeIdField.optional(),
    source: z.enum(['w', '4', 'h', 'p']).default('p'),
    humanToken: z.string().max(4096).optional(),
    /** The legacy name of humanToken. */
    googleRecaptchaToken: z.string().max(4096).optional(),
  })
  .transform(({ id, payeeId, googleRecaptchaToken, humanToken, ...rest }) => ({
    ...rest,
    payeeId: payeeId ?? id,
    humanToken: humanToken || googleRecaptchaToken || undefined,
  }));
