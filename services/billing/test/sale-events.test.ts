import request from 'supertest';
import { EVENT_QUEUES } from '@portal/contracts';
import { ORDER_PAID, ORDER_REFUNDED, type OrderPaidEvent, type OrderRefundedEvent } from '@portal/contracts/internal';
import { createServiceCredential } from '@portal/platform';
import { queuedEvents } from '@portal/platform/testing';
import { eventually, MAHARASHTRA_FIRM, newUserId, SERVICE_SECRET, startBilling, type BillingHarness } from './billing-harness';

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

  it('when a firm’s admin pays for its seats, then order.paid names the firm and its owner; a renewal’s pro-forma asked for the firm by a partner is the firm’s, and refused for a member', async () => {
    const firmId = newUserId();
    const [owner, admin, member] = [newUserId(), newUserId(), newUserId()];
    const adminToken = billing.addUser(admin, `admin.${admin}@example.in`);
    const firm = await billing.addFirm(firmId, 'Iyer & Associates', { [owner]: 'owner', [admin]: 'admin', [member]: 'member' });
    await firm.publish();
    await request(billing.url).put(`/api/billing/profile?firmId=${firmId}`).set(asUser(adminToken)).send(MAHARASHTRA_FIRM).expect(200);
    const bought = await request(billing.url)
      .post(`/api/payment/create-phonepe-order?firmId=${firmId}`)
      .set(asUser(adminToken))
      .send({ plan: 'professional', billingPeriod: 'annual', seats: 3 })
      .expect(201);
    await billing.phonepe.settle(bought.body.merchantOrderId, 'success');
    await eventually(async () => (await paid()).some((event) => event.merchantOrderId === bought.body.merchantOrderId));
    expect((await paid()).find((event) => event.merchantOrderId === bought.body.merchantOrderId)).toMatchObject({
      accountId: firmId,
      firmId,
      firmOwnerId: owner,
      kind: 'new',
    });

    const partners = { Authorization: createServiceCredential('partners', SERVICE_SECRET)() };
    const raise = (userId: string) =>
      request(billing.url)
        .post(`/internal/accounts/${userId}/proformas`)
        .set(partners)
        .send({ plan: 'professional', billingPeriod: 'annual', seats: 3, firmId, email: `admin.${admin}@example.in` });
    const raised = await raise(admin);
    expect(raised.status).toBe(201);
    expect(raised.body.proforma).toMatchObject({ firm: 'Iyer & Associates', seats: 3, customerEmail: `admin.${admin}@example.in` });
    expect((await raise(member)).status).toBe(403);
    expect(
      (await request(billing.url).post(`/internal/accounts/${admin}/proformas`).send({ plan: 'basic', billingPeriod: 'annual' })).status,
    ).toBe(401);
  });
});
