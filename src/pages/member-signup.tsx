import MemberSignup, { type MemberSignupProps } from '../../client/islands/member-signup';
import { Island } from '../web/island';
import { MEMBERSHIP_FORM } from '../domain/membership';
import { Document } from './shell/document';
import { usePageContext } from '../web/page-context';

export function MemberSignupPage(props: Omit<MemberSignupProps, 'text'>) {
  const text = usePageContext().text.memberSignup;
  return (
    <Document page="Member-Signup" title={text.title}>
      <section className="card reset">
        <Island name="member-signup" form={MEMBERSHIP_FORM} component={MemberSignup} props={{ ...props, text }} />
      </section>
    </Document>
  );
}
