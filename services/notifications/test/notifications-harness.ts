import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createTestDatabase,
  createTestRedis,
  generateTestKeys,
  startSmtpCatcher,
  testRuntime,
  testServiceEnv,
} from '@portal/platform/testing';
import { startPhoneStandIn, type PhoneStandIn } from '../../../deploy/local/stand-ins/phone';
import { compose, type NotificationsOverrides } from '../src/compose';
import { configSchema } from '../src/config';

export const SECRET = 'notifications-test-secret-'.padEnd(40, 'x');
export const PUBLIC_URL = 'https://portal.test';

/** The phone stand-in's credentials, which the service is configured with. */
const PHONE = { token: 'wa-test-token', appSecret: 'wa-test-app-secret', phoneNumberId: '100000000000001', authKey: 'msg91-test-key' };
const SMS_REPORT_KEY = 'sms-report-key-for-tests';

/**
 * notifications as production composes it, on its own database, Redis prefix and SMTP listener;
 * with `phones`, listening on a free port with WhatsApp's and the SMS gateway's stand-in, which
 * sends its callbacks there.
 */
export async function startNotificationsService(
  label: string,
  retryScale: string,
  {
    phones = false,
    overrides = {},
    settings = {},
  }: { phones?: boolean; overrides?: NotificationsOverrides; settings?: Record<string, string> } = {},
) {
  const [db, redis, smtp] = await Promise.all([createTestDatabase(label), createTestRedis(label), startSmtpCatcher()]);
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const standInOptions = {
    ...PHONE,
    webhookUrl: `${serviceUrl}/api/notifications/whatsapp/webhook`,
    reportUrl: `${serviceUrl}/api/notifications/sms/report?key=${SMS_REPORT_KEY}`,
  };
  let standIn: PhoneStandIn | undefined = phones ? await startPhoneStandIn(standInOptions) : undefined;
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
    ...settings,
    ...(standIn && {
      WHATSAPP_API_URL: standIn.baseUrl,
      WHATSAPP_TOKEN: PHONE.token,
      WHATSAPP_PHONE_NUMBER_ID: PHONE.phoneNumberId,
      WHATSAPP_APP_SECRET: PHONE.appSecret,
      WHATSAPP_VERIFY_TOKEN: 'wa-verify-token',
      SMS_API_URL: standIn.baseUrl,
      SMS_AUTH_KEY: PHONE.authKey,
      SMS_REPORT_KEY,
    }),
  });
  const built = await compose(config, runtime, overrides);
  server.on('request', built.app);
  return {
    ...built,
    db,
    redis,
    smtp,
    keys,
    serviceUrl,
    appSecret: PHONE.appSecret,
    /** The phone stand-in (with `phones`): what each number received. */
    get handsets(): PhoneStandIn {
      if (!standIn) throw new Error('started without phones');
      return standIn;
    },
    /** The stand-in away (its port closed), as a provider's outage. */
    async stopPhones() {
      await standIn?.close();
    },
    /** The stand-in back on the same port, having received nothing meanwhile. */
    async restartPhones() {
      standIn = await startPhoneStandIn({ ...standInOptions, port: Number(new URL(standIn!.baseUrl).port) });
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await standIn?.close();
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
