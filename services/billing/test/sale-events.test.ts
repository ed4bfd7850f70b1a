import request from 'supertest';
import { EVENT_QUEUES } from '@portal/contracts';
import { ORDER_PAID, ORDER_REFUNDED, type OrderPaidEvent, type OrderRefundedEvent } from '@portal/contracts/internal';
import { queuedEvents } from '@portal/platform/testing';
import { eventually, MAHARASHTRA_FIRM, newUserId, startBilling, type BillingHarness } from './billing-harness';

/** What billing tells the partners service: each paid order with its kind and taxable value, each refund with its share. */
describe('sale events for partners’ commission', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await startBilling('sale-events');
    billing.clock.now = new Date('2026-11-16T05:00:00.000Z');
    billing.phonepe.setRefundOutcome('COMPLETED');
  });
  afterAll(() => billing.close());

  const asUser = (token: string) => ({ Authorization: `Bearer ${token}` });
  const paid = () => queuedEvents<OrderPaidEvent>(billing.redis, EVENT_QUEUES.partners, ORDER_PAID);
  const buy = async (token: string, body: object) => {
    const created = await request(billing.url).post('/api/payment/create-phonepe-order').set(asUser(token)).send(body).expect(201);
    await billing.phonepe.settle(created.body.merchantOrderId, 'success');
    return created.body.merchantOrderId as string;
  };

  it('when a customer pays Professional annual, then order.paid says new, ₹8,135.59 taxable of ₹9,600, once; their next purchase is a renewal', async () => {
    const userId = newUserId();
    const token = billing.addUser(userId, `buyer.${userId}@example.in`);
    // a credit note names the buyer's address: the refund needs it
    await request(billing.url).put('/api/billing/profile').set(asUser(token)).send(MAHARASHTRA_FIRM).expect(200);
    const first = await buy(token, { plan: 'professional', billingPeriod: 'annual' });
    await eventually(async () => (await paid()).some((event) => event.merchantOrderId === first));
    expect((await paid()).filter((event) => event.merchantOrderId === first)).toEqual([
      expect.objectContaining({
        accountId: userId,
        firmId: null,
        kind: 'new',
        plan: 'professional',
        taxablePaise: 813559,
        amountPaise: 960000,
      }),
    ]);
    const refunded = await request(billing.url)
      .post(`/api/admin/transactions/${first}/refunds`)
      .set({ Authorization: `Bearer ${billing.adminToken()}` })
      .send({ amount: 4800, reason: 'Half the year unused' });
    expect([refunded.status, refunded.body.message]).toEqual([201, expect.any(String)]);
    const refunds = () => queuedEvents<OrderRefundedEvent>(billing.redis, EVENT_QUEUES.partners, ORDER_REFUNDED);
    await eventually(async () => (await refunds()).length === 1);
    expect(await refunds()).toEqual([
      expect.objectContaining({
        merchantRefundId: `${first}-R1`,
        merchantOrderId: first,
        accountId: userId,
        refundedPaise: 480000,
        paidPaise: 960000,
      }),
    ]);
    billing.clock.now = new Date('2026-11-17T05:00:00.000Z');
    const second = await buy(token, { plan: 'professional', billingPeriod: 'annual' });
    await eventually(async () => (await paid()).some((event) => event.merchantOrderId === second));
    expect((await paid()).find((event) => event.merchantOrderId === second)).toMatchObject({ kind: 'renewal' });
  });
});
