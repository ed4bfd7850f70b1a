import request from 'supertest';
import { PROMOTION_MESSAGES } from '@portal/contracts';
import { binaryBody } from '@portal/platform/testing';
import {
  KARNATAKA_BUYER,
  KARNATAKA_SELLER,
  MAHARASHTRA_FIRM,
  eventually,
  firmBuys,
  newUserId,
  pdfText,
  startBilling,
  type BillingHarness,
} from './billing-harness';

describe('promotion codes', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await startBilling('promotions', KARNATAKA_SELLER);
  });
  afterAll(() => billing.close());
  beforeEach(() => {
    billing.clock.now = new Date('2026-12-01T06:30:00.000Z');
  });

  const db = (name: string) => billing.db.connection.collection(name);
  const asAdmin = (role?: Parameters<BillingHarness['adminToken']>[0]) => ({ Authorization: `Bearer ${billing.adminToken(role)}` });
  let codeCounter = 0;
  const newCode = (prefix = 'CADAY') => `${prefix}${Date.now().toString(36).toUpperCase()}${codeCounter++}`;
  const createCode = (body: object, role?: Parameters<BillingHarness['adminToken']>[0]) =>
    request(billing.url).post('/api/admin/promotions').set(asAdmin(role)).send(body);

  /** A new customer with billing details, answering their token. */
  async function customer(details: object = KARNATAKA_BUYER) {
    const userId = newUserId();
    const token = billing.addUser(userId, `buyer.${userId}@example.in`);
    expect((await request(billing.url).put('/api/billing/profile').set('Authorization', `Bearer ${token}`).send(details)).status).toBe(200);
    return { userId, token };
  }
  const order = (token: string, body: object) =>
    request(billing.url).post('/api/payment/create-phonepe-order').set('Authorization', `Bearer ${token}`).send(body);
  const preview = (token: string, query: Record<string, string>) =>
    request(billing.url).get('/api/subscription/change').query(query).set('Authorization', `Bearer ${token}`);
  const redemptions = (code: string) => db('promotion_redemptions').find({ code }).toArray();

  describe('the admin makes codes', () => {
    it('when an owner or finance makes a code, then it is listed with its use; support may only read; the same code twice is 409', async () => {
      const code = newCode();
      const made = await createCode(
        { code: ` ${code.toLowerCase()} `, discount: { kind: 'percent', percent: 20 }, plans: ['professional'], maxRedemptions: 100 },
        'finance',
      );
      expect(made.status).toBe(201);
      expect(made.body.promotion).toEqual({
        code,
        discount: { kind: 'percent', percent: 20 },
        plans: ['professional'],
        billingPeriods: ['monthly', 'annual', 'tax-year'],
        firstPurchaseOnly: false,
        maxRedemptions: 100,
        perCustomerLimit: 1,
        forPeriods: 1,
        expiresAt: null,
        active: true,
        createdBy: 'admin@portal.test',
        createdAt: '2026-12-01T06:30:00.000Z',
        redeemed: 0,
        reserved: 0,
        discountGiven: 0,
      });
      expect((await createCode({ code, discount: { kind: 'percent', percent: 5 } })).status).toBe(409);
      const bySupport = await createCode({ code: newCode(), discount: { kind: 'percent', percent: 5 } }, 'support');
      expect(bySupport.status).toBe(403);
      const listed = await request(billing.url).get('/api/admin/promotions').set(asAdmin('read-only'));
      expect(listed.status).toBe(200);
      expect(listed.body.promotions.filter((promotion: { code: string }) => promotion.code === code)).toHaveLength(1);
    });

    it.each([
      [{ discount: { kind: 'percent', percent: 0 } }, PROMOTION_MESSAGES.percent],
      [{ discount: { kind: 'percent', percent: 12.5 } }, PROMOTION_MESSAGES.percent],
      [{ discount: { kind: 'amount', amount: 0.5 } }, PROMOTION_MESSAGES.amount],
      [{ discount: { kind: 'amount', amount: 10.005 } }, PROMOTION_MESSAGES.amount],
      [{ discount: { kind: 'percent', percent: 10 }, plans: [] }, PROMOTION_MESSAGES.plans],
      [{ discount: { kind: 'percent', percent: 10 }, billingPeriods: ['weekly'] }, PROMOTION_MESSAGES.periods],
      [{ discount: { kind: 'percent', percent: 10 }, maxRedemptions: 0 }, PROMOTION_MESSAGES.limit],
      [{ discount: { kind: 'percent', percent: 10 }, expiresAt: '2026-11-30T00:00:00.000Z' }, PROMOTION_MESSAGES.expiry],
      [{ discount: { kind: 'percent', percent: 10 }, code: 'X' }, PROMOTION_MESSAGES.code],
      [{ discount: { kind: 'percent', percent: 10 }, code: { $ne: null } }, PROMOTION_MESSAGES.code],
    ])('when a code is made with %j, then 400 says why and nothing is stored', async (fields, message) => {
      const before = await db('promotions').countDocuments();
      const made = await createCode({ code: newCode(), ...fields });
      expect(made.status).toBe(400);
      expect(made.body.message).toBe(message);
      expect(await db('promotions').countDocuments()).toBe(before);
    });
  });

  describe('a customer applies a code', () => {
    it('when a percentage code is previewed and paid, then the discount comes off the taxable value, GST is charged on the rest to the paisa, and the invoice shows both', async () => {
      const code = newCode();
      await createCode({ code, discount: { kind: 'percent', percent: 10 } });
      const { userId, token } = await customer();

      const quote = await preview(token, { plan: 'professional', billingPeriod: 'monthly', promotionCode: code.toLowerCase() });
      expect(quote.status).toBe(200);
      // ₹1,000 is ₹847.46 and 18 % GST; 10 % of the taxable value is ₹84.75, leaving ₹762.71 and ₹137.29 of GST
      expect(quote.body.promotion).toEqual({
        kind: 'code',
        code,
        period: null,
        listPrice: 1000,
        listTaxableValue: 847.46,
        discount: 84.75,
        taxableValue: 762.71,
        amountDue: 900,
      });
      expect(quote.body.amountDue).toBe(900);
      expect(quote.body.summary).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^With the code ${code}, you pay ₹900 now instead of ₹1,000\\. Your plan will run until`)),
        ]),
      );

      const placed = await order(token, { plan: 'professional', billingPeriod: 'monthly', promotionCode: code });
      expect(placed.status).toBe(201);
      const { merchantOrderId } = placed.body;
      expect(billing.phonepe.orders.get(merchantOrderId)?.amount).toBe(90_000);
      expect(await redemptions(code)).toEqual([expect.objectContaining({ accountId: userId, state: 'reserved', discountPaise: 8475 })]);

      await billing.phonepe.settle(merchantOrderId, 'success');
      await eventually(async () => (await db('transactions').findOne({ merchantOrderId }))?.credited === true);
      const invoice = await db('invoices').findOne({ merchantOrderId });
      expect(invoice).toMatchObject({
        totalPaise: 90_000,
        taxablePaise: 76_271,
        cgstPaise: 6865,
        sgstPaise: 6864,
        igstPaise: 0,
        discount: { code, listPricePaise: 100_000, listTaxablePaise: 84_746, discountPaise: 8475 },
      });
      const pdf = await request(billing.url)
        .get(`/api/billing/invoices/${merchantOrderId}`)
        .set('Authorization', `Bearer ${token}`)
        .buffer(true)
        .parse(binaryBody);
      const text = await pdfText(pdf.body as Buffer);
      // the figures' column: each label, then its amount
      expect(text).toContain(
        `Price before discount (taxable value)₹847.46 Less discount, code ${code}-₹84.75 Taxable value₹762.71 CGST @ 9%₹68.65 SGST/UTGST @ 9%₹68.64 Total (tax included)₹900.00`,
      );
      expect(await redemptions(code)).toEqual([expect.objectContaining({ state: 'redeemed' })]);
      // the admin's list counts it, and the payments list carries the discounted figures
      const listed = (await request(billing.url).get('/api/admin/promotions').set(asAdmin())).body.promotions;
      expect(listed.find((promotion: { code: string }) => promotion.code === code)).toMatchObject({
        redeemed: 1,
        reserved: 0,
        discountGiven: 84.75,
      });
      const rows = (
        await request(billing.url)
          .get(`/api/admin/transactions?transactionId=${merchantOrderId}&startDate=2026-11-01&endDate=2026-12-31`)
          .set(asAdmin())
      ).body.transactions;
      expect(rows).toEqual([expect.objectContaining({ amount: 900, taxableValue: 762.71, tax: 137.29 })]);
    });

    it.each([
      // ₹423.73 less ₹250 is ₹173.73, and 18 % of it ₹31.27
      ['FLAT', 250, { discount: 250, taxableValue: 173.73, amountDue: 205 }, 20_500],
      // more than the price: the payment is ₹1, never less, ₹0.85 and its GST
      ['BIG', 1000, { discount: 422.88, taxableValue: 0.85, amountDue: 1 }, 100],
    ])(
      'when %s takes ₹%i off the price before GST, then GST follows on what is left, to the paisa, never under ₹1',
      async (prefix, amount, figures, charged) => {
        const code = newCode(prefix);
        await createCode({ code, discount: { kind: 'amount', amount } });
        const { token } = await customer(MAHARASHTRA_FIRM);
        const quote = await preview(token, { plan: 'basic', billingPeriod: 'monthly', promotionCode: code });
        expect(quote.body.promotion).toEqual({ kind: 'code', code, period: null, listPrice: 500, listTaxableValue: 423.73, ...figures });
        const placed = await order(token, { plan: 'basic', billingPeriod: 'monthly', promotionCode: code });
        expect(billing.phonepe.orders.get(placed.body.merchantOrderId)?.amount).toBe(charged);
      },
    );

    it('when a code is used at its expiry instant, then it is refused as expired and nothing is held; a millisecond before, it applies', async () => {
      const code = newCode('LASTDAY');
      await createCode({ code, discount: { kind: 'percent', percent: 15 }, expiresAt: '2026-12-31T18:29:59.999Z' });
      const { token } = await customer();
      billing.clock.now = new Date('2026-12-31T18:29:59.998Z');
      expect((await preview(token, { plan: 'basic', billingPeriod: 'monthly', promotionCode: code })).status).toBe(200);
      billing.clock.now = new Date('2026-12-31T18:29:59.999Z');
      const ordersBefore = await db('transactions').countDocuments();
      const refused = await order(token, { plan: 'basic', billingPeriod: 'monthly', promotionCode: code });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        message: PROMOTION_MESSAGES.expired,
        details: [{ path: 'promotionCode', message: PROMOTION_MESSAGES.expired }],
      });
      expect(await db('transactions').countDocuments()).toBe(ordersBefore);
      expect(await redemptions(code)).toEqual([]);
    });

    it('when twenty customers order at once with a code that has five redemptions left, then exactly five get it', async () => {
      const code = newCode('FIVE');
      await createCode({ code, discount: { kind: 'percent', percent: 50 }, maxRedemptions: 5 });
      const buyers = await Promise.all(Array.from({ length: 20 }, () => customer()));
      const answers = await Promise.all(
        buyers.map(({ token }) => order(token, { plan: 'basic', billingPeriod: 'monthly', promotionCode: code })),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
      const refusals = answers.filter((answer) => answer.status !== 201);
      expect(refusals.map((answer) => `${answer.status} ${answer.body.message}`)).toEqual(
        Array.from({ length: 15 }, () => `400 ${PROMOTION_MESSAGES.exhausted}`),
      );
      expect(await redemptions(code)).toHaveLength(5);
      expect(await db('transactions').countDocuments({ 'promotion.code': code })).toBe(5);
    });

    it('when a checkout with a code fails, then the code is free again; once paid, the same customer cannot use it again', async () => {
      const code = newCode('ONCE');
      await createCode({ code, discount: { kind: 'percent', percent: 10 }, maxRedemptions: 1 });
      const { token } = await customer();
      const failed = await order(token, { plan: 'basic', billingPeriod: 'monthly', promotionCode: code });
      await billing.phonepe.settle(failed.body.merchantOrderId, 'failure');
      await eventually(async () => (await redemptions(code))[0]?.state === 'released');

      const paid = await order(token, { plan: 'basic', billingPeriod: 'monthly', promotionCode: code });
      expect(paid.status).toBe(201);
      await billing.phonepe.settle(paid.body.merchantOrderId, 'success');
      await eventually(async () => (await db('transactions').findOne({ merchantOrderId: paid.body.merchantOrderId }))?.credited === true);

      const again = await order(token, { plan: 'basic', billingPeriod: 'monthly', promotionCode: code });
      expect([again.status, again.body.message]).toEqual([400, PROMOTION_MESSAGES.alreadyUsed]);
      const other = await customer();
      const exhausted = await order(other.token, { plan: 'basic', billingPeriod: 'monthly', promotionCode: code });
      expect([exhausted.status, exhausted.body.message]).toEqual([400, PROMOTION_MESSAGES.exhausted]);
    });

    it('when a code is for a first purchase, for other plans, or ended, or a customer upgrades with it, then it is refused with its reason', async () => {
      const firstOnly = newCode('FIRST');
      await createCode({ code: firstOnly, discount: { kind: 'percent', percent: 10 }, firstPurchaseOnly: true, perCustomerLimit: 5 });
      const annualBusiness = newCode('ANNUAL');
      await createCode({
        code: annualBusiness,
        discount: { kind: 'percent', percent: 10 },
        plans: ['business'],
        billingPeriods: ['annual'],
      });
      const ended = newCode('ENDED');
      await createCode({ code: ended, discount: { kind: 'percent', percent: 10 } });
      expect((await request(billing.url).post(`/api/admin/promotions/${ended}/deactivate`).set(asAdmin('finance'))).status).toBe(200);

      const { token } = await customer();
      const bought = await order(token, { plan: 'basic', billingPeriod: 'monthly', promotionCode: firstOnly });
      expect(bought.status).toBe(201);
      await billing.phonepe.settle(bought.body.merchantOrderId, 'success');
      await eventually(async () => (await db('transactions').findOne({ merchantOrderId: bought.body.merchantOrderId }))?.credited === true);

      const refusal = async (body: object) => {
        const answer = await preview(token, body as Record<string, string>);
        return [answer.status, answer.body.message];
      };
      expect(await refusal({ plan: 'basic', billingPeriod: 'monthly', promotionCode: firstOnly })).toEqual([
        400,
        PROMOTION_MESSAGES.firstPurchaseOnly,
      ]);
      // business is a higher plan than the one running: an upgrade
      expect(await refusal({ plan: 'business', billingPeriod: 'annual', promotionCode: annualBusiness })).toEqual([
        400,
        PROMOTION_MESSAGES.notForChange,
      ]);
      const newcomer = await customer();
      const outOfScope = await preview(newcomer.token, { plan: 'business', billingPeriod: 'monthly', promotionCode: annualBusiness });
      expect([outOfScope.status, outOfScope.body.message]).toEqual([400, PROMOTION_MESSAGES.notForPlan]);
      expect(await refusal({ plan: 'basic', billingPeriod: 'monthly', promotionCode: ended })).toEqual([400, PROMOTION_MESSAGES.unknown]);
      expect(await refusal({ plan: 'basic', billingPeriod: 'monthly', promotionCode: 'NOSUCHCODE' })).toEqual([
        400,
        PROMOTION_MESSAGES.unknown,
      ]);
      expect(await refusal({ plan: 'basic', billingPeriod: 'monthly', promotionCode: '{"$ne":null}' })).toEqual([
        400,
        PROMOTION_MESSAGES.code,
      ]);
    });

    it('when a discounted payment is refunded in full, then the refund and its credit note are of what was paid', async () => {
      const code = newCode('REFUND');
      await createCode({ code, discount: { kind: 'percent', percent: 10 } });
      const { token } = await customer(MAHARASHTRA_FIRM);
      const placed = await order(token, { plan: 'professional', billingPeriod: 'monthly', promotionCode: code });
      const { merchantOrderId } = placed.body;
      await billing.phonepe.settle(merchantOrderId, 'success');
      await eventually(async () => (await db('transactions').findOne({ merchantOrderId }))?.credited === true);

      const tooMuch = await request(billing.url)
        .post(`/api/admin/transactions/${merchantOrderId}/refunds`)
        .set(asAdmin())
        .send({ amount: 1000, reason: 'Bought the wrong plan' });
      expect(tooMuch.status).toBe(400);
      const refunded = await request(billing.url)
        .post(`/api/admin/transactions/${merchantOrderId}/refunds`)
        .set(asAdmin())
        .send({ amount: 900, reason: 'Bought the wrong plan' });
      expect(refunded.status).toBe(201);
      await eventually(async () => (await db('credit_notes').findOne({ merchantOrderId })) !== null);
      expect(await db('credit_notes').findOne({ merchantOrderId })).toMatchObject({
        totalPaise: 90_000,
        taxablePaise: 76_271,
        igstPaise: 13_729,
      });
    });
  });

  describe('a code for several periods (Lago\'s "for N periods")', () => {
    const paid = async (merchantOrderId: string) => {
      await billing.phonepe.settle(merchantOrderId, 'success');
      await eventually(async () => (await db('transactions').findOne({ merchantOrderId }))?.credited === true);
    };
    const invoiceText = async (token: string, merchantOrderId: string) => {
      const pdf = await request(billing.url)
        .get(`/api/billing/invoices/${merchantOrderId}`)
        .set('Authorization', `Bearer ${token}`)
        .buffer(true)
        .parse(binaryBody);
      return pdfText(pdf.body as Buffer);
    };
    const basicMonthly = { plan: 'basic', billingPeriod: 'monthly' };

    it('when a code is for 3 periods, then it comes off the purchase and the 2 renewals after it, each invoice naming its period, and then the price is whole; its limits count the purchase only', async () => {
      const code = newCode('THREE');
      const made = await createCode({ code, discount: { kind: 'percent', percent: 10 }, forPeriods: 3, maxRedemptions: 1 });
      expect(made.body.promotion).toMatchObject({ forPeriods: 3 });
      const { token } = await customer();

      const first = await preview(token, { ...basicMonthly, promotionCode: code });
      expect(first.body.promotion).toMatchObject({ kind: 'code', code, period: { number: 1, of: 3 }, amountDue: 450 });
      expect(first.body.summary).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^With the code ${code} \\(period 1 of 3\\), you pay ₹450 now instead of ₹500\\.`)),
        ]),
      );
      const bought = await order(token, { ...basicMonthly, promotionCode: code });
      await paid(bought.body.merchantOrderId);
      // the code is used up for anyone else: its limit counted the purchase
      const other = await customer();
      expect((await preview(other.token, { ...basicMonthly, promotionCode: code })).body.message).toBe(PROMOTION_MESSAGES.exhausted);

      const charged: number[] = [];
      for (const period of [2, 3]) {
        const renewal = await preview(token, basicMonthly);
        expect(renewal.body).toMatchObject({ kind: 'renew', amountDue: 450 });
        expect(renewal.body.promotion).toMatchObject({ kind: 'code', code, period: { number: period, of: 3 }, discount: 42.37 });
        const renewed = await order(token, basicMonthly);
        charged.push(billing.phonepe.orders.get(renewed.body.merchantOrderId)!.amount);
        await paid(renewed.body.merchantOrderId);
        expect(await invoiceText(token, renewed.body.merchantOrderId)).toContain(
          `Less discount, code ${code} (period ${period} of 3)-₹42.37 Taxable value₹381.36`,
        );
      }
      expect(charged).toEqual([45_000, 45_000]);
      const fourth = await preview(token, basicMonthly);
      expect(fourth.body).toMatchObject({ kind: 'renew', amountDue: 500 });
      expect(fourth.body.promotion).toBeUndefined();
      expect((await redemptions(code)).map((redemption) => [redemption.sequence, redemption.state])).toEqual([
        [1, 'redeemed'],
        [2, 'redeemed'],
        [3, 'redeemed'],
      ]);
    });

    it('when a payment without the code comes between (an upgrade), then its later periods end; an abandoned renewal gives its period back', async () => {
      const code = newCode('BREAK');
      await createCode({ code, discount: { kind: 'amount', amount: 100 }, forPeriods: 3 });
      const { token } = await customer();
      const bought = await order(token, { ...basicMonthly, promotionCode: code });
      await paid(bought.body.merchantOrderId);

      // a renewal left at checkout holds period 2; when it expires unpaid, period 2 is offered again
      const abandoned = await order(token, basicMonthly);
      expect((await redemptions(code)).find((redemption) => redemption.merchantOrderId === abandoned.body.merchantOrderId)).toMatchObject({
        sequence: 2,
        state: 'reserved',
      });
      await billing.phonepe.settle(abandoned.body.merchantOrderId, 'failure');
      await eventually(async () => (await redemptions(code)).some((redemption) => redemption.state === 'released'));
      expect((await preview(token, basicMonthly)).body.promotion).toMatchObject({ period: { number: 2, of: 3 } });

      const upgrade = await order(token, { plan: 'professional', billingPeriod: 'monthly' });
      await paid(upgrade.body.merchantOrderId);
      const renewal = await preview(token, { plan: 'professional', billingPeriod: 'monthly' });
      expect(renewal.body).toMatchObject({ kind: 'renew', amountDue: 1000 });
      expect(renewal.body.promotion).toBeUndefined();
    });

    it('when a plan with a code for 2 periods renews by UPI Autopay, then the debit is of the discounted price, within the mandate, and the third is whole', async () => {
      const code = newCode('AUTOPAY');
      await createCode({ code, discount: { kind: 'percent', percent: 20 }, forPeriods: 2 });
      const firm = await firmBuys(billing, {
        ...basicMonthly,
        at: '2028-01-10T06:30:00.000Z',
        trialAt: '2027-12-01T06:30:00.000Z',
        autoRenew: true,
        promotionCode: code,
      });
      expect(billing.phonepe.orders.get(firm.orderId)!.amount).toBe(40_000);
      const mandate = billing.phonepe.orders.get(firm.orderId) as unknown as { subscriptionDetails: { maxAmount: number } };
      expect(mandate.subscriptionDetails.maxAmount).toBe(50_000);

      const renewalId = `${firm.mandateId}-R20280210`;
      billing.clock.now = new Date('2028-02-08T07:30:00.000Z');
      await billing.built.renewals.run();
      const notice = await billing.smtp.waitForMail(
        (mail) => mail.subject === 'UPI Autopay: ₹400 will be debited on 10 Feb 2028' && JSON.stringify(mail.to).includes(firm.email),
      );
      expect(notice.text).toContain('Amount: ₹400');
      expect(billing.phonepe.orders.get(renewalId)).toMatchObject({ state: 'NOTIFIED', amount: 40_000 });
      expect(await db('transactions').findOne({ merchantOrderId: renewalId })).toMatchObject({
        amountPaise: 40_000,
        promotion: { kind: 'code', code, period: { number: 2, of: 2 } },
      });
      billing.clock.now = new Date('2028-02-10T07:31:00.000Z');
      await billing.built.renewals.run();
      await eventually(async () => (await db('transactions').findOne({ merchantOrderId: renewalId }))?.credited === true);

      billing.clock.now = new Date('2028-03-08T07:30:00.000Z');
      await billing.built.renewals.run();
      await eventually(async () => (await db('transactions').findOne({ merchantOrderId: `${firm.mandateId}-R20280310` })) !== null);
      expect(await db('transactions').findOne({ merchantOrderId: `${firm.mandateId}-R20280310` })).toMatchObject({
        amountPaise: 50_000,
        promotion: null,
      });
    });

    it.each([[0], [37], [2.5]])('when a code is made for %j periods, then 400 says why', async (forPeriods) => {
      const made = await createCode({ code: newCode(), discount: { kind: 'percent', percent: 10 }, forPeriods });
      expect([made.status, made.body.message]).toEqual([400, PROMOTION_MESSAGES.forPeriods]);
    });
  });
});
