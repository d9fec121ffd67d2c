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
        <h1>{text.notFound.heading}</h1>
        <p>{text.notFound.body}</p>
        <HumanCheckScript siteKey={humanCheckSiteKey} />
        <HumanCheckNotice siteKey={humanCheckSiteKey} alternative={text.notFound.noScriptAlternative} />
        <Island
          name="sms-form"
          form={SMS_FORM}
          component={SmsForm}
          props={{ formId: 'sms', source: '4', storeUrl, humanCheckSiteKey, text: text.smsForm }}
        />
        <p>
          <a className="button button--secondary" href="/web-payment?ref=404">
            {text.pay.payOnWeb}
          </a>
        </p>
      </section>
    </Document>
  );
}
