import { z } from 'zod';
import { MobileNumberSchema } from './phone';

/**
 * What a browser sends to ask for a text. The Worker composes the message itself; a `body`
 * sent by an old client is ignored, so the endpoint cannot relay arbitrary text.
 */
export const SmsRequestSchema = z
  .object({
    num: MobileNumberSchema,
    payeeId: z.string().regex(/^\d{1,18}$/, 'Invalid payee.').optional(),
    /** The legacy name of payeeId. */
    id: z.string().regex(/^\d{1,18}$/, 'Invalid payee.').optional(),
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
export type SmsRequest = z.output<typeof SmsRequestSchema>;

export const SMS_WINDOW_MS = 10 * 60 * 1000;
export const SMS_SUCCESS = 'Success! Check your phone for a text message';
export const SMS_SEND_FAILED = 'We could not send the text message. Please try again.';
export const HUMAN_CHECK_FAILED = 'Please confirm you are not a robot, then try again.';

export function tooManyTexts(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many texts were requested. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
