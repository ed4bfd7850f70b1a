import {
  createTestDatabase,
  createTestRedis,
  generateTestKeys,
  startSmtpCatcher,
  testRuntime,
  testServiceEnv,
} from '@portal/platform/testing';
import { compose } from '../src/compose';
import { configSchema } from '../src/config';

export const SECRET = 'notifications-test-secret-'.padEnd(40, 'x');
export const PUBLIC_URL = 'https://portal.test';

/** notifications as production composes it, on its own database, Redis prefix and SMTP listener. */
export async function startNotificationsService(label: string, retryScale: string) {
  const [db, redis, smtp] = await Promise.all([createTestDatabase(label), createTestRedis(label), startSmtpCatcher()]);
  const keys = generateTestKeys();
  const runtime = testRuntime('notifications');
  const config = configSchema.parse({
    ...testServiceEnv({ db, redis, publicKey: keys.publicKey, serviceSecret: SECRET }),
    PUBLIC_URL,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Portal <no-reply@portal.test>',
    DELIVERY_RETRY_SCALE: retryScale,
    DELIVERY_SWEEP_MS: '200',
    MESSAGE_COUNT_MS: '100',
  });
  const built = await compose(config, runtime);
  return {
    ...built,
    db,
    redis,
    smtp,
    keys,
    async close() {
      await runtime.stop();
      await Promise.all([db.drop(), redis.cleanup(), smtp.close()]);
    },
  };
}
export type NotificationsService = Awaited<ReturnType<typeof startNotificationsService>>;

/** Reads until `done` holds: delivery runs beside the calls. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in time: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
