import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { TOKEN_AUDIENCE, type AdminRole } from '@portal/contracts';
import { createEventPublisher, createLogger, createServiceCredential } from '@portal/platform';
import {
  createTestDatabase,
  createTestRedis,
  generateTestKeys,
  signAdminTestToken,
  signTestToken,
  testRuntime,
  testServiceEnv,
} from '@portal/platform/testing';
import { EVENT_QUEUES } from '@portal/contracts';
import { compose } from '../src/compose';
import { configSchema } from '../src/config';

export interface StubbedCustomer {
  id: string;
  email: string;
  /** Firms the person belongs to, with their role. */
  firms?: { id: string; name: string; role: 'owner' | 'admin' | 'member' }[];
  plan?: string;
  status?: string;
  endsAt?: string | null;
}

/**
 * Auth's and billing's /internal/* calls partners makes, answered at their HTTP boundary: the
 * people, who is on a partner's staff, the customers' plans and PCs, and the pro-formas asked
 * for (kept, so a test can see what billing was asked).
 */
function stubServices(customers: Map<string, StubbedCustomer>) {
  const app = express();
  app.use(express.json());
  const staff = new Map<string, string>();
  const proformas: { userId: string; body: Record<string, unknown> }[] = [];
  app.get('/internal/users/:id', (req, res) => {
    const customer = customers.get(req.params.id);
    if (!customer) return void res.status(404).json({ message: 'No user with this id' });
    res.json({
      user: {
        _id: customer.id,
        email: customer.email,
        firstName: 'A',
        lastName: 'B',
        displayName: 'A B',
        picture: null,
        isGoogleUser: false,
        createdAt: new Date(0).toISOString(),
        personalInfo: { profileComplete: false },
        profileCompletionPercentage: 40,
        consent: null,
      },
    });
  });
  app.get('/internal/users/:id/firms', (req, res) => {
    const firms = customers.get(req.params.id)?.firms ?? [];
    res.json({ firms: firms.map((firm, index) => ({ ...firm, managedBy: 'Owner', seat: index + 1 })) });
  });
  app.put('/internal/partner-staff', (req, res) => {
    const person = [...customers.values()].find((one) => one.email === req.body.email);
    if (!person) return void res.status(404).json({ message: 'none' });
    if (staff.has(person.id) && staff.get(person.id) !== req.body.partnerId) return void res.status(409).json({ message: 'elsewhere' });
    staff.set(person.id, req.body.partnerId);
    res.json({ userId: person.id, email: person.email });
  });
  app.delete('/internal/partner-staff/:partnerId/:userId', (req, res) => {
    staff.delete(req.params.userId);
    res.status(204).end();
  });
  app.post('/internal/subscriptions/lookup', (req, res) => {
    const subscriptions = (req.body.userIds as string[]).flatMap((userId) => {
      const customer = customers.get(userId);
      if (!customer) return [];
      return [
        {
          userId,
          subscriptionStatus: customer.status ?? 'none',
          subscriptionPlan: customer.plan ?? 'none',
          planPrice: 0,
          billingPeriod: 'annual',
          trialStart: null,
          trialEnd: null,
          subscriptionStartDate: null,
          subscriptionEndDate: customer.endsAt ?? null,
          daysRemaining: 0,
          hasUsedTrial: true,
          canStartTrial: false,
          canDownload: customer.status === 'active',
          isTrialActive: false,
        },
      ];
    });
    res.json({ subscriptions });
  });
  app.get('/internal/users/:id/devices', (req, res) => {
    res.json({
      devices: [
        {
          deviceId: `pc-of-${req.params.id}`,
          deviceName: 'FRONT-DESK',
          os: 'Windows 11',
          appVersion: '3.2.0',
          activatedAt: '2026-10-01T05:00:00.000Z',
          lastSeenAt: '2026-11-20T05:00:00.000Z',
        },
      ],
    });
  });
  app.post('/internal/accounts/:userId/proformas', (req, res) => {
    if (req.body.plan === 'enterprise')
      return void res.status(400).json({ message: 'Choose one of the plans: basic, professional or business' });
    proformas.push({ userId: req.params.userId, body: req.body });
    res
      .status(201)
      .json({ proforma: { number: `PF/2026-27/${String(proformas.length).padStart(5, '0')}`, amount: 9600, email: req.body.email } });
  });
  return { app, staff, proformas };
}

/** The partners service composed against a test database, Redis and stubbed auth and billing, on a clock the test moves. */
export async function startPartners(label: string, startAt: Date) {
  const [db, redis] = await Promise.all([createTestDatabase(label), createTestRedis(label)]);
  const customers = new Map<string, StubbedCustomer>();
  const stub = stubServices(customers);
  const server = stub.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const stubUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keys = generateTestKeys();
  const runtime = testRuntime('partners');
  let now = startAt;
  const serviceSecret = 'partners-test-secret-'.padEnd(40, 'x');
  const config = configSchema.parse({
    ...testServiceEnv({ db, redis, publicKey: keys.publicKey, serviceSecret }),
    AUTH_URL: stubUrl,
    BILLING_URL: stubUrl,
    PUBLIC_URL: 'https://portal.example.in',
    // the scheduled look for due statements stays out of the way: the tests issue them at chosen moments
    STATEMENT_CHECK_MS: '3600000',
  });
  const built = await compose(config, runtime, { now: () => now });
  const toPartners = createEventPublisher(
    EVENT_QUEUES.partners,
    { redisUrl: redis.url, prefix: redis.prefix },
    createLogger('billing', 'silent'),
  );
  const tokens = {
    admin: (role: AdminRole = 'owner') => signAdminTestToken(keys.privateKey, { sub: `admin-${role}`, email: `${role}@seller.in`, role }),
    user: (customer: StubbedCustomer, amr = ['pwd']) =>
      signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: customer.id, email: customer.email, amr }),
    partner: (userId: string, partnerId: string, amr = ['pwd', 'otp']) =>
      signTestToken(keys.privateKey, TOKEN_AUDIENCE.partner, { sub: userId, email: `${userId}@dealer.in`, partner: partnerId, amr }),
  };
  return {
    ...built,
    db,
    customers,
    stub,
    tokens,
    publish: (name: string, event: object) => toPartners.publish(name, event),
    /** admin-reporting's credential for /internal/*. */
    serviceCredential: createServiceCredential('admin-reporting', serviceSecret),
    setNow: (at: Date) => {
      now = at;
    },
    async stop() {
      await toPartners.close();
      await runtime.stop();
      server.close();
      await db.drop();
      await redis.cleanup();
    },
  };
}
export type PartnersUnderTest = Awaited<ReturnType<typeof startPartners>>;
