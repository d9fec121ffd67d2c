import { useEffect, useState } from 'react';
import type { WidgetVariant } from '../../src/domain/site';
import type { PostedForm } from '../../src/domain/posted-form';
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
  /** The text-me-a-link form as posted without script. */
  posted?: PostedForm;
}

export const STORE_TRANSITION_MS = 950;

function PayNow({ downloadUrl }: { downloadUrl: string }) {
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
        Redirecting to the app store
      </p>
    );
  }
  return (
    <button type="button" className="button widget-pay-now" onClick={() => setRedirecting(true)}>
      Pay Now
    </button>
  );
}

/** The embeddable pay widget and its variants, for partner sites. */
export default function PayWidget({ formId, variant, mobile, payeeId, downloadUrl, humanCheckSiteKey, posted }: PayWidgetProps) {
  const [sent, setSent] = useState(false);
  if (variant === 'button') return <PayNow downloadUrl={downloadUrl} />;
  return (
    <div className="widget-body">
      {mobile ? (
        <PayNow downloadUrl={downloadUrl} />
      ) : (
        <SmsForm
          formId={formId}
          payeeId={payeeId}
          source="w"
          humanCheckSiteKey={humanCheckSiteKey}
          onSentChange={setSent}
          posted={posted}
        />
      )}
      <p className="widget-rating">
        <span className="widget-stars" aria-hidden="true">
          ★★★★★
        </span>{' '}
        <strong>4.8</strong> <span>30k+ user reviews</span>
      </p>
      {!sent && <p className="widget-closing">Pay your bill in minutes from your phone, securely, with no account needed to start.</p>}
    </div>
  );
}
