import { usePageContext } from '../web/page-context';
import { Document } from './shell/document';
import { Rich } from '../../client/components/rich';

export type VerificationForm = 'merchant' | 'confirmation' | 'newpartner';

/** A third-party verification form, framed under the common heading. */
export function VerificationPage({ page, form, formUrl }: { page: string; form: VerificationForm; formUrl: string }) {
  const text = usePageContext().text.verification;
  return (
    <Document page={page} title={text.title}>
      <section className="card verification">
        <h1>{text.heading}</h1>
        <p>{text.intro}</p>
        <div className="frame-wrap">
          <iframe src={formUrl} title={text[form]} width={600} height={800} loading="lazy" referrerPolicy="strict-origin" />
        </div>
        <p className="muted">
          <Rich text={text.cantSee} parts={{ link: <a href={formUrl}>{text.openIt}</a> }} />
        </p>
      </section>
    </Document>
  );
}
