/**
 * What the legacy backend answers, from fixtures and in its loose encodings (flags as 1/0, extra
 * fields): plain code with no I/O, served over HTTP by the worker tier's stand-in (Node) and by
 * the bench's backend Worker (workerd).
 */
import { DEMO_PAYEES } from '../../../src/origin/embedded/demo-data';
import { testCardDecline } from '../../../src/origin/embedded/test-cards';

const legacy = (p: (typeof DEMO_PAYEES)[number]) => {
  const out: Record<string, unknown> = { ...p, internalNotes: 'not for the browser' };
  for (const [k, v] of Object.entries(out)) if (typeof v === 'boolean') out[k] = v ? 1 : 0;
  return out;
};
const byQuery = (q: string) =>
  (q.toLowerCase() === 'hostileclinic' ? (HOSTILE_PAYEE as unknown as (typeof DEMO_PAYEES)[number]) : undefined) ??
  DEMO_PAYEES.find((p) => [p.urls?.url, p.urls?.billingUrl, String(p.payeeId)].some((v) => v && v.toLowerCase() === q.toLowerCase()));

const RESET: Record<string, { success: boolean; status: string }> = {
  'RESET-VALID': { success: true, status: 'USER_VALIDATED' },
  'RESET-EXPIRED': { success: false, status: 'TOKEN_EXPIRED' },
  'RESET-MISMATCH': { success: false, status: 'MISMATCH_USER_ID_FOR_RESET' },
};
const INFO: Record<string, { billId: string; type: string }> = {
  'INFO-DEADLINE': { billId: 'BILL-2001', type: 'confirmDeadlineApproaching' },
  'INFO-AMOUNT': { billId: 'BILL-2002', type: 'confirmAmountIncrease' },
  'INFO-FEE': { billId: 'BILL-2003', type: 'confirmAmountIncreaseFee' },
  'INFO-FIELDS': { billId: 'BILL-2004', type: 'input' },
};

const decodeBase64 = (s: string) => {
  try {
    return atob(s);
  } catch {
    return '';
  }
};

export function answer(method: string, url: URL, body: string): unknown {
  const json = () => (body ? JSON.parse(body) : {});
  const q = (k: string) => url.searchParams.get(k) ?? '';
  switch (`${method} ${url.pathname}`) {
    case 'POST /api/payee_url.php': {
      const p = byQuery(q('url'));
      return { result: { payee: p ? legacy(p) : null } };
    }
    case 'POST /api/404.php':
      return {};
    case 'GET /api/unleash/is_enabled.php':
      return { data: { message: q('featureName') === 'pay-wpbp-redirect' } };
    case 'POST /api/send_sms_client.php':
      return { success: true };
    case 'POST /api/forgot_password_back.php': {
      const r = RESET[json().x] ?? { success: false, status: 'INVALID_TOKEN' };
      return json().np && r.status === 'USER_VALIDATED' ? { success: true, status: 'PASSWORD_CHANGED' } : r;
    }
    case 'POST /api/web_payment.php': {
      const p = DEMO_PAYEES.find((x) => String(x.payeeId) === q('p'));
      return p ? legacy(p) : {};
    }
    case 'GET /api/web_payment.php':
      return DEMO_PAYEES.filter(
        (p) => p.isPartner && !p.noGenericWeb && !p.autoConf && !p.isBilling && p.payeeName.toLowerCase().includes(q('term').toLowerCase()),
      ).map((p) => ({
        id: Number(p.payeeId),
        name: p.payeeName,
        street1: p.address?.address1,
        city: p.address?.city,
        state: p.address?.state,
        zip: p.address?.zip,
        url: p.url,
        isPartner: 1,
        isProvider: p.isProvider ? 1 : 0,
      }));
    case 'POST /payment/payment_back.php': {
      // Multipart fields, read the way the backend reads them; the contract's test cards decline.
      const field = (name: string) => new RegExp(`name="${name}"\r\n\r\n([^\r]*)`).exec(body)?.[1] ?? '';
      const declined = testCardDecline(field('ccn').replace(/\D/g, ''), field('cvv'));
      return declined ? { status: 'error', message: declined } : { status: 'success', confirmationUrl: '/receipt/PAP-STANDIN1' };
    }
    case 'POST /api/link_gmail_account.php':
      return { success: json().code && !json().error ? 'true' : 'false' };
    case 'GET /api/update_info_request.php': {
      const r = INFO[q('t')];
      return r ? { requestedInfo: [{ type: r.type, name: 'Amount', placeholder: '', value: '' }] } : null;
    }
    case 'POST /api/update_info_request.php':
      return INFO[q('t')] ? { success: true } : null;
    case 'DELETE /api/update_info_request.php':
      return INFO[q('t')] ? { billId: INFO[q('t')]!.billId } : null;
    case 'POST /cancel_back.php':
      return { success: true };
    case 'POST /api/member_signup.php':
      return { success: true };
    case 'POST /api/pay_later.php': {
      const ue = String(json().ue ?? '');
      const email = ue.includes('@') ? ue : decodeBase64(ue);
      if (email === 'member@example.com') return { status: 'success' };
      if (email === 'enrolled@example.com') return { status: 'error', result: { code: 'USER_ENROLLED_ALREADY' } };
      return { status: 'error', result: { code: 'USER_NOT_FOUND' } };
    }
    case 'POST /api/api_get_paid/get_paid.php': {
      const b = json();
      if (b.whichState === 'access' || b.whichState === 'oopsTryAgain') {
        if (b.access === 'ACCESS1')
          return { nextView: 'setPass', sessionToken: 'standin-session', payeeName: 'Valley Medical Group', payeeId: 1001 };
        if (b.access === 'ACCESS2')
          return { nextView: 'successUser', sessionToken: 'standin-session', payeeName: 'Pinecrest Pediatrics', payeeId: '1008' };
        return { nextView: 'oopsTryAgain' };
      }
      if (b.whichState === 'preEmail') return { nextView: 'inviteForm', sessionToken: 'standin-invite', inviteCount: '1' };
      if (b.whichState === 'inviteForm') return { nextView: 'successKit', sessionToken: 'standin-invite' };
      return { nextView: 'oops' };
    }
    case 'POST /api/send_team_email.php':
      return { success: true };
    default:
      return null;
  }
}

/** A payee only the stand-in knows, whose heading carries every kind of script injection. */
export const HOSTILE_PAYEE = {
  payeeId: '1099',
  payeeName: 'Hostile Heading Clinic',
  url: 'hostileclinic',
  urls: { url: 'hostileclinic', billingUrl: '' },
  isProvider: 1,
  isPartner: 1,
  customHeading:
    '<strong>Welcome</strong><script>alert("script")</script><img src=x onerror="alert(1)"><a href="javascript:alert(2)">pay</a><iframe src="https://evil.example"></iframe><svg onload="alert(3)"></svg><a href="https://help.example/faq">FAQ</a>',
};
