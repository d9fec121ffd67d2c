import MemberSignup, { type MemberSignupProps } from '../../client/islands/member-signup';
import { Island } from '../web/island';
import { Document } from './shell/document';

export function MemberSignupPage(props: MemberSignupProps) {
  return (
    <Document page="Member-Signup" title="Papaya Premium - Papaya">
      <section className="card reset">
        <Island name="member-signup" component={MemberSignup} props={props} />
      </section>
    </Document>
  );
}
