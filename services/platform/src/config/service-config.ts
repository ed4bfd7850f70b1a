import { z } from 'zod';
import { LOG_FORMATS } from '../observability/logger';

/** PEM keys arrive through env files with literal "\n" sequences. */
const pem = z
  .string()
  .min(1)
  .transform((value) => value.replace(/\\n/g, '\n'))
  .refine((value) => value.includes('-----BEGIN'), 'must be a PEM-encoded key');

const port = z.coerce.number().int().min(0).max(65535);

/**
 * How logs are written: JSON unless told otherwise (containers, files, pipes); `npm start` at a
 * terminal asks for pretty lines, which show a request only when it fails or is slow.
 */
export function logFormatShape() {
  return {
    LOG_FORMAT: z.enum(LOG_FORMATS).default('json'),
    LOG_SLOW_REQUEST_MS: z.coerce.number().int().min(0).default(1000),
  };
}

/** Settings every backend service shares; each service extends this with its own keys. */
export function serviceConfigShape(defaults: { port: number; database: string }) {
  return {
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('127.0.0.1'),
    PORT: port.default(defaults.port),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ...logFormatShape(),
    MONGODB_URI: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URI')
      .default('mongodb://127.0.0.1:27017'),
    MONGODB_DB: z
      .string()
      .regex(/^[\w-]{1,63}$/, 'must be a database name')
      .default(defaults.database),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .default('redis://127.0.0.1:6379'),
    REDIS_PREFIX: z.string().default('portal:'),
    BODY_LIMIT: z.string().default('100kb'),
    JWT_PUBLIC_KEY: pem,
    SERVICE_SECRET: z.string().min(32, 'must be at least 32 characters'),
  };
}

export const serviceUrl = z
  .string()
  .regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')
  .transform((url) => url.replace(/\/+$/, ''));

export type ServiceConfig = z.infer<z.ZodObject<ReturnType<typeof serviceConfigShape>>>;
