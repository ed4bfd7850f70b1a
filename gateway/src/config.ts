import { z } from 'zod';
import { logFormatShape, serviceUrl } from '@portal/platform';

const pem = z
  .string()
  .min(1)
  .transform((value) => value.replace(/\\n/g, '\n'))
  .refine((value) => value.includes('-----BEGIN'), 'must be a PEM-encoded key');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...logFormatShape(),
  AUTH_URL: serviceUrl.default('http://127.0.0.1:4001'),
  BILLING_URL: serviceUrl.default('http://127.0.0.1:4002'),
  DOWNLOAD_URL: serviceUrl.default('http://127.0.0.1:4003'),
  FEEDBACK_URL: serviceUrl.default('http://127.0.0.1:4004'),
  ADMIN_REPORTING_URL: serviceUrl.default('http://127.0.0.1:4005'),
  NOTIFICATIONS_URL: serviceUrl.default('http://127.0.0.1:4006'),
  PARTNERS_URL: serviceUrl.default('http://127.0.0.1:4007'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  CORS_ORIGINS: z
    .string()
    .default('http://localhost:8080,http://127.0.0.1:8080')
    .transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  RATE_LIMIT_POINTS: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().default('portal:'),
  JWT_PUBLIC_KEY: pem,
  STATIC_DIR: z.string().default('frontends/dist'),
  ACCESS_LOG: z.enum(['on', 'off']).default('on'),
  LIVE_RELOAD: z.enum(['on', 'off']).default('off'),
  // Written into the pages as it is, so only the characters a Google client id has.
  GOOGLE_CLIENT_ID: z
    .string()
    .regex(/^[\w.-]+$/, 'must be a Google OAuth client id')
    .optional(),
});
export type Config = z.infer<typeof configSchema>;
