import MemberSignup, { type MemberSignupProps } from '../../client/islands/member-signup';
import { Island } from '../web/island';
import { MEMBERSHIP_FORM } from '../domain/membership';
import { Document } from './shell/document';

export function MemberSignupPage(props: MemberSignupProps) {
  return (
    <Document page="Member-Signup" title="Papaya Premium - Papaya">
      <section className="card reset">
        <Island name="member-signup" form={MEMBERSHIP_FORM} component={MemberSignup} props={props} />
      </section>
    </Document>
  );
}
