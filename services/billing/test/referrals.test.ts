import request from 'supertest';
import { REFERRAL_CODE_PATTERN, REFERRAL_MESSAGES } from '@portal/contracts';
import { binaryBody } from '@portal/platform/testing';
import { KARNATAKA_BUYER, KARNATAKA_SELLER, eventually, newUserId, pdfText, startBilling, type BillingHarness } from './billing-harness';

describe('referrals and their credits', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await startBilling('referrals', KARNATAKA_SELLER);
  });
  afterAll(() => billing.close());
  beforeEach(() => {
    billing.clock.now = new Date('2026-12-01T06:30:00.000Z');
  });

  const db = (name: string) => billing.db.connection.collection(name);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const asAdmin = () => ({ Authorization: `Bearer ${billing.adminToken()}` });

  async function customer() {
    const userId = newUserId();
    const email = `buyer.${userId}@example.in`;
    const token = billing.addUser(userId, email);
    expect((await request(billing.url).put('/api/billing/profile').set(as(token)).send(KARNATAKA_BUYER)).status).toBe(200);
    return { userId, email, token };
  }
  const referral = async (token: string) => (await request(billing.url).get('/api/billing/referral').set(as(token))).body;
  const claim = (token: string, code: unknown, firmId?: string) =>
    request(billing.url)
      .post(`/api/billing/referral/claim${firmId ? `?firmId=${firmId}` : ''}`)
      .set(as(token))
      .send({ code });
  const order = (token: string, body: object) => request(billing.url).post('/api/payment/create-phonepe-order').set(as(token)).send(body);
  const preview = (token: string, query: Record<string, string>) =>
    request(billing.url).get('/api/subscription/change').query(query).set(as(token));
  async function paid(merchantOrderId: string) {
    await billing.phonepe.settle(merchantOrderId, 'success');
    await eventually(async () => (await db('transactions').findOne({ merchantOrderId }))?.credited === true);
  }
  const basicMonthly = { plan: 'basic', billingPeriod: 'monthly' };

  /** A referrer whose link a newcomer followed and paid through: the referrer holds one credit. */
  async function referrerWithCredit() {
    const referrer = await customer();
    const { code } = await referral(referrer.token);
    const newcomer = await customer();
    expect((await claim(newcomer.token, code)).status).toBe(201);
    const first = await order(newcomer.token, basicMonthly);
    await paid(first.body.merchantOrderId);
    await eventually(async () => (await referral(referrer.token)).balance === 500);
    return { referrer, newcomer, code, firstOrderId: first.body.merchantOrderId as string };
  }

  it('when a newcomer claims a link and pays, then the referrer earns ₹500 once, taken off their next payment before GST, and the invoice shows the credit', async () => {
    const referrer = await customer();
    const link = await referral(referrer.token);
    expect(link.code).toMatch(REFERRAL_CODE_PATTERN);
    expect(link).toEqual({
      code: link.code,
      link: `${billing.url}/signup?ref=${link.code}`,
      creditPerReferral: 500,
      balance: 0,
      earned: [],
      used: [],
    });
    // the same link every time
    expect((await referral(referrer.token)).code).toBe(link.code);

    const newcomer = await customer();
    const claimed = await claim(newcomer.token, ` ${link.code.toLowerCase()} `);
    expect([claimed.status, claimed.body.message]).toEqual([201, REFERRAL_MESSAGES.claimed]);
    expect((await claim(newcomer.token, link.code)).status).toBe(201);
    // two first payments at once: one credit
    const [one, two] = await Promise.all([order(newcomer.token, basicMonthly), order(newcomer.token, basicMonthly)]);
    await Promise.all([paid(one.body.merchantOrderId), paid(two.body.merchantOrderId)]);
    await eventually(async () => (await referral(referrer.token)).balance === 500);
    expect(await db('referral_credits').countDocuments({ accountId: referrer.userId, kind: 'earned' })).toBe(1);

    // ₹1,000 is ₹847.46 before GST; ₹500 off leaves ₹347.46 and ₹62.54 of GST
    const quote = await preview(referrer.token, { plan: 'professional', billingPeriod: 'monthly' });
    expect(quote.body.promotion).toEqual({
      kind: 'referral-credit',
      code: null,
      period: null,
      listPrice: 1000,
      listTaxableValue: 847.46,
      discount: 500,
      taxableValue: 347.46,
      amountDue: 410,
    });
    expect(quote.body.summary).toEqual(
      expect.arrayContaining([expect.stringMatching(/^With your referral credit, you pay ₹410 now instead of ₹1,000\. /)]),
    );
    const bought = await order(referrer.token, { plan: 'professional', billingPeriod: 'monthly' });
    expect(billing.phonepe.orders.get(bought.body.merchantOrderId)?.amount).toBe(41_000);
    expect(await referral(referrer.token)).toMatchObject({
      balance: 0,
      used: [{ amount: 500, merchantOrderId: bought.body.merchantOrderId, state: 'held' }],
    });
    await paid(bought.body.merchantOrderId);
    expect((await referral(referrer.token)).used).toEqual([expect.objectContaining({ state: 'used' })]);
    const pdf = await request(billing.url)
      .get(`/api/billing/invoices/${bought.body.merchantOrderId}`)
      .set(as(referrer.token))
      .buffer(true)
      .parse(binaryBody);
    expect(await pdfText(pdf.body as Buffer)).toContain(
      'Price before discount (taxable value)₹847.46 Less referral credit-₹500.00 Taxable value₹347.46 CGST @ 9%₹31.27 SGST/UTGST @ 9%₹31.27 Total (tax included)₹410.00',
    );
    // the next payment is at the full price
    expect((await preview(referrer.token, { plan: 'professional', billingPeriod: 'monthly' })).body.promotion).toBeUndefined();

    const given = await request(billing.url).get('/api/admin/referral-credits').set(asAdmin());
    expect(given.body.credits.filter((credit: { referrerAccountId: string }) => credit.referrerAccountId === referrer.userId)).toEqual([
      {
        referrerAccountId: referrer.userId,
        referrerEmail: referrer.email,
        referredAccountId: newcomer.userId,
        merchantOrderId: expect.any(String),
        amount: 500,
        grantedAt: '2026-12-01T06:30:00.000Z',
        takenBack: false,
      },
    ]);
  });

  it('when the credit is more than a price, then the payment is ₹1 and the rest waits; a failed checkout gives its part back', async () => {
    const { referrer } = await referrerWithCredit();
    const failed = await order(referrer.token, basicMonthly);
    expect(billing.phonepe.orders.get(failed.body.merchantOrderId)?.amount).toBe(100);
    // ₹423.73 before GST less ₹422.88 is ₹0.85: ₹1 with its GST
    expect((await referral(referrer.token)).balance).toBe(77.12);
    await billing.phonepe.settle(failed.body.merchantOrderId, 'failure');
    await eventually(async () => (await referral(referrer.token)).balance === 500);

    const bought = await order(referrer.token, basicMonthly);
    await paid(bought.body.merchantOrderId);
    expect(await referral(referrer.token)).toMatchObject({ balance: 77.12, used: [{ amount: 422.88, state: 'used' }] });
  });

  it('when two orders are placed at once, then the credit is taken once: the second takes what the first left; a code typed takes its place and the credit waits', async () => {
    const { referrer } = await referrerWithCredit();
    const answers = await Promise.all([order(referrer.token, basicMonthly), order(referrer.token, basicMonthly)]);
    const amounts = answers.map((answer) => billing.phonepe.orders.get(answer.body.merchantOrderId)?.amount).sort((a, b) => a! - b!);
    // ₹422.88 off the first (₹1 to pay), and the ₹77.12 left off the second: ₹346.61 and its GST
    expect(amounts).toEqual([100, 40_900]);
    expect(await referral(referrer.token)).toMatchObject({ balance: 0 });
    expect(await db('referral_credits').countDocuments({ accountId: referrer.userId, kind: 'used', state: 'reserved' })).toBe(2);

    const code = `REF${Date.now().toString(36).toUpperCase()}`;
    await request(billing.url)
      .post('/api/admin/promotions')
      .set(asAdmin())
      .send({ code, discount: { kind: 'percent', percent: 10 } });
    const other = await referrerWithCredit();
    const coded = await preview(other.referrer.token, { ...basicMonthly, promotionCode: code });
    expect(coded.body.promotion).toMatchObject({ kind: 'code', code, amountDue: 450 });
    const placed = await order(other.referrer.token, { ...basicMonthly, promotionCode: code });
    await paid(placed.body.merchantOrderId);
    expect((await referral(other.referrer.token)).balance).toBe(500);
  });

  it('when a referral is one’s own, unknown, malformed, after a first payment or a second referrer, then it is refused with its reason and nothing is stored', async () => {
    const referrer = await customer();
    const { code } = await referral(referrer.token);
    const stored = () => db('referrals').countDocuments();
    const before = await stored();
    const refusal = async (token: string, typed: unknown, firmId?: string) => {
      const answer = await claim(token, typed, firmId);
      return [answer.status, answer.body.message];
    };
    expect(await refusal(referrer.token, code)).toEqual([400, REFERRAL_MESSAGES.self]);
    // a firm's owner following the firm's own link
    const firmId = newUserId();
    const owner = await customer();
    await billing.addFirm(firmId, 'Rao & Associates', { [owner.userId]: 'owner' });
    const firmCode = (await request(billing.url).get(`/api/billing/referral?firmId=${firmId}`).set(as(owner.token))).body.code;
    expect(firmCode).not.toBe((await referral(owner.token)).code);
    expect(await refusal(owner.token, firmCode)).toEqual([400, REFERRAL_MESSAGES.self]);
    expect(await refusal(owner.token, (await referral(owner.token)).code, firmId)).toEqual([400, REFERRAL_MESSAGES.self]);
    expect(await refusal(owner.token, code, firmId)).toEqual([201, REFERRAL_MESSAGES.claimed]);
    expect(await stored()).toBe(before + 1);

    const newcomer = await customer();
    expect(await refusal(newcomer.token, 'ABCDEFGH')).toEqual([400, REFERRAL_MESSAGES.unknown]);
    expect(await refusal(newcomer.token, { $ne: null })).toEqual([400, REFERRAL_MESSAGES.code]);
    expect(await refusal(newcomer.token, 'ABC')).toEqual([400, REFERRAL_MESSAGES.code]);
    const paidBefore = await customer();
    const first = await order(paidBefore.token, basicMonthly);
    await paid(first.body.merchantOrderId);
    expect(await refusal(paidBefore.token, code)).toEqual([409, REFERRAL_MESSAGES.alreadyPaid]);

    expect(await refusal(newcomer.token, code)).toEqual([201, REFERRAL_MESSAGES.claimed]);
    const another = await customer();
    const anotherCode = (await referral(another.token)).code;
    expect(await refusal(newcomer.token, anotherCode)).toEqual([409, REFERRAL_MESSAGES.alreadyReferred]);
    expect(await stored()).toBe(before + 2);
  });

  it('when the referrer and the referred are deleted, then their link, referral and credit uses go, and the credit given stays without them', async () => {
    const { referrer, newcomer, firstOrderId } = await referrerWithCredit();
    await billing.built.reporting.deleteUser(referrer.userId);
    await billing.built.reporting.deleteUser(newcomer.userId);
    expect(await db('referral_codes').countDocuments({ accountId: referrer.userId })).toBe(0);
    expect(await db('referrals').countDocuments({ referredAccountId: newcomer.userId })).toBe(0);
    expect(await db('referral_credits').findOne({ merchantOrderId: firstOrderId }, { projection: { _id: 0, key: 0 } })).toEqual({
      kind: 'earned',
      accountId: null,
      referrerEmail: null,
      referredAccountId: null,
      merchantOrderId: firstOrderId,
      paise: 50_000,
      state: 'redeemed',
      at: new Date('2026-12-01T06:30:00.000Z'),
    });
    const given = (await request(billing.url).get('/api/admin/referral-credits').set(asAdmin())).body.credits;
    expect(given.find((credit: { merchantOrderId: string }) => credit.merchantOrderId === firstOrderId)).toEqual({
      referrerAccountId: null,
      referrerEmail: null,
      referredAccountId: null,
      merchantOrderId: firstOrderId,
      amount: 500,
      grantedAt: '2026-12-01T06:30:00.000Z',
      takenBack: false,
    });
  });

  it('when the referred person’s first payment is refunded in full, then the credit it earned is taken back; a part refund keeps it', async () => {
    const { referrer, firstOrderId } = await referrerWithCredit();
    const refund = (amount: number) =>
      request(billing.url)
        .post(`/api/admin/transactions/${firstOrderId}/refunds`)
        .set(asAdmin())
        .send({ amount, reason: 'Changed their mind' });
    const refunded = async (paise: number) =>
      eventually(async () => (await db('transactions').findOne({ merchantOrderId: firstOrderId }))?.refundedPaise === paise);

    expect((await refund(100)).status).toBe(201);
    await refunded(10_000);
    expect((await referral(referrer.token)).balance).toBe(500);

    expect((await refund(400)).status).toBe(201);
    await refunded(50_000);
    await eventually(async () => (await referral(referrer.token)).balance === 0);
    expect((await referral(referrer.token)).earned).toEqual([]);
    expect((await preview(referrer.token, basicMonthly)).body.promotion).toBeUndefined();
    const given = (await request(billing.url).get('/api/admin/referral-credits').set(asAdmin())).body.credits;
    expect(given.find((credit: { merchantOrderId: string }) => credit.merchantOrderId === firstOrderId)).toMatchObject({
      amount: 500,
      takenBack: true,
    });
  });
});
