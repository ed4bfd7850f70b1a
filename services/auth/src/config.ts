import { z } from 'zod';
import { serviceConfigShape, serviceUrl } from '@portal/platform';

const pem = z
  .string()
  .min(1)
  .transform((value) => value.replace(/\\n/g, '\n'))
  .refine((value) => value.includes('-----BEGIN'), 'must be a PEM-encoded key');

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

export const configSchema = z
  .object({
    ...serviceConfigShape({ port: 4001, database: 'portal_auth' }),
    JWT_PRIVATE_KEY: pem,
    /** How often every firm's members are published again, so billing's read model recovers a lost event. */
    FIRM_REPLAY_EVERY_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .default(15 * 60_000),
    USER_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .default(7 * 24 * 3600),
    ADMIN_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .default(8 * 3600),
    DESKTOP_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
    /** How long a desktop session may go unused before the app must sign in again. */
    DESKTOP_SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(90),
    PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
      .default('http://localhost:8080')
      .transform((url) => url.replace(/\/+$/, '')),
    /** Where the outbox hands over what the portal tells people (notifications delivers it). */
    NOTIFICATIONS_URL: serviceUrl.default('http://127.0.0.1:4006'),
    GOOGLE_CLIENT_ID: z.string().optional(),
    /** Where Google's signing certificates are fetched; a local stand-in in tests and the embedded default. */
    GOOGLE_CERTS_URL: z
      .string()
      .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
      .optional(),
    ADMIN_EMAIL: z.string().email('must be an e-mail address').optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    ADMIN_SIGNUP_ENABLED: flag,
    /** Seals the admins' authenticator secrets; without it, a key derived from JWT_PRIVATE_KEY does. */
    SECOND_FACTOR_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 bytes)')
      .optional(),
    /** Wrong second-factor codes per admin (and per address, 30) in 15 minutes, as for passwords. */
    ADMIN_CODE_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
    LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    // RFC 8628 §5.1: wrong user codes typed in the portal, per signed-in user and per address (15 minutes)
    USER_CODE_MAX_FAILURES_PER_USER: z.coerce.number().int().min(1).default(10),
    USER_CODE_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
    SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
    RESET_REQUESTS_PER_EMAIL_PER_HOUR: z.coerce.number().int().min(1).default(3),
    RESET_REQUESTS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
    /** Sign-in codes asked for by SMS from one address in an hour (each number has its own limit at notifications). */
    MOBILE_CODES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
  })
  .refine((config) => !config.ADMIN_EMAIL === !config.ADMIN_PASSWORD, {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together',
    path: ['ADMIN_PASSWORD'],
  });
export type Config = z.infer<typeof configSchema>;
