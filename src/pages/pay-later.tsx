import PayLater from '../../client/islands/pay-later';
import { PayLaterResultView } from '../../client/components/pay-later-views';
import { PAY_LATER_FORM, type PayLaterOutcome } from '../domain/pay-later';
import { Island } from '../web/island';
import { Document } from './shell/document';

export function PayLaterPage({ outcome, until, token }: { outcome: PayLaterOutcome; until: string; token?: string }) {
  return (
    <Document personal page="Pay-Later" title="Pay Later with Papaya">
      <section className="card reset">
        {outcome.view === 'welcomeInput' || outcome.view === 'welcomeQuery' ? (
          <Island name="pay-later" form={PAY_LATER_FORM} component={PayLater} props={{ until, token }} />
        ) : (
          <PayLaterResultView view={outcome.view} notFound={outcome.notFound} />
        )}
      </section>
    </Document>
  );
}
