import { es } from '../../src/domain/catalogue/es';
import { SWITCH_TO } from '../../src/domain/catalogue';
import { eventually } from './engines';
import { at, payByCard, ready, sees, type Flow } from './flow-steps';
import { PAYMENT_FLOWS } from './payment-flows';
import { VITALS_FLOW } from './vitals-flow';

export type { Flow, FlowContext } from './flow-steps';

/** Every flow of both specs, walked in each engine with and without script: the pay pages', the account pages', and in Spanish. */
export const FLOWS: Flow[] = [
  ...PAYMENT_FLOWS,
  VITALS_FLOW,
  {
    name: 'password reset: a new password from the emailed link',
    async run(c) {
      await c.w.goto(`${c.site}/update-password?x=RESET-VALID`);
      await ready(c, 'password-reset');
      await c.w.type('#reset-password', 'a long new password');
      await c.w.type('#reset-confirm', 'a long new password');
      await c.w.press('Save');
      await sees(c, 'Your password has been updated. Please return to the app to sign in.');
    },
  },
  {
    name: 'bill info: a change confirmed',
    async run(c) {
      await c.w.goto(`${c.site}/update-info-request?t=INFO-DEADLINE`);
      await ready(c, 'info-request');
      await c.w.press('Confirm and pay');
      await sees(c, 'Payment in progress');
    },
  },
  {
    name: 'bill info: a change declined, the payment cancelled',
    async run(c) {
      await c.w.goto(`${c.site}/update-info-request?t=INFO-AMOUNT`);
      await ready(c, 'info-request');
      await c.w.press('Decline');
      await eventually(
        () => c.w.text(),
        (t) => t.includes('Yes, cancel the payment'),
        'the question',
      );
      await c.w.press('Yes, cancel the payment');
      await sees(c, 'Payment cancelled');
    },
  },
  {
    name: 'get-paid: the access code, a password, the biller panel',
    async run(c) {
      await c.w.goto(`${c.site}/getpaid`);
      await ready(c, 'get-paid');
      await c.w.type('#gp-access', 'ACCESS1');
      await c.w.press('Continue');
      await sees(c, 'Set up your account');
      await c.w.type('#gp-email', 'billing@valleymed.example');
      await c.w.type('#gp-pass', 'long enough password');
      await c.w.type('#gp-confirm', 'long enough password');
      await c.w.press('Create account');
      await at(c, /\/biller\?agentToken=/);
    },
  },
  {
    name: 'get-paid: an emailed invite, continued by the biller, to the brand kit',
    async run(c) {
      await c.w.goto(`${c.site}/getpaid?i=${btoa('1008')}`);
      await ready(c, 'get-paid');
      await c.w.press('Continue');
      await sees(c, 'Statements you send a month');
      await c.w.type('#gp-email', 'ap@pinecrest.example');
      await c.w.select('#gp-statements', '3K-10K');
      await c.w.press('Send');
      await at(c, /\/brand-kit\?company$/);
    },
  },
  {
    name: 'membership: the benefits, the payment choice, the waitlist',
    async run(c) {
      await c.w.goto(`${c.site}/member-signup?ad=2&camefrom=email`);
      await ready(c, 'member-signup');
      await c.w.follow('Continue');
      await eventually(() => c.w.has('input[value="NEW_METHOD"]'), Boolean, 'the payment choice');
      await c.w.click('input[value="NEW_METHOD"]');
      await c.w.press('Join the waitlist');
      await sees(c, "You're on the waitlist!");
    },
  },
  {
    name: 'pay later: a member enrols by email',
    async run(c) {
      await c.w.goto(`${c.site}/pay-later`);
      await ready(c, 'pay-later');
      await c.w.type('#pay-later-email', 'member@example.com');
      await c.w.press('Get my advance');
      await sees(c, "You're in!");
    },
  },
  {
    name: "pay later: the emailed link's button enrols",
    async run(c) {
      await c.w.goto(`${c.site}/pay-later?ue=${btoa('member@example.com')}`);
      await ready(c, 'pay-later');
      await c.w.press('Get my advance');
      await sees(c, "You're in!");
    },
  },
  {
    name: 'account link: the button sends the answer from sign-in',
    async run(c) {
      await c.w.goto(`${c.site}/account-link?code=auth-code&scope=gmail.readonly&state=xyz`);
      await c.w.press('Link my email');
      await sees(c, 'Your email is linked!');
    },
  },
  {
    name: 'en español: the switch, then text-me-a-link in Spanish',
    computer: true,
    async run(c) {
      await c.w.goto(`${c.site}/valleymed`);
      await c.w.follow(SWITCH_TO.en.name);
      await sees(c, es.smsForm.label);
      await eventually(() => c.w.has('html[lang="es-US"]'), Boolean, 'the page in Spanish');
      await ready(c, 'sms-form');
      await c.w.type('#sms-phone', '5595550191');
      if (c.javaScript)
        await eventually(
          () => c.w.value('#sms-phone'),
          (v) => v === '(559) 555-0191',
          'the phone mask',
        );
      await c.w.press(es.smsForm.submit);
      await sees(c, es.smsForm.sent);
    },
  },
  {
    name: 'en español: web payment, both steps, a declined card, a corrected one, the receipt',
    run: (c) => payByCard(c, es),
  },
  {
    name: 'en español: an expired reset link, told (by the page once it runs, or by the save without script)',
    async run(c) {
      await c.w.goto(`${c.site}/update-password?x=RESET-EXPIRED&lang=es`);
      if (!c.javaScript) {
        await c.w.type('#reset-password', 'una contraseña larga');
        await c.w.type('#reset-confirm', 'una contraseña larga');
        await c.w.press(es.passwordReset.save);
      }
      await sees(c, es.passwordReset.expiredTitle);
    },
  },
];
