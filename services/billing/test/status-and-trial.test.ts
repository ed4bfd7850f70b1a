import request from 'supertest';
import { profileGenerationKey } from '@portal/contracts/internal';
import { advanceGeneration } from '@portal/platform';
import { DAY, newUserId, startBilling, type BillingHarness } from './billing-harness';

describe('plans, subscription status and the trial', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await startBilling('status');
  });
  afterAll(() => billing.close());
  beforeEach(() => {
    billing.clock.now = new Date();
  });

  const get = (path: string, token: string) => request(billing.url).get(path).set('Authorization', `Bearer ${token}`);
  const startTrial = (token: string) => request(billing.url).post('/api/start-trial').set('Authorization', `Bearer ${token}`);

  it('when the plans are asked for, then three priced plans come back with the annual price at 12 × monthly × 0.8, each sold by every term', async () => {
    billing.clock.now = new Date('2026-11-28T04:30:00.000Z');
    const response = await request(billing.url).get('/api/payment/plans');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['basic', 'professional', 'business']);
    expect(response.body.professional).toEqual({
      name: 'Professional',
      monthlyPrice: 1000,
      annualOriginal: 12000,
      annualPrice: 9600,
      features: expect.arrayContaining(['Turnover certificates, generated automatically']),
      terms: ['monthly', 'annual', 'tax-year'],
      taxYear: { label: 'Tax year 2026-27', endsAt: '2027-03-31T18:29:59.999Z', years: [1] },
    });
    for (const plan of Object.values(response.body) as { monthlyPrice: number; annualPrice: number; annualOriginal: number }[]) {
      expect(plan.annualOriginal).toBe(plan.monthlyPrice * 12);
      expect(plan.annualPrice).toBe(plan.annualOriginal * 0.8);
    }
    expect(await billing.db.connection.collection('plans').countDocuments()).toBe(3);
  });

  it('when auth changes a person’s names, then the next status shows them: the profile is remembered only until auth’s generation moves', async () => {
    const id = newUserId();
    const token = billing.addUser(id, 'renamed@example.in', 'Asha');
    expect((await get('/api/subscription-status', token)).body.firstName).toBe('Asha');
    billing.addUser(id, 'renamed@example.in', 'Meera'); // auth's directory now says Meera…
    expect((await get('/api/subscription-status', token)).body.firstName).toBe('Asha'); // …remembered until auth says so
    await advanceGeneration(billing.redis.redis, profileGenerationKey(billing.redis.prefix, id)); // as auth does after the change
    expect((await get('/api/subscription-status', token)).body.firstName).toBe('Meera');
  });

  it('when a new user asks for the status, then the whole object of behaviour.md §3 comes back with its defaults and the names from auth', async () => {
    const id = newUserId();
    const response = await get('/api/subscription-status', billing.addUser(id, 'new@example.in', 'Asha'));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      email: 'new@example.in',
      subscriptionStatus: 'none',
      subscriptionPlan: 'none',
      planPrice: 0,
      trialStart: null,
      trialEnd: null,
      daysRemaining: 0,
      isTrialActive: false,
      canDownload: false,
      canStartTrial: true,
      hasUsedTrial: false,
      paymentRequested: false,
      isAdmin: false,
      features: [],
      usage: {},
      firstName: 'Asha',
      lastName: 'User',
      picture: null,
      personalInfo: { profileComplete: false },
      subscriptionEndDate: null,
      billingPeriod: null,
      scheduledSwitch: null,
      autoRenew: null,
      renewalFailure: null,
      cancellation: null,
      seats: 1,
      firm: null,
      firmPlan: null,
    });
  });

  it('when the trial starts, then the user is on a 30-day trial that allows downloads, once', async () => {
    const token = billing.addUser(newUserId(), 'trial@example.in');
    const started = await startTrial(token);
    expect(started.status).toBe(200);
    expect(started.body.message).toBe('Trial activated successfully!');
    const status = (await get('/api/subscription-status', token)).body;
    expect(status).toMatchObject({
      subscriptionStatus: 'trial',
      subscriptionPlan: 'trial',
      daysRemaining: 30,
      isTrialActive: true,
      canDownload: true,
      canStartTrial: false,
      hasUsedTrial: true,
    });
    expect(Date.parse(status.trialEnd) - Date.parse(status.trialStart)).toBe(30 * DAY);
    expect(status.features.length).toBeGreaterThan(0);

    const again = await startTrial(token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already used your free trial. Please choose a plan to continue.');
  });

  it('when five trial starts arrive at once, then exactly one starts a trial', async () => {
    const id = newUserId();
    const token = billing.addUser(id, 'race@example.in');
    const statuses = (await Promise.all(Array.from({ length: 5 }, () => startTrial(token)))).map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    expect(await billing.db.connection.collection('subscriptions').countDocuments({ accountId: id })).toBe(1);
  });

  it('when the trial has ended but the job has not run, then the status is already expired with 0 days', async () => {
    const id = newUserId();
    const token = billing.addUser(id, 'ended@example.in');
    await startTrial(token).expect(200);
    billing.clock.now = new Date(Date.now() + 30 * DAY + 1000);
    const status = (await get('/api/subscription-status', token)).body;
    expect(status).toMatchObject({
      subscriptionStatus: 'expired',
      daysRemaining: 0,
      canDownload: false,
      canStartTrial: false,
      isTrialActive: false,
    });
    expect((await billing.db.connection.collection('subscriptions').findOne({ accountId: id }))?.status).toBe('trial');
  });

  it('when days remain, then they are whole days rounded up', async () => {
    const token = billing.addUser(newUserId(), 'round@example.in');
    await startTrial(token).expect(200);
    billing.clock.now = new Date(Date.now() + 29 * DAY + 60_000); // 23h59m left
    expect((await get('/api/subscription-status', token)).body.daysRemaining).toBe(1);
  });

  it('when there is no token or an admin token, then 401', async () => {
    expect((await request(billing.url).get('/api/subscription-status')).status).toBe(401);
    expect((await get('/api/subscription-status', billing.adminToken())).status).toBe(401);
    expect((await request(billing.url).post('/api/start-trial')).status).toBe(401);
  });
});
