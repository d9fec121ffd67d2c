import { useEffect, useState } from 'react';
import type { WidgetVariant } from '../../src/domain/site';
import type { PostedForm } from '../../src/domain/posted-form';
import type { PayWidgetText, SmsFormText } from '../../src/domain/catalogue';
import SmsForm from './sms-form';

export interface PayWidgetProps {
  formId: string;
  variant: WidgetVariant;
  /** Phones get the Pay Now button; desktops the text-me-a-link form. */
  mobile: boolean;
  payeeId?: string;
  humanCheckSiteKey?: string;
  /** The download link the Pay Now button opens in a new tab. */
  downloadUrl: string;
  /** Its words and its form's, in the visitor's language. */
  text: { widget: PayWidgetText; form: SmsFormText };
  /** The text-me-a-link form as posted without script. */
  posted?: PostedForm;
}

export const STORE_TRANSITION_MS = 950;

function PayNow({ downloadUrl, text }: { downloadUrl: string; text: PayWidgetText }) {
  const [redirecting, setRedirecting] = useState(false);
  useEffect(() => {
    if (!redirecting) return;
    const timer = setTimeout(() => {
      window.open(downloadUrl, '_blank', 'noopener');
      setRedirecting(false);
    }, STORE_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [redirecting, downloadUrl]);
  if (redirecting) {
    return (
      <p className="widget-redirecting" role="status">
        {text.redirecting}
      </p>
    );
  }
  return (
    <button type="button" className="button widget-pay-now" onClick={() => setRedirecting(true)}>
      {text.payNow}
    </button>
  );
}

/** The embeddable pay widget and its variants, for partner sites. */
export default function PayWidget({ formId, variant, mobile, payeeId, downloadUrl, humanCheckSiteKey, text, posted }: PayWidgetProps) {
  const [sent, setSent] = useState(false);
  if (variant === 'button') return <PayNow downloadUrl={downloadUrl} text={text.widget} />;
  return (
    <div className="widget-body">
      {mobile ? (
        <PayNow downloadUrl={downloadUrl} text={text.widget} />
      ) : (
        <SmsForm
          formId={formId}
          payeeId={payeeId}
          source="w"
          humanCheckSiteKey={humanCheckSiteKey}
          onSentChange={setSent}
          text={text.form}
          posted={posted}
        />
      )}
      <p className="widget-rating">
        <span className="widget-stars" aria-hidden="true">
          ★★★★★
        </span>{' '}
        <strong>4.8</strong> <span>{text.widget.reviews}</span>
      </p>
      {!sent && <p className="widget-closing">{text.widget.closing}</p>}
    </div>
  );
}
