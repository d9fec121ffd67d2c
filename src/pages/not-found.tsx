import SmsForm, { SMS_FORM } from '../../client/islands/sms-form';
import { HumanCheckNotice, HumanCheckScript } from './shell/human-check-script';
import { Island } from '../web/island';
import { usePageContext } from '../web/page-context';
import { Document } from './shell/document';

export function NotFoundPage({ storeUrl, humanCheckSiteKey }: { storeUrl?: string; humanCheckSiteKey?: string }) {
  const { text } = usePageContext();
  return (
    <Document page="Not-Found" meta="error">
      <section className="card notice">
        <h1>Sorry! We can't find that page.</h1>
        <p>The link may be mistyped or out of date. You can still pay your bill: get a link by text message, or pay on the web.</p>
        <HumanCheckScript siteKey={humanCheckSiteKey} />
        <HumanCheckNotice siteKey={humanCheckSiteKey} alternative="pay on the web below." />
        <Island
          name="sms-form"
          form={SMS_FORM}
          component={SmsForm}
          props={{ formId: 'sms', source: '4', storeUrl, humanCheckSiteKey, text: text.smsForm }}
        />
        <p>
          <a className="button button--secondary" href="/web-payment?ref=404">
            Pay a bill on the web
          </a>
        </p>
      </section>
    </Document>
  );
}
