import { SUPPORT_EMAIL } from '../../domain/site';
import { LegalDocument, type LegalSection } from './legal-document';

const mail = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

const sections: LegalSection[] = [
  {
    id: 'agreement',
    heading: 'Agreement to these terms',
    body: (
      <>
        <p>
          These Terms of Service ("Terms") are a contract between you and Papaya, Inc. ("Papaya", "we", "us" or "our"). They govern your use
          of the Papaya mobile application, the papayapay.com websites, and the bill payment services we provide through them (together, the
          "Service"). By creating an account, submitting a payment instruction or otherwise using the Service, you agree to these Terms and
          to our Privacy Policy. If you do not agree, do not use the Service.
        </p>
        <p>
          Section 13 contains an agreement to resolve disputes by individual arbitration and a waiver of class actions. Please read it
          carefully.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    heading: 'Eligibility',
    body: (
      <p>
        You may use the Service only if you are a resident of the United States and you are at least 18 years old, or the age of majority
        where you live if that is older. By using the Service you confirm that you meet these requirements and that you can form a binding
        contract with Papaya.
      </p>
    ),
  },
  {
    id: 'account',
    heading: 'Your account',
    body: (
      <>
        <p>
          To pay bills with Papaya you need an account. To open one you must give us an email address that you own and control, add at least
          one valid payment method, and give us the information we need to validate that payment method and to verify your identity.
          Depending on the payment, this information may include your name, email address, password, a text-enabled mobile number, street
          address, zip code, date of birth, Social Security number, a government identification number, your payment method (bank account or
          card) and images of your bills.
        </p>
        <p>
          The information you give us must be true, accurate and complete, and you must keep it up to date. You manage your profile and your
          communication preferences in your account dashboard. You are responsible for keeping your password confidential and for all
          activity under your account; tell us at once at {mail} if you believe someone else has used it.
        </p>
        <p>
          We may decline to open an account, for example when we cannot verify your identity or payment method, and we are not required to
          give a reason.
        </p>
      </>
    ),
  },
  {
    id: 'payment-methods',
    heading: 'Payment methods',
    body: (
      <>
        <p>You may fund payments with either of these payment methods:</p>
        <ul>
          <li>
            <strong>Bank transfer (ACH).</strong> Bank transfers are made through our bank-transfer provider. To use them you must open an
            account with that provider and accept its terms and conditions, which then also apply to your transfers.
          </li>
          <li>
            <strong>Debit and credit cards</strong> on the Mastercard, Visa, American Express and Discover networks. Some billers do not
            accept every card network; we tell you before you pay when a card cannot be used for a bill.
          </li>
        </ul>
        <p>
          You authorize us, and our payment processors, to charge the payment method you choose for each payment you instruct, including any
          fee shown to you. You confirm that you are authorized to use each payment method you add.
        </p>
      </>
    ),
  },
  {
    id: 'payment-instructions',
    heading: 'Payment instructions',
    body: (
      <>
        <p>
          A payment instruction tells us to pay a bill on your behalf. Each instruction needs the bill, given as a photo of a paper bill, a
          bill imported into your account, or the payee's details entered by hand; the amount to pay; and the payment method to use. You are
          responsible for the accuracy of every instruction, including the payee, the account number printed on your bill and the amount.
        </p>
        <p>
          We deliver payments electronically or by check, depending on the payee. Delivery times shown in the Service are estimates; allow
          enough time for the payee to receive the payment before its due date. We may reject any payment instruction, for example when
          information is missing or inconsistent, when we suspect fraud, or when a payment would break the law or a payment network's rules.
          When we reject an instruction we tell you, and we do not charge you for it.
        </p>
      </>
    ),
  },
  {
    id: 'fees',
    heading: 'Fees',
    body: (
      <p>
        Some payments carry a fee, which depends on the payment method and the payee. Every fee is disclosed to you before we process the
        payment, and you can cancel the payment at that point without charge. We do not charge fees that were not disclosed to you first.
      </p>
    ),
  },
  {
    id: 'stop-payment',
    heading: 'Cancelling and stopping payments',
    body: (
      <p>
        You may cancel a payment in the app until it is processed. To ask us to stop a payment that is already processing, email {mail} as
        soon as possible with the payee, amount and date of the payment. We will make every reasonable effort to stop it, but cannot
        guarantee that a payment already delivered to the payee can be recovered.
      </p>
    ),
  },
  {
    id: 'communications',
    heading: 'Communications and notices',
    body: (
      <>
        <p>
          You agree to receive communications from us electronically, by email to the address in your account, by text message to the mobile
          number you gave us, and in the app. Electronic communications satisfy any legal requirement that a communication be in writing.
          You may change how we reach you, and opt out of marketing messages, in your account dashboard.
        </p>
        <p>
          Notices to Papaya, including stop-payment requests, go by email to {mail}. Notices we send you by email are received when sent. A
          notice sent by postal mail is deemed received 3 business days after it is posted.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable use',
    body: (
      <p>
        You may use the Service only to pay your own bills or bills you are authorized to pay. You may not use it for any unlawful purpose,
        to pay for illegal goods or services, to launder money, to interfere with the Service or its security, to access another person's
        account, or to copy, scrape or reverse engineer the Service.
      </p>
    ),
  },
  {
    id: 'termination',
    heading: 'Termination',
    body: (
      <p>
        You may close your account at any time from your account dashboard or by emailing {mail}. We may suspend or close your account, or
        refuse any payment, if you break these Terms, if we suspect fraud or unauthorized use, or if the law requires it. Payments already
        processed before closing are completed. Sections 11 to 14 continue to apply after your account is closed.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    heading: 'Disclaimers',
    body: (
      <p>
        Except as stated in these Terms, the Service is provided "as is" and "as available". To the extent the law allows, we disclaim all
        implied warranties, including merchantability, fitness for a particular purpose and non-infringement. We are not responsible for a
        payee's failure to credit a payment that we delivered as instructed.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Limitation of liability',
    body: (
      <p>
        To the extent the law allows, Papaya is not liable for indirect, incidental, special, consequential or punitive damages, or for lost
        profits, arising from your use of the Service. Our total liability for any claim relating to the Service is limited to the fees you
        paid to Papaya in the 12 months before the event that gave rise to the claim. Some states do not allow these limits, so they may not
        apply to you in full.
      </p>
    ),
  },
  {
    id: 'disputes',
    heading: 'Dispute resolution and arbitration',
    body: (
      <>
        <p>
          <strong>Informal resolution first.</strong> Before starting arbitration or any other proceeding, you and Papaya agree to try to
          resolve the dispute informally for 60 days. Send a written description of the dispute to {mail}; we will send ours to the email
          address in your account.
        </p>
        <p>
          <strong>Binding arbitration.</strong> If the dispute is not resolved within those 60 days, it will be resolved by binding
          individual arbitration administered by the American Arbitration Association under its Consumer Arbitration Rules, rather than in
          court, except that either party may bring an individual claim in small claims court. The arbitrator may award the same individual
          relief a court could.
        </p>
        <p>
          <strong>Class action waiver.</strong> You and Papaya each bring claims only in an individual capacity, and not as a plaintiff or
          class member in any purported class, collective or representative proceeding. The arbitrator may not consolidate claims of more
          than one person.
        </p>
      </>
    ),
  },
  {
    id: 'governing-law',
    heading: 'Governing law',
    body: (
      <p>
        These Terms are governed by the laws of the State of California, without regard to its conflict of laws rules, and by the Federal
        Arbitration Act for Section 13.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to these terms',
    body: (
      <p>
        We may change these Terms. When a change is material we tell you by email or in the app before it takes effect. If you keep using
        the Service after a change takes effect, you accept the new Terms; if you do not accept them, close your account. Questions about
        these Terms go to {mail}.
      </p>
    ),
  },
];

export function TermsOfService() {
  return (
    <LegalDocument
      title="Terms of Service"
      dated="Effective June 17th 2020"
      intro={<p>Please read these terms before you use Papaya.</p>}
      sections={sections}
    />
  );
}
