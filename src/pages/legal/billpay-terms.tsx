import { SUPPORT_EMAIL } from '../../domain/site';
import { LegalDocument, type LegalSection } from './legal-document';

const mail = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

const sections: LegalSection[] = [
  {
    id: 'scope',
    heading: 'What these terms cover',
    body: (
      <p>
        These Bill Pay Terms apply when you pay a bill through Papaya's Bill Pay service offered with the bank that issued your card (the
        "Issuing Bank"). They add to the Papaya Terms of Service; where the two differ, these Bill Pay Terms apply to Bill Pay payments.
      </p>
    ),
  },
  {
    id: 'eligibility',
    heading: 'Eligibility',
    body: (
      <p>
        To use Bill Pay you must be a resident of the United States and at least 18 years old, and you must be an authorized holder of a
        card issued by the Issuing Bank.
      </p>
    ),
  },
  {
    id: 'funding',
    heading: 'Funding your payments',
    body: (
      <p>
        Bill Pay payments may be funded only with cards issued by the Issuing Bank. Other cards, bank transfers and other payment methods
        cannot be used for Bill Pay. Each payment is charged to your card when we process it, and appears on your card statement with the
        payee's name.
      </p>
    ),
  },
  {
    id: 'authorization',
    heading: 'Authorizing payments',
    body: (
      <p>
        When you submit a Bill Pay payment you authorize Papaya to charge your card for the amount and any fee shown, and to send the
        payment to the payee you named. You are responsible for the payee, account number and amount you enter. We may refuse a payment that
        is incomplete, that appears fraudulent, or that the Issuing Bank declines.
      </p>
    ),
  },
  {
    id: 'fees',
    heading: 'Fees',
    body: (
      <p>
        Any fee for a Bill Pay payment is disclosed to you before the payment is processed. You may cancel the payment at that point without
        charge.
      </p>
    ),
  },
  {
    id: 'stop-payment',
    heading: 'Stop-payment requests',
    body: (
      <p>
        To stop a Bill Pay payment, email {mail} with the payee, amount and date of the payment as soon as possible. We will try to stop it
        before it is delivered; once a payee has received a payment we cannot recall it, and you must ask the payee for a refund.
      </p>
    ),
  },
  {
    id: 'errors',
    heading: 'Errors and disputes about a payment',
    body: (
      <p>
        If you think a Bill Pay payment was wrong or was not authorized, tell us by email at {mail} within 60 days of the date the payment
        was charged. Include your name, the payee, the amount, the date and why you believe there is an error. We will investigate and tell
        you the result. Your rights with the Issuing Bank under your cardholder agreement are not affected.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Limits of our liability',
    body: (
      <p>
        To the extent the law allows, Papaya's total liability for any claim arising from Bill Pay is limited to the fees you paid to Papaya
        for Bill Pay payments in the 12 months before the event that gave rise to the claim. We are not liable for a payee's delay in
        crediting a payment we delivered as instructed, or for indirect or consequential damages.
      </p>
    ),
  },
  {
    id: 'notices',
    heading: 'Notices',
    body: (
      <p>
        We send notices to the email address in your account, and they are received when sent. Send notices to Papaya by email to {mail}. A
        notice sent by postal mail is deemed received 3 business days after it is mailed.
      </p>
    ),
  },
  {
    id: 'disputes',
    heading: 'Dispute resolution and arbitration',
    body: (
      <>
        <p>
          Before starting arbitration, you and Papaya will first try for 60 days to resolve any dispute informally; start by emailing a
          description of the dispute to {mail}.
        </p>
        <p>
          A dispute not resolved within those 60 days will be settled by binding individual arbitration under the Consumer Arbitration Rules
          of the American Arbitration Association, except for individual claims in small claims court. You and Papaya each waive the right
          to bring or take part in a class action, collective or representative proceeding.
        </p>
      </>
    ),
  },
  {
    id: 'law',
    heading: 'Governing law',
    body: (
      <p>These Bill Pay Terms are governed by the laws of the State of California and, for arbitration, the Federal Arbitration Act.</p>
    ),
  },
];

export function BillpayTerms() {
  return (
    <LegalDocument
      title="Bill Pay Terms of Service"
      dated="Last updated June 23, 2021"
      intro={<p>Please read these terms before you pay a bill with Bill Pay.</p>}
      sections={sections}
    />
  );
}
