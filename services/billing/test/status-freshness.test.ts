import request from 'supertest';
import { asPaise } from '@portal/contracts';
import { recordCommands, type CommandRecorder } from '@portal/platform/testing';
import { orderRepository } from '../src/payments/data/order.repository';
import { DAY, eventually, MAHARASHTRA_FIRM, newUserId, startBilling, type BillingHarness } from './billing-harness';

/**
 * The status remembers an account's subscription and open checkouts between calls:
 * each test reads the status first, so that it is remembered, then makes one of the writes that
 * must show at once, and reads it again.
 */
describe('the status is remembered, and never outlives a change', () => {
  let billing: BillingHarness;
  let commands: CommandRecorder;
  beforeAll(async () => {
    billing = await startBilling('freshness');
    commands = recordCommands(billing.db.dbName);
  });
  afterAll(async () => {
    commands?.stop();
    await billing.close();
  });
  beforeEach(() => {
    billing.clock.now = new Date('2026-11-23T06:30:00.000Z');
  });

  const asUser = (token: string) => ({ Authorization: `Bearer ${token}` });
  const status = async (token: string) => (await request(billing.url).get('/api/subscription-status').set(asUser(token)).expect(200)).body;
  const transactions = () => billing.db.connection.collection('transactions');

  function customer() {
    const userId = newUserId();
    return { userId, token: billing.addUser(userId, `fresh.${userId}@example.in`) };
  }

  async function paying(token: string, plan = 'professional') {
    await request(billing.url).put('/api/billing/profile').set(asUser(token)).send(MAHARASHTRA_FIRM).expect(200);
    const created = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set(asUser(token))
      .send({ plan, billingPeriod: 'annual' })
      .expect(201);
    return created.body.merchantOrderId as string;
  }

  async function paid(token: string) {
    const merchantOrderId = await paying(token);
    await billing.phonepe.settle(merchantOrderId, 'success');
    await eventually(async () => (await transactions().findOne({ merchantOrderId }))?.credited === true);
    return merchantOrderId;
  }

  it('when a customer who is remembered with no plan starts a trial, opens a checkout and pays, then each status shows it at once', async () => {
    const { token } = customer();
    expect(await status(token)).toMatchObject({ subscriptionStatus: 'none', paymentRequested: false });

    await request(billing.url).post('/api/start-trial').set(asUser(token)).expect(200);
    expect(await status(token)).toMatchObject({ subscriptionStatus: 'trial', canStartTrial: false });

    const merchantOrderId = await paying(token);
    expect(await status(token)).toMatchObject({ subscriptionStatus: 'trial', paymentRequested: true });

    await billing.phonepe.settle(merchantOrderId, 'success');
    await eventually(async () => (await transactions().findOne({ merchantOrderId }))?.credited === true);
    // the customer who has just paid sees the plan on the next page, not after a while
    expect(await status(token)).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'professional', paymentRequested: false });
  });

  it('when a remembered customer sends nothing new, then the next status reads nothing from the database', async () => {
    const { token } = customer();
    await request(billing.url).post('/api/start-trial').set(asUser(token)).expect(200);
    await request(billing.url).get('/api/payment/plans').expect(200); // the catalogue, cached for 10 s
    await status(token);
    expect(await commands.namesDuring(() => status(token))).toEqual([]);
  });

  it('when a checkout is left open past its lifetime, then the status stops asking for it without any write', async () => {
    const { token } = customer();
    await paying(token);
    expect(await status(token)).toMatchObject({ paymentRequested: true });
    billing.clock.now = new Date(billing.clock.now.getTime() + 1201 * 1000); // ORDER_LIFETIME_SECONDS' 1,200 and a second
    expect(await status(token)).toMatchObject({ paymentRequested: false });
  });

  it('when a remembered trial reaches its end, then the status says expired before the expiry sweep writes it', async () => {
    const { token } = customer();
    await request(billing.url).post('/api/start-trial').set(asUser(token)).expect(200);
    expect(await status(token)).toMatchObject({ subscriptionStatus: 'trial', daysRemaining: 30 });
    billing.clock.now = new Date(billing.clock.now.getTime() + 30 * DAY);
    expect(await status(token)).toMatchObject({ subscriptionStatus: 'expired', canDownload: false, daysRemaining: 0 });
  });

  it('when a paying customer schedules a switch, cancels, and takes both back, then each status shows it at once', async () => {
    const { token } = customer();
    await paid(token);
    expect(await status(token)).toMatchObject({ scheduledSwitch: null, cancellation: null });

    await request(billing.url)
      .post('/api/subscription/scheduled-switch')
      .set(asUser(token))
      .send({ plan: 'basic', billingPeriod: 'annual' })
      .expect(200);
    expect((await status(token)).scheduledSwitch).toMatchObject({ plan: 'basic', billingPeriod: 'annual' });
    await request(billing.url).delete('/api/subscription/scheduled-switch').set(asUser(token)).expect(200);
    expect((await status(token)).scheduledSwitch).toBeNull();

    await request(billing.url).post('/api/subscription/cancel').set(asUser(token)).send({ reason: 'Closing the practice' }).expect(200);
    expect((await status(token)).cancellation).toMatchObject({ reason: 'Closing the practice' });
    await request(billing.url).delete('/api/subscription/cancel').set(asUser(token)).expect(200);
    expect((await status(token)).cancellation).toBeNull();
  });

  it('when an admin refunds a remembered customer’s payment in full, then the plan is gone from the next status', async () => {
    const { userId, token } = customer();
    const merchantOrderId = await paid(token);
    expect(await status(token)).toMatchObject({ subscriptionStatus: 'active', canDownload: true });

    billing.phonepe.setRefundOutcome('COMPLETED');
    await request(billing.url)
      .post(`/api/admin/transactions/${merchantOrderId}/refunds`)
      .set(asUser(billing.adminToken()))
      .send({ amount: 9600, reason: 'Bought by mistake' })
      .expect(201);
    // the customer's notice goes out once the refund is settled, the plan's end included
    await billing.smtp.waitForMail((mail) => mail.subject === 'Refund of ₹9,600 completed' && JSON.stringify(mail.to).includes(userId));
    expect(await status(token)).toMatchObject({ canDownload: false });
  });

  it('when an admin changes a remembered customer’s plan, then the next status shows the admin’s plan', async () => {
    const { userId, token } = customer();
    expect(await status(token)).toMatchObject({ subscriptionStatus: 'none' });
    await request(billing.url)
      .put(`/api/admin/users/${userId}/subscription`)
      .set(asUser(billing.adminToken()))
      .send({ subscriptionPlan: 'business', subscriptionStatus: 'active', subscriptionEndDate: '2027-11-23' })
      .expect(200);
    expect(await status(token)).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'business' });
  });

  it('when a remembered customer’s account is deleted, then the status no longer shows their plan', async () => {
    const { userId, token } = customer();
    await paid(token);
    expect(await status(token)).toMatchObject({ subscriptionStatus: 'active' });
    await billing.built.reporting.deleteUser(userId);
    expect(await status(token)).toMatchObject({ subscriptionStatus: 'none', canDownload: false, paymentRequested: false });
  });

  it('when another process marks an Autopay renewal’s notice or settles it, then the renewal a status shows here is read again', async () => {
    // two processes' stores, on one database and one Redis
    const cache = { redis: billing.redis.redis, prefix: billing.redis.prefix };
    const here = orderRepository(billing.db.connection, cache);
    const there = orderRepository(billing.db.connection, cache);
    const accountId = newUserId();
    const merchantSubscriptionId = `MS${accountId}`;
    const merchantOrderId = `${merchantSubscriptionId}-R20280210`;
    await there.create({
      merchantOrderId,
      accountId,
      userEmail: 'renews@example.in',
      plan: 'basic',
      billingPeriod: 'monthly',
      amountPaise: asPaise(50_000),
      expireAt: new Date('2028-02-17T06:30:00.000Z'),
      change: null,
      mandate: { merchantSubscriptionId, role: 'renewal' },
      renewal: { dueAt: new Date('2028-02-10T06:30:00.000Z'), noticeSentAt: null, redeemRequestedAt: null },
    });
    expect(await here.shownRenewal(accountId, merchantSubscriptionId)).toMatchObject({ noticeSentAt: null });

    const noticeSentAt = new Date('2028-02-08T07:30:00.000Z');
    await there.markRenewalStep(merchantOrderId, 'noticeSentAt', noticeSentAt);
    expect(await here.shownRenewal(accountId, merchantSubscriptionId)).toMatchObject({ noticeSentAt });

    await there.update(merchantOrderId, { status: 'completed' });
    expect(await here.shownRenewal(accountId, merchantSubscriptionId)).toBeNull();
  });
});
