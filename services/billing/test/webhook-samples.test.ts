import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { eventually, firmBuys, KARNATAKA_SELLER, MAHARASHTRA_FIRM, newUserId, startBilling, type BillingHarness } from './billing-harness';

const SAMPLES = path.join(__dirname, 'fixtures', 'phonepe-webhooks');

/** One of PhonePe's documented sample payloads (fixtures/phonepe-webhooks/README.md), with our own ids in it. */
function sample(name: string, ids: Record<string, string>): { event?: string; type?: string; payload: Record<string, unknown> } {
  const body = JSON.parse(readFileSync(path.join(SAMPLES, `${name}.json`), 'utf8'));
  return { ...body, payload: { ...body.payload, ...ids } };
}

/**
 * PhonePe's Autopay samples name the event in `type` alone; each sample, posted as
 * PhonePe would, is acted on at once rather than at the next poll.
 */
describe('PhonePe’s documented webhook samples, each acted on', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await startBilling('webhook-samples', KARNATAKA_SELLER);
  });
  afterAll(() => billing.close());

  const db = (name: string) => billing.db.connection.collection(name);
  const post = (body: object) =>
    request(billing.url).post('/api/payment/phonepe/webhook').set('Authorization', billing.webhookAuthorization).send(body);
  const mandateState = async (merchantSubscriptionId: string) => (await db('mandates').findOne({ merchantSubscriptionId }))?.state;

  it('when the samples of a mandate paused, resumed and revoked carry only `type`, then each state is reflected', async () => {
    const firm = await firmBuys(billing, { plan: 'basic', billingPeriod: 'monthly', at: '2028-01-10T06:30:00.000Z', autoRenew: true });
    const mandateId = firm.mandateId!;
    const ids = { merchantSubscriptionId: mandateId };
    for (const [action, name, state] of [
      ['pause', 'subscription-paused', 'paused'],
      ['unpause', 'subscription-unpaused', 'active'],
      ['revoke', 'subscription-revoked', 'revoked'],
    ] as const) {
      await billing.phonepe.changeMandate(mandateId, action, { webhook: false });
      const body = sample(name, ids);
      expect(body.event).toBeUndefined();
      expect((await post(body)).status).toBe(200);
      // answered after it was handled: the state is already ours
      expect(await mandateState(mandateId)).toBe(state);
    }
  });

  it('when the sample of a completed checkout arrives, then the order is credited', async () => {
    const userId = newUserId();
    const userToken = billing.addUser(userId, `sample.${userId}@example.in`);
    billing.clock.now = new Date('2028-01-10T06:30:00.000Z');
    await request(billing.url)
      .put('/api/billing/profile')
      .set({ Authorization: `Bearer ${userToken}` })
      .send(MAHARASHTRA_FIRM);
    const created = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set({ Authorization: `Bearer ${userToken}` })
      .send({ plan: 'basic', billingPeriod: 'monthly' });
    expect(created.status).toBe(201);
    const merchantOrderId = created.body.merchantOrderId as string;
    await billing.phonepe.settle(merchantOrderId, 'success', { webhook: false });
    expect((await post(sample('checkout-order-completed', { merchantOrderId }))).status).toBe(200);
    expect((await db('transactions').findOne({ merchantOrderId }))?.credited).toBe(true);
  });

  it('when the sample of a completed refund carries only `type`, then the refund is settled', async () => {
    const firm = await firmBuys(billing, { plan: 'basic', billingPeriod: 'monthly', at: '2028-01-10T06:30:00.000Z' });
    billing.phonepe.setRefundOutcome('hold');
    const asked = await request(billing.url)
      .post(`/api/admin/transactions/${firm.orderId}/refunds`)
      .set({ Authorization: `Bearer ${billing.adminToken()}` })
      .send({ amount: 100, reason: 'Charged by mistake' });
    expect(asked.status).toBe(201);
    const merchantRefundId = `${firm.orderId}-R1`;
    await billing.phonepe.settleRefund(merchantRefundId, 'COMPLETED', { webhook: false });
    expect((await post(sample('pg-refund-completed', { merchantRefundId, originalMerchantOrderId: firm.orderId }))).status).toBe(200);
    await eventually(async () => (await db('transactions').findOne({ merchantOrderId: firm.orderId }))?.refundedPaise === 10_000);
  });
});
