import request from 'supertest';
import { istDateOf } from '@portal/contracts';
import { createServiceCredential } from '@portal/platform';
import { billingAccountDataSchema } from '@portal/contracts/internal';
import { eventually, MAHARASHTRA_FIRM, newUserId, SERVICE_SECRET, startBilling, type BillingHarness } from './billing-harness';

describe('billing internal calls', () => {
  let billing: BillingHarness;
  const asService = createServiceCredential('admin-reporting', SERVICE_SECRET);
  const trialUser = newUserId();
  const paidUser = newUserId();

  beforeAll(async () => {
    billing = await startBilling('billing-internal');
    await request(billing.url)
      .post('/api/start-trial')
      .set('Authorization', `Bearer ${billing.addUser(trialUser, 'trial@example.in')}`)
      .expect(200);
    const token = billing.addUser(paidUser, 'paid@example.in');
    const { merchantOrderId } = (
      await request(billing.url)
        .post('/api/payment/create-phonepe-order')
        .set('Authorization', `Bearer ${token}`)
        .send({ plan: 'business', billingPeriod: 'annual' })
    ).body;
    await billing.phonepe.settle(merchantOrderId, 'success');
  });
  afterAll(() => billing.close());

  it('when many users are looked up, then each gets a summary, users without a subscription included', async () => {
    const unknown = newUserId();
    const response = await request(billing.url)
      .post('/internal/subscriptions/lookup')
      .set('Authorization', asService())
      .send({ userIds: [trialUser, paidUser, unknown] });
    expect(response.status).toBe(200);
    expect(response.body.subscriptions.map((s: { subscriptionStatus: string }) => s.subscriptionStatus)).toEqual([
      'trial',
      'active',
      'none',
    ]);
    expect(response.body.subscriptions[1]).toMatchObject({
      userId: paidUser,
      subscriptionPlan: 'business',
      billingPeriod: 'annual',
      planPrice: 2000,
      canDownload: true,
    });
  });

  it('when one user is asked for, then its summary comes back; a malformed id is 400', async () => {
    const response = await request(billing.url).get(`/internal/subscriptions/${trialUser}`).set('Authorization', asService());
    expect(response.body.subscription).toMatchObject({
      subscriptionStatus: 'trial',
      daysRemaining: 30,
      canDownload: true,
      hasUsedTrial: true,
    });
    expect((await request(billing.url).get('/internal/subscriptions/xyz').set('Authorization', asService())).status).toBe(400);
  });

  it('when analytics are asked for, then counts, revenue, plan counts and recent subscribers come back', async () => {
    const response = await request(billing.url).get('/internal/analytics?days=7').set('Authorization', asService());
    expect(response.body).toMatchObject({ activeSubscriptions: 1, trialUsers: 1, totalRevenue: 19200 });
    expect(response.body.planDistribution).toEqual(
      expect.arrayContaining([
        { plan: 'trial', count: 1 },
        { plan: 'business', count: 1 },
      ]),
    );
    expect(response.body.recentSubscribers).toEqual([expect.objectContaining({ email: 'paid@example.in', subscriptionPlan: 'business' })]);
    expect(response.body.revenuePerDay).toHaveLength(7);
    expect(response.body.revenuePerDay.at(-1)).toEqual({ date: istDateOf(new Date()), amount: 19200 });
  });

  it('when the caller has no service credential, then 401', async () => {
    expect((await request(billing.url).get('/internal/analytics')).status).toBe(401);
    expect(
      (
        await request(billing.url)
          .get('/internal/analytics')
          .set('Authorization', `Bearer ${billing.addUser(newUserId(), 'u@x.in')}`)
      ).status,
    ).toBe(401);
  });

  it('when admin-reporting gathers a person’s data, then billing’s part holds their details, every order with an open checkout too, their periods, mandates and devices', async () => {
    const person = newUserId();
    const token = billing.addUser(person, 'my.data@example.in');
    const as = { Authorization: `Bearer ${token}` };
    await request(billing.url).put('/api/billing/profile').set(as).send(MAHARASHTRA_FIRM).expect(200);
    const paid = (
      await request(billing.url).post('/api/payment/create-phonepe-order').set(as).send({ plan: 'basic', billingPeriod: 'monthly' })
    ).body.merchantOrderId as string;
    await billing.phonepe.settle(paid, 'success');
    await eventually(
      async () => (await billing.db.connection.collection('transactions').findOne({ merchantOrderId: paid }))?.credited === true,
    );
    const open = (
      await request(billing.url).post('/api/payment/create-phonepe-order').set(as).send({ plan: 'basic', billingPeriod: 'monthly' })
    ).body.merchantOrderId as string;

    const answer = await request(billing.url).get(`/internal/users/${person}/account-data`).set('Authorization', asService());
    expect(answer.status).toBe(200);
    expect(billingAccountDataSchema.safeParse(answer.body).success).toBe(true);
    expect(answer.body.billingDetails).toMatchObject({ legalName: MAHARASHTRA_FIRM.legalName, gstin: MAHARASHTRA_FIRM.gstin });
    expect(
      answer.body.payments.map((payment: { merchantOrderId: string; status: string }) => [payment.merchantOrderId, payment.status]),
    ).toEqual(
      expect.arrayContaining([
        [paid, 'completed'],
        [open, 'pending'],
      ]),
    );
    expect(answer.body.subscriptionPeriods).toEqual([expect.objectContaining({ plan: 'basic', merchantOrderId: paid })]);
    expect(answer.body).toMatchObject({ creditNotes: [], mandates: [], devices: [] });
    expect((await request(billing.url).get(`/internal/users/${person}/account-data`).set(as)).status).toBe(401);
    expect((await request(billing.url).get('/internal/users/%7B%24ne%7D/account-data').set('Authorization', asService())).status).toBe(400);
  });
});
