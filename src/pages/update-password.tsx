import PasswordReset from '../../client/islands/password-reset';
import type { ResetView } from '../domain/password';
import { Island } from '../web/island';
import { ExpiredView, MismatchView, NoTokenView } from '../../client/components/password-views';
import { Document } from './shell/document';

export function UpdatePasswordPage({
  view,
  token,
  humanCheckSiteKey,
}: {
  view: ResetView | 'no-token';
  token?: string;
  humanCheckSiteKey?: string;
}) {
  return (
    <Document page="Update-Pass" title="Change Your Password - Papaya">
      <section className="card reset">
        {view === 'no-token' && <NoTokenView />}
        {view === 'expired' && <ExpiredView />}
        {view === 'mismatch' && <MismatchView />}
        {view === 'show-form' && token && <Island name="password-reset" component={PasswordReset} props={{ token, humanCheckSiteKey }} />}
      </section>
    </Document>
  );
}
