import { inMinutes } from './limits';

export const SMS_SUCCESS = 'Success! Check your phone for a text message';
export const SMS_SEND_FAILED = 'We could not send the text message. Please try again.';
export const HUMAN_CHECK_FAILED = 'Please confirm you are not a robot, then try again.';

export function tooManyTexts(retryAfterSeconds: number): string {
  return `Too many texts were requested. Please try again in ${inMinutes(retryAfterSeconds)}.`;
}
