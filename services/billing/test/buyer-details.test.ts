import request from 'supertest';
import { BILLING_PROFILE_MESSAGES, REFUND_MESSAGES } from '@portal/contracts';
import { buyerDetailsMissing } from '../src/payments/domain/order-placement';
import { eventually, KARNATAKA_SELLER, MAHARASHTRA_FIRM, newUserId, startBilling, type BillingHarness } from './billing-harness';

const { gstin: _none, ...UNREGISTERED } = MAHARASHTRA_FIRM;

describe('CGST Rules 46(e) and 53(1A): which documents must show a buyer’s address and state', () => {
  it.each([
    [null, 49_999_99, false, null],
    [null, 50_000_00, false, 'invoice'],
    [null, 500_00, true, 'credit-note'],
    [{ gstin: undefined }, 1_15_200_00, true, null],
    [{ gstin: '27AAPFU0939F1ZV' }, 1_15_200_00, true, null],
  ] as const)('details %j, an invoice of %i paise, a credit note %s: %s', (profile, invoicePaise, creditNote, missing) => {
    expect(buyerDetailsMissing(profile, { invoicePaise, creditNote })).toBe(missing);
  });
});

describe('the server refuses to issue a document that would lack the buyer’s address', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await startBilling('buyer-details', KARNATAKA_SELLER);
    billing.clock.now = new Date('2026-11-23T06:30:00.000Z');
  });
  afterAll(() => billing.close());

  const db = (name: string) => billing.db.connection.collection(name);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const admin = () => as(billing.adminToken());
  const saveDetails = (token: string, path = '/api/billing/profile') => request(billing.url).put(path).set(as(token)).send(UNREGISTERED);
  const order = (token: string, body: object, path = '/api/payment/create-phonepe-order') =>
    request(billing.url).post(path).set(as(token)).send(body);
  const person = () => {
    const userId = newUserId();
    return { userId, token: billing.addUser(userId, `buyer.${userId}@example.in`, 'Buyer') };
  };

  it('when a firm without a GSTIN or details buys ₹1,15,200 of seats, then 400 asks for its details first; with them it pays', async () => {
    const owner = person();
    const firmId = newUserId();
    const firm = await billing.addFirm(firmId, 'Shah Tax Consultants', { [owner.userId]: 'owner' });
    for (let seat = 1; seat < 6; seat++) firm.roles.set(newUserId(), 'member');
    await firm.publish();
    const path = `/api/payment/create-phonepe-order?firmId=${firmId}`;
    const body = { plan: 'business', billingPeriod: 'annual', seats: 6 };

    const refused = await order(owner.token, body, path);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(BILLING_PROFILE_MESSAGES.neededForInvoice);
    expect(await db('transactions').countDocuments({ accountId: firmId })).toBe(0);

    expect((await saveDetails(owner.token, `/api/billing/profile?firmId=${firmId}`)).status).toBe(200);
    const paid = await order(owner.token, body, path);
    expect(paid.status).toBe(201);
    await billing.phonepe.settle(paid.body.merchantOrderId, 'success');
    await eventually(async () => (await db('invoices').findOne({ merchantOrderId: paid.body.merchantOrderId })) !== null);
    expect((await db('invoices').findOne({ merchantOrderId: paid.body.merchantOrderId }))!.buyer).toMatchObject({
      gstin: null,
      address: expect.stringContaining(UNREGISTERED.street),
      stateCode: '27',
    });
  });

  it('when a buyer without details is refunded, then the admin is told to ask for them; once saved, the credit note shows them', async () => {
    const buyer = person();
    const bought = await order(buyer.token, { plan: 'basic', billingPeriod: 'monthly' });
    expect(bought.status).toBe(201); // under ₹50,000 the invoice may go without
    const merchantOrderId = bought.body.merchantOrderId as string;
    await billing.phonepe.settle(merchantOrderId, 'success');
    await eventually(async () => (await db('invoices').findOne({ merchantOrderId })) !== null);
    expect((await db('invoices').findOne({ merchantOrderId }))!.buyer.address).toBeNull();

    const refund = () =>
      request(billing.url)
        .post(`/api/admin/transactions/${merchantOrderId}/refunds`)
        .set(admin())
        .send({ amount: 100, reason: 'Goodwill' });
    const refused = await refund();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(REFUND_MESSAGES.buyerDetailsMissing);
    expect(await db('refunds').countDocuments({ merchantOrderId })).toBe(0);
    expect(billing.phonepe.refunds.has(`${merchantOrderId}-R1`)).toBe(false);

    await saveDetails(buyer.token).expect(200);
    expect((await refund()).status).toBe(201);
    await eventually(async () => (await db('credit_notes').findOne({ merchantOrderId })) !== null);
    expect((await db('credit_notes').findOne({ merchantOrderId }))!.buyer).toMatchObject({
      address: expect.stringContaining(UNREGISTERED.street),
      stateCode: '27',
      stateName: 'Maharashtra',
    });
  });

  describe('when the admin lets the refund wait for the buyer until they give their address', () => {
    const paidWithoutDetails = async () => {
      const buyer = person();
      const bought = await order(buyer.token, { plan: 'basic', billingPeriod: 'monthly' });
      const merchantOrderId = bought.body.merchantOrderId as string;
      await billing.phonepe.settle(merchantOrderId, 'success');
      await eventually(async () => (await db('invoices').findOne({ merchantOrderId })) !== null);
      const refund = (body: object) =>
        request(billing.url).post(`/api/admin/transactions/${merchantOrderId}/refunds`).set(admin()).send(body);
      return { ...buyer, merchantOrderId, refund };
    };
    const transactionRow = async (merchantOrderId: string) =>
      (
        (
          await request(billing.url)
            .get(`/api/admin/transactions?transactionId=${merchantOrderId}&startDate=2026-11-01&endDate=2026-12-31`)
            .set(admin())
            .expect(200)
        ).body.transactions as { transactionId: string; refundStatus: string }[]
      ).find((row) => row.transactionId === merchantOrderId);

    it('then the buyer is asked with a link, the admin sees it waiting, and saving the details makes it with its credit note', async () => {
      const buyer = await paidWithoutDetails();
      const asked = await buyer.refund({ amount: 100, reason: 'Goodwill', askBuyer: true });
      expect(asked.status).toBe(201);
      expect(asked.body.message).toBe(REFUND_MESSAGES.awaitingDetails);
      expect(asked.body.refund).toMatchObject({ state: 'awaiting_details', amount: 100 });
      expect(billing.phonepe.refunds.has(`${buyer.merchantOrderId}-R1`)).toBe(false);
      expect(await db('credit_notes').countDocuments({ merchantOrderId: buyer.merchantOrderId })).toBe(0);

      const mail = await billing.smtp.waitForMail(
        (message) => message.subject === 'Your refund of ₹100 is waiting for your billing details',
      );
      expect(JSON.stringify(mail.to)).toContain(`buyer.${buyer.userId}@example.in`);
      expect(mail.text).toContain(`Add your billing details: ${billing.url}/profile?tab=billing`);
      expect(await transactionRow(buyer.merchantOrderId)).toMatchObject({ refundStatus: 'refund_awaiting_details' });
      // one refund at a time: another waits behind it
      const second = await buyer.refund({ amount: 50, reason: 'Goodwill', askBuyer: true });
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(REFUND_MESSAGES.inFlight);

      await saveDetails(buyer.token).expect(200);
      expect(billing.phonepe.refunds.has(`${buyer.merchantOrderId}-R1`)).toBe(true);
      // the credit note is issued first, then the refund marked completed: wait for the last step
      await eventually(
        async () => (await db('refunds').findOne({ merchantRefundId: `${buyer.merchantOrderId}-R1` }))?.state === 'completed',
      );
      expect((await db('credit_notes').findOne({ merchantOrderId: buyer.merchantOrderId }))!.buyer).toMatchObject({
        address: expect.stringContaining(UNREGISTERED.street),
        stateCode: '27',
      });
      expect(await db('refunds').findOne({ merchantRefundId: `${buyer.merchantOrderId}-R1` })).toMatchObject({
        state: 'completed',
        amountPaise: 100_00,
      });
      await eventually(async () => (await transactionRow(buyer.merchantOrderId))?.refundStatus === 'partially_refunded');
    });

    it('then details saved where the save could not make it (straight into the store) are picked up by reconciliation, once', async () => {
      const buyer = await paidWithoutDetails();
      expect((await buyer.refund({ amount: 100, reason: 'Goodwill', askBuyer: true })).status).toBe(201);
      expect(await billing.built.refunds.reconcile(60_000)).toBe(0); // still no details: it keeps waiting
      expect(await db('refunds').findOne({ merchantRefundId: `${buyer.merchantOrderId}-R1` })).toMatchObject({ state: 'awaiting_details' });

      await db('billing_profiles').insertOne({ _id: buyer.userId, ...UNREGISTERED, updatedAt: new Date() } as never);
      const [first, second] = await Promise.all([billing.built.refunds.reconcile(60_000), billing.built.refunds.reconcile(60_000)]);
      expect(first + second).toBeGreaterThanOrEqual(1);
      await eventually(
        async () => (await db('refunds').findOne({ merchantRefundId: `${buyer.merchantOrderId}-R1` }))?.state === 'completed',
      );
      expect(await db('refunds').countDocuments({ merchantOrderId: buyer.merchantOrderId })).toBe(1);
      expect(await db('credit_notes').countDocuments({ merchantOrderId: buyer.merchantOrderId })).toBe(1);
    });

    it('then a buyer who already has details is refunded at once, and askBuyer other than true is a 400 that changes nothing', async () => {
      const buyer = await paidWithoutDetails();
      const wrong = await buyer.refund({ amount: 100, reason: 'Goodwill', askBuyer: 'yes' });
      expect(wrong.status).toBe(400);
      expect(await db('refunds').countDocuments({ merchantOrderId: buyer.merchantOrderId })).toBe(0);
      await saveDetails(buyer.token).expect(200);
      const made = await buyer.refund({ amount: 100, reason: 'Goodwill', askBuyer: true });
      expect(made.status).toBe(201);
      expect(made.body.message).toBe(REFUND_MESSAGES.requested);
    });
  });

  it('when a buyer without details upgrades, then 400 asks for them before the credit note of the plan it ends', async () => {
    const buyer = person();
    const bought = await order(buyer.token, { plan: 'basic', billingPeriod: 'monthly' });
    await billing.phonepe.settle(bought.body.merchantOrderId, 'success');
    await eventually(async () => (await db('transactions').findOne({ merchantOrderId: bought.body.merchantOrderId }))?.credited === true);

    const refused = await order(buyer.token, { plan: 'professional', billingPeriod: 'monthly' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(BILLING_PROFILE_MESSAGES.neededForCreditNote);
    await saveDetails(buyer.token).expect(200);
    expect((await order(buyer.token, { plan: 'professional', billingPeriod: 'monthly' })).status).toBe(201);
  });
});
