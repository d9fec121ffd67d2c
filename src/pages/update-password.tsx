import PasswordReset from '../../client/islands/password-reset';
import type { ResetView } from '../domain/password';
import { Island } from '../web/island';
import { ChangedView, ExpiredView, MismatchView, NoTokenView } from '../../client/components/password-views';
import { RESET_FORM } from '../domain/password';
import { HumanCheckNotice, HumanCheckScript } from './shell/human-check-script';
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
    <Document personal page="Update-Pass" title="Change Your Password - Papaya">
      <section className="card reset">
        {view === 'no-token' && <NoTokenView />}
        {view === 'expired' && <ExpiredView />}
        {view === 'mismatch' && <MismatchView />}
        {view === 'pass-changed' && (
          <div className="reset-result" role="status">
            <ChangedView />
          </div>
        )}
        {view === 'show-form' && token && (
          <>
            <HumanCheckScript siteKey={humanCheckSiteKey} />
            <HumanCheckNotice siteKey={humanCheckSiteKey} alternative="change your password in the Papaya app, under My Account." />
            <Island name="password-reset" form={RESET_FORM} component={PasswordReset} props={{ token, humanCheckSiteKey }} />
          </>
        )}
      </section>
    </Document>
  );
}
