import { NOT_FOUND_EMAIL, PROMOTION_OVER, type PayLaterView } from '../../src/domain/pay-later';

/** The pay-later screens other than the email form. */
export function PayLaterResultView({
  view,
  notFound,
}: {
  view: Exclude<PayLaterView, 'welcomeInput' | 'welcomeQuery'>;
  notFound?: boolean;
}) {
  switch (view) {
    case 'expired':
      return (
        <>
          <h1>{PROMOTION_OVER}</h1>
          <p>Thanks for your interest. Keep an eye on the Papaya app for new offers.</p>
        </>
      );
    case 'success':
      return (
        <>
          <h1>You're in!</h1>
          <p>Your two-week advance is ready: pay your next bill now and pay us back in two weeks, with no fees or interest.</p>
        </>
      );
    case 'successDuplicate':
      return (
        <>
          <h1>You're already enrolled.</h1>
          <p>Your two-week advance is waiting for you in the Papaya app.</p>
        </>
      );
    default:
      return notFound ? (
        <h1>{NOT_FOUND_EMAIL}</h1>
      ) : (
        <>
          <h1>Oops! Something went wrong.</h1>
          <p>Please try again later. If this keeps happening, please contact Papaya.</p>
        </>
      );
  }
}
