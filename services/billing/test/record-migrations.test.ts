import request from 'supertest';
import type { TestDatabase } from '@portal/platform/testing';
import { newUserId, startBilling, type BillingHarness } from './billing-harness';

/**
 * Billing's records name their paying account `accountId` (issue #48). Records written before
 * named it `userId`, with indexes on it (one unique); these are the shapes and indexes release
 * 48c1df0 stored, for a person who bought Professional (annual) with UPI Autopay.
 */
const buyer = newUserId();
const orderId = 'TPP-LEGACY-0001';
const paidFrom = new Date('2026-11-01T10:00:00.000Z');
const paidTo = new Date('2027-11-01T10:00:00.000Z');

async function writtenByTheLastRelease(db: TestDatabase) {
  const collection = (name: string) => db.connection.collection(name);
  await collection('subscriptions').createIndex({ userId: 1 }, { unique: true, background: true });
  await collection('subscriptions').insertMany([
    {
      userId: buyer,
      email: 'legacy@example.in',
      status: 'active',
      plan: 'professional',
      billingPeriod: 'annual',
      planPrice: 800,
      seats: 1,
      hasUsedTrial: false,
      subscriptionStartDate: paidFrom,
      subscriptionEndDate: paidTo,
      remindersSent: [],
    },
    // a second record: a unique index on the old field would refuse it once renamed
    { userId: newUserId(), email: 'other@example.in', status: 'trial', plan: 'trial', hasUsedTrial: true, remindersSent: [] },
  ]);
  await collection('subscription_periods').createIndex({ userId: 1, createdAt: 1 });
  await collection('subscription_periods').insertOne({
    _id: `order:${orderId}` as never,
    userId: buyer,
    source: 'order',
    plan: 'professional',
    billingPeriod: 'annual',
    monthlyPrice: 800,
    seats: 1,
    from: paidFrom,
    to: paidTo,
    paidFrom,
    paidDays: 365,
    pricePaise: 960_000,
    merchantOrderId: orderId,
    admin: null,
    state: 'active',
    credited: null,
    createdAt: paidFrom,
  });
  await collection('transactions').createIndex({ userId: 1 });
  await collection('transactions').insertOne({
    merchantOrderId: orderId,
    userId: buyer,
    userEmail: 'legacy@example.in',
    plan: 'professional',
    billingPeriod: 'annual',
    seats: 1,
    amount: 9600,
    amountPaise: 960_000,
    status: 'completed',
    credited: true,
    createdAt: paidFrom,
    updatedAt: paidFrom,
    expireAt: paidFrom,
  });
  await collection('mandates').createIndex({ userId: 1 });
  await collection('mandates').insertOne({
    merchantSubscriptionId: 'TPM-LEGACY-0001',
    userId: buyer,
    userEmail: 'legacy@example.in',
    plan: 'professional',
    billingPeriod: 'annual',
    amountPaise: 960_000,
    seats: 1,
    setupOrderId: orderId,
    state: 'active',
    createdAt: paidFrom,
  });
}

describe('the records of an older release, carried over (accountId, amounts in paise only)', () => {
  let billing: BillingHarness;
  let token: string;
  beforeAll(async () => {
    billing = await startBilling('record-migrations', {}, writtenByTheLastRelease);
    token = `Bearer ${billing.addUser(buyer, 'legacy@example.in')}`;
    billing.clock.now = new Date('2027-02-01T10:00:00.000Z');
  });
  afterAll(() => billing.close());

  const collection = (name: string) => billing.db.connection.collection(name);

  it('when billing starts on them, then every record names its account accountId, the indexes are on accountId alone, and orders keep paise only', async () => {
    for (const name of ['subscriptions', 'subscription_periods', 'transactions', 'mandates']) {
      expect(await collection(name).countDocuments({ userId: { $exists: true } })).toBe(0);
      expect(await collection(name).countDocuments({ accountId: buyer })).toBe(1);
      const keys = (await collection(name).indexes()).flatMap((index) => Object.keys(index.key));
      expect(keys).not.toContain('userId');
    }
    // the order's rupees went: the paise are the one amount kept
    expect(await collection('transactions').findOne({ merchantOrderId: orderId })).toMatchObject({ amountPaise: 960_000 });
    expect(await collection('transactions').countDocuments({ amount: { $exists: true } })).toBe(0);
    const accountIndex = (await collection('subscriptions').indexes()).find((index) => Object.keys(index.key).join() === 'accountId');
    expect(accountIndex?.unique).toBe(true);
  });

  it('when the buyer comes back, then their plan, its auto-renewal and their payment are all there', async () => {
    const status = await request(billing.url).get('/api/subscription-status').set('Authorization', token);
    expect(status.body).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      subscriptionEndDate: paidTo.toISOString(),
      autoRenew: { state: 'active', mandateReference: 'TPM-LEGACY-0001' },
    });
    const history = await request(billing.url).get('/api/billing/history').set('Authorization', token);
    expect(history.body.payments).toEqual([expect.objectContaining({ merchantOrderId: orderId, amount: 9600, status: 'completed' })]);
  });

  it('when another instance starts on the same database, then there is nothing left to carry over and it starts', async () => {
    const worker = await billing.startWorker();
    await worker.stop();
    expect(await collection('subscriptions').countDocuments({ accountId: { $exists: true } })).toBe(2);
  });
});
