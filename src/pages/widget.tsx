import PayWidget from '../../client/islands/pay-widget';
import { SMS_FORM } from '../domain/islands';
import { HumanCheckNotice, HumanCheckScript } from './shell/human-check-script';
import type { WidgetVariant } from '../domain/site';
import { Island } from '../web/island';
import { usePageContext } from '../web/page-context';
import { Logo } from './shell/logo';
import { Document } from './shell/document';
import { fill } from '../domain/catalogue/fill';

const PAGE_NAMES: Record<WidgetVariant, string> = {
  widget: 'Pay-Widget',
  button: 'Pay-Widget-Imaginepay-Button',
  'restore-tab': 'Pay-Widget-Restore-Tab',
};

interface WidgetPageProps {
  variant: WidgetVariant;
  mobile: boolean;
  payeeId?: string;
  payeeName?: string;
  downloadUrl: string;
  siteUrl: string;
  humanCheckSiteKey?: string;
}

/** A widget page, framed by partner sites: no navigation, no footer. */
export function WidgetPage({ variant, mobile, payeeId, payeeName, downloadUrl, siteUrl, humanCheckSiteKey }: WidgetPageProps) {
  const { text } = usePageContext();
  return (
    <Document page={PAGE_NAMES[variant]} meta="pay" chromeless>
      <section className={`widget widget--${variant}`}>
        {variant === 'restore-tab' && (
          <a className="widget-logo" href={siteUrl} target="_blank" rel="noopener">
            <Logo />
            <span className="visually-hidden">{text.pay.logoNewTab}</span>
          </a>
        )}
        <h1 className={variant === 'button' ? 'visually-hidden' : undefined}>
          {payeeName ? fill(text.pay.widgetPayeeHeading, { payee: payeeName }) : text.pay.heading}
        </h1>
        <HumanCheckScript siteKey={mobile ? undefined : humanCheckSiteKey} />
        <HumanCheckNotice siteKey={mobile ? undefined : humanCheckSiteKey} alternative={text.pay.noScriptAlternative} />
        <Island
          name="pay-widget"
          form={SMS_FORM}
          component={PayWidget}
          props={{
            formId: 'widget',
            variant,
            mobile,
            payeeId,
            downloadUrl,
            humanCheckSiteKey,
            text: { widget: text.payWidget, form: text.smsForm },
          }}
        />
      </section>
    </Document>
  );
}
