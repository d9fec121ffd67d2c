export const SMS_SUCCESS = 'Success! Check your phone for a text message';
export const SMS_SEND_FAILED = 'We could not send the text message. Please try again.';
export const HUMAN_CHECK_FAILED = 'Please confirm you are not a robot, then try again.';

export function tooManyTexts(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many texts were requested. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
