import request from 'supertest';
import { WEBHOOK_EVENT_TYPES } from '@portal/contracts';
import { startWebhookReceiver, verifiedWebhook } from '@portal/platform/testing';
import { eventually, MAHARASHTRA_FIRM, newUserId, startBilling, type BillingHarness } from './billing-harness';

/** What an integrator hears of a customer's account: billing's events, delivered by notifications and verified by the spec's library. */
describe('webhook events of a customer’s account, from a real payment on PhonePe’s stand-in', () => {
  let billing: BillingHarness;
  type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
  let receiver: Receiver;
  beforeAll(async () => {
    billing = await startBilling('webhook-events');
    billing.clock.now = new Date('2026-11-20T05:00:00.000Z');
    billing.phonepe.setRefundOutcome('COMPLETED');
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await billing?.close();
  });

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const register = async (token: string, to: Receiver = receiver) =>
    (
      await request(billing.notifications.url)
        .post('/api/webhooks/endpoints')
        .set(as(token))
        .send({ url: to.url, events: WEBHOOK_EVENT_TYPES })
        .expect(201)
    ).body as { id: string; secret: string };
  const received = (secret: string, from: Receiver) =>
    from.received.map((delivery) => ({ id: delivery.headers['webhook-id'], ...verifiedWebhook(secret, delivery) }));
  const ofOrder = (secret: string, orderId: string, from: Receiver = receiver) =>
    received(secret, from).filter((event) => event.data.orderId === orderId);

  it('when a customer pays, then payment.completed, invoice.issued and subscription.updated arrive once each, verified; a refund sends refund.completed', async () => {
    const userId = newUserId();
    const token = billing.addUser(userId, `integrator.${userId}@example.in`);
    await request(billing.url).put('/api/billing/profile').set(as(token)).send(MAHARASHTRA_FIRM).expect(200);
    const { secret } = await register(token);
    const order = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set(as(token))
      .send({ plan: 'professional', billingPeriod: 'annual' })
      .expect(201);
    const orderId = order.body.merchantOrderId as string;
    await billing.phonepe.settle(orderId, 'success');
    // PhonePe's redirect back settles the same order again: still once each
    await request(billing.url).get(`/api/payment/phonepe/return?order=${orderId}`).redirects(0);
    await eventually(async () => ofOrder(secret, orderId).length === 3);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const events = ofOrder(secret, orderId);
    expect(events.map((event) => event.type).sort()).toEqual(['invoice.issued', 'payment.completed', 'subscription.updated']);
    expect(new Set(events.map((event) => event.id)).size).toBe(3);
    const invoiceNumber = (await billing.db.connection.collection('transactions').findOne({ merchantOrderId: orderId }))
      ?.invoiceNumber as string;
    expect(events.find((event) => event.type === 'payment.completed')?.data).toEqual({
      orderId,
      plan: 'professional',
      billingPeriod: 'annual',
      amountPaise: 960000,
      transactionId: expect.any(String),
    });
    expect(events.find((event) => event.type === 'invoice.issued')?.data).toEqual({
      invoiceNumber,
      orderId,
      totalPaise: 960000,
      taxablePaise: 813559,
      issuedAt: expect.any(String),
    });
    expect(events.find((event) => event.type === 'subscription.updated')?.data).toMatchObject({
      plan: 'professional',
      status: 'active',
      orderId,
    });

    const refund = await request(billing.url)
      .post(`/api/admin/transactions/${orderId}/refunds`)
      .set(as(billing.adminToken()))
      .send({ amount: 4800, reason: 'Half the year unused' });
    expect(refund.status).toBe(201);
    await eventually(async () => ofOrder(secret, orderId).some((event) => event.type === 'refund.completed'));
    expect(ofOrder(secret, orderId).find((event) => event.type === 'refund.completed')?.data).toEqual({
      refundId: `${orderId}-R1`,
      orderId,
      refundedPaise: 480000,
      creditNoteNumber: expect.stringMatching(/\S/),
    });
  });

  it('when a payment fails, then payment.failed arrives once; nothing is sent to another person’s endpoint', async () => {
    const userId = newUserId();
    const token = billing.addUser(userId, `failing.${userId}@example.in`);
    const own = await startWebhookReceiver();
    const { secret } = await register(token, own);
    const stranger = newUserId();
    const strangerToken = billing.addUser(stranger, `stranger.${stranger}@example.in`);
    const strangers = await startWebhookReceiver();
    await request(billing.notifications.url)
      .post('/api/webhooks/endpoints')
      .set(as(strangerToken))
      .send({ url: strangers.url, events: WEBHOOK_EVENT_TYPES })
      .expect(201);

    const order = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set(as(token))
      .send({ plan: 'basic', billingPeriod: 'monthly' })
      .expect(201);
    const orderId = order.body.merchantOrderId as string;
    await billing.phonepe.settle(orderId, 'failure');
    await eventually(async () => ofOrder(secret, orderId, own).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ofOrder(secret, orderId, own)).toEqual([
      expect.objectContaining({ type: 'payment.failed', data: expect.objectContaining({ orderId, plan: 'basic' }) }),
    ]);
    expect(strangers.received).toHaveLength(0);
    await Promise.all([own.close(), strangers.close()]);
  });
});
