import { createHash } from 'node:crypto';
import request from 'supertest';
import { LICENSE_ERRORS, LICENSE_MESSAGES, PC_PACK_MESSAGES, type FirmRole } from '@portal/contracts';
import { eventually, MAHARASHTRA_FIRM, newUserId, pdfText, startBilling, type BillingHarness } from './billing-harness';

/** 31 March, 23:59:59.999 in India: where a tax-year term ends. */
const MARCH_31_2027 = '2027-03-31T18:29:59.999Z';

const deviceId = (name: string) => createHash('sha256').update(name).digest('hex');
const device = (name: string) => ({ deviceId: deviceId(name), deviceName: name, os: 'Windows 11 Pro 23H2', appVersion: '1.2.0' });

describe('packs of extra PCs: prorated to the term’s end, invoiced on their own, counted by the activation limit at once', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    // the seller's setting: Business's seats float for a firm
    billing = await startBilling('pc-packs', {}, (db) =>
      db.connection.collection('plans').insertOne({
        _id: 'business' as never,
        title: 'Business',
        monthlyPricePaise: 2000_00,
        features: ['Several practitioners in one firm'],
        terms: ['monthly', 'annual', 'tax-year'],
        order: 2,
        seating: 'floating',
      }),
    );
  });
  afterAll(() => billing.close());

  const db = (name: string) => billing.db.connection.collection(name);
  const asUser = (token: string) => ({ Authorization: `Bearer ${token}` });
  const at = (instant: string) => (billing.clock.now = new Date(instant));
  const quote = (token: string, pcs: unknown, firmId?: string) =>
    request(billing.url)
      .get('/api/subscription/pc-packs/quote')
      .query({ pcs, ...(firmId && { firmId }) })
      .set(asUser(token));
  const packOrder = (token: string, body: object, firmId?: string) =>
    request(billing.url)
      .post('/api/payment/create-pc-pack-order')
      .query(firmId ? { firmId } : {})
      .set(asUser(token))
      .send(body);
  const packs = async (token: string, firmId?: string) =>
    (
      await request(billing.url)
        .get('/api/subscription/pc-packs')
        .query(firmId ? { firmId } : {})
        .set(asUser(token))
    ).body;
  const activate = (desktop: string, name: string) =>
    request(billing.url).post('/api/licenses/activate').set(asUser(desktop)).send(device(name));

  /** Pays an order at PhonePe's stand-in and waits for its credit. */
  async function settle(merchantOrderId: string) {
    await billing.phonepe.settle(merchantOrderId, 'success');
    await eventually(async () => (await db('transactions').findOne({ merchantOrderId }))?.credited === true);
  }

  /** A practitioner whose trial ended long ago, with billing details saved, who bought a plan at `boughtAt`. */
  async function practitioner(plan: { billingPeriod: string; boughtAt: string }) {
    const userId = newUserId();
    const email = `ca.${userId}@example.in`;
    const token = billing.addUser(userId, email);
    await request(billing.url).put('/api/billing/profile').set(asUser(token)).send(MAHARASHTRA_FIRM);
    at('2026-06-01T04:30:00.000Z');
    await request(billing.url).post('/api/start-trial').set(asUser(token)).send({});
    at(plan.boughtAt);
    const bought = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set(asUser(token))
      .send({ plan: 'professional', billingPeriod: plan.billingPeriod });
    expect(bought.status).toBe(201);
    await settle(bought.body.merchantOrderId);
    return { userId, token, desktop: billing.desktopToken(userId, email) };
  }

  /** A firm of `roles` (billing details MAHARASHTRA_FIRM) whose owner bought two seats of `plan` on 15 November 2026, paid. */
  async function firmWithPlan(name: string, roles: Record<string, FirmRole>, owner: string, plan: { plan: string; billingPeriod: string }) {
    const firmId = newUserId();
    await (await billing.addFirm(firmId, name, roles)).publish();
    await request(billing.url).put('/api/billing/profile').query({ firmId }).set(asUser(owner)).send(MAHARASHTRA_FIRM);
    at('2026-11-15T06:30:00.000Z');
    const bought = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .query({ firmId })
      .set(asUser(owner))
      .send({ ...plan, seats: 2 });
    expect(bought.status).toBe(201);
    await settle(bought.body.merchantOrderId);
    return firmId;
  }

  it('when a practitioner adds 2 PCs mid-term, then they pay 350 of 365 days to the paisa, the invoice has its own line, and a third and fourth PC activate at once', async () => {
    const { token, desktop } = await practitioner({ billingPeriod: 'annual', boughtAt: '2026-11-15T06:30:00.000Z' });
    expect(await activate(desktop, 'OFFICE-1').then((answer) => answer.status)).toBe(201);
    expect(await activate(desktop, 'OFFICE-2').then((answer) => answer.status)).toBe(201);
    const refused = await activate(desktop, 'OFFICE-3');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: LICENSE_ERRORS.deviceLimit, message: LICENSE_MESSAGES.deviceLimit(2) });

    at('2026-12-01T04:30:00.000Z'); // 10:00 on 1 December in India; the term ends on 15 November 2027
    const quoted = await quote(token, 2);
    expect(quoted.status).toBe(200);
    // ₹1,200 a PC a year × 2 × 350 days (1 December included) ÷ 365 = ₹2,301.3698…
    expect(quoted.body).toMatchObject({ pcs: 2, days: 350, ofDays: 365, amountDue: 2301.37, annualPricePerPc: 1200 });
    expect(quoted.body.summary[0]).toBe(
      "2 extra PCs from today to 15 Nov 2027, when your plan's term ends: 350 of 365 days at ₹1,200 a PC a year.",
    );
    const placed = await packOrder(token, { pcs: 2 });
    expect(placed.status).toBe(201);
    const { merchantOrderId } = placed.body;
    expect(billing.phonepe.orders.get(merchantOrderId)!.amount).toBe(230137);
    // nothing counts before it is paid
    expect((await activate(desktop, 'OFFICE-3')).status).toBe(409);
    await settle(merchantOrderId);

    expect(await packs(token)).toMatchObject({
      devicesPerSeat: 2,
      extraPcs: 2,
      packs: [{ merchantOrderId, pcs: 2, until: '2027-11-15T06:30:00.000Z', state: 'active' }],
    });
    expect((await activate(desktop, 'OFFICE-3')).status).toBe(201);
    expect((await activate(desktop, 'OFFICE-4')).status).toBe(201);
    const fifth = await activate(desktop, 'OFFICE-5');
    expect(fifth.body).toMatchObject({ error: LICENSE_ERRORS.deviceLimit, message: LICENSE_MESSAGES.deviceLimit(4) });

    // the plan is as it was: a pack adds no period
    const status = (await request(billing.url).get('/api/subscription-status').set(asUser(token))).body;
    expect(status).toMatchObject({ subscriptionPlan: 'professional', subscriptionEndDate: '2027-11-15T06:30:00.000Z' });
    const invoice = await pdfText(
      (await request(billing.url).get(`/api/billing/invoices/${merchantOrderId}`).set(asUser(token)).buffer(true)).body,
    );
    expect(invoice).toContain(
      'Extra PCs for Tax Practitioner Portal subscription: Professional plan (annual), service from 1 Dec 2026 to 15 Nov 2027. Quantity: 2 PCs',
    );
    expect(invoice).toContain('2,301.37');
    expect(await db('invoices').findOne({ merchantOrderId })).toMatchObject({ pcs: 2, totalPaise: 230137 });
    const history = (await request(billing.url).get('/api/billing/history').set(asUser(token))).body;
    expect(history.payments.find((payment: { merchantOrderId: string }) => payment.merchantOrderId === merchantOrderId)).toMatchObject({
      pcs: 2,
      amount: 2301.37,
    });
    // the receipt names the pack
    await billing.smtp.waitForMail((mail) => mail.subject === 'Payment received: 2 extra PCs for your Professional plan');
  });

  it('when the term ends in a leap year, then a pack is priced by 366 days', async () => {
    const { token } = await practitioner({ billingPeriod: 'annual', boughtAt: '2027-04-01T06:30:00.000Z' });
    at('2027-10-01T04:30:00.000Z');
    // to 1 April 2028: 184 days of the 366 from 1 April 2027, which hold 29 February 2028
    expect((await quote(token, 2)).body).toMatchObject({ days: 184, ofDays: 366, amountDue: 1206.56 });
  });

  it('when a tax-year plan is at 23:59 on 31 March in India, then one PC costs one day, ₹3.29; at 00:00 on 1 April there is no term to add to', async () => {
    const { token } = await practitioner({ billingPeriod: 'tax-year', boughtAt: '2026-11-15T06:30:00.000Z' });
    at('2027-03-31T18:29:00.000Z');
    const lastMinute = await quote(token, 1);
    expect(lastMinute.body).toMatchObject({ days: 1, ofDays: 365, amountDue: 3.29, until: MARCH_31_2027 });
    const placed = await packOrder(token, { pcs: 1 });
    expect(billing.phonepe.orders.get(placed.body.merchantOrderId)!.amount).toBe(329);
    at('2027-03-31T18:30:00.000Z');
    const nextYear = await quote(token, 1);
    expect(nextYear.status).toBe(409);
    expect(nextYear.body.message).toBe(PC_PACK_MESSAGES.noPlan);
    expect((await packOrder(token, { pcs: 1 })).status).toBe(409);
  });

  it('when the count is not 1 to 10, or there is no paid plan, then the request is refused and nothing is ordered', async () => {
    const { token } = await practitioner({ billingPeriod: 'monthly', boughtAt: '2026-11-15T06:30:00.000Z' });
    const before = await db('transactions').countDocuments();
    for (const pcs of [0, 11, 1.5, 'two', { $gt: 0 }]) {
      const answer = await packOrder(token, { pcs });
      expect({ pcs, status: answer.status, message: answer.body.message }).toEqual({ pcs, status: 400, message: PC_PACK_MESSAGES.pcs });
    }
    expect((await quote(token, 0)).status).toBe(400);
    const trialOnly = billing.addUser(newUserId(), 'trial.only@example.in');
    await request(billing.url).post('/api/start-trial').set(asUser(trialOnly)).send({});
    const noPlan = await packOrder(trialOnly, { pcs: 1 });
    expect(noPlan.status).toBe(409);
    expect(noPlan.body.message).toBe(PC_PACK_MESSAGES.noPlan);
    expect(await db('transactions').countDocuments()).toBe(before);
  });

  it('when PhonePe’s webhook and the browser’s return credit a pack at once, then it is recorded and invoiced once', async () => {
    const { token, userId } = await practitioner({ billingPeriod: 'annual', boughtAt: '2026-11-15T06:30:00.000Z' });
    at('2026-12-01T04:30:00.000Z');
    const { merchantOrderId } = (await packOrder(token, { pcs: 1 })).body;
    await billing.phonepe.settle(merchantOrderId, 'success', { webhook: false });
    await Promise.all([
      request(billing.url).get(`/api/payment/phonepe/return?order=${merchantOrderId}`),
      request(billing.url).get(`/api/payment/phonepe/return?order=${merchantOrderId}`),
      billing.phonepe.sendWebhook(merchantOrderId),
    ]);
    await eventually(async () => (await db('transactions').findOne({ merchantOrderId }))?.credited === true);
    expect(await db('pc_packs').countDocuments({ accountId: userId })).toBe(1);
    expect(await db('invoices').countDocuments({ merchantOrderId })).toBe(1);
  });

  it('when an admin refunds a pack in full, then its PCs no longer count and the refund’s unused value is by days', async () => {
    const { token, desktop } = await practitioner({ billingPeriod: 'annual', boughtAt: '2026-11-15T06:30:00.000Z' });
    at('2026-12-01T04:30:00.000Z');
    const { merchantOrderId } = (await packOrder(token, { pcs: 1 })).body;
    await settle(merchantOrderId);
    for (const name of ['R-1', 'R-2', 'R-3']) expect((await activate(desktop, name)).status).toBe(201);
    at('2026-12-11T04:30:00.000Z'); // 10 days on: 340 of its 350 days left
    const admin = { Authorization: `Bearer ${billing.adminToken()}` };
    const listed = (await request(billing.url).get('/api/admin/transactions').query({ transactionId: merchantOrderId }).set(admin)).body;
    expect(listed.transactions).toEqual([expect.objectContaining({ transactionId: merchantOrderId, pcs: 1, amount: 1150.68 })]);
    const views = (await request(billing.url).get(`/api/admin/transactions/${merchantOrderId}/refunds`).set(admin)).body;
    // ₹1,150.68 × 340 ÷ 350 = ₹1,117.80
    expect(views.unused).toEqual({ amount: 1117.8, days: 340, ofDays: 350 });
    const refunded = await request(billing.url)
      .post(`/api/admin/transactions/${merchantOrderId}/refunds`)
      .set(admin)
      .send({ amount: 1150.68, reason: 'Bought by mistake' });
    expect(refunded.status).toBe(201);
    await billing.phonepe.settleRefund(`${merchantOrderId}-R1`, 'COMPLETED');
    await eventually(async () => (await packs(token)).extraPcs === 0);
    expect((await packs(token)).packs[0].state).toBe('refunded');
    // the PCs activated stay activated; a new one is refused
    expect((await activate(desktop, 'R-4')).status).toBe(409);
  });

  it('when a firm’s seats float, then no pack is sold to it (any of its PCs activates already), while a person on the same plan may buy one', async () => {
    const ownerId = newUserId();
    const owner = billing.addUser(ownerId, `floating.${ownerId}@example.in`);
    const firmId = await firmWithPlan('Shah Associates', { [ownerId]: 'owner' }, owner, { plan: 'business', billingPeriod: 'monthly' });
    at('2026-12-01T04:30:00.000Z');
    expect(await packs(owner, firmId)).toMatchObject({ canBuy: false, packs: [] });
    const refused = await packOrder(owner, { pcs: 1 }, firmId);
    expect([refused.status, refused.body.message]).toEqual([409, PC_PACK_MESSAGES.floating]);

    await request(billing.url).put('/api/billing/profile').set(asUser(owner)).send(MAHARASHTRA_FIRM);
    const own = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set(asUser(owner))
      .send({ plan: 'business', billingPeriod: 'monthly' });
    await settle(own.body.merchantOrderId);
    expect((await packs(owner)).canBuy).toBe(true);
    expect((await packOrder(owner, { pcs: 1 })).status).toBe(201);
  });

  it('when a firm buys a pack, then its people share it: one person’s PC beyond their seat takes it, and the next person’s is refused', async () => {
    const ownerId = newUserId();
    const memberId = newUserId();
    const owner = billing.addUser(ownerId, `owner.${ownerId}@example.in`);
    billing.addUser(memberId, `member.${memberId}@example.in`);
    const firmId = await firmWithPlan('Rao & Co', { [ownerId]: 'owner', [memberId]: 'member' }, owner, {
      plan: 'professional',
      billingPeriod: 'annual',
    });
    at('2026-12-01T04:30:00.000Z');
    const pack = await packOrder(owner, { pcs: 1 }, firmId);
    expect(pack.status).toBe(201);
    expect(billing.phonepe.orders.get(pack.body.merchantOrderId)!.amount).toBe(115068); // 1 × ₹1,200 × 350 ÷ 365
    await settle(pack.body.merchantOrderId);
    expect(await packs(owner, firmId)).toMatchObject({ devicesPerSeat: 2, seats: 2, extraPcs: 1 });

    const ownerDesktop = billing.desktopToken(ownerId, `owner.${ownerId}@example.in`, firmId);
    const memberDesktop = billing.desktopToken(memberId, `member.${memberId}@example.in`, firmId);
    for (const name of ['FIRM-A1', 'FIRM-A2', 'FIRM-A3']) expect((await activate(ownerDesktop, name)).status).toBe(201);
    for (const name of ['FIRM-B1', 'FIRM-B2']) expect((await activate(memberDesktop, name)).status).toBe(201);
    const shared = await activate(memberDesktop, 'FIRM-B3');
    expect(shared.status).toBe(409);
    expect(shared.body.error).toBe(LICENSE_ERRORS.deviceLimit);
  });
});
