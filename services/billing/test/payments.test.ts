import request from 'supertest';
import { EVENT_QUEUES, SECURITY_RECORDED, type SecurityEvent } from '@portal/contracts';
import { queuedEvents } from '@portal/platform/testing';
import type { OrderRecord } from '../src/payments/domain/ports';
import { DAY, newUserId, pdfText, startBilling, type BillingHarness } from './billing-harness';

describe('PhonePe payments', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await startBilling('payments');
  });
  afterAll(() => billing.close());
  beforeEach(() => {
    billing.clock.now = new Date();
  });

  const transactions = () => billing.db.connection.collection('transactions');
  const subscription = (userId: string) => billing.db.connection.collection('subscriptions').findOne({ accountId: userId });
  const periods = (userId: string) => billing.db.connection.collection('subscription_periods').find({ accountId: userId }).toArray();
  const createOrder = (token: string, body: object) =>
    request(billing.url).post('/api/payment/create-phonepe-order').set('Authorization', `Bearer ${token}`).send(body);
  const webhook = (body: object, authorization = billing.webhookAuthorization) =>
    request(billing.url).post('/api/payment/phonepe/webhook').set('Authorization', authorization).send(body);

  /** The browser's path: PhonePe's page, the chosen outcome, PhonePe's redirect back to us, ours to /subscription. */
  async function payInBrowser(paymentUrl: string, outcome: 'success' | 'failure') {
    const page = await fetch(paymentUrl);
    expect(await page.text()).toContain('PhonePe test checkout');
    const back = await fetch(paymentUrl, { method: 'POST', body: new URLSearchParams({ outcome }), redirect: 'manual' });
    expect(back.status).toBe(303);
    const toPortal = await fetch(back.headers.get('location')!, { redirect: 'manual' });
    expect(toPortal.status).toBe(303);
    return toPortal.headers.get('location');
  }

  it('when an order is created, then the server computes the amount, stores it pending and answers the PhonePe checkout URL', async () => {
    const id = newUserId();
    const response = await createOrder(billing.addUser(id, 'buyer@example.in'), {
      plan: 'professional',
      billingPeriod: 'annual',
      amount: 1,
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      success: true,
      paymentUrl: expect.stringMatching(/\/checkout\/pay\?token=/),
      merchantOrderId: expect.stringMatching(/^TPP-[A-Z0-9-]+$/),
    });
    const stored = await transactions().findOne({ merchantOrderId: response.body.merchantOrderId });
    expect(stored).toMatchObject({
      accountId: id,
      userEmail: 'buyer@example.in',
      plan: 'professional',
      billingPeriod: 'annual',
      amountPaise: 960000,
      status: 'pending',
    });
    expect(stored).not.toHaveProperty('amount'); // one unit stored: paise
    expect(billing.phonepe.orders.get(response.body.merchantOrderId)?.amount).toBe(960000);
  });

  it.each([
    [{ plan: 'gold', billingPeriod: 'monthly' }, 'Choose one of the plans: basic, professional or business'],
    [{ plan: 'basic', billingPeriod: 'weekly' }, 'Billing period must be monthly, annual or tax-year'],
    [{ plan: { $ne: 1 }, billingPeriod: 'monthly' }, 'Choose one of the plans: basic, professional or business'],
  ])('when the order names an unknown plan or period (%#), then 400 and nothing is stored', async (body, message) => {
    const before = await transactions().countDocuments();
    const response = await createOrder(billing.addUser(newUserId(), 'x@example.in'), body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await transactions().countDocuments()).toBe(before);
  });

  it('when the user pays on PhonePe, then the webhook and the return settle the order once and the plan becomes active with the free month', async () => {
    const id = newUserId();
    const token = billing.addUser(id, 'payer@example.in');
    const { paymentUrl, merchantOrderId } = (await createOrder(token, { plan: 'basic', billingPeriod: 'monthly' })).body;
    expect(await payInBrowser(paymentUrl, 'success')).toBe('/subscription?status=success');

    const order = await transactions().findOne({ merchantOrderId });
    const remote = billing.phonepe.orders.get(merchantOrderId)!;
    expect(order).toMatchObject({
      status: 'completed',
      credited: true,
      phonepeOrderId: remote.orderId,
      phonePeTransactionId: remote.attempts[0]!.transactionId,
    });
    const sub = await subscription(id);
    expect(sub).toMatchObject({
      status: 'active',
      plan: 'basic',
      billingPeriod: 'monthly',
      planPricePaise: 500_00,
      hasUsedTrial: true,
    });
    expect(await periods(id)).toEqual([
      expect.objectContaining({ _id: `order:${merchantOrderId}`, merchantOrderId, plan: 'basic', pricePaise: 50_000, state: 'active' }),
    ]);
    const days = (sub!.subscriptionEndDate.getTime() - sub!.subscriptionStartDate.getTime()) / DAY;
    expect(days).toBeGreaterThanOrEqual(28 + 30);
    expect(days).toBeLessThanOrEqual(31 + 30);

    const status = (await request(billing.url).get('/api/subscription-status').set('Authorization', `Bearer ${token}`)).body;
    expect(status).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'basic', canDownload: true, billingPeriod: 'monthly' });
    const receipt = await billing.smtp.waitForMail((mail) => mail.subject === 'Payment received: Basic plan (monthly)');
    expect(receipt.text).toContain(merchantOrderId);
    expect(receipt.text).toMatch(/^Amount: ₹500$/m); // one rupee formatter: no paise when whole
    // no SELLER_* settings here: the attached invoice says its seller is the demo placeholder
    expect(await pdfText(receipt.attachments[0]!.content)).toContain('DEMO: the seller below is a placeholder');
  });

  it('when the payment fails on PhonePe, then the order fails and the subscription is untouched', async () => {
    const id = newUserId();
    const { paymentUrl, merchantOrderId } = (
      await createOrder(billing.addUser(id, 'fail@example.in'), { plan: 'business', billingPeriod: 'monthly' })
    ).body;
    expect(await payInBrowser(paymentUrl, 'failure')).toBe('/subscription?status=failed');
    expect((await transactions().findOne({ merchantOrderId }))?.status).toBe('failed');
    expect(await subscription(id)).toBeNull();
  });

  it('when the webhook never comes, then the return alone settles the order through the status call', async () => {
    const id = newUserId();
    const { merchantOrderId } = (await createOrder(billing.addUser(id, 'nohook@example.in'), { plan: 'basic', billingPeriod: 'monthly' }))
      .body;
    await billing.phonepe.settle(merchantOrderId, 'success', { webhook: false });
    const back = await fetch(`${billing.url}/api/payment/phonepe/return?order=${merchantOrderId}`, { redirect: 'manual' });
    expect(back.headers.get('location')).toBe('/subscription?status=success');
    expect((await subscription(id))?.status).toBe('active');
  });

  it('when the plan it buys ends at 00:30 in India, then the receipt says India’s date, not the day before', async () => {
    billing.clock.now = new Date('2026-11-23T19:00:00.000Z'); // 00:30 on 24 November in India
    const { merchantOrderId } = (
      await createOrder(billing.addUser(newUserId(), 'midnight@example.in'), { plan: 'basic', billingPeriod: 'monthly' })
    ).body;
    await billing.phonepe.settle(merchantOrderId, 'success');
    const receipt = await billing.smtp.waitForMail((mail) => Boolean(mail.text?.includes(merchantOrderId)));
    // a month, and the 30 trial days a first buyer gets: to 00:30 on 23 January in India
    expect(receipt.text).toContain('Your subscription is active until 23 Jan 2027.');
  });

  it('when the browser comes back before PhonePe has an outcome, then it is told pending and nothing is credited', async () => {
    const { merchantOrderId } = (
      await createOrder(billing.addUser(newUserId(), 'early@example.in'), { plan: 'basic', billingPeriod: 'monthly' })
    ).body;
    const back = await fetch(`${billing.url}/api/payment/phonepe/return?order=${merchantOrderId}`, { redirect: 'manual' });
    expect(back.headers.get('location')).toBe('/subscription?status=pending');
    const unknown = await fetch(`${billing.url}/api/payment/phonepe/return?order=${encodeURIComponent('<script>')}`, {
      redirect: 'manual',
    });
    expect(unknown.headers.get('location')).toBe('/subscription?status=failed');
  });

  it('when the same webhook arrives five times at once, then the order is credited exactly once', async () => {
    const id = newUserId();
    const { merchantOrderId } = (
      await createOrder(billing.addUser(id, 'dupe@example.in'), { plan: 'professional', billingPeriod: 'monthly' })
    ).body;
    await billing.phonepe.settle(merchantOrderId, 'success', { webhook: false });
    const statuses = await Promise.all(Array.from({ length: 5 }, () => billing.phonepe.sendWebhook(merchantOrderId)));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const sub = await subscription(id);
    expect((await periods(id)).map((period) => period.merchantOrderId)).toEqual([merchantOrderId]);
    const days = (sub!.subscriptionEndDate.getTime() - sub!.subscriptionStartDate.getTime()) / DAY;
    expect(days).toBeLessThanOrEqual(31 + 30);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(billing.smtp.inbox.filter((mail) => mail.text?.includes(merchantOrderId))).toHaveLength(1);
  });

  it('when a webhook is forged, then 401 and nothing changes', async () => {
    const id = newUserId();
    const { merchantOrderId } = (await createOrder(billing.addUser(id, 'forged@example.in'), { plan: 'business', billingPeriod: 'annual' }))
      .body;
    await billing.phonepe.settle(merchantOrderId, 'success', { webhook: false });
    const body = { event: 'checkout.order.completed', payload: { merchantOrderId, state: 'COMPLETED' } };
    expect((await webhook(body, 'sha256-of-a-guess')).status).toBe(401);
    expect((await request(billing.url).post('/api/payment/phonepe/webhook').send(body)).status).toBe(401);
    const refusals = (await queuedEvents<SecurityEvent>(billing.redis, EVENT_QUEUES.auditLog, SECURITY_RECORDED)).filter(
      (event) => event.kind === 'payment-webhook' && event.outcome === 'failure',
    );
    expect(refusals.map((event) => event.reason)).toEqual(['bad-authorization', 'bad-authorization']);
    expect((await transactions().findOne({ merchantOrderId }))?.status).toBe('pending');
    expect(await subscription(id)).toBeNull();
  });

  it('when PhonePe reports another amount than the order, then it is never credited and is kept as amount_mismatch', async () => {
    const id = newUserId();
    const { merchantOrderId } = (await createOrder(billing.addUser(id, 'tamper@example.in'), { plan: 'business', billingPeriod: 'annual' }))
      .body;
    billing.phonepe.reportAmount(merchantOrderId, 100);
    await billing.phonepe.settle(merchantOrderId, 'success');
    expect((await transactions().findOne({ merchantOrderId }))?.status).toBe('amount_mismatch');
    expect(await subscription(id)).toBeNull();
  });

  it('when the webhook is lost and the user never returns, then reconciliation settles the order', async () => {
    const id = newUserId();
    const { merchantOrderId } = (await createOrder(billing.addUser(id, 'lost@example.in'), { plan: 'basic', billingPeriod: 'annual' }))
      .body;
    await billing.phonepe.settle(merchantOrderId, 'success', { webhook: false });
    billing.clock.now = new Date(Date.now() + 10 * 60_000);
    expect(await billing.built.payments.reconcile(5 * 60_000)).toBeGreaterThanOrEqual(1);
    expect((await transactions().findOne({ merchantOrderId }))?.status).toBe('completed');
    expect((await subscription(id))?.status).toBe('active');
  });

  it('when billing stops after the period is credited and before the invoice, then reconciliation issues the invoice and mails the receipt, adding no second period', async () => {
    const id = newUserId();
    const { merchantOrderId } = (await createOrder(billing.addUser(id, 'halfway@example.in'), { plan: 'basic', billingPeriod: 'annual' }))
      .body;
    await billing.phonepe.settle(merchantOrderId, 'success', { webhook: false });
    // what a crash leaves: the order completed and its period recorded, no invoice, not marked credited
    await transactions().updateOne({ merchantOrderId }, { $set: { status: 'completed', completedAt: new Date() } });
    const stored = (await transactions().findOne({ merchantOrderId }))!;
    await billing.built.ledger.credit({ ...(stored as unknown as OrderRecord), accountId: id });
    const endAfterCrash = (await subscription(id))!.subscriptionEndDate.getTime();
    expect(await billing.db.connection.collection('invoices').countDocuments({ merchantOrderId })).toBe(0);

    expect(await billing.built.payments.reconcile(5 * 60_000)).toBe(1);
    expect(await transactions().findOne({ merchantOrderId })).toMatchObject({ credited: true, invoiceNumber: expect.any(String) });
    expect(await billing.db.connection.collection('invoices').countDocuments({ merchantOrderId })).toBe(1);
    expect(await periods(id)).toHaveLength(1);
    expect((await subscription(id))!.subscriptionEndDate.getTime()).toBe(endAfterCrash);
    await billing.smtp.waitForMail((mail) => Boolean(mail.text?.includes(merchantOrderId)));
    expect(await billing.built.payments.reconcile(5 * 60_000)).toBe(0);
  });

  it('when an order is never paid and passes its expiry, then reconciliation marks it expired', async () => {
    const { merchantOrderId } = (
      await createOrder(billing.addUser(newUserId(), 'abandon@example.in'), { plan: 'basic', billingPeriod: 'monthly' })
    ).body;
    billing.phonepe.orders.get(merchantOrderId)!.expireAt = Date.now() + 60 * 60_000; // PhonePe still says PENDING
    billing.clock.now = new Date(Date.now() + 30 * 60_000);
    await billing.built.payments.reconcile(5 * 60_000);
    expect((await transactions().findOne({ merchantOrderId }))?.status).toBe('expired');
  });

  it('when an active user renews, then the new period starts at the current end', async () => {
    const id = newUserId();
    const token = billing.addUser(id, 'renew@example.in');
    const first = (await createOrder(token, { plan: 'professional', billingPeriod: 'annual' })).body;
    await billing.phonepe.settle(first.merchantOrderId, 'success');
    const endAfterFirst = (await subscription(id))!.subscriptionEndDate.getTime();
    const second = (await createOrder(token, { plan: 'professional', billingPeriod: 'annual' })).body;
    expect(second.merchantOrderId).toBeDefined();
    await billing.phonepe.settle(second.merchantOrderId, 'success');
    const sub = await subscription(id);
    expect(sub?.plan).toBe('professional');
    const added = (sub!.subscriptionEndDate.getTime() - endAfterFirst) / DAY;
    expect(added).toBeGreaterThanOrEqual(365);
    expect(added).toBeLessThanOrEqual(366);
  });

  it('when an expired trial user pays, then the plan starts now without another free month', async () => {
    const id = newUserId();
    const token = billing.addUser(id, 'expired@example.in');
    await request(billing.url).post('/api/start-trial').set('Authorization', `Bearer ${token}`).expect(200);
    billing.clock.now = new Date(Date.now() + 31 * DAY);
    const { merchantOrderId } = (await createOrder(token, { plan: 'basic', billingPeriod: 'monthly' })).body;
    await billing.phonepe.settle(merchantOrderId, 'success');
    const sub = await subscription(id);
    expect(sub?.status).toBe('active');
    const days = (sub!.subscriptionEndDate.getTime() - billing.clock.now.getTime()) / DAY;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
  });

  it('when PhonePe revokes our access token, then the client fetches a new one and the call succeeds', async () => {
    billing.phonepe.expireTokens();
    const response = await createOrder(billing.addUser(newUserId(), 'token@example.in'), { plan: 'basic', billingPeriod: 'monthly' });
    expect(response.status).toBe(201);
  });

  it('when creating an order without a token, then 401', async () => {
    expect(
      (await request(billing.url).post('/api/payment/create-phonepe-order').send({ plan: 'basic', billingPeriod: 'monthly' })).status,
    ).toBe(401);
  });
});
