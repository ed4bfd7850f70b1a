import { z } from 'zod';
import { serviceConfigShape, serviceUrl } from '@portal/platform';

export const configSchema = z.object({
  ...serviceConfigShape({ port: 4006, database: 'portal_notifications' }),
  /**
   * Whether webhooks may go to private, loopback and link-local addresses: false in production,
   * where such an address is refused at registration and at every delivery; true for development
   * and the tests, whose receivers listen on this machine.
   */
  WEBHOOK_ALLOW_LOCAL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Multiplies the webhooks' retry schedule (1 is about 27 hours of tries); tests shorten it. */
  WEBHOOK_RETRY_SCALE: z.coerce.number().positive().max(10).default(1),
  /** The portal's address, for the unsubscribe links in reminders and news. */
  PUBLIC_URL: serviceUrl.default('http://localhost:8080'),
  // a message carries its invoice or credit note when it is handed over
  BODY_LIMIT: z.string().default('16mb'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Tax Practitioner Portal <no-reply@localhost>'),
  /** The mail provider's rate: messages a second, across this service's replicas. */
  MAIL_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(20),
  /** Multiplies the retry schedule (1 is about 24 hours of tries); tests shorten it. */
  DELIVERY_RETRY_SCALE: z.coerce.number().positive().max(10).default(1),
  /** How often messages whose next try is overdue (a lost job, Redis away) are queued again. */
  DELIVERY_SWEEP_MS: z.coerce.number().int().min(100).default(30_000),
  /** How often the messages are counted by state for the metrics (a scrape reads the last count). */
  MESSAGE_COUNT_MS: z.coerce.number().int().min(100).default(15_000),
  /** WhatsApp's Cloud API: on when the token, the number's id and the app secret are set. */
  WHATSAPP_API_URL: serviceUrl.default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v23.0'),
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/).optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  /** What Meta's subscription check of the webhook must name. */
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  /** The SMS gateway (MSG91's flow API): on when its key is set; numbers are verified by SMS, so without it no phone channel is offered. */
  SMS_API_URL: serviceUrl.default('https://control.msg91.com'),
  SMS_AUTH_KEY: z.string().optional(),
  /** The key in the address the gateway posts its delivery reports to. */
  SMS_REPORT_KEY: z.string().min(16).optional(),
});
export type Config = z.infer<typeof configSchema>;
