import request from 'supertest';
import type { TestDatabase } from '@portal/platform/testing';
import { newUserId, startBilling, type BillingHarness } from './billing-harness';

/**
 * Billing's records name their paying account `accountId`. Records written before
 * named it `userId`, with indexes on it (one unique); these are the shapes and indexes release
 * 48c1df0 stored, for a person who bought Professional (annual) with UPI Autopay.
 */
const buyer = newUserId();
const orderId = 'TPP-LEGACY-0001';
const paidFrom = new Date('2026-11-01T10:00:00.000Z');
const paidTo = new Date('2027-11-01T10:00:00.000Z');

async function writtenByTheLastRelease(db: TestDatabase) {
  const collection = (name: string) => db.connection.collection(name);
  // prices were rupees: the seller had set Professional's to ₹800 and Basic's to ₹499.50
  await collection('plans').insertMany([
    { _id: 'basic' as never, title: 'Basic', monthlyPrice: 499.5, features: ['E-mail support'], order: 0 },
    { _id: 'professional' as never, title: 'Professional', monthlyPrice: 800, features: ['Client master'], order: 1 },
  ]);
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

  it('when billing starts on them, then prices are kept in paise only, and the API still writes them in rupees', async () => {
    expect(
      await collection('plans')
        .find({}, { sort: { order: 1 } })
        .toArray(),
    ).toEqual([
      expect.objectContaining({ _id: 'basic', monthlyPricePaise: 499_50 }),
      expect.objectContaining({ _id: 'professional', monthlyPricePaise: 800_00 }),
      expect.objectContaining({ _id: 'business', monthlyPricePaise: 2000_00 }),
    ]);
    expect(await collection('subscriptions').findOne({ accountId: buyer })).toMatchObject({ planPricePaise: 800_00 });
    expect(await collection('subscription_periods').findOne({ accountId: buyer })).toMatchObject({ monthlyPricePaise: 800_00 });
    for (const [name, field] of [
      ['plans', 'monthlyPrice'],
      ['subscriptions', 'planPrice'],
      ['subscription_periods', 'monthlyPrice'],
    ]) {
      expect(await collection(name!).countDocuments({ [field!]: { $exists: true } })).toBe(0);
    }
    const plans = await request(billing.url).get('/api/payment/plans');
    expect(plans.body.basic).toMatchObject({ monthlyPrice: 499.5, annualOriginal: 5994, annualPrice: 4795.2 });
    expect(plans.body.professional).toMatchObject({ monthlyPrice: 800, annualOriginal: 9600, annualPrice: 7680 });
    const status = await request(billing.url).get('/api/subscription-status').set('Authorization', token);
    expect(status.body.planPrice).toBe(800);
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
    // converted once: a second start does not multiply a price again
    expect(await collection('subscriptions').findOne({ accountId: buyer })).toMatchObject({ planPricePaise: 800_00 });
  });
});
