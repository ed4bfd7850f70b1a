import request from 'supertest';
import { REFUND_MESSAGES } from '@portal/contracts';
import { eventually, KARNATAKA_SELLER, MAHARASHTRA_FIRM, newUserId, startBilling, type BillingHarness } from './billing-harness';

/** Billing's once-only steps, each asked 20 times at the same moment against the real store. */
describe('single use under races: trial, crediting and refunds', () => {
  const AT_ONCE = 20;
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await startBilling('billing-races', KARNATAKA_SELLER);
  });
  afterAll(() => billing.close());
  beforeEach(() => {
    billing.clock.now = new Date();
    billing.phonepe.setRefundOutcome('COMPLETED');
  });

  const db = (name: string) => billing.db.connection.collection(name);
  const asUser = (token: string) => ({ Authorization: `Bearer ${token}` });
  const asAdmin = () => ({ Authorization: `Bearer ${billing.adminToken()}` });
  const atOnce = <T>(send: () => Promise<T>) => Promise.all(Array.from({ length: AT_ONCE }, send));
  const mailsAbout = (merchantOrderId: string) => billing.smtp.inbox.filter((mail) => mail.text?.includes(merchantOrderId));

  async function paidOrder(userId = newUserId()) {
    const token = billing.addUser(userId, `racer.${userId}@example.in`);
    // a refund's credit note shows the buyer's address (CGST Rule 53): the racer has billing details
    await request(billing.url).put('/api/billing/profile').set(asUser(token)).send(MAHARASHTRA_FIRM);
    const created = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set(asUser(token))
      .send({ plan: 'professional', billingPeriod: 'monthly' });
    return { userId, token, merchantOrderId: created.body.merchantOrderId as string };
  }

  it('when a user starts the trial 20 times at once, then one start succeeds and the trial is stored once', async () => {
    const id = newUserId();
    const token = billing.addUser(id, 'trial.racer@example.in');
    const answers = await atOnce(() => request(billing.url).post('/api/start-trial').set(asUser(token)).send({}));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(AT_ONCE - 1).fill(409)]);
    const stored = await db('subscriptions').find({ accountId: id }).toArray();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'trial', hasUsedTrial: true });
  });

  it('when PhonePe’s webhook and the browser’s return for one paid order arrive 20 times at once, then it is credited once: one period, one invoice, one receipt', async () => {
    const { userId, merchantOrderId } = await paidOrder();
    await billing.phonepe.settle(merchantOrderId, 'success', { webhook: false });

    await atOnce((): Promise<unknown> =>
      Math.random() < 0.5
        ? billing.phonepe.sendWebhook(merchantOrderId)
        : fetch(`${billing.url}/api/payment/phonepe/return?order=${merchantOrderId}`, { redirect: 'manual' }),
    );
    const subscription = await db('subscriptions').findOne({ accountId: userId });
    expect(await db('subscription_periods').find({ accountId: userId }).toArray()).toEqual([
      expect.objectContaining({ _id: `order:${merchantOrderId}`, state: 'active' }),
    ]);
    // one month of Professional and the 30 trial days a first-time buyer gets on top
    const days = (subscription!.subscriptionEndDate.getTime() - subscription!.subscriptionStartDate.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(58);
    expect(days).toBeLessThanOrEqual(61);
    expect(await db('invoices').countDocuments({ merchantOrderId })).toBe(1);
    await eventually(async () => mailsAbout(merchantOrderId).length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsAbout(merchantOrderId)).toHaveLength(1);
  });

  it('when an admin’s refund of a payment is sent 20 times at once, then one refund is made and the others are told one is in progress', async () => {
    billing.phonepe.setRefundOutcome('hold');
    const { merchantOrderId } = await paidOrder();
    await billing.phonepe.settle(merchantOrderId, 'success');
    await eventually(async () => (await db('transactions').findOne({ merchantOrderId }))?.credited === true);

    const answers = await atOnce(() =>
      request(billing.url)
        .post(`/api/admin/transactions/${merchantOrderId}/refunds`)
        .set(asAdmin())
        .send({ amount: 1000, reason: 'Charged twice by mistake' }),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(AT_ONCE - 1).fill(409)]);
    expect(new Set(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.message))).toEqual(
      new Set([REFUND_MESSAGES.inFlight]),
    );
    expect(await db('refunds').countDocuments({ merchantOrderId })).toBe(1);
    expect([...billing.phonepe.refunds.keys()].filter((id) => id.startsWith(merchantOrderId))).toEqual([`${merchantOrderId}-R1`]);

    // and its completion, told 20 times at once, issues one credit note and counts the money once
    await billing.phonepe.settleRefund(`${merchantOrderId}-R1`, 'COMPLETED', { webhook: false });
    const settled = await atOnce(() => billing.phonepe.sendRefundWebhook(`${merchantOrderId}-R1`));
    expect(settled).toEqual(Array(AT_ONCE).fill(200));
    expect(await db('credit_notes').countDocuments({ merchantOrderId })).toBe(1);
    expect(await db('transactions').findOne({ merchantOrderId })).toMatchObject({ refundedPaise: 100_000, refundPending: false });
  });
});
