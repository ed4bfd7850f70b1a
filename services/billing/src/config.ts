import { z } from 'zod';
import { serviceConfigShape, serviceUrl } from '@portal/platform';

const ms = (fallback: number) => z.coerce.number().int().min(100).default(fallback);

export const configSchema = z.object({
  ...serviceConfigShape({ port: 4002, database: 'portal_billing' }),
  AUTH_URL: serviceUrl.default('http://127.0.0.1:4001'),
  PUBLIC_URL: serviceUrl.default('http://localhost:8080'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
    .default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Tax Practitioner Portal <no-reply@localhost>'),
  PHONEPE_CLIENT_ID: z.string().min(1),
  PHONEPE_CLIENT_SECRET: z.string().min(1),
  PHONEPE_CLIENT_VERSION: z.string().default('1'),
  PHONEPE_OAUTH_BASE_URL: serviceUrl,
  PHONEPE_PG_BASE_URL: serviceUrl,
  PHONEPE_WEBHOOK_USERNAME: z.string().regex(/^\w{5,20}$/, 'must be 5–20 letters, digits or _ (PhonePe dashboard rule)'),
  PHONEPE_WEBHOOK_PASSWORD: z.string().min(8, 'must be at least 8 characters'),
  ORDER_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1200),
  BILLING_WORKERS: z.enum(['on', 'off']).default('on'),
  EXPIRY_SWEEP_EVERY_MS: ms(60_000),
  REMINDERS_EVERY_MS: ms(15 * 60_000),
  RECONCILE_EVERY_MS: ms(2 * 60_000),
  RECONCILE_AFTER_MS: ms(3 * 60_000),
});
export type Config = z.infer<typeof configSchema>;
