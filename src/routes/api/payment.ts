import { Hono } from '../../lib/hono';
import { FormKeyQuerySchema, PaymentFormSchema, PaymentQuerySchema } from '../../domain/api-schemas';
import { FORM_KEY_PATH } from '../../domain/form-key';
import { webPaymentOffered } from '../../domain/web-payment';
import { payByCard } from '../../features/payment/pay-by-card';
import { newFormKey } from '../../features/payment/key-answers';
import type { AppEnv } from '../../web/app-env';
import { apiError, MAX_FORM_BYTES, unavailable, validForm, validQuery } from '../../web/validate';
import { respond } from '../../web/answer';
import { wordsOf } from '../../web/words';

/** Guest card payments (`payByCard`, src/features/payment) and a fresh key for a payee's form, for API clients. */
export const paymentRoutes = new Hono<AppEnv>();

/** A fresh key for a payee's form, under the page's own rule: only a payee offered web payment has one. */
paymentRoutes.get(FORM_KEY_PATH, validQuery(FormKeyQuerySchema), async (c) => {
  const { p } = c.req.valid('query');
  const payee = await c.get('origin').cachedPayeeById(p);
  if (!payee.ok) return respond(c, unavailable(c, payee));
  if (!payee.value || !webPaymentOffered(payee.value, c.get('config')))
    return apiError(c, 400, wordsOf(c).api.notWebPayee, { p: wordsOf(c).api.notWebPayeeField });
  return c.json({ formKey: await newFormKey(c, p) });
});

paymentRoutes.post(
  '/payment/payment_back.php',
  validQuery(PaymentQuerySchema),
  ...validForm(MAX_FORM_BYTES, PaymentFormSchema),
  async (c) => respond(c, await payByCard(c, c.req.valid('query'), c.req.valid('form'))),
);
