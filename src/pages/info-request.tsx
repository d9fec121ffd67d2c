import InfoRequest from '../../client/islands/info-request';
import { INFO_FORM, INFO_RESULTS, type Field, type InfoFailure, type InfoResult } from '../domain/info-request';
import { Island } from '../web/island';
import { usePageContext } from '../web/page-context';
import { Document } from './shell/document';

export function InfoRequestPage({
  error,
  token,
  fields,
  result,
}: {
  error?: InfoFailure;
  token?: string;
  fields?: Field[];
  result?: InfoResult;
}) {
  const text = usePageContext().text.infoRequest;
  return (
    <Document personal page="BillInfoRequest" title={text.title}>
      <section className="card reset">
        {result ? (
          <div role="status" className="reset-result">
            <h1>{text[INFO_RESULTS[result].title]}</h1>
            <p>{text[INFO_RESULTS[result].text]}</p>
          </div>
        ) : error || !token || !fields ? (
          <>
            <h1>{text[error ?? 'retrieveFailed']}</h1>
            <p>{text.tryLater}</p>
          </>
        ) : (
          <Island name="info-request" form={INFO_FORM} component={InfoRequest} props={{ token, fields, text }} />
        )}
      </section>
    </Document>
  );
}
