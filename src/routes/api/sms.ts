import { Hono } from '../../lib/hono';
import { SmsRequestSchema } from '../../domain/sms-request';
import { textLink } from '../../features/text-link';
import type { AppEnv } from '../../web/app-env';
import { respond } from '../../web/answer';
import { validJson } from '../../web/validate';

/** Text-me-a-link's API door: the Worker checks, limits, composes and sends (src/features/text-link.ts); the browser only gives a number. */
export const smsRoutes = new Hono<AppEnv>();

smsRoutes.post('/api/send_sms_client.php', ...validJson(SmsRequestSchema), async (c) => respond(c, await textLink(c, c.req.valid('json'))));
