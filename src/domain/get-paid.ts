import type { GetPaidRequest } from './api-schemas';

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

/** Where a success view sends the biller next. */
export function successTarget(view: GetPaidView, session: Session, billerPanelUrl: string): string | null {
  const join = (params: Record<string, string>) =>
    `${billerPanelUrl}${billerPanelUrl.includes('?') ? '&' : '?'}${new URLSearchParams(params)}`;
  if (view === 'successUser') return join({ hasAccount: 'true' });
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
