import type { Express } from 'express';
import { createLogger, createMailer, createTokenVerifier } from '@portal/platform';
import {
  createTestDatabase,
  createTestRedis,
  generateTestKeys,
  startSmtpCatcher,
  type SmtpCatcher,
  type TestDatabase,
  type TestRedis,
} from '@portal/platform/testing';
import { createApp, type AuthSettings } from '../src/app';

export const TEST_SERVICE_SECRET = 'test-service-secret-'.padEnd(40, 'x');

export interface AuthHarness {
  app: Express;
  db: TestDatabase;
  redis: TestRedis;
  smtp: SmtpCatcher;
  keys: ReturnType<typeof generateTestKeys>;
  adminAccounts: Awaited<ReturnType<typeof createApp>>['adminAccounts'];
  close(): Promise<void>;
}

/** The auth app on a database, a Redis prefix and an SMTP listener of its own, all real. */
export async function startAuth(label: string, overrides: Partial<AuthSettings> = {}): Promise<AuthHarness> {
  const [db, redis, smtp] = await Promise.all([createTestDatabase(label), createTestRedis(label), startSmtpCatcher()]);
  const keys = generateTestKeys();
  const settings: AuthSettings = {
    JWT_PRIVATE_KEY: keys.privateKey,
    JWT_PUBLIC_KEY: keys.publicKey,
    SERVICE_SECRET: TEST_SERVICE_SECRET,
    REDIS_PREFIX: redis.prefix,
    PUBLIC_URL: 'http://portal.test',
    USER_TOKEN_TTL_SECONDS: 3600,
    ADMIN_TOKEN_TTL_SECONDS: 3600,
    ADMIN_SIGNUP_ENABLED: false,
    GOOGLE_CLIENT_ID: undefined,
    GOOGLE_CERTS_URL: undefined,
    LOGIN_MAX_FAILURES_PER_EMAIL: 1000,
    LOGIN_MAX_FAILURES_PER_IP: 1000,
    LOGIN_FAILURE_WINDOW_SECONDS: 900,
    SIGNUPS_PER_IP_PER_HOUR: 1000,
    RESET_REQUESTS_PER_EMAIL_PER_HOUR: 1000,
    RESET_REQUESTS_PER_IP_PER_HOUR: 1000,
    BODY_LIMIT: '100kb',
    ...overrides,
  };
  const mailer = createMailer(smtp.url, 'Portal <no-reply@portal.test>');
  const { app, adminAccounts } = await createApp({
    mongo: db.connection,
    redis: redis.redis,
    verifyToken: createTokenVerifier({ publicKey: keys.publicKey, redis: redis.redis, redisPrefix: redis.prefix }),
    logger: createLogger('auth', 'silent'),
    settings,
    mail: mailer,
  });
  return {
    app,
    db,
    redis,
    smtp,
    keys,
    adminAccounts,
    async close() {
      mailer.close();
      await Promise.all([db.drop(), redis.cleanup(), smtp.close()]);
    },
  };
}

export const validSignup = (email = 'ravi.kumar@example.in') => ({
  firstName: 'Ravi',
  lastName: 'Kumar',
  email,
  password: 'secret12',
  personalInfo: {
    age: 41,
    gender: 'male',
    mobileNumber: '+91 98765 43210',
    occupation: 'Chartered Accountant',
    organization: 'Kumar & Co',
    address: { street: '12 MG Road', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
  },
});
