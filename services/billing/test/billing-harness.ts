import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import pdfParse from 'pdf-parse/lib/pdf-parse.js';
import { TOKEN_AUDIENCE, type AdminRole, type FirmRole, type PublicUser, type ReleaseChannel } from '@portal/contracts';
import type { FirmMembersChangedEvent } from '@portal/contracts/internal';
import {
  createTestDatabase,
  createTestRedis,
  generateTestKeys,
  signAdminTestToken,
  signTestToken,
  startNotifications,
  startSmtpCatcher,
  testRuntime,
  testServiceEnv,
  type NotificationsProcess,
  type SmtpCatcher,
  type TestDatabase,
  type TestRedis,
} from '@portal/platform/testing';
import { startPhonePeStandIn, webhookAuthorization, type PhonePeStandIn } from '../../../deploy/local/stand-ins/phonepe';
import { compose } from '../src/compose';
import { channelMinimumRepository } from '../src/licensing/data/channel-minimum.repository';
import { configSchema } from '../src/config';

export const SERVICE_SECRET = 'billing-test-secret-'.padEnd(40, 'x');
const WEBHOOK = { username: 'portal_hooks', password: 'hook-secret-1' };

/** A firm as auth keeps it: its name and its people's roles, in their seats' order. */
export interface StubFirm {
  name: string;
  managedBy: string;
  roles: Map<string, FirmRole>;
  /** Tells billing the firm's state after a change, as auth's `firm.members-changed` does. */
  publish(): Promise<void>;
}

/** A firm's state as auth publishes it, its people seated in the order of `roles`. */
const membersEvent = (firmId: string, firm: Omit<StubFirm, 'publish'>, revision: number): FirmMembersChangedEvent => ({
  firmId,
  revision,
  deleted: false,
  name: firm.name,
  managedBy: firm.managedBy,
  members: [...firm.roles].map(([userId, role], index) => ({ userId, role, seat: index + 1 })),
});

/**
 * The auth service, stubbed at its HTTP boundary: /internal/users/:id answers from a map, and
 * /internal/firms/:id/state a firm's people now, published or not, with the firm's next revision.
 */
async function startAuthStub(
  profiles: Map<string, { email: string; firstName: string; lastName: string }>,
  firmStates: Map<string, () => FirmMembersChangedEvent>,
) {
  const server = http.createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    if (!req.headers.authorization?.startsWith('Bearer ')) return res.writeHead(401).end('{}');
    const firmId = /^\/internal\/firms\/([^/?]+)\/state$/.exec(req.url ?? '')?.[1];
    if (firmId) {
      const state = firmStates.get(firmId);
      return state ? res.end(JSON.stringify(state())) : res.writeHead(404).end('{"error":"not_found","message":"Firm not found"}');
    }
    const id = /^\/internal\/users\/([^/?]+)$/.exec(req.url ?? '')?.[1];
    const profile = id ? profiles.get(id) : undefined;
    if (!profile) return res.writeHead(404).end('{"error":"not_found","message":"No user with this id"}');
    const user: PublicUser = {
      _id: id!,
      ...profile,
      displayName: `${profile.firstName} ${profile.lastName}`.trim(),
      picture: null,
      isGoogleUser: false,
      createdAt: '2026-11-01T10:00:00.000Z',
      personalInfo: { profileComplete: false },
      profileCompletionPercentage: 30,
      consent: null,
    };
    res.end(JSON.stringify({ user }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export interface BillingHarness {
  url: string;
  db: TestDatabase;
  redis: TestRedis;
  smtp: SmtpCatcher;
  /** The notifications service the outbox hands over to; stop it to keep messages in the outbox. */
  notifications: NotificationsProcess;
  phonepe: PhonePeStandIn;
  clock: { now: Date };
  built: Awaited<ReturnType<typeof compose>>;
  /** A release channel's minimum version as download's event tells it (null lifts it), applied as billing's consumer applies it. */
  setMinimum(channel: ReleaseChannel, minimum: { minimumVersion: string; message: string } | null): Promise<void>;
  /** A user known to auth; answers its user token. */
  addUser(id: string, email: string, firstName?: string): string;
  /** A firm auth has told billing of, whose people and roles a test may change (`roles`, then `publish`). */
  addFirm(id: string, name: string, roles: Record<string, FirmRole>): Promise<StubFirm>;
  /** An admin's token, an owner's unless a role is given. */
  adminToken(role?: AdminRole): string;
  /** The desktop app's token for a user (the device grant's, as auth would sign it), for a firm's seat if chosen. */
  desktopToken(id: string, email: string, firmId?: string): string;
  webhookAuthorization: string;
  /** A billing worker on the same database and Redis (as worker.js runs apart): its jobs and its event consumer. */
  startWorker(): Promise<{ stop(): Promise<void> }>;
  close(): Promise<void>;
}

let userCounter = 0;
export const newUserId = () => (Date.now().toString(16) + (userCounter++).toString(16).padStart(4, '0')).padEnd(24, '0').slice(0, 24);

/** Billing as production composes it, from settings a test may add to (`settings`, as the environment would give them). */
export async function startBilling(
  label: string,
  settings: Record<string, string> = {},
  /** What the database holds before billing starts (records an older release wrote). */
  stored?: (db: TestDatabase) => Promise<unknown>,
): Promise<BillingHarness> {
  const [db, redis, smtp] = await Promise.all([createTestDatabase(label), createTestRedis(label), startSmtpCatcher()]);
  await stored?.(db);
  const keys = generateTestKeys();
  // what billing tells people goes out through notifications, as in production
  const notifications = await startNotifications({
    label,
    redis,
    publicKey: keys.publicKey,
    serviceSecret: SERVICE_SECRET,
    smtpUrl: smtp.url,
    // the integrators' webhook endpoints a test registers listen on this machine
    settings: { WEBHOOK_ALLOW_LOCAL: 'true', WEBHOOK_RETRY_SCALE: '0.001' },
  });
  const profiles = new Map<string, { email: string; firstName: string; lastName: string }>();
  const firmStates = new Map<string, () => FirmMembersChangedEvent>();
  const auth = await startAuthStub(profiles, firmStates);
  const clock = { now: new Date() };
  const phonepe = await startPhonePeStandIn({
    clientId: 'TEST-M',
    clientSecret: 'test-secret',
    webhookUsername: WEBHOOK.username,
    webhookPassword: WEBHOOK.password,
    now: () => clock.now.getTime(),
  });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const runtime = testRuntime('billing');
  const config = configSchema.parse({
    ...testServiceEnv({ db, redis, publicKey: keys.publicKey, serviceSecret: SERVICE_SECRET }),
    AUTH_URL: auth.url,
    PUBLIC_URL: url,
    NOTIFICATIONS_URL: notifications.url,
    PHONEPE_CLIENT_ID: 'TEST-M',
    PHONEPE_CLIENT_SECRET: 'test-secret',
    PHONEPE_OAUTH_BASE_URL: phonepe.baseUrl,
    PHONEPE_PG_BASE_URL: phonepe.baseUrl,
    PHONEPE_WEBHOOK_USERNAME: WEBHOOK.username,
    PHONEPE_WEBHOOK_PASSWORD: WEBHOOK.password,
    BILLING_WORKERS: 'off',
    ...settings,
  });
  const built = await compose(config, runtime, { now: () => clock.now });
  // the read model as billing's consumer writes it; the API process reads it again once its 15 s are up
  const channels = channelMinimumRepository(db.connection, (_key, work) => work());
  let channelRevision = Date.now() * 1000;
  server.on('request', built.app);
  phonepe.setWebhookUrl(`${url}/api/payment/phonepe/webhook`);

  return {
    url,
    db,
    redis,
    smtp,
    notifications,
    phonepe,
    clock,
    built,
    async setMinimum(channel, minimum) {
      await channels.apply({
        channel,
        minimumVersion: minimum?.minimumVersion ?? null,
        message: minimum?.message ?? '',
        revision: ++channelRevision,
      });
    },
    addUser(id, email, firstName = 'Test') {
      profiles.set(id, { email, firstName, lastName: 'User' });
      return signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: id, email });
    },
    async addFirm(id, name, roles) {
      let revision = 0;
      // applied as billing's consumer applies the event (the queue itself: firm-events.test.ts)
      const firm: StubFirm = {
        name,
        managedBy: 'Asha Iyer',
        roles: new Map(Object.entries(roles)),
        publish: async () => void (await built.firms.apply(membersEvent(id, firm, ++revision))),
      };
      firmStates.set(id, () => membersEvent(id, firm, ++revision));
      await firm.publish();
      return firm;
    },
    adminToken: (role) => signAdminTestToken(keys.privateKey, { sub: 'admin1', email: 'admin@portal.test', ...(role && { role }) }),
    desktopToken: (id, email, firmId) =>
      signTestToken(keys.privateKey, TOKEN_AUDIENCE.desktop, { sub: id, email, ...(firmId ? { firm: firmId } : {}) }),
    webhookAuthorization: webhookAuthorization(WEBHOOK.username, WEBHOOK.password),
    async startWorker() {
      const workerRuntime = testRuntime('billing-worker');
      await compose(config, workerRuntime, { now: () => clock.now, workers: true });
      return { stop: () => workerRuntime.stop() };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await runtime.stop();
      await notifications.close();
      await Promise.all([phonepe.close(), auth.close(), smtp.close()]);
      await Promise.all([db.drop(), redis.cleanup()]);
    },
  };
}

export const DAY = 24 * 60 * 60 * 1000;

/**
 * A PDF's text as pdf-parse reads it. Its pdf.js (1.10) misreads a Node Buffer now and then on Node
 * 24 ("bad XRef entry" on a valid file), never a plain copy of the bytes.
 */
export const pdfRawText = async (data: Uint8Array) => (await pdfParse(new Uint8Array(data) as Buffer)).text;

/** The words of a PDF in reading order, its line breaks as spaces (a long line wraps where the page ends). */
export const pdfText = async (data: Uint8Array) => (await pdfRawText(data)).replace(/\s+/g, ' ');

/** A GST-registered buyer in Maharashtra: IGST from the Karnataka seller below. */
export const MAHARASHTRA_FIRM = {
  legalName: 'Iyer & Associates',
  gstin: '27AAPFU0939F1ZV',
  street: '12 MG Road',
  city: 'Pune',
  pincode: '411001',
  stateCode: '27',
};

/** A buyer in Karnataka, the seller's state (KARNATAKA_SELLER): CGST and SGST. */
export const KARNATAKA_BUYER = { legalName: 'Kavya Rao', street: '4 Church Street', city: 'Bengaluru', pincode: '560001', stateCode: '29' };

/** A real seller in Karnataka, as production would be configured. */
export const KARNATAKA_SELLER = {
  SELLER_LEGAL_NAME: 'Ledgerline Software Private Limited',
  SELLER_ADDRESS: '5 Residency Road, Bengaluru, Karnataka 560025',
  SELLER_GSTIN: '29AAGCR4375J1ZU',
  SELLER_EMAIL: 'support@ledgerline.in',
  SELLER_PHONE: '+91 80 4123 4567',
  GRIEVANCE_OFFICER_NAME: 'Meera Krishnan',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@ledgerline.in',
};

/** Waits for what a worker, a webhook or a queue does in the background. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A firm (billing profile MAHARASHTRA_FIRM) buys a plan at `at`, after a trial begun at `trialAt`
 * if given (else its first plan carries the free month), with a promotion code if given, and
 * PhonePe's stand-in pays it; with `autoRenew`, until its mandate is active.
 */
export async function firmBuys(
  billing: BillingHarness,
  purchase: { plan: string; billingPeriod: string; at: string; trialAt?: string; autoRenew?: boolean; promotionCode?: string },
) {
  const userId = newUserId();
  const email = `firm.${userId}@example.in`;
  const token = billing.addUser(userId, email);
  const asUser = { Authorization: `Bearer ${token}` };
  await request(billing.url).put('/api/billing/profile').set(asUser).send(MAHARASHTRA_FIRM);
  if (purchase.trialAt) {
    billing.clock.now = new Date(purchase.trialAt);
    await request(billing.url).post('/api/start-trial').set(asUser).send({});
  }
  billing.clock.now = new Date(purchase.at);
  const bought = await request(billing.url)
    .post('/api/payment/create-phonepe-order')
    .set(asUser)
    .send({
      plan: purchase.plan,
      billingPeriod: purchase.billingPeriod,
      ...(purchase.autoRenew ? { autoRenew: true } : {}),
      ...(purchase.promotionCode ? { promotionCode: purchase.promotionCode } : {}),
    });
  if (bought.status !== 201) throw new Error(`order not created: ${bought.status} ${JSON.stringify(bought.body)}`);
  const orderId = bought.body.merchantOrderId as string;
  await billing.phonepe.settle(orderId, 'success');
  const transactions = billing.db.connection.collection('transactions');
  await eventually(async () => (await transactions.findOne({ merchantOrderId: orderId }))?.credited === true);
  const mandates = billing.db.connection.collection('mandates');
  if (purchase.autoRenew) await eventually(async () => (await mandates.findOne({ accountId: userId }))?.state === 'active');
  const mandate = await mandates.findOne({ accountId: userId });
  return { userId, email, token, orderId, mandateId: (mandate?.merchantSubscriptionId as string | undefined) ?? null };
}
