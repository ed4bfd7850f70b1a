import request from 'supertest';
import { createServiceCredential } from '@portal/platform';
import type { TimelineEvent } from '@portal/contracts';
import { eventually, firmBuys, KARNATAKA_SELLER, SERVICE_SECRET, startBilling, type BillingHarness } from './billing-harness';

describe('the admin’s view of subscriptions: a customer’s timeline, the mandates, MRR and churn', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await startBilling('subscription-admin', KARNATAKA_SELLER);
  });
  afterAll(() => billing.close());

  const db = (name: string) => billing.db.connection.collection(name);
  const asAdmin = () => ({ Authorization: `Bearer ${billing.adminToken()}` });
  const asUser = (token: string) => ({ Authorization: `Bearer ${token}` });
  const at = (iso: string) => (billing.clock.now = new Date(iso));
  const timeline = async (userId: string) =>
    (await request(billing.url).get(`/api/admin/users/${userId}/billing-timeline`).set(asAdmin())).body.events as TimelineEvent[];
  const analytics = async () =>
    (
      await request(billing.url)
        .get('/internal/analytics')
        .set('Authorization', createServiceCredential('admin-reporting', SERVICE_SECRET)())
    ).body.recurring;

  // no tax-year term ends on 31 March 2031 here
  const NONE_DUE = { by: '2031-03-31T18:29:59.999Z', count: 0, value: 0 };

  it('when a customer has bought, upgraded, been refunded and cancelled, then the timeline shows each, newest first, with its documents', async () => {
    const firm = await firmBuys(billing, {
      plan: 'basic',
      billingPeriod: 'monthly',
      trialAt: '2027-12-01T06:30:00.000Z',
      at: '2028-01-10T06:30:00.000Z',
      autoRenew: true,
    });
    at('2028-01-20T06:30:00.000Z');
    const upgrade = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set(asUser(firm.token))
      .send({ plan: 'professional', billingPeriod: 'monthly' });
    expect(upgrade.status).toBe(201);
    await billing.phonepe.settle(upgrade.body.merchantOrderId, 'success');
    await eventually(async () => (await db('transactions').findOne({ merchantOrderId: upgrade.body.merchantOrderId }))?.credited === true);
    at('2028-01-21T06:30:00.000Z');
    const refund = await request(billing.url)
      .post(`/api/admin/transactions/${upgrade.body.merchantOrderId}/refunds`)
      .set(asAdmin())
      .send({ amount: 100, reason: 'Goodwill for a slow upgrade' });
    expect(refund.status).toBe(201);
    await eventually(async () => (await db('refunds').findOne({ merchantOrderId: upgrade.body.merchantOrderId }))?.state === 'completed');
    at('2028-01-22T06:30:00.000Z');
    await request(billing.url).post('/api/subscription/cancel').set(asUser(firm.token)).send({ reason: 'Closing the practice' });

    const events = await timeline(firm.userId);
    expect(events.map((event) => event.at)).toEqual([...events.map((event) => event.at)].sort().reverse());
    const of = (kind: string, reference?: string) =>
      events.find((event) => event.kind === kind && (reference === undefined || event.reference === reference));

    const basicPayment = of('payment', firm.orderId)!;
    expect(basicPayment).toMatchObject({ summary: 'Basic (monthly), with an Autopay mandate', state: 'completed', amount: 500 });
    expect(basicPayment.documents).toEqual([
      { kind: 'invoice', number: expect.stringMatching(/^TP\//), url: `/api/admin/invoices/${firm.orderId}` },
    ]);
    const upgradePayment = of('payment', upgrade.body.merchantOrderId)!;
    expect(upgradePayment).toMatchObject({ summary: 'Professional (monthly), upgrade', state: 'completed' });
    expect(upgradePayment.documents).toHaveLength(1);

    const basicPeriod = of('period', firm.orderId)!;
    expect(basicPeriod).toMatchObject({ amount: 500 });
    expect(basicPeriod.summary).toContain(`unused, credited to ${upgrade.body.merchantOrderId}`);
    expect(basicPeriod.documents).toEqual([{ kind: 'credit-note', number: expect.stringMatching(/^TPCN\//), url: expect.any(String) }]);
    expect(of('period', upgrade.body.merchantOrderId)).toMatchObject({
      state: 'active',
      summary: expect.stringMatching(/^Professional \(monthly\), 20 Jan 2028 – /),
    });

    expect(of('mandate', firm.mandateId!)).toMatchObject({
      state: 'cancelled',
      amount: 500,
      summary: expect.stringContaining('UPI Autopay for Basic (monthly), ₹500 a month; ended'),
    });
    const refunded = of('refund')!;
    expect(refunded).toMatchObject({ state: 'completed', amount: 100, summary: expect.stringContaining('Goodwill for a slow upgrade') });
    expect(refunded.documents).toEqual([
      { kind: 'credit-note', number: expect.stringMatching(/^TPCN\//), url: `/api/admin/refunds/${refunded.reference}/credit-note` },
    ]);
    expect(of('cancellation')).toMatchObject({
      at: '2028-01-22T06:30:00.000Z',
      state: 'scheduled',
      summary: expect.stringContaining('Reason: Closing the practice'),
    });

    // each document downloads for the admin, and only for the admin
    for (const url of [basicPayment.documents[0]!.url, basicPeriod.documents[0]!.url, refunded.documents[0]!.url]) {
      const pdf = await request(billing.url).get(url).set(asAdmin());
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect((await request(billing.url).get(url).set(asUser(firm.token))).status).toBe(401);
    }
    expect((await request(billing.url).get('/api/admin/invoices/TPP-NOSUCHORDER').set(asAdmin())).status).toBe(404);
    expect((await request(billing.url).get('/api/admin/invoices/not$an$id').set(asAdmin())).status).toBe(400);
  });

  it('when an admin changes the plan, then the change shows with who made it; a bad id gets 400 and a user 401', async () => {
    const firm = await firmBuys(billing, { plan: 'basic', billingPeriod: 'annual', at: '2028-03-01T06:30:00.000Z' });
    const changed = await request(billing.url)
      .put(`/api/admin/users/${firm.userId}/subscription`)
      .set(asAdmin())
      .send({ subscriptionPlan: 'business', subscriptionStatus: 'active', subscriptionEndDate: '2029-03-01T00:00:00.000Z' });
    expect(changed.status).toBe(200);
    const events = await timeline(firm.userId);
    expect(events.find((event) => event.kind === 'admin-change')).toMatchObject({
      state: 'active',
      summary: expect.stringMatching(/ set Business, active, 1 Mar 2028 – 1 Mar 2029$/),
    });
    expect(events.filter((event) => event.kind === 'payment')).toHaveLength(1);

    expect((await request(billing.url).get('/api/admin/users/nope/billing-timeline').set(asAdmin())).status).toBe(400);
    expect((await request(billing.url).get(`/api/admin/users/${firm.userId}/billing-timeline`).set(asUser(firm.token))).status).toBe(401);
  });

  it('when the admin lists the mandates, then each shows its state and latest debit, filtered by state; a bad state gets 400', async () => {
    const firm = await firmBuys(billing, {
      plan: 'professional',
      billingPeriod: 'monthly',
      trialAt: '2028-04-01T06:30:00.000Z',
      at: '2028-04-20T06:30:00.000Z',
      autoRenew: true,
    });
    const active = await request(billing.url).get('/api/admin/mandates?state=active&limit=200').set(asAdmin());
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ page: 1, limit: 200 });
    expect(active.body.mandates.every((row: { state: string }) => row.state === 'active')).toBe(true);
    expect(active.body.mandates.find((row: { userId: string }) => row.userId === firm.userId)).toEqual({
      mandateReference: firm.mandateId,
      userId: firm.userId,
      userEmail: firm.email,
      plan: 'professional',
      billingPeriod: 'monthly',
      amount: 1000,
      state: 'active',
      endedReason: null,
      setUpAt: expect.any(String),
      updatedAt: expect.any(String),
      lastDebit: null,
    });
    const cancelled = await request(billing.url).get('/api/admin/mandates?state=cancelled').set(asAdmin());
    expect(cancelled.body.mandates.some((row: { userId: string }) => row.userId === firm.userId)).toBe(false);

    for (const query of ['state=gone', 'page=0', 'limit=500', 'state[$ne]=active'])
      expect((await request(billing.url).get(`/api/admin/mandates?${query}`).set(asAdmin())).status).toBe(400);
    expect((await request(billing.url).get('/api/admin/mandates').set(asUser(firm.token))).status).toBe(401);
  });

  it('when paid plans run and one lapses within the month, then MRR counts the annual plan at a twelfth, and churn is lapsed over paid at the month’s start', async () => {
    // years after the other tests' plans have ended
    const monthly = await firmBuys(billing, {
      plan: 'basic',
      billingPeriod: 'monthly',
      trialAt: '2030-12-01T06:30:00.000Z',
      at: '2031-01-10T06:30:00.000Z',
    });
    const annual = await firmBuys(billing, {
      plan: 'professional',
      billingPeriod: 'annual',
      trialAt: '2030-12-01T06:30:00.000Z',
      at: '2031-01-10T06:30:00.000Z',
    });
    const basicEnd = (await db('subscriptions').findOne({ accountId: monthly.userId }))!.subscriptionEndDate as Date;
    expect(basicEnd.toISOString()).toBe('2031-02-10T06:30:00.000Z');
    expect(annual.mandateId).toBeNull();

    at('2031-02-01T00:00:00.000Z'); // both running: ₹500 + ₹9,600 ÷ 12
    expect(await analytics()).toEqual({
      mrr: 1300,
      churn: { month: '2031-02', atStart: 2, churned: 0, ratePercent: 0 },
      renewalsDue: NONE_DUE,
    });
    // a firm's 3 seats of Basic (monthly) count 3 times, in MRR and in the seats; a person's plan is one seat
    await db('subscriptions').updateOne({ accountId: monthly.userId }, { $set: { seats: 3 } });
    const figures = (
      await request(billing.url)
        .get('/internal/analytics')
        .set('Authorization', createServiceCredential('admin-reporting', SERVICE_SECRET)())
    ).body;
    expect(figures).toMatchObject({ activeSubscriptions: 2, paidSeats: 4, recurring: { mrr: 2300 } });
    await db('subscriptions').updateOne({ accountId: monthly.userId }, { $unset: { seats: '' } }); // stored before seats: one
    expect(await analytics()).toMatchObject({ mrr: 1300 });

    at('2031-02-10T06:29:59.999Z'); // the Basic month's last moment
    expect((await analytics()).churn).toMatchObject({ churned: 0 });
    at('2031-02-10T06:30:00.000Z');
    expect(await analytics()).toEqual({
      mrr: 800,
      churn: { month: '2031-02', atStart: 2, churned: 1, ratePercent: 50 },
      renewalsDue: NONE_DUE,
    });

    // 05:30 IST on 1 March is still February in UTC, but the IST month has turned: Basic lapsed last month
    at('2031-03-01T00:00:00.000Z');
    expect(await analytics()).toEqual({
      mrr: 800,
      churn: { month: '2031-03', atStart: 1, churned: 0, ratePercent: 0 },
      renewalsDue: NONE_DUE,
    });
    at('2031-02-28T18:29:59.999Z');
    expect((await analytics()).churn.month).toBe('2031-02');
  });
});
