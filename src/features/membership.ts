import type { Context } from 'hono';
import type * as z from 'zod/mini';
import type { MemberSignupQuerySchema } from '../domain/api-schemas';
import type { AppEnv } from '../web/app-env';
import { answered } from '../web/validate';

/** A place on the membership waitlist, with the payment the visitor chose (the signup page, with script or without). */
export async function joinWaitlist(c: Context<AppEnv>, { p, f, a }: z.output<typeof MemberSignupQuerySchema>) {
  return answered(c, await c.get('origin').memberSignup({ paymentType: p, cameFrom: f, ad: a }), (success) => ({ success }));
}
