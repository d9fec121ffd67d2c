import type { ComponentProps } from 'react';
import SmsForm from '../../client/islands/sms-form';
import { SMS_FORM } from '../domain/islands';
import { HumanCheckNotice, HumanCheckScript } from './shell/human-check-script';
import { Island } from '../web/island';
import { usePageContext } from '../web/page-context';

interface TextMeALinkProps {
  /** Where the text was asked for, as the backend counts it (`p` a pay page, `4` the not-found page). */
  source: ComponentProps<typeof SmsForm>['source'];
  /** Said to a visitor without script, in place of the form: what else they can do. */
  alternative: string;
  payeeId?: string;
  storeUrl?: string;
  appStoreUrl?: string;
  humanCheckSiteKey?: string;
}

/** The text-me-a-link form with its human check, as every page that offers it draws it. */
export function TextMeALink({ source, alternative, payeeId, storeUrl, appStoreUrl, humanCheckSiteKey }: TextMeALinkProps) {
  const { text } = usePageContext();
  return (
    <>
      <HumanCheckScript siteKey={humanCheckSiteKey} />
      <HumanCheckNotice siteKey={humanCheckSiteKey} alternative={alternative} />
      <Island
        name="sms-form"
        form={SMS_FORM}
        component={SmsForm}
        props={{ formId: 'sms', payeeId, source, storeUrl, appStoreUrl, humanCheckSiteKey, text: text.smsForm }}
      />
    </>
  );
}
