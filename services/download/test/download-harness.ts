import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TOKEN_AUDIENCE, type AdminRole, type SubscriptionSummary } from '@portal/contracts';
import {
  createTestDatabase,
  createTestRedis,
  generateTestKeys,
  signAdminTestToken,
  signTestToken,
  testRuntime,
  testServiceEnv,
  type TestDatabase,
  type TestRedis,
} from '@portal/platform/testing';
import { compose } from '../src/compose';
import { configSchema } from '../src/config';

/** Waits for what the service does after its answer has ended. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const SERVICE_SECRET = 'download-test-secret-'.padEnd(40, 'x');

const summary = (userId: string, status: SubscriptionSummary['subscriptionStatus'], daysRemaining = 0): SubscriptionSummary => ({
  userId,
  subscriptionStatus: status,
  subscriptionPlan: status === 'active' ? 'professional' : status === 'trial' ? 'trial' : 'none',
  planPrice: 0,
  billingPeriod: null,
  trialStart: null,
  trialEnd: null,
  subscriptionStartDate: null,
  subscriptionEndDate: null,
  daysRemaining,
  hasUsedTrial: status !== 'none',
  canStartTrial: status === 'none',
  canDownload: status === 'trial' || status === 'active',
  isTrialActive: status === 'trial',
});

/** Billing, stubbed at its HTTP boundary: /internal/subscriptions/:id answers from a map. */
async function startBillingStub(statuses: Map<string, SubscriptionSummary>) {
  const server = http.createServer((req, res) => {
    const id = /^\/internal\/subscriptions\/([^/?]+)$/.exec(req.url ?? '')?.[1] ?? '';
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ subscription: statuses.get(id) ?? summary(id, 'none') }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

let counter = 0;
export const newUserId = () => (Date.now().toString(16) + (counter++).toString(16).padStart(4, '0')).padEnd(24, '0').slice(0, 24);

/** Download as production composes it, with billing stubbed at its HTTP boundary; `settings` adds to its configuration. */
export async function startDownload(label: string, settings: Record<string, string> = {}) {
  const [db, redis]: [TestDatabase, TestRedis] = await Promise.all([createTestDatabase(label), createTestRedis(label)]);
  const keys = generateTestKeys();
  const statuses = new Map<string, SubscriptionSummary>();
  const billing = await startBillingStub(statuses);
  // Inside a dot-folder, as `npm start` keeps them (.data/releases): serving must not trip on it.
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'download-'));
  const releasesDir = path.join(workDir, '.data', 'releases');
  const clock = { now: new Date() };
  const runtime = testRuntime('download');
  const config = configSchema.parse({
    ...testServiceEnv({ db, redis, publicKey: keys.publicKey, serviceSecret: SERVICE_SECRET }),
    BILLING_URL: billing.url,
    RELEASES_DIR: releasesDir,
    DOWNLOAD_LINK_TTL_SECONDS: '300',
    MAX_INSTALLER_BYTES: String(5 * 1024 * 1024),
    ...settings,
  });
  const built = await compose(config, runtime, { now: () => clock.now });
  return {
    ...built,
    db,
    redis,
    clock,
    releasesDir,
    /** A user on the given plan; answers its token. */
    user(id: string, status: SubscriptionSummary['subscriptionStatus'], daysRemaining = 10) {
      statuses.set(id, summary(id, status, daysRemaining));
      return signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: id, email: `${id}@example.in` });
    },
    /** The desktop app's token for a user on the given plan (and what else billing says of it). */
    desktop(id: string, status: SubscriptionSummary['subscriptionStatus'], daysRemaining = 10, more: Partial<SubscriptionSummary> = {}) {
      statuses.set(id, { ...summary(id, status, daysRemaining), ...more });
      return signTestToken(keys.privateKey, TOKEN_AUDIENCE.desktop, { sub: id, email: `${id}@example.in` });
    },
    /** An owner's admin token, unless a role is given. */
    adminToken: (role?: AdminRole) =>
      signAdminTestToken(keys.privateKey, { sub: 'a1', email: 'release@portal.test', ...(role && { role }) }),
    async close() {
      await runtime.stop();
      await billing.close();
      await Promise.all([db.drop(), redis.cleanup()]);
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** A stand-in installer: deterministic bytes, so ranges can be checked. */
export const installerBytes = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 31 + 7) % 256));
