import { en } from '../../domain/catalogue/en';
import { fill } from '../../domain/catalogue/fill';
import { SUPPORT_EMAIL } from '../../domain/site';
import { DEVICE_COOKIE_FACTS, VERSION_COOKIE_FACTS } from './documents';
import { LegalDocument, type LegalSection } from './legal-document';

const mail = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

const sections: LegalSection[] = [
  {
    id: 'collect',
    heading: 'Information we collect',
    body: (
      <>
        <p>We collect the information you give us, information created when you use Papaya, and information from others:</p>
        <ul>
          <li>
            <strong>Account and identity information:</strong> your name, email address, password, text-enabled mobile number, street
            address, zip code, date of birth, and, where the law requires us to verify your identity, your Social Security number or a
            government identification number.
          </li>
          <li>
            <strong>Payment information:</strong> the bank account or card you add, and the payments you make: payee, amount, date and
            status. Card numbers are handled by our payment processors; we keep only the card's brand and last four digits.
          </li>
          <li>
            <strong>Bills:</strong> photos of bills you take, bills imported into your account, and the payee and account details on them.
          </li>
          <li>
            <strong>Device and usage information:</strong> your device type, operating system, browser, IP address, app version, the pages
            and screens you use, and diagnostic logs.
          </li>
          <li>
            <strong>From others:</strong> billers who send you bills or payment links through Papaya, our identity verification and fraud
            prevention providers, and, if you connect a bank account, the bank-data aggregator described below.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'use',
    heading: 'How we use information',
    body: (
      <ul>
        <li>to provide the Service: read your bills, process and deliver your payments, and send receipts;</li>
        <li>to verify your identity and payment methods and to prevent fraud, abuse and security incidents;</li>
        <li>to communicate with you by email, text message and in the app, including reminders you ask for;</li>
        <li>to provide customer support;</li>
        <li>to understand how Papaya is used and improve it;</li>
        <li>to comply with the law, including anti-money-laundering and payment network rules.</li>
      </ul>
    ),
  },
  {
    id: 'share',
    heading: 'How we share information',
    body: (
      <>
        <p>We do not sell your personal information. We share it only:</p>
        <ul>
          <li>
            <strong>with the payees you pay</strong>, the information they need to credit your payment, such as your name, account number
            and amount;
          </li>
          <li>
            <strong>with service providers</strong> who work for us under contract, such as payment processors, banks, identity
            verification, text message and email delivery, cloud hosting and customer support tools; they may use it only to provide their
            services to us;
          </li>
          <li>
            <strong>with a bank-data aggregator</strong>, when you choose to connect a bank account: the aggregator collects your account
            and balance information from your bank, under its own privacy policy, so that we can verify the account and make transfers;
          </li>
          <li>
            <strong>for legal reasons</strong>, when the law, a court order or a payment network requires it, or to protect the rights,
            property and safety of our users and of Papaya;
          </li>
          <li>
            <strong>in a business transfer</strong>, such as a merger or acquisition, under a privacy policy at least as protective as this
            one.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies and similar technologies',
    body: (
      <>
        <p>
          Our websites use cookies and local storage that are needed for them to work, for example to remember that a text message link was
          sent to you (for up to 7 days) and to protect forms against automated abuse. We also use analytics and app-attribution tools that
          record which link or advertisement led you to download the app. You can block or delete cookies in your browser settings; the pay
          pages still work, but some conveniences may not.
        </p>
        <p>{fill(en.legal.privacyCookie, DEVICE_COOKIE_FACTS)}</p>
        <p>{fill(en.legal.privacyVersionCookie, VERSION_COOKIE_FACTS)}</p>
      </>
    ),
  },
  {
    id: 'choices',
    heading: 'Your choices and opt-outs',
    body: (
      <ul>
        <li>
          <strong>Marketing email:</strong> use the unsubscribe link in any marketing email, or change your preferences in your account
          dashboard.
        </li>
        <li>
          <strong>Text messages:</strong> reply STOP to any text message to stop receiving them, or HELP for help.
        </li>
        <li>
          <strong>Push notifications and location:</strong> turn them off in your device settings.
        </li>
        <li>
          <strong>Account information:</strong> review and update it in your account dashboard, or ask us to delete your account by emailing{' '}
          {mail}.
        </li>
      </ul>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep information',
    body: (
      <p>
        We keep personal information for as long as your account is open and afterwards for as long as we need it to complete payments,
        resolve disputes, prevent fraud and meet legal, tax and payment network record-keeping obligations, which for payment records is
        generally seven years. When we no longer need information we delete it or make it anonymous.
      </p>
    ),
  },
  {
    id: 'security',
    heading: 'Security',
    body: (
      <p>
        We protect information with encryption in transit and at rest, access controls, and monitoring. Card data is handled under the
        Payment Card Industry Data Security Standard by our processors. No system is perfectly secure; if we learn of a breach that affects
        you we will tell you as the law requires.
      </p>
    ),
  },
  {
    id: 'california',
    heading: 'California privacy rights',
    body: (
      <p>
        If you live in California, you have the right to know what personal information we collect, use and disclose; to ask us to delete
        it; to correct it; and to opt out of its sale or sharing, although we do not sell or share personal information for cross-context
        advertising. We will not discriminate against you for using these rights. To make a request, email {mail}; we will verify your
        identity by matching information in your account, and you may use an authorized agent. California's "Shine the Light" law also lets
        you ask which information we shared with third parties for their direct marketing; we do not share it for that purpose.
      </p>
    ),
  },
  {
    id: 'nevada',
    heading: 'Nevada privacy rights',
    body: (
      <p>
        Nevada residents may ask us not to sell covered information. We do not sell covered information as Nevada law defines it, but you
        may still send an opt-out request to {mail} and we will record it.
      </p>
    ),
  },
  {
    id: 'children',
    heading: 'Children',
    body: (
      <p>
        Papaya is not meant for children. We do not knowingly collect personal information from anyone under 13. If you believe a child
        under 13 has given us information, email {mail} and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes and contact',
    body: (
      <p>
        We may update this policy. When a change is material we tell you by email or in the app before it takes effect. Questions and
        requests about privacy go to {mail}.
      </p>
    ),
  },
];

export function PrivacyPolicy() {
  return (
    <LegalDocument
      title="Privacy Policy"
      dated="Effective June 17th 2020"
      intro={
        <p>
          This policy explains what personal information Papaya, Inc. ("Papaya", "we") collects when you use our app and websites, how we
          use and share it, and the choices you have.
        </p>
      }
      sections={sections}
    />
  );
}
