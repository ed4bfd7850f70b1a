import request from 'supertest';
import { BILLING_PROFILE_MESSAGES, REFUND_MESSAGES } from '@portal/contracts';
import { buyerDetailsMissing } from '../src/shared/buyer-details';
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

describe('the server refuses to issue a document that would lack the buyer’s address (issue #47)', () => {
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
