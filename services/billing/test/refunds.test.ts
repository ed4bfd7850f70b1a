import request from 'supertest';
import { binaryBody } from '@portal/platform/testing';
import { REFUND_MESSAGES } from '@portal/contracts';
import { eventually, KARNATAKA_SELLER, MAHARASHTRA_FIRM, newUserId, pdfText, startBilling, type BillingHarness } from './billing-harness';

describe('refunds and credit notes', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await startBilling('refunds', KARNATAKA_SELLER);
  });
  afterAll(() => billing.close());
  beforeEach(() => {
    billing.clock.now = new Date('2026-11-23T06:30:00.000Z');
    billing.phonepe.setRefundOutcome('COMPLETED');
  });

  const db = (name: string) => billing.db.connection.collection(name);
  const asUser = (token: string) => ({ Authorization: `Bearer ${token}` });
  const asAdmin = () => ({ Authorization: `Bearer ${billing.adminToken()}` });
  const refund = (merchantOrderId: string, body: unknown, headers = asAdmin()) =>
    request(billing.url)
      .post(`/api/admin/transactions/${merchantOrderId}/refunds`)
      .set(headers)
      .send(body as object);
  const refundsOf = (merchantOrderId: string) =>
    request(billing.url).get(`/api/admin/transactions/${merchantOrderId}/refunds`).set(asAdmin());
  const order = (merchantOrderId: string) => db('transactions').findOne({ merchantOrderId });
  // the rows are stamped by the database's clock, so the range spans any day the suite runs on
  const WIDE_RANGE = 'startDate=2026-01-01&endDate=2030-12-31';
  const listedRow = async (merchantOrderId: string) =>
    (await request(billing.url).get(`/api/admin/transactions?transactionId=${merchantOrderId}&${WIDE_RANGE}`).set(asAdmin())).body
      .transactions[0];

  /** A Maharashtra firm (IGST from our Karnataka seller) pays for a plan; answers its token and order. */
  async function paidOrder(plan = 'professional', billingPeriod = 'monthly') {
    const userId = newUserId();
    const token = billing.addUser(userId, `buyer.${userId}@example.in`);
    await request(billing.url).put('/api/billing/profile').set(asUser(token)).send(MAHARASHTRA_FIRM);
    const created = await request(billing.url).post('/api/payment/create-phonepe-order').set(asUser(token)).send({ plan, billingPeriod });
    await billing.phonepe.settle(created.body.merchantOrderId, 'success');
    return { userId, token, merchantOrderId: created.body.merchantOrderId as string };
  }

  it('when an admin refunds a payment in full, then PhonePe refunds it, a credit note cites the invoice and the plan ends at once', async () => {
    const { userId, token, merchantOrderId } = await paidOrder();
    const invoice = await db('invoices').findOne({ merchantOrderId });

    const asked = await refund(merchantOrderId, { amount: 1000, reason: 'Bought the wrong plan' });
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({
      message: REFUND_MESSAGES.requested,
      refund: expect.objectContaining({ merchantRefundId: `${merchantOrderId}-R1`, amount: 1000, state: 'pending', creditNote: null }),
    });
    expect(billing.phonepe.refunds.get(`${merchantOrderId}-R1`)).toMatchObject({
      originalMerchantOrderId: merchantOrderId,
      amount: 100_000,
    });

    await eventually(async () => (await order(merchantOrderId))?.refundedPaise === 100_000);
    const note = await db('credit_notes').findOne({ merchantOrderId });
    expect(note).toMatchObject({
      number: 'TPCN/2627/000001',
      invoiceNumber: invoice!.number,
      totalPaise: 100_000,
      taxablePaise: 84_746,
      igstPaise: 15_254,
      cgstPaise: 0,
      placeOfSupply: { code: '27' },
      buyer: { name: 'Iyer & Associates', gstin: '27AAPFU0939F1ZV' },
      reason: 'Bought the wrong plan',
    });
    expect(await order(merchantOrderId)).toMatchObject({ refundedPaise: 100_000, refundPending: false, status: 'completed' });
    // the plan ends just after the order records the refund
    await eventually(async () => (await db('subscriptions').findOne({ accountId: userId }))?.status === 'expired');

    expect(await listedRow(merchantOrderId)).toMatchObject({
      invoiceNumber: invoice!.number,
      refundedAmount: 1000,
      refundStatus: 'refunded',
      taxableValue: 847.46,
      tax: 152.54,
    });
    expect((await refundsOf(merchantOrderId)).body.refunds).toEqual([
      expect.objectContaining({ state: 'completed', amount: 1000, creditNote: expect.objectContaining({ number: 'TPCN/2627/000001' }) }),
    ]);

    const history = (await request(billing.url).get('/api/billing/history').set(asUser(token))).body.payments;
    expect(history[0].refunds).toEqual([
      expect.objectContaining({
        state: 'completed',
        creditNote: { number: 'TPCN/2627/000001', issuedAt: expect.any(String), url: `/api/billing/credit-notes/${merchantOrderId}-R1` },
      }),
    ]);
    const pdf = await request(billing.url)
      .get(`/api/billing/credit-notes/${merchantOrderId}-R1`)
      .set(asUser(token))
      .buffer(true)
      .parse(binaryBody);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="credit-note-TPCN-2627-000001.pdf"');
    const text = await pdfText(pdf.body);
    for (const field of [
      'Credit Note',
      'Credit note number: TPCN/2627/000001',
      `Against invoice: ${invoice!.number} dated 23 Nov 2026`,
      'GSTIN: 27AAPFU0939F1ZV',
      'Place of supply: Maharashtra (code 27)',
      'Reason: Bought the wrong plan',
      'IGST @ 18%',
      '₹152.54',
      'Total credited (tax included)',
      '₹1,000.00',
      'Rupees One Thousand Only',
      'PhonePe refund id: OMR',
    ]) {
      expect(text).toContain(field);
    }
    const stranger = await request(billing.url)
      .get(`/api/billing/credit-notes/${merchantOrderId}-R1`)
      .set(asUser(billing.addUser(newUserId(), 'nosy@example.in')));
    expect(stranger.status).toBe(404);

    // the buyer is told, with the credit note attached and the way to the billing history
    const mail = await billing.smtp.waitForMail((m) => m.subject === 'Refund of ₹1,000 completed' && JSON.stringify(m.to).includes(userId));
    expect(mail.text).toContain('Credit note: TPCN/2627/000001');
    expect(mail.html).toContain(`href="${billing.url}/subscription"`);
    expect(mail.attachments.map((file) => file.filename)).toEqual(['credit-note-TPCN-2627-000001.pdf']);
  });

  it('when a partial refund is pending, then a second one is refused; once it completes the plan stays and only the rest can be refunded', async () => {
    const { userId, merchantOrderId } = await paidOrder();
    billing.phonepe.setRefundOutcome('hold');
    expect((await refund(merchantOrderId, { amount: 400, reason: 'Goodwill for an outage' })).status).toBe(201);

    const second = await refund(merchantOrderId, { amount: 100, reason: 'Again' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(REFUND_MESSAGES.inFlight);
    expect(await db('refunds').countDocuments({ merchantOrderId })).toBe(1);
    expect((await listedRow(merchantOrderId)).refundStatus).toBe('refund_pending');

    await billing.phonepe.settleRefund(`${merchantOrderId}-R1`, 'COMPLETED');
    expect(await order(merchantOrderId)).toMatchObject({ refundedPaise: 40_000, refundPending: false });
    expect(await db('credit_notes').findOne({ merchantRefundId: `${merchantOrderId}-R1` })).toMatchObject({
      totalPaise: 40_000,
      taxablePaise: 33_898,
      igstPaise: 6_102,
    });
    expect(await db('subscriptions').findOne({ accountId: userId })).toMatchObject({ status: 'active' });

    const tooMuch = await refund(merchantOrderId, { amount: 600.01, reason: 'More than is left' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(REFUND_MESSAGES.tooMuch('₹600'));
    expect(await db('refunds').countDocuments({ merchantOrderId })).toBe(1);
    expect(billing.phonepe.refunds.has(`${merchantOrderId}-R2`)).toBe(false);
  });

  it('when an older payment is refunded in full after a renewal, then the renewal’s time is kept: the plan ends earlier by what the refunded period had left, once', async () => {
    const { userId, token, merchantOrderId: first } = await paidOrder('basic');
    const renewal = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set(asUser(token))
      .send({ plan: 'basic', billingPeriod: 'monthly' });
    await billing.phonepe.settle(renewal.body.merchantOrderId, 'success');
    const renewalPeriod = `order:${renewal.body.merchantOrderId}`;
    await eventually(async () => (await db('subscription_periods').findOne({ _id: renewalPeriod as never })) !== null);
    const before = (await db('subscriptions').findOne({ accountId: userId }))!.subscriptionEndDate as Date;
    const renewed = (await db('subscription_periods').findOne({ _id: renewalPeriod as never }))!;

    billing.phonepe.setRefundOutcome('hold');
    await refund(first, { amount: 500, reason: 'Charged twice' });
    await billing.phonepe.settleRefund(`${first}-R1`, 'COMPLETED', { webhook: false });
    // the refund settled five times at once: the period comes out once
    await Promise.all(Array.from({ length: 5 }, () => billing.phonepe.sendRefundWebhook(`${first}-R1`)));
    await eventually(async () => (await order(first))?.refundedPaise === 50_000);

    const after = (await db('subscriptions').findOne({ accountId: userId }))!;
    const refunded = (await db('subscription_periods').findOne({ _id: `order:${first}` as never }))!;
    const moved = (await db('subscription_periods').findOne({ _id: renewalPeriod as never }))!;
    // the first period is served up to the refund; the renewal moved up to start there, whole
    expect(refunded.state).toBe('refunded');
    expect(moved.from.getTime()).toBe(refunded.to.getTime());
    expect(moved.to.getTime() - moved.from.getTime()).toBe(renewed.to.getTime() - renewed.from.getTime());
    expect(after.status).toBe('active');
    expect(after.subscriptionEndDate.getTime()).toBe(moved.to.getTime());
    expect(before.getTime() - after.subscriptionEndDate.getTime()).toBe(renewed.from.getTime() - refunded.to.getTime());
    const status = await request(billing.url).get('/api/subscription-status').set(asUser(token));
    expect(status.body).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'basic' });
    expect(status.body.daysRemaining).toBeGreaterThan(25);
  });

  it('when a refund is asked of a payment that is not completed, or of none, then 409 or 404 and nothing is stored', async () => {
    const token = billing.addUser(newUserId(), 'pending@example.in');
    const pending = (
      await request(billing.url)
        .post('/api/payment/create-phonepe-order')
        .set(asUser(token))
        .send({ plan: 'basic', billingPeriod: 'monthly' })
    ).body.merchantOrderId;
    const refused = await refund(pending, { amount: 100, reason: 'Not yet paid' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(REFUND_MESSAGES.notCompleted);
    const unknown = await refund('TPP-NOSUCHORDER', { amount: 100, reason: 'No such payment' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(REFUND_MESSAGES.unknownOrder);
    expect(await db('refunds').countDocuments({ merchantOrderId: { $in: [pending, 'TPP-NOSUCHORDER'] } })).toBe(0);
  });

  it.each([
    [{ amount: 0.5, reason: 'Too small' }, REFUND_MESSAGES.amountMinimum],
    [{ amount: 10.555, reason: 'Fraction of a paisa' }, REFUND_MESSAGES.amountPaise],
    [{ amount: '100', reason: 'Text amount' }, REFUND_MESSAGES.amountRequired],
    [{ amount: { $gt: 0 }, reason: 'Operator' }, REFUND_MESSAGES.amountRequired],
    [{ amount: 100 }, REFUND_MESSAGES.reasonRequired],
    [{ amount: 100, reason: ' ' }, REFUND_MESSAGES.reasonRequired],
  ])('when the refund body is malformed (%#), then 400 "%s" and nothing changes', async (body, message) => {
    const { merchantOrderId } = await paidOrder('basic');
    const response = await refund(merchantOrderId, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await db('refunds').countDocuments({ merchantOrderId })).toBe(0);
  });

  it('when a user token or none asks for a refund, then 401; a malformed order id is 400', async () => {
    const { token, merchantOrderId } = await paidOrder('basic');
    expect((await refund(merchantOrderId, { amount: 100, reason: 'Myself' }, asUser(token))).status).toBe(401);
    expect((await refund(merchantOrderId, { amount: 100, reason: 'Nobody' }, {} as never)).status).toBe(401);
    expect((await refund('%7B%24ne%7D', { amount: 100, reason: 'Operator id' })).status).toBe(400);
    expect(await db('refunds').countDocuments({ merchantOrderId })).toBe(0);
  });

  it('when PhonePe fails the refund, then no credit note is issued and the payment can be refunded again', async () => {
    const { merchantOrderId } = await paidOrder('basic');
    billing.phonepe.setRefundOutcome('FAILED');
    expect((await refund(merchantOrderId, { amount: 500, reason: 'Will fail' })).status).toBe(201);
    await eventually(async () => (await db('refunds').findOne({ merchantOrderId }))?.state === 'failed');
    await eventually(async () => (await order(merchantOrderId))?.refundPending === false);
    expect(await order(merchantOrderId)).toMatchObject({ refundedPaise: 0, refundPending: false });
    expect(await db('credit_notes').countDocuments({ merchantOrderId })).toBe(0);
    billing.phonepe.setRefundOutcome('COMPLETED');
    expect((await refund(merchantOrderId, { amount: 500, reason: 'Second try' })).body.refund.merchantRefundId).toBe(
      `${merchantOrderId}-R2`,
    );
  });

  it('when the refund webhook is lost, then reconciliation settles it; five duplicate webhooks issue one credit note', async () => {
    const { merchantOrderId } = await paidOrder('basic');
    billing.phonepe.setRefundOutcome('hold');
    await refund(merchantOrderId, { amount: 500, reason: 'Lost webhook' });
    await billing.phonepe.settleRefund(`${merchantOrderId}-R1`, 'COMPLETED', { webhook: false });
    expect((await db('refunds').findOne({ merchantOrderId }))?.state).toBe('pending');

    billing.clock.now = new Date(Date.now() + 60_000); // the refund was stamped by the database's clock
    expect(await billing.built.refunds.reconcile(0)).toBeGreaterThanOrEqual(1);
    expect((await db('refunds').findOne({ merchantOrderId }))?.state).toBe('completed');
    const statuses = await Promise.all(Array.from({ length: 5 }, () => billing.phonepe.sendRefundWebhook(`${merchantOrderId}-R1`)));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(await db('credit_notes').countDocuments({ merchantOrderId })).toBe(1);
    expect(await order(merchantOrderId)).toMatchObject({ refundedPaise: 50_000 });
  });

  it('when the payments of one user are asked for, then only theirs are listed; a malformed user id is 400', async () => {
    const first = await paidOrder('basic');
    await paidOrder('basic');
    const list = (query: string) => request(billing.url).get(`/api/admin/transactions?${query}&${WIDE_RANGE}`).set(asAdmin());
    const theirs = await list(`userId=${first.userId}`);
    expect(theirs.body.transactions.map((row: { transactionId: string }) => row.transactionId)).toEqual([first.merchantOrderId]);
    expect(theirs.body.total).toBe(1);
    expect((await list('userId=%7B%22%24ne%22%3Anull%7D')).status).toBe(400);
  });

  it('when the transactions are exported, then each row carries its invoice number, taxable value, tax and refunds', async () => {
    const { merchantOrderId } = await paidOrder('basic');
    const csv = await request(billing.url).get(`/api/admin/export/transactions?${WIDE_RANGE}`).set(asAdmin());
    const [header, ...rows] = csv.text.trim().split('\r\n');
    expect(header).toContain('Invoice Number,Taxable Value (INR),Tax (INR),Refunded (INR),Refund Status,Firm,Seats');
    const row = rows.find((line) => line.startsWith(merchantOrderId))!;
    expect(row).toMatch(/,TP\/2627\/\d{6},423\.73,76\.27,0\.00,none,,1$/);
  });
});
