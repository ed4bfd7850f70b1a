import request from 'supertest';
import { DAY_MS, PLAN_CHANGE_MESSAGES, REFUND_MESSAGES } from '@portal/contracts';
import { eventually, KARNATAKA_SELLER, MAHARASHTRA_FIRM, newUserId, pdfText, startBilling, type BillingHarness } from './billing-harness';

describe('plan changes: upgrades with proration, switches at renewal, and the periods behind them', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await startBilling('plan-changes', KARNATAKA_SELLER);
  });
  afterAll(() => billing.close());

  const db = (name: string) => billing.db.connection.collection(name);
  const asUser = (token: string) => ({ Authorization: `Bearer ${token}` });
  const status = async (token: string) => (await request(billing.url).get('/api/subscription-status').set(asUser(token))).body;
  const quote = (token: string, plan: string, billingPeriod: string) =>
    request(billing.url).get(`/api/subscription/change?plan=${plan}&billingPeriod=${billingPeriod}`).set(asUser(token));
  const scheduleSwitch = (token: string, plan: string, billingPeriod: string) =>
    request(billing.url).post('/api/subscription/scheduled-switch').set(asUser(token)).send({ plan, billingPeriod });
  const order = (token: string, plan: string, billingPeriod: string) =>
    request(billing.url).post('/api/payment/create-phonepe-order').set(asUser(token)).send({ plan, billingPeriod });

  /** A firm that had its trial long ago buys a plan at `at`; answers its token and order. */
  async function customer(at: string, plan: string, billingPeriod: string) {
    const userId = newUserId();
    const token = billing.addUser(userId, `firm.${userId}@example.in`);
    await request(billing.url).put('/api/billing/profile').set(asUser(token)).send(MAHARASHTRA_FIRM);
    billing.clock.now = new Date(new Date(at).getTime() - 40 * DAY_MS);
    await request(billing.url).post('/api/start-trial').set(asUser(token)).send({});
    billing.clock.now = new Date(at);
    const bought = await order(token, plan, billingPeriod);
    expect(bought.status).toBe(201);
    await billing.phonepe.settle(bought.body.merchantOrderId, 'success');
    await eventually(async () => (await db('transactions').findOne({ merchantOrderId: bought.body.merchantOrderId }))?.credited === true);
    return { userId, token, merchantOrderId: bought.body.merchantOrderId as string };
  }

  it('when Basic (monthly) upgrades to Professional (monthly) mid-period, then the price less the unused Basic value is paid, to the paisa, with a credit note and an invoice', async () => {
    const basic = await customer('2028-01-10T06:30:00.000Z', 'basic', 'monthly');
    billing.clock.now = new Date('2028-01-20T06:30:00.000Z'); // 21 of 31 days left

    const offered = await quote(basic.token, 'professional', 'monthly');
    expect(offered.status).toBe(200);
    expect(offered.body).toMatchObject({
      kind: 'upgrade',
      price: 1000,
      credit: 338.71,
      amountDue: 661.29,
      endsAt: '2028-02-20T06:30:00.000Z',
    });
    expect(offered.body.summary).toContain('You pay ₹661.29 now. Your plan will run until 20 Feb 2028.');

    const upgrade = await order(basic.token, 'professional', 'monthly');
    expect(upgrade.status).toBe(201);
    const { merchantOrderId } = upgrade.body;
    expect(billing.phonepe.orders.get(merchantOrderId)!.amount).toBe(66_129);
    await billing.phonepe.settle(merchantOrderId, 'success');
    await eventually(async () => (await db('transactions').findOne({ merchantOrderId }))?.credited === true);

    expect(await status(basic.token)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      billingPeriod: 'monthly',
      subscriptionEndDate: '2028-02-20T06:30:00.000Z',
    });
    const note = await db('credit_notes').findOne({ merchantRefundId: `${merchantOrderId}-C1` });
    expect(note).toMatchObject({
      kind: 'plan-change',
      merchantOrderId: basic.merchantOrderId,
      totalPaise: 33_871,
      number: 'TPCN/2728/000001',
    });
    const invoice = await db('invoices').findOne({ merchantOrderId });
    expect(invoice).toMatchObject({
      plan: 'professional',
      totalPaise: 100_000,
      creditAppliedPaise: 33_871,
      creditNoteNumbers: [note!.number],
    });
    const pdf = await pdfText(
      (await request(billing.url).get(`/api/billing/invoices/${merchantOrderId}`).set(asUser(basic.token)).buffer(true)).body,
    );
    expect(pdf).toContain(`Less credit notes ${note!.number}`);
    expect(pdf).toContain('Total paid');

    // the old period ends today, credited; the new one runs a month
    const periods = await db('subscription_periods').find({ accountId: basic.userId }).sort({ createdAt: 1 }).toArray();
    expect(periods.map((period) => [period._id, period.to.toISOString(), period.credited?.paise ?? null])).toEqual([
      [`order:${basic.merchantOrderId}`, '2028-01-20T06:30:00.000Z', 33_871],
      [`order:${merchantOrderId}`, '2028-02-20T06:30:00.000Z', null],
    ]);

    // both documents are in the history and the GSTR-1 report; the credited value is no longer refundable
    const history = (await request(billing.url).get('/api/billing/history').set(asUser(basic.token))).body.payments;
    expect(history.find((row: { merchantOrderId: string }) => row.merchantOrderId === basic.merchantOrderId).credits).toEqual([
      expect.objectContaining({ number: note!.number, amount: 338.71, url: `/api/billing/credit-notes/${merchantOrderId}-C1` }),
    ]);
    const admin = { Authorization: `Bearer ${billing.adminToken()}` };
    const cdnr = (await request(billing.url).get('/api/admin/export/gst?month=2028-01&section=cdnr').set(admin)).text;
    expect(cdnr).toContain(note!.number);
    const tooMuch = await request(billing.url)
      .post(`/api/admin/transactions/${basic.merchantOrderId}/refunds`)
      .set(admin)
      .send({ amount: 500, reason: 'Asked for it back' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(REFUND_MESSAGES.tooMuch('₹161.29'));
  });

  it('when an upgrade falls on 1 April, then its credit note and invoice open the new financial year’s series', async () => {
    const basic = await customer('2028-03-25T06:30:00.000Z', 'basic', 'monthly');
    billing.clock.now = new Date('2028-03-31T18:30:00.000Z'); // 00:00 on 1 April in India
    const upgrade = await order(basic.token, 'business', 'monthly');
    await billing.phonepe.settle(upgrade.body.merchantOrderId, 'success');
    await eventually(async () => (await db('invoices').findOne({ merchantOrderId: upgrade.body.merchantOrderId })) !== null);
    expect((await db('invoices').findOne({ merchantOrderId: upgrade.body.merchantOrderId }))!.number).toMatch(/^TP\/2829\//);
    const note = await db('credit_notes').findOne({ merchantRefundId: `${upgrade.body.merchantOrderId}-C1` });
    expect(note).toMatchObject({ number: 'TPCN/2829/000001', invoiceNumber: expect.stringMatching(/^TP\/2728\//) });
  });

  it('when Professional (annual) is followed by Basic, then Basic is a switch at renewal: nothing is charged, Professional keeps its end, and the switch can be cancelled', async () => {
    const pro = await customer('2028-01-10T06:30:00.000Z', 'professional', 'annual');
    billing.clock.now = new Date('2028-02-01T06:30:00.000Z');
    const before = await status(pro.token);

    expect((await quote(pro.token, 'basic', 'monthly')).body).toMatchObject({
      kind: 'switch',
      amountDue: 0,
      startsAt: before.subscriptionEndDate,
    });
    const paid = await order(pro.token, 'basic', 'monthly');
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe(PLAN_CHANGE_MESSAGES.switchNotPaid);
    expect(await db('transactions').countDocuments({ accountId: pro.userId })).toBe(1);

    const scheduled = await scheduleSwitch(pro.token, 'basic', 'monthly');
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.message).toBe(PLAN_CHANGE_MESSAGES.switchScheduled);
    expect(await status(pro.token)).toMatchObject({
      subscriptionPlan: 'professional',
      subscriptionEndDate: before.subscriptionEndDate,
      scheduledSwitch: { plan: 'basic', billingPeriod: 'monthly', at: before.subscriptionEndDate },
    });

    const upward = await scheduleSwitch(pro.token, 'business', 'annual');
    expect(upward.status).toBe(400);
    expect(upward.body.message).toBe(PLAN_CHANGE_MESSAGES.onlyLower);

    const cancelled = await request(billing.url).delete('/api/subscription/scheduled-switch').set(asUser(pro.token));
    expect(cancelled.body.message).toBe(PLAN_CHANGE_MESSAGES.switchCancelled);
    expect((await status(pro.token)).scheduledSwitch).toBeNull();
    const again = await request(billing.url).delete('/api/subscription/scheduled-switch').set(asUser(pro.token));
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(PLAN_CHANGE_MESSAGES.noSwitch);
  });

  it('when two upgrades are asked at once, then exactly one checkout opens and the other gets a 409', async () => {
    const basic = await customer('2028-01-10T06:30:00.000Z', 'basic', 'monthly');
    const answers = await Promise.all([order(basic.token, 'professional', 'monthly'), order(basic.token, 'business', 'annual')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(PLAN_CHANGE_MESSAGES.inProgress);
    expect(await db('transactions').countDocuments({ accountId: basic.userId, change: { $ne: null } })).toBe(1);
  });

  it('when the credit covers the new price, then no checkout opens: the plan changes at once and runs longer by the value left', async () => {
    const annual = await customer('2028-01-10T06:30:00.000Z', 'basic', 'annual');
    billing.clock.now = new Date('2028-01-20T06:30:00.000Z');
    const upgrade = await order(annual.token, 'professional', 'monthly');
    expect(upgrade.status).toBe(201);
    expect(upgrade.body.paymentUrl).toMatch(/\/subscription\?status=success$/);
    expect(billing.phonepe.orders.get(upgrade.body.merchantOrderId)).toBeUndefined();
    const after = await status(annual.token);
    expect(after).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'professional' });
    expect(new Date(after.subscriptionEndDate).getTime()).toBeGreaterThan(new Date('2028-02-20T06:30:00.000Z').getTime() + 90 * DAY_MS);
    expect(await db('transactions').findOne({ merchantOrderId: upgrade.body.merchantOrderId })).toMatchObject({
      amountPaise: 0,
      status: 'completed',
      credited: true,
    });
  });

  it('when a subscription was recorded before periods, then it is carried over once with the same end, and an admin’s change is recorded as a period of its own', async () => {
    const userId = newUserId();
    const token = billing.addUser(userId, `legacy.${userId}@example.in`);
    billing.clock.now = new Date('2028-01-20T06:30:00.000Z');
    const end = new Date('2028-06-01T00:00:00.000Z');
    await db('subscriptions').insertOne({
      accountId: userId,
      email: 'legacy@example.in',
      status: 'active',
      plan: 'professional',
      billingPeriod: 'annual',
      planPricePaise: 1000_00,
      hasUsedTrial: true,
      subscriptionStartDate: new Date('2027-06-01T00:00:00.000Z'),
      subscriptionEndDate: end,
      creditedOrderIds: [],
      remindersSent: [],
    });
    expect(await billing.built.ledger.migrateAll()).toBeGreaterThanOrEqual(1);
    expect(await billing.built.ledger.migrateAll()).toBe(0);
    expect(await db('subscription_periods').find({ accountId: userId }).toArray()).toEqual([
      expect.objectContaining({ _id: `migration:${userId}`, plan: 'professional', to: end, state: 'active' }),
    ]);
    expect((await status(token)).subscriptionEndDate).toBe(end.toISOString());

    const admin = { Authorization: `Bearer ${billing.adminToken()}` };
    const changed = await request(billing.url)
      .put(`/api/admin/users/${userId}/subscription`)
      .set(admin)
      .send({ subscriptionPlan: 'business', subscriptionStatus: 'active', subscriptionEndDate: '2028-12-31' });
    expect(changed.status).toBe(200);
    const periods = await db('subscription_periods').find({ accountId: userId }).sort({ createdAt: 1 }).toArray();
    expect(periods.map((period) => [period.source, period.state, period.plan, period.admin?.email ?? null])).toEqual([
      ['migration', 'superseded', 'professional', null],
      ['admin', 'active', 'business', expect.any(String)],
    ]);
  });
});
