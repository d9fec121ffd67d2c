import PayLater from '../../client/islands/pay-later';
import { PayLaterResultView } from '../../client/components/pay-later-views';
import { PAY_LATER_FORM, type PayLaterOutcome } from '../domain/pay-later';
import { Island } from '../web/island';
import { Document } from './shell/document';
import { usePageContext } from '../web/page-context';
import { LANGUAGE_TAG } from '../domain/catalogue';

/** The offer's last day (`YYYY-MM-DD`), written for the page's language. */
const lastDay = (until: string, locale: string) =>
  new Date(`${until}T12:00:00Z`).toLocaleDateString(locale, { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function PayLaterPage({ outcome, until, token }: { outcome: PayLaterOutcome; until: string; token?: string }) {
  const { text: words, language } = usePageContext();
  const text = words.payLater;
  return (
    <Document personal page="Pay-Later" title={text.title}>
      <section className="card reset">
        {outcome.view === 'welcomeInput' || outcome.view === 'welcomeQuery' ? (
          <Island
            name="pay-later"
            form={PAY_LATER_FORM}
            component={PayLater}
            props={{ ends: lastDay(until, LANGUAGE_TAG[language]), token, text }}
          />
        ) : (
          <PayLaterResultView view={outcome.view} notFound={outcome.notFound} text={text} />
        )}
      </section>
    </Document>
  );
}
