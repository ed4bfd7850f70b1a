import { z } from 'zod';
import { serviceConfigShape, serviceUrl } from '@portal/platform';

export const configSchema = z.object({
  // Its only body from users is usage tracking, which is small: 16 kB, 413 above.
  ...serviceConfigShape({ port: 4005, database: 'portal_admin_reporting' }),
  BODY_LIMIT: z.string().default('16kb'),
  AUTH_URL: serviceUrl.default('http://127.0.0.1:4001'),
  BILLING_URL: serviceUrl.default('http://127.0.0.1:4002'),
  DOWNLOAD_URL: serviceUrl.default('http://127.0.0.1:4003'),
  FEEDBACK_URL: serviceUrl.default('http://127.0.0.1:4004'),
  NOTIFICATIONS_URL: serviceUrl.default('http://127.0.0.1:4006'),
  PARTNERS_URL: serviceUrl.default('http://127.0.0.1:4007'),
  OUTBOX_EVERY_MS: z.coerce.number().int().min(100).default(60_000),
});
export type Config = z.infer<typeof configSchema>;
