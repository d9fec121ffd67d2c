import * as z from 'zod/mini';

/** The biller get-paid flow (shell spec §2, §4, §5, §8); its words are the catalogue's `getPaid`. */
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

const optionalText = (max: number) => z.optional(z.string().check(z.maxLength(max)));

/** What the get-paid form posts (the API's `get_paid.php` body). */
export const GetPaidRequestSchema = z.lazy(() =>
  z.object({
    whichState: z.enum(GET_PAID_POSTED_VIEWS),
    access: optionalText(100),
    email: optionalText(254),
    pass: optionalText(200),
    fax: optionalText(40),
    statements: optionalText(20),
    signup: z.optional(z.boolean()),
    i: optionalText(500),
    sessionToken: optionalText(200),
  }),
);
export type GetPaidRequest = z.output<typeof GetPaidRequestSchema>;
/** What can be wrong with a get-paid field, as a key of the catalogue's `getPaid`. */
export type GetPaidProblem = 'accessCode' | 'email' | 'password' | 'passwordMatch' | 'statements';

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

/** Each field's problem for the view's form (spec 001 §6), none when it may be sent. */
export function getPaidProblems(view: GetPaidView, values: GetPaidValues): Record<string, GetPaidProblem> {
  const e: Record<string, GetPaidProblem> = {};
  if (view === 'access' || view === 'oopsTryAgain') {
    if (!accessCodeValid(values.access)) e.access = 'accessCode';
  } else if (view === 'setPass') {
    if (!getPaidEmailValid(values.email)) e.email = 'email';
    if (values.pass.length < 8) e.pass = 'password';
    else if (values.pass !== values.confirm) e.confirm = 'passwordMatch';
  } else if (view === 'inviteForm') {
    if (!getPaidEmailValid(values.email)) e.email = 'email';
    if (!values.statements) e.statements = 'statements';
  }
  return e;
}

/** Each field's message for the view's form, in the words given. */
export const getPaidErrors = (view: GetPaidView, values: GetPaidValues, texts: Record<GetPaidProblem, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(getPaidProblems(view, values)).map(([name, problem]) => [name, texts[problem]]));

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
