import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { AUDIT_RECORDED, EVENT_QUEUES, SELF_SERVICE_MESSAGES, TOKEN_AUDIENCE } from '@portal/contracts';
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
import { publicUser, startServiceStubs, STUB_PASSWORD, type StubData } from './service-stubs';

const SECRET = 'reporting-test-secret-'.padEnd(40, 'x');

describe('admin reporting', () => {
  let db: TestDatabase;
  let redis: TestRedis;
  let stubs: Awaited<ReturnType<typeof startServiceStubs>>;
  let built: Awaited<ReturnType<typeof compose>>;
  const runtime = testRuntime('admin-reporting');
  const keys = generateTestKeys();
  const admin = signAdminTestToken(keys.privateKey, { sub: 'a1', email: 'boss@portal.test' });

  const pune = publicUser({
    email: 'anil@example.in',
    firstName: 'Anil',
    lastName: 'Mehta',
    displayName: 'Anil Mehta',
    isGoogleUser: true,
    profileCompletionPercentage: 100,
    personalInfo: {
      profileComplete: true,
      age: 40,
      gender: 'male',
      mobileNumber: '+919800000001',
      address: { street: '1 MG Rd', city: 'Pune', state: 'Maharashtra', pincode: '411001', country: 'India' },
    },
  });
  const bare = publicUser({ email: '=SUM(A1)@example.in', firstName: 'Quote "Me", Please', displayName: 'Quote' });
  const data: StubData = {
    users: [pune, bare],
    firms: new Map([[pune._id, [{ id: 'f'.repeat(24), name: 'Iyer & Associates', role: 'admin', managedBy: 'Asha Iyer', seat: 2 }]]]),
    subscriptions: new Map([
      [
        pune._id,
        {
          subscriptionStatus: 'active',
          subscriptionPlan: 'professional',
          planPrice: 1000,
          daysRemaining: 40,
          hasUsedTrial: true,
          canStartTrial: false,
          subscriptionEndDate: '2027-01-01T00:00:00.000Z',
        },
      ],
    ]),
    downloads: new Map([[pune._id, { lastDownloadDate: '2026-11-20T09:00:00.000Z', totalDownloads: 3, downloadHistory: [] }]]),
    analytics: {
      activeSubscriptions: 1,
      paidSeats: 3,
      trialUsers: 0,
      totalRevenue: 12345.5,
      planDistribution: [
        { plan: 'professional', count: 1 },
        { plan: 'enterprise', count: 2 },
      ],
      recentSubscribers: Array.from({ length: 7 }, (_, i) => ({
        userId: `u${i}`,
        email: `s${i}@example.in`,
        subscriptionPlan: 'basic',
        subscriptionStartDate: null,
        subscriptionEndDate: null,
      })),
      revenuePerDay: [{ date: '2026-11-21', amount: 12345.5 }],
      recurring: { mrr: 4400, churn: { month: '2026-11', atStart: 8, churned: 1, ratePercent: 12.5 } },
    },
    calls: [],
  };

  beforeAll(async () => {
    [db, redis] = await Promise.all([createTestDatabase('reporting'), createTestRedis('reporting')]);
    stubs = await startServiceStubs(data);
    const config = configSchema.parse({
      ...testServiceEnv({ db, redis, publicKey: keys.publicKey, serviceSecret: SECRET }),
      AUTH_URL: stubs.url,
      BILLING_URL: stubs.url,
      DOWNLOAD_URL: stubs.url,
    });
    built = await compose(config, runtime);
  });
  afterAll(async () => {
    await runtime.stop();
    await stubs.close();
    await db.drop();
    await redis.cleanup();
  });

  const get = (path: string, token = admin) => request(built.app).get(path).set('Authorization', `Bearer ${token}`);

  it('when the analytics are asked for, then the overview, revenue, the distribution rule and only five recent subscribers come back', async () => {
    const response = await get('/api/admin/analytics');
    expect(response.status).toBe(200);
    expect(response.body.overview).toEqual({ totalUsers: 2, activeSubscriptions: 1, paidSeats: 3, trialUsers: 0 });
    expect(response.body.revenue).toEqual({ totalRevenue: 12345.5 });
    expect(response.body.planDistribution).toEqual([
      { _id: 'trial', count: 0 },
      { _id: 'basic', count: 0 },
      { _id: 'professional', count: 1 },
      { _id: 'business', count: 0 },
      { _id: 'enterprise', count: 2 },
    ]);
    expect(response.body.recentSubscribers).toHaveLength(5);
    expect(response.body.signupsPerDay).toEqual([{ date: '2026-11-21', count: 2 }]);
    expect(response.body.revenuePerDay).toEqual([{ date: '2026-11-21', amount: 12345.5 }]);
    expect(response.body.recurring).toEqual({ mrr: 4400, churn: { month: '2026-11', atStart: 8, churned: 1, ratePercent: 12.5 } });
  });

  it('when billing answers analytics in a shape its contract does not allow, then the admin gets a 502 and none of that answer', async () => {
    const kept = data.analytics;
    data.analytics = { ...kept, totalRevenue: '12345.50' as unknown as number };
    try {
      const response = await get('/api/admin/analytics');
      expect(response.status).toBe(502);
      expect(response.body).toMatchObject({ error: 'bad_gateway', message: 'Another part of the portal answered in an unexpected shape' });
      expect(JSON.stringify(response.body)).not.toContain('12345');
    } finally {
      data.analytics = kept;
    }
  });

  it('when users are listed, then each joins profile, subscription and downloads, with fallbacks for users without them', async () => {
    const response = await get('/api/admin/users');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 2, page: 1, limit: 50 });
    const [first, second] = response.body.users;
    expect(first).toMatchObject({
      _id: pune._id,
      email: 'anil@example.in',
      isGoogleUser: true,
      subscriptionPlan: 'professional',
      subscriptionStatus: 'active',
      planPrice: 1000,
      daysRemaining: 40,
      lastDownloadDate: '2026-11-20T09:00:00.000Z',
      totalDownloads: 3,
      profileCompletionPercentage: 100,
      personalInfo: { mobileNumber: '+919800000001', address: { city: 'Pune' } },
    });
    expect(second).toMatchObject({
      subscriptionPlan: 'none',
      subscriptionStatus: 'none',
      daysRemaining: 0,
      lastDownloadDate: null,
      totalDownloads: 0,
      canStartTrial: true,
    });
  });

  it('when a search and paging are given, then they reach the directory and the total comes back', async () => {
    data.calls.length = 0;
    const response = await get('/api/admin/users?search=pune&page=1&limit=10');
    expect(response.body.users.map((user: { email: string }) => user.email)).toEqual(['anil@example.in']);
    expect(response.body.total).toBe(1);
    expect(data.calls[0]).toBe('GET /internal/users?search=pune&page=1&limit=10');
    expect((await get('/api/admin/users?page=0')).status).toBe(400);
    expect((await get('/api/admin/users?limit=500')).status).toBe(400);
  });

  it('when the Firms tab asks, then each firm comes with its owner, people, seats used of bought and plan from billing', async () => {
    const paid = 'a'.repeat(24);
    const unpaid = 'b'.repeat(24);
    const person = (userId: string, role: 'owner' | 'admin' | 'member') => ({ userId, name: `N ${userId}`, email: `${userId}@x.in`, role });
    data.firmPage = {
      firms: [
        {
          id: paid,
          name: 'Iyer & Associates',
          createdAt: '2026-11-20T05:00:00.000Z',
          members: [person('o1', 'owner'), person('m1', 'member')],
        },
        { id: unpaid, name: 'Solo Desk', createdAt: '2026-11-19T05:00:00.000Z', members: [person('o2', 'owner')] },
      ],
      total: 2,
    };
    data.subscriptions.set(paid, {
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      seats: 3,
      subscriptionEndDate: '2027-11-20T05:00:00.000Z',
    });
    const response = await get('/api/admin/firms?page=1&limit=50');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      firms: [
        {
          id: paid,
          name: 'Iyer & Associates',
          createdAt: '2026-11-20T05:00:00.000Z',
          owner: { userId: 'o1', name: 'N o1', email: 'o1@x.in' },
          members: [person('o1', 'owner'), person('m1', 'member')],
          seats: { used: 2, bought: 3 },
          plan: 'professional',
          status: 'active',
          endsAt: '2027-11-20T05:00:00.000Z',
        },
        {
          id: unpaid,
          name: 'Solo Desk',
          createdAt: '2026-11-19T05:00:00.000Z',
          owner: { userId: 'o2', name: 'N o2', email: 'o2@x.in' },
          members: [person('o2', 'owner')],
          seats: { used: 1, bought: 1 },
          plan: 'none',
          status: 'none',
          endsAt: null,
        },
      ],
      total: 2,
      page: 1,
      limit: 50,
    });
    expect(data.calls).toContain('GET /internal/firms?page=1&limit=50');
    expect((await get('/api/admin/firms?page=0')).status).toBe(400);
    expect(
      (await get('/api/admin/firms', signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: pune._id, email: pune.email }))).status,
    ).toBe(401);
  });

  it('when details are asked for, then one user comes back; an unknown id is 404 and a malformed one 400', async () => {
    expect((await get(`/api/admin/users/${pune._id}/details`)).body.user).toMatchObject({
      email: 'anil@example.in',
      totalDownloads: 3,
      firms: [{ id: 'f'.repeat(24), name: 'Iyer & Associates', role: 'admin' }],
    });
    expect((await get(`/api/admin/users/${bare._id}/details`)).body.user.firms).toEqual([]);
    expect((await get('/api/admin/users/0123456789abcdef01234567/details')).status).toBe(404);
    expect((await get('/api/admin/users/robert%27%29%3B/details')).status).toBe(400);
  });

  it('when the users are exported, then a CSV of every user with the admin’s columns, quoting and formulas neutralised', async () => {
    const response = await get('/api/admin/export/users');
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="users_\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.text.split('\r\n');
    expect(lines[0]).toBe('Email,First Name,Last Name,Mobile,City,State,Plan,Status,Days Remaining,Created At,Last Download,Firms');
    expect(lines).toContain(
      "anil@example.in,Anil,Mehta,'+919800000001,Pune,Maharashtra,professional,active,40,2026-11-01T15:30:00+05:30,2026-11-20T14:30:00+05:30,Iyer & Associates (admin)",
    );
    expect(lines).toContain(`'=SUM(A1)@example.in,"Quote ""Me"", Please",,,,,none,none,0,2026-11-01T15:30:00+05:30,,`);
    // the firms of each batch of rows come in one call
    expect(data.calls.filter((call) => call === 'POST /internal/users/firms/lookup')).toHaveLength(1);
  });

  it('when a user tracks usage, then it is stored with the user; bad bodies are 400 and oversize ones 413', async () => {
    const user = signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: pune._id, email: pune.email });
    const post = (body: unknown) =>
      request(built.app)
        .post('/api/track-usage')
        .set('Authorization', `Bearer ${user}`)
        .send(body as object);
    const ok = await post({ action: 'profile_viewed', details: { subscriptionStatus: 'active', timestamp: '2026-11-21T10:00:00Z' } });
    expect(ok.status).toBe(202);
    expect(await db.connection.collection('usage_events').findOne({ userId: pune._id })).toMatchObject({
      action: 'profile_viewed',
      details: { subscriptionStatus: 'active' },
    });
    expect((await post({ action: '' })).status).toBe(400);
    expect((await post({ action: { $gt: '' } })).status).toBe(400);
    expect((await post({ action: 'x', details: 'not an object' })).status).toBe(400);
    expect((await post({ action: 'x', details: { blob: 'x'.repeat(20_000) } })).status).toBe(413);
    expect((await request(built.app).post('/api/track-usage').send({ action: 'x' })).status).toBe(401);
  });

  it('when another service publishes an audit event, then it is stored and read back newest first', async () => {
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(EVENT_QUEUES.auditLog, { connection, prefix: `${redis.prefix}bull` });
    await queue.add(AUDIT_RECORDED, {
      actor: 'boss@portal.test',
      action: 'feedback.updated',
      target: { type: 'feedback', id: 'f1' },
      after: { status: 'resolved' },
      at: '2026-11-21T10:00:00.000Z',
      service: 'feedback',
    });
    for (let i = 0; i < 100 && (await db.connection.collection('audit_log').countDocuments({ action: 'feedback.updated' })) === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const response = await get('/api/admin/audit?limit=10');
    expect(response.body.entries[0]).toMatchObject({
      actor: 'boss@portal.test',
      action: 'feedback.updated',
      service: 'feedback',
      after: { status: 'resolved' },
    });
    expect(response.body).toMatchObject({ page: 1, limit: 10, total: expect.any(Number) });
    await queue.close();
    connection.disconnect();
  });

  it('when a user is deleted, then auth deletes the account, each service gets user.deleted, an audit record is kept, and a second delete is 404', async () => {
    const doomed = publicUser({ email: 'leaving@example.in' });
    data.users.push(doomed);
    const response = await request(built.app).delete(`/api/admin/users/${doomed._id}`).set('Authorization', `Bearer ${admin}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: 'User leaving@example.in has been deleted successfully.',
      removed: [
        'account and sign-in',
        'profile and address',
        'subscription and billing details',
        'desktop sign-ins and device activations',
        'download history',
        'feedback',
      ],
      kept: ['payment records, anonymised, and tax invoices, for accounting'],
    });
    expect(data.users.find((user) => user._id === doomed._id)).toBeUndefined();
    for (const name of [EVENT_QUEUES.billing, EVENT_QUEUES.download, EVENT_QUEUES.feedback]) {
      const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
      const queue = new Queue(name, { connection, prefix: `${redis.prefix}bull` });
      const job = await queue.getJob(`user-deleted-${doomed._id}`);
      expect(job?.data).toEqual({ userId: doomed._id });
      await queue.close();
      connection.disconnect();
    }
    expect(await db.connection.collection('audit_log').findOne({ action: 'user.deleted' })).toMatchObject({
      actor: 'boss@portal.test',
      target: { id: doomed._id, label: 'leaving@example.in' },
      pendingEvents: false,
    });
    expect((await request(built.app).delete(`/api/admin/users/${doomed._id}`).set('Authorization', `Bearer ${admin}`)).status).toBe(404);
  });

  it('when a person deletes their own account, then auth checks it first; confirmed, it goes as an admin’s deletion, with a last e-mail', async () => {
    const leaving = publicUser({ email: 'self.leaving@example.in' });
    data.users.push(leaving);
    const token = signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: leaving._id, email: leaving.email });
    const deleteOwn = (body: object, bearer = token) =>
      request(built.app).post('/api/account/delete').set('Authorization', `Bearer ${bearer}`).send(body);

    const wrong = await deleteOwn({ password: 'not-it' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(SELF_SERVICE_MESSAGES.currentPasswordWrong);
    expect(data.users.some((user) => user._id === leaving._id)).toBe(true);
    expect((await deleteOwn({ password: { $ne: null } })).status).toBe(400);
    expect((await request(built.app).post('/api/account/delete').send({ password: STUB_PASSWORD })).status).toBe(401);
    expect((await deleteOwn({ password: STUB_PASSWORD }, admin)).status).toBe(401);

    data.calls.length = 0;
    const done = await deleteOwn({ password: STUB_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: SELF_SERVICE_MESSAGES.deleted });
    expect(data.calls).toContain(`DELETE /internal/users/${leaving._id}?notify=true`);
    expect(data.users.some((user) => user._id === leaving._id)).toBe(false);
    expect(await db.connection.collection('audit_log').findOne({ 'target.id': leaving._id })).toMatchObject({
      actor: 'self.leaving@example.in',
      action: 'user.deleted-own-account',
      pendingEvents: false,
    });
  });

  it('when a deletion’s events could not be published, then the outbox publishes them later', async () => {
    await built.audit.add({
      actor: 'boss@portal.test',
      action: 'user.deleted',
      target: { type: 'user', id: 'aaaaaaaaaaaaaaaaaaaaaaaa' },
      at: new Date().toISOString(),
      service: 'admin-reporting',
      pendingEvents: true,
    });
    expect(await built.reporting.publishPending()).toBe(1);
    expect(await db.connection.collection('audit_log').countDocuments({ pendingEvents: true })).toBe(0);
    expect(await built.reporting.publishPending()).toBe(0);
  });

  it('when a user token or no token calls the admin routes, then 401', async () => {
    const user = signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: pune._id, email: pune.email });
    for (const path of ['/api/admin/analytics', '/api/admin/users', '/api/admin/export/users', '/api/admin/audit']) {
      expect((await get(path, user)).status).toBe(401);
      expect((await request(built.app).get(path)).status).toBe(401);
    }
    expect((await request(built.app).delete(`/api/admin/users/${pune._id}`).set('Authorization', `Bearer ${user}`)).status).toBe(401);
  });
});
