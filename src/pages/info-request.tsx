import InfoRequest from '../../client/islands/info-request';
import { INFO_FORM, INFO_RESULT_TEXT, INFO_RESULTS, TRY_LATER, type InfoResult } from '../domain/info-request';
import type { Field } from '../domain/info-request';
import { Island } from '../web/island';
import { Document } from './shell/document';

export function InfoRequestPage({
  error,
  token,
  fields,
  result,
}: {
  error?: string;
  token?: string;
  fields?: Field[];
  result?: InfoResult;
}) {
  return (
    <Document personal page="BillInfoRequest" title="Your Bill Payment - Papaya">
      <section className="card reset">
        {result ? (
          <div role="status" className="reset-result">
            <h1>{INFO_RESULTS[result]}</h1>
            <p>{INFO_RESULT_TEXT[result]}</p>
          </div>
        ) : error || !token || !fields ? (
          <>
            <h1>{error}</h1>
            <p>{TRY_LATER}</p>
          </>
        ) : (
          <Island name="info-request" form={INFO_FORM} component={InfoRequest} props={{ token, fields }} />
        )}
      </section>
    </Document>
  );
}
