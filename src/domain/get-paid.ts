import type { GetPaidRequest } from './api-schemas';
import { INVALID_EMAIL as EMAIL_HINT } from './messages';
import { HINT_LENGTH_TODO as PASSWORD_HINT, HINT_MATCH_TODO as PASSWORD_MATCH_HINT } from './password';

/** The biller get-paid flow (shell spec §2, §4, §5, §8). */
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
/** The views whose form is posted to the backend; the others only show where the flow ended. */
export const GET_PAID_POSTED_VIEWS = [
  'access',
  'oopsTryAgain',
  'preEmail',
  'setPass',
  'inviteForm',
] as const satisfies readonly GetPaidView[];

/** What the backend answers for each step: the next view and what the views show. */
export interface GetPaidResponse {
  nextView: GetPaidView;
  sessionToken?: string;
  payeeName?: string;
  payeeBilling?: boolean;
  payeeId?: string;
  amount?: string;
  phone?: string;
  payeeCreatedAt?: string;
  inviteCount?: number;
  existingGroup?: boolean;
}

export const STATEMENT_RANGES = ['< 3K', '3K-10K', '11K-20K', '> 20K'] as const;
export const INVALID_CODE_TITLE = 'Invalid Code - Please try again';
export const GENERIC_ERROR_TITLE = 'Oops something went wrong';
export const GENERIC_ERROR_BODY = 'Please try again later or contact us';
export const ACCESS_CODE_HINT = 'Enter the access code from your payment notice.';
export { INVALID_EMAIL as EMAIL_HINT } from './messages';
export { HINT_LENGTH_TODO as PASSWORD_HINT, HINT_MATCH_TODO as PASSWORD_MATCH_HINT } from './password';
export const STATEMENTS_HINT = 'Please choose how many statements you send a month.';

/** Longer than 5 characters. */
export const accessCodeValid = (code: string) => code.trim().length > 5;
/** Non-empty and containing @ once trimmed. */
export const getPaidEmailValid = (email: string) => email.trim() !== '' && email.includes('@');

export type Session = Omit<GetPaidResponse, 'nextView'>;

/** The `_form` name of the get-paid form. */
export const GET_PAID_FORM = 'get-paid';

/** What the get-paid form holds, as typed. */
export interface GetPaidValues {
  access: string;
  signup: boolean;
  email: string;
  pass: string;
  confirm: string;
  fax: string;
  statements: string;
}

/** Each field's message for the view's form (spec 001 §6), empty when it may be sent. */
export function getPaidErrors(view: GetPaidView, values: GetPaidValues): Record<string, string> {
  const e: Record<string, string> = {};
  if (view === 'access' || view === 'oopsTryAgain') {
    if (!accessCodeValid(values.access)) e.access = ACCESS_CODE_HINT;
  } else if (view === 'setPass') {
    if (!getPaidEmailValid(values.email)) e.email = EMAIL_HINT;
    if (values.pass.length < 8) e.pass = PASSWORD_HINT;
    else if (values.pass !== values.confirm) e.confirm = PASSWORD_MATCH_HINT;
  } else if (view === 'inviteForm') {
    if (!getPaidEmailValid(values.email)) e.email = EMAIL_HINT;
    if (!values.statements) e.statements = STATEMENTS_HINT;
  }
  return e;
}

/** The call a view's form makes, once its fields are right. */
export function getPaidCall(view: GetPaidView, values: GetPaidValues, session: Session, invite?: string): Record<string, unknown> {
  if (view === 'setPass')
    return {
      whichState: 'setPass',
      sessionToken: session.sessionToken,
      email: values.email.trim(),
      pass: values.pass,
      fax: values.fax.trim(),
    };
  // An emailed invite is sent on only when the biller presses Continue: a mail scanner's fetch of the link never is.
  if (view === 'preEmail') return { whichState: 'preEmail', i: invite };
  if (view === 'inviteForm')
    return {
      whichState: 'inviteForm',
      sessionToken: session.sessionToken,
      i: invite,
      email: values.email.trim(),
      statements: values.statements,
      fax: values.fax.trim(),
    };
  return { whichState: view, access: values.access.trim(), signup: values.signup };
}

/**
 * Where a success view sends the biller next: a biller who has an account goes to the panel
 * signed in when the server opened a session for them (its token), or to sign in there
 * (`hasAccount`); a new agent with the token of the account just made; an invitee to the brand kit.
 */
export function successTarget(view: GetPaidView, session: Session, billerPanelUrl: string): string | null {
  const join = (params: Record<string, string>) =>
    `${billerPanelUrl}${billerPanelUrl.includes('?') ? '&' : '?'}${new URLSearchParams(params)}`;
  if (view === 'successUser') return join(session.sessionToken ? { sessionToken: session.sessionToken } : { hasAccount: 'true' });
  if (view === 'successAg') return join({ agentToken: session.sessionToken ?? '' });
  if (view === 'successKit') return '/brand-kit?company';
  return null;
}

/** A note to Papaya's team, sent through the backend to one of its recipient lists. */
export interface TeamEmail {
  subject: string;
  line: string;
  note: string;
  elist: string;
  form: Record<string, string | number | undefined>;
}

/** The team's note about an invite form, composed by the Worker from the biller's answers. */
export function inviteNotification(request: GetPaidRequest, answer: GetPaidResponse, recipients: string): TeamEmail {
  return {
    subject: 'Get paid: invite form sent',
    line: `${answer.payeeName ?? 'A biller'} asked to get paid with Papaya`,
    note: `Statements a month: ${request.statements ?? ''}`,
    elist: recipients,
    form: {
      payeeName: answer.payeeName,
      payeeId: answer.payeeId,
      email: request.email?.trim(),
      inviteCode: request.i,
      payeeCreatedAt: answer.payeeCreatedAt,
      statements: request.statements,
      phone: answer.phone,
      fax: request.fax,
      inviteCount: answer.inviteCount,
      tactic: 'invite',
      page: '/getpaid',
    },
  };
}
