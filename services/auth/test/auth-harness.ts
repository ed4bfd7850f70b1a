import type { Express } from 'express';
import {
  createTestDatabase,
  createTestRedis,
  generateTestKeys,
  startNotifications,
  startSmtpCatcher,
  testRuntime,
  testServiceEnv,
  type NotificationsProcess,
  type SmtpCatcher,
  type TestDatabase,
  type TestRedis,
} from '@portal/platform/testing';
import { currentPolicyVersions } from '@portal/contracts';
import { startPhoneStandIn, type PhoneStandIn } from '../../../deploy/local/stand-ins/phone';
import { compose } from '../src/compose';
import { configSchema } from '../src/config';

export const TEST_SERVICE_SECRET = 'test-service-secret-'.padEnd(40, 'x');

export interface AuthHarness {
  app: Express;
  db: TestDatabase;
  redis: TestRedis;
  smtp: SmtpCatcher;
  /** The notifications service the outbox hands over to; stop it to keep messages in the outbox. */
  notifications: NotificationsProcess;
  /** With `phones`: the SMS gateway's stand-in that notifications sends codes through. */
  phones?: PhoneStandIn;
  keys: ReturnType<typeof generateTestKeys>;
  adminAccounts: Awaited<ReturnType<typeof compose>>['adminAccounts'];
  firmEvents: Awaited<ReturnType<typeof compose>>['firmEvents'];
  outbox: Awaited<ReturnType<typeof compose>>['outbox'];
  /** Stops auth, runs `whileDown`, and starts it again on the same database and Redis (`app` is the new one). */
  restart(whileDown: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/**
 * Auth as production composes it, on a database, a Redis prefix and an SMTP listener of its own,
 * all real; `settings` adds to the test's configuration as the environment would.
 */
export async function startAuth(
  label: string,
  settings: Record<string, string> = {},
  /** A clock the test moves; the real one without it. */
  clock?: { now: Date },
  /** Notifications with an SMS gateway (the stand-in), for numbers and sign-in codes. */
  { phones: withPhones = false }: { phones?: boolean } = {},
): Promise<AuthHarness> {
  const [db, redis, smtp] = await Promise.all([createTestDatabase(label), createTestRedis(label), startSmtpCatcher()]);
  const keys = generateTestKeys();
  const phones = withPhones
    ? await startPhoneStandIn({
        token: 'wa',
        appSecret: 'wa-secret',
        phoneNumberId: '1',
        authKey: 'sms-key',
        webhookUrl: 'http://127.0.0.1:9/',
      })
    : undefined;
  // what auth tells people goes out through notifications, as in production
  const notifications = await startNotifications({
    label,
    redis,
    publicKey: keys.publicKey,
    serviceSecret: TEST_SERVICE_SECRET,
    smtpUrl: smtp.url,
    ...(phones && { settings: { SMS_API_URL: phones.baseUrl, SMS_AUTH_KEY: 'sms-key' } }),
  });
  const config = configSchema.parse({
    ...testServiceEnv({ db, redis, publicKey: keys.publicKey, serviceSecret: TEST_SERVICE_SECRET }),
    JWT_PRIVATE_KEY: keys.privateKey,
    PUBLIC_URL: 'http://portal.test',
    NOTIFICATIONS_URL: notifications.url,
    USER_TOKEN_TTL_SECONDS: '3600',
    ADMIN_TOKEN_TTL_SECONDS: '3600',
    LOGIN_MAX_FAILURES_PER_EMAIL: '1000',
    LOGIN_MAX_FAILURES_PER_IP: '1000',
    SIGNUPS_PER_IP_PER_HOUR: '1000',
    RESET_REQUESTS_PER_EMAIL_PER_HOUR: '1000',
    RESET_REQUESTS_PER_IP_PER_HOUR: '1000',
    ...settings,
  });
  const start = (runtime: ReturnType<typeof testRuntime>) => compose(config, runtime, clock ? { now: () => clock.now } : {});
  let runtime = testRuntime('auth');
  const harness: AuthHarness = {
    ...(await start(runtime)),
    db,
    redis,
    smtp,
    notifications,
    ...(phones && { phones }),
    keys,
    async restart(whileDown) {
      await runtime.stop();
      await whileDown();
      runtime = testRuntime('auth');
      Object.assign(harness, await start(runtime));
    },
    async close() {
      await runtime.stop();
      await notifications.close();
      await phones?.close();
      await Promise.all([db.drop(), redis.cleanup(), smtp.close()]);
    },
  };
  return harness;
}

export const validSignup = (email = 'ravi.kumar@example.in') => ({
  firstName: 'Ravi',
  lastName: 'Kumar',
  email,
  password: 'secret12',
  acceptedPolicies: currentPolicyVersions(),
  personalInfo: {
    age: 41,
    gender: 'male',
    mobileNumber: '+91 98765 43210',
    occupation: 'Chartered Accountant',
    organization: 'Kumar & Co',
    address: { street: '12 MG Road', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
  },
});
