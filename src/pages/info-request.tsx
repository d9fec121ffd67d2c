import InfoRequest from '../../client/islands/info-request';
import { TRY_LATER } from '../domain/info-request';
import type { Field } from '../domain/info-request';
import { Island } from '../web/island';
import { Document } from './shell/document';

export function InfoRequestPage({ error, token, fields }: { error?: string; token?: string; fields?: Field[] }) {
  return (
    <Document page="BillInfoRequest" title="Your Bill Payment - Papaya">
      <section className="card reset">
        {error || !token || !fields ? (
          <>
            <h1>{error}</h1>
            <p>{TRY_LATER}</p>
          </>
        ) : (
          <Island name="info-request" component={InfoRequest} props={{ token, fields }} />
        )}
      </section>
    </Document>
  );
}
