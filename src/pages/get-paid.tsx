import GetPaid, { type GetPaidProps } from '../../client/islands/get-paid';
import { Island } from '../web/island';
import { GET_PAID_FORM } from '../domain/get-paid';
import { Document } from './shell/document';
import { usePageContext } from '../web/page-context';

export function GetPaidPage(props: Omit<GetPaidProps, 'text'>) {
  const text = usePageContext().text.getPaid;
  return (
    <Document personal page="Get-Paid" meta="getPaid">
      <section className="card reset">
        <Island name="get-paid" form={GET_PAID_FORM} component={GetPaid} props={{ ...props, text }} />
      </section>
    </Document>
  );
}
