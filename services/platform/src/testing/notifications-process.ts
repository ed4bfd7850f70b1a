import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { createTestDatabase, type TestDatabase, type TestRedis } from './test-infrastructure';
import { testServiceEnv } from './test-service';

/** The built notifications service; `npm test` compiles every service before the suite runs. */
const ENTRY = path.resolve(__dirname, '../../../notifications/dist/index.js');

export interface NotificationsProcess {
  /** Where a producer's outbox hands its messages over (NOTIFICATIONS_URL). */
  url: string;
  db: TestDatabase;
  /** Stops it as an orchestrator would (SIGTERM, then its graceful shutdown); its data stays. */
  stop(): Promise<void>;
  /** Starts it again on the same address, database and queue. */
  start(): Promise<void>;
  /** Stops it and drops its database. */
  close(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * The real notifications service, as its own process, for a producer's component test (auth,
 * billing): what the producer hands over is delivered to the test's SMTP listener, so the test
 * reads the e-mail a person would get. Its database is its own; its retries are a thousand times
 * quicker than production's, so that a failed try comes back within the test.
 */
export async function startNotifications({
  label,
  redis,
  publicKey,
  serviceSecret,
  smtpUrl,
  settings = {},
}: {
  label: string;
  redis: TestRedis;
  publicKey: string;
  serviceSecret: string;
  smtpUrl: string;
  settings?: Record<string, string>;
}): Promise<NotificationsProcess> {
  const db = await createTestDatabase(`${label}_notifications`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH,
    ...testServiceEnv({ db, redis, publicKey, serviceSecret }),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
    PORT: String(port),
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Portal <no-reply@portal.test>',
    DELIVERY_RETRY_SCALE: '0.001',
    DELIVERY_SWEEP_MS: '500',
    ...settings,
  };
  let stopped: (() => Promise<void>) | null = null;

  async function start() {
    let stderr = '';
    const child = spawn(process.execPath, [ENTRY], {
      env,
      // its log shows beside the test's own when TEST_LOG_LEVEL asks for one
      stdio: ['ignore', process.env.TEST_LOG_LEVEL ? 'inherit' : 'ignore', 'pipe'],
    });
    child.stderr.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    stopped = async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    };
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`notifications exited with ${child.exitCode} before it was ready: ${stderr}`);
      const ready = await fetch(`${url}/ready`).then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (ready) return;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`notifications was not ready within 30 s: ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  await start();
  const stop = async () => {
    await stopped?.();
    stopped = null;
  };
  return {
    url,
    db,
    stop,
    start,
    async close() {
      await stop();
      await db.drop();
    },
  };
}
