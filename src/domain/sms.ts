import { en } from './catalogue/en';

export const INVALID_PHONE = en.smsForm.invalidPhone;
export const UNREACHABLE_PHONE = en.smsForm.unreachablePhone;
export const SMS_SUCCESS = en.smsForm.sent;
export const SMS_SEND_FAILED = en.smsForm.sendFailed;
export const HUMAN_CHECK_FAILED = en.smsForm.humanCheckFailed;
export { tooManyTexts } from './limits';
