import PasswordReset from '../../client/islands/password-reset';
import type { ResetView } from '../domain/password';
import { Island } from '../web/island';
import { ChangedView, ExpiredView, MismatchView, NoTokenView } from '../../client/components/password-views';
import { RESET_FORM } from '../domain/password';
import { HumanCheckNotice, HumanCheckScript } from './shell/human-check-script';
import { Document } from './shell/document';
import { usePageContext } from '../web/page-context';

export function UpdatePasswordPage({
  view,
  token,
  humanCheckSiteKey,
}: {
  view: ResetView | 'no-token';
  token?: string;
  humanCheckSiteKey?: string;
}) {
  const text = usePageContext().text.passwordReset;
  return (
    <Document personal page="Update-Pass" title={text.title}>
      <section className="card reset">
        {view === 'no-token' && <NoTokenView text={text} />}
        {view === 'expired' && <ExpiredView text={text} />}
        {view === 'mismatch' && <MismatchView text={text} />}
        {view === 'pass-changed' && (
          <div className="reset-result" role="status">
            <ChangedView text={text} />
          </div>
        )}
        {view === 'show-form' && token && (
          <>
            <HumanCheckScript siteKey={humanCheckSiteKey} />
            <HumanCheckNotice siteKey={humanCheckSiteKey} alternative={text.noScriptAlternative} />
            <Island name="password-reset" form={RESET_FORM} component={PasswordReset} props={{ token, humanCheckSiteKey, text }} />
          </>
        )}
      </section>
    </Document>
  );
}
