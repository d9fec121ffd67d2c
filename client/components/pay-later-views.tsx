import type { PayLaterText } from '../../src/domain/catalogue';
import type { PayLaterView } from '../../src/domain/pay-later';

/** The pay-later screens other than the email form. */
export function PayLaterResultView({
  view,
  notFound,
  text,
}: {
  view: Exclude<PayLaterView, 'welcomeInput' | 'welcomeQuery'>;
  notFound?: boolean;
  text: PayLaterText;
}) {
  switch (view) {
    case 'expired':
      return (
        <>
          <h1>{text.promotionOver}</h1>
          <p>{text.promotionOverText}</p>
        </>
      );
    case 'success':
      return (
        <>
          <h1>{text.success}</h1>
          <p>{text.successText}</p>
        </>
      );
    case 'successDuplicate':
      return (
        <>
          <h1>{text.duplicate}</h1>
          <p>{text.duplicateText}</p>
        </>
      );
    default:
      return notFound ? (
        <h1>{text.notFoundEmail}</h1>
      ) : (
        <>
          <h1>{text.oops}</h1>
          <p>{text.oopsText}</p>
        </>
      );
  }
}
