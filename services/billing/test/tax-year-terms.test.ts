import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import request from 'supertest';
import { AUTOPAY_MESSAGES, PLAN_CHANGE_MESSAGES, TAX_YEAR_MESSAGES } from '@portal/contracts';
import { createServiceCredential } from '@portal/platform';
import {
  eventually,
  KARNATAKA_SELLER,
  MAHARASHTRA_FIRM,
  newUserId,
  pdfText,
  SERVICE_SECRET,
  startBilling,
  type BillingHarness,
} from './billing-harness';

/** 31 March, 23:59:59.999 in India: where every tax-year term ends. */
const MARCH_31_2027 = '2027-03-31T18:29:59.999Z';
const MARCH_31_2028 = '2028-03-31T18:29:59.999Z';

describe('tax-year terms: sold to 31 March, the first year prorated by its days, renewed by whole years', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    // the seller sells Basic by the month and the year only
    billing = await startBilling('tax-year-terms', KARNATAKA_SELLER, (db) =>
      db.connection.collection('plans').insertOne({
        _id: 'basic' as never,
        title: 'Basic',
        monthlyPricePaise: 500_00,
        features: ['E-mail support'],
        terms: ['monthly', 'annual'],
        order: 0,
      }),
    );
  });
  afterAll(() => billing.close());

  const db = (name: string) => billing.db.connection.collection(name);
  const asUser = (token: string) => ({ Authorization: `Bearer ${token}` });
  const at = (instant: string) => (billing.clock.now = new Date(instant));
  const status = async (token: string) => (await request(billing.url).get('/api/subscription-status').set(asUser(token))).body;
  const order = (token: string, body: Record<string, unknown>) =>
    request(billing.url).post('/api/payment/create-phonepe-order').set(asUser(token)).send(body);
  const quote = (token: string, query: string) => request(billing.url).get(`/api/subscription/change?${query}`).set(asUser(token));

  /** A practitioner whose trial ended long ago (no free month), with billing details saved. */
  async function practitioner() {
    const userId = newUserId();
    const token = billing.addUser(userId, `ca.${userId}@example.in`);
    await request(billing.url).put('/api/billing/profile').set(asUser(token)).send(MAHARASHTRA_FIRM);
    billing.clock.now = new Date(Date.UTC(2026, 5, 1));
    await request(billing.url).post('/api/start-trial').set(asUser(token)).send({});
    return { userId, token };
  }

  /** Pays an order at PhonePe's stand-in and waits for its credit; answers its merchant order id. */
  async function pay(token: string, body: Record<string, unknown>, amountPaise: number) {
    const placed = await order(token, body);
    expect(placed.status).toBe(201);
    const { merchantOrderId } = placed.body as { merchantOrderId: string };
    expect(billing.phonepe.orders.get(merchantOrderId)!.amount).toBe(amountPaise);
    await billing.phonepe.settle(merchantOrderId, 'success');
    await eventually(async () => (await db('transactions').findOne({ merchantOrderId }))?.credited === true);
    return merchantOrderId;
  }

  const invoicePdf = async (token: string, merchantOrderId: string) =>
    pdfText((await request(billing.url).get(`/api/billing/invoices/${merchantOrderId}`).set(asUser(token)).buffer(true)).body);

  it('when the plans are read, then each says the terms it is sold for, and from 1 February the next tax year is offered too', async () => {
    at('2026-11-28T04:30:00.000Z');
    const plans = (await request(billing.url).get('/api/payment/plans')).body;
    expect(plans.basic.terms).toEqual(['monthly', 'annual']);
    expect(plans.basic.taxYear).toBeUndefined();
    expect(plans.professional).toMatchObject({
      terms: ['monthly', 'annual', 'tax-year'],
      taxYear: { label: 'Tax year 2026-27', endsAt: MARCH_31_2027, years: [1] },
    });
    at('2027-01-31T18:29:59.000Z'); // 23:59:59 on 31 January in India
    expect((await request(billing.url).get('/api/payment/plans')).body.professional.taxYear.years).toEqual([1]);
    at('2027-01-31T18:30:00.000Z'); // 00:00 on 1 February
    expect((await request(billing.url).get('/api/payment/plans')).body.professional.taxYear.years).toEqual([1, 2]);
  });

  it('when Professional is bought for the tax year at 10:00 on 28 November 2026, then it costs 9,600 × 124 ÷ 365 = ₹3,261.37 and runs until 31 March 2027 23:59:59, as the invoice says', async () => {
    const { token } = await practitioner();
    at('2026-11-28T04:30:00.000Z');
    const offered = await quote(token, 'plan=professional&billingPeriod=tax-year');
    expect(offered.status).toBe(200);
    expect(offered.body).toMatchObject({ kind: 'buy', price: 3261.37, amountDue: 3261.37, endsAt: MARCH_31_2027 });
    expect(offered.body.summary).toContain('Your Professional (tax year 2026-27) plan starts today.');

    const merchantOrderId = await pay(token, { plan: 'professional', billingPeriod: 'tax-year' }, 326_137);
    expect(await status(token)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      billingPeriod: 'tax-year',
      subscriptionEndDate: MARCH_31_2027,
    });
    expect(await db('transactions').findOne({ merchantOrderId })).toMatchObject({ billingPeriod: 'tax-year', taxYears: 1 });
    expect(await db('invoices').findOne({ merchantOrderId })).toMatchObject({ taxYears: [2026], totalPaise: 326_137 });
    expect(await invoicePdf(token, merchantOrderId)).toContain(
      'Tax Practitioner Portal subscription: Professional plan (tax year 2026-27), service from 28 Nov 2026 to 31 Mar 2027',
    );
  });

  it('when two tax years are bought on 28 November 2026, then the second costs the annual price and the term ends on 31 March 2028: ₹12,861.37', async () => {
    const { token } = await practitioner();
    at('2026-11-28T04:30:00.000Z');
    const merchantOrderId = await pay(token, { plan: 'professional', billingPeriod: 'tax-year', taxYears: 2 }, 1_286_137);
    expect((await status(token)).subscriptionEndDate).toBe(MARCH_31_2028);
    expect(await invoicePdf(token, merchantOrderId)).toContain(
      'Professional plan (tax years 2026-27 and 2027-28), service from 28 Nov 2026 to 31 Mar 2028',
    );
  });

  it('when the term is renewed on 10 March, then the renewal is a whole year, ₹9,600, from 1 April to the next 31 March', async () => {
    const { token } = await practitioner();
    at('2026-11-28T04:30:00.000Z');
    await pay(token, { plan: 'professional', billingPeriod: 'tax-year' }, 326_137);
    at('2027-03-10T06:30:00.000Z');
    const offered = await quote(token, 'plan=professional&billingPeriod=tax-year');
    expect(offered.body).toMatchObject({ kind: 'renew', price: 9600, endsAt: MARCH_31_2028 });
    const renewal = await pay(token, { plan: 'professional', billingPeriod: 'tax-year' }, 960_000);
    expect((await status(token)).subscriptionEndDate).toBe(MARCH_31_2028);
    expect(await db('invoices').findOne({ merchantOrderId: renewal })).toMatchObject({ taxYears: [2027] });
    expect(await invoicePdf(token, renewal)).toContain('(tax year 2027-28), service from 1 Apr 2027 to 31 Mar 2028');
  });

  it('when the term lapsed and is renewed on 20 April 2027, then it is prorated from that day (347 of the leap year’s 366 days) and still ends on 31 March 2028', async () => {
    const { token } = await practitioner();
    at('2026-11-28T04:30:00.000Z');
    await pay(token, { plan: 'professional', billingPeriod: 'tax-year' }, 326_137);
    at('2027-04-20T06:30:00.000Z');
    expect((await status(token)).subscriptionStatus).toBe('expired');
    // 9,600 × 347 ÷ 366 = ₹9,101.639…
    await pay(token, { plan: 'professional', billingPeriod: 'tax-year' }, 910_164);
    expect((await status(token)).subscriptionEndDate).toBe(MARCH_31_2028);
  });

  it('when a tax-year Professional is upgraded to Business in January, then Business is prorated for the days left and the credit set against it, ending on 31 March', async () => {
    const { token } = await practitioner();
    at('2026-11-28T04:30:00.000Z');
    await pay(token, { plan: 'professional', billingPeriod: 'tax-year' }, 326_137);
    at('2027-01-28T06:30:00.000Z'); // 63 of 365 days left
    const offered = await quote(token, 'plan=business&billingPeriod=tax-year');
    expect(offered.status).toBe(200);
    // Business: 19,200 × 63 ÷ 365 = ₹3,313.97
    expect(offered.body).toMatchObject({ kind: 'upgrade', price: 3313.97, endsAt: MARCH_31_2027 });
    const { credit, amountDue } = offered.body as { credit: number; amountDue: number };
    expect(credit).toBeGreaterThan(0);
    expect(Math.round(amountDue * 100)).toBe(331_397 - Math.round(credit * 100));
    await pay(token, { plan: 'business', billingPeriod: 'tax-year' }, Math.round(amountDue * 100));
    expect(await status(token)).toMatchObject({ subscriptionPlan: 'business', subscriptionEndDate: MARCH_31_2027 });
  });

  it('when an annual customer looks at tax-year terms in March, then the same plan is a switch at renewal, and an upgrade whose credit outlasts 31 March asks for the next year too', async () => {
    const { token } = await practitioner();
    at('2027-03-01T06:30:00.000Z');
    await pay(token, { plan: 'professional', billingPeriod: 'annual' }, 960_000);
    at('2027-03-20T06:30:00.000Z');
    expect((await quote(token, 'plan=professional&billingPeriod=tax-year')).body.kind).toBe('switch');
    const thisYearOnly = await quote(token, 'plan=business&billingPeriod=tax-year');
    expect([thisYearOnly.status, thisYearOnly.body.message]).toEqual([400, TAX_YEAR_MESSAGES.creditBeyondTerm]);
    const withNext = await quote(token, 'plan=business&billingPeriod=tax-year&taxYears=2');
    // Business: 19,200 × 12 ÷ 365 = ₹631.23 for the rest of 2026-27, and ₹19,200 for 2027-28
    expect(withNext.body).toMatchObject({ kind: 'upgrade', price: 19831.23, taxYears: 2, endsAt: MARCH_31_2028 });
  });

  it('when a tax-year term is bought, then its licence names the tax year and keeps its builds after 31 March, and download is told the last year it reaches', async () => {
    const { userId, token } = await practitioner();
    at('2026-11-28T04:30:00.000Z');
    await pay(token, { plan: 'professional', billingPeriod: 'tax-year' }, 326_137);
    const desktop = { Authorization: `Bearer ${billing.desktopToken(userId, `ca.${userId}@example.in`)}` };
    const deviceId = createHash('sha256').update('ASHA-PC').digest('hex');
    const activated = await request(billing.url)
      .post('/api/licenses/activate')
      .set(desktop)
      .send({ deviceId, deviceName: 'ASHA-PC', os: 'Windows 11 Pro 23H2', appVersion: '1.2.0' });
    expect(activated.status).toBe(201);
    expect(decodeJwt(activated.body.license)).toMatchObject({ status: 'active', after_end: 'keep_builds', tax_years: ['2026-27'] });
    const asDownload = { Authorization: createServiceCredential('download', SERVICE_SECRET)() };
    expect((await request(billing.url).get(`/internal/subscriptions/${userId}`).set(asDownload)).body.subscription).toMatchObject({
      subscriptionStatus: 'active',
      lastTaxYear: 2026,
    });

    at('2027-04-10T06:30:00.000Z');
    const lapsed = await request(billing.url).post('/api/licenses/refresh').set(desktop).send({ deviceId, appVersion: '1.2.0' });
    expect(lapsed.status).toBe(200);
    expect(decodeJwt(lapsed.body.license)).toMatchObject({ status: 'lapsed', after_end: 'keep_builds', tax_years: ['2026-27'] });
    expect((await request(billing.url).get(`/internal/subscriptions/${userId}`).set(asDownload)).body.subscription.lastTaxYear).toBeNull();
  });

  it('when the filing season nears, then a tax-year term ending on 31 March is reminded on 1 February and 24 March, once each, and a renewed one is not', async () => {
    const waiting = await practitioner();
    const renewed = await practitioner();
    at('2026-11-28T04:30:00.000Z');
    await pay(waiting.token, { plan: 'professional', billingPeriod: 'tax-year' }, 326_137);
    await pay(renewed.token, { plan: 'professional', billingPeriod: 'tax-year' }, 326_137);
    await pay(renewed.token, { plan: 'professional', billingPeriod: 'tax-year' }, 960_000);
    const reminded = async (id: string): Promise<string[]> =>
      ((await db('subscriptions').findOne({ accountId: id }))?.remindersSent ?? []).filter((sent: string) => sent.startsWith('season-'));
    const seasonMail = (id: string) => (mail: { subject?: string; to?: unknown }) =>
      mail.subject === 'Renew Professional for Tax year 2027-28 before 31 Mar 2027' && JSON.stringify(mail.to).includes(id);

    at('2027-01-31T18:29:59.000Z'); // 23:59:59 on 31 January in India
    await billing.built.expiry.sendReminders(billing.clock.now);
    expect(await reminded(waiting.userId)).toEqual([]);
    at('2027-01-31T18:30:00.000Z'); // 00:00 on 1 February
    expect(await billing.built.expiry.sendReminders(billing.clock.now)).toBeGreaterThanOrEqual(1);
    expect(await billing.built.expiry.sendReminders(billing.clock.now)).toBe(0);
    const first = await billing.smtp.waitForMail(seasonMail(waiting.userId));
    expect(first.text).toContain('Your Professional plan for Tax year 2026-27 ends on 31 Mar 2027.');
    expect(first.text).toContain('/subscription?plan=professional&period=tax-year');

    at('2027-03-24T06:30:00.000Z'); // the 1 March one was missed: only 24 March's goes
    await billing.built.expiry.sendReminders(billing.clock.now);
    await billing.smtp.waitForMails(seasonMail(waiting.userId), 2);
    expect(await reminded(waiting.userId)).toEqual(['season-2026-27-02-01', 'season-2026-27-03-24', 'season-2026-27-03-01']);
    expect(await reminded(renewed.userId)).toEqual([]);
  });

  it('when tax-year terms end this 31 March, then the admin’s figures count them as renewals due, valued at a year each; one renewed leaves the count', async () => {
    const asReporting = { Authorization: createServiceCredential('admin-reporting', SERVICE_SECRET)() };
    const due = async () => (await request(billing.url).get('/internal/analytics').set(asReporting)).body.recurring.renewalsDue;
    at('2026-12-01T06:30:00.000Z');
    const before = await due();
    expect(before.by).toBe(MARCH_31_2027);
    const { token } = await practitioner();
    at('2026-12-01T06:30:00.000Z');
    await pay(token, { plan: 'professional', billingPeriod: 'tax-year' }, 318_247); // 121 of 365 days
    expect(await due()).toEqual({ by: MARCH_31_2027, count: before.count + 1, value: before.value + 9600 });
    await pay(token, { plan: 'professional', billingPeriod: 'tax-year' }, 960_000);
    expect(await due()).toEqual(before);
  });

  it('when a tax-year term is bought with UPI Autopay, then the mandate is a yearly one of a whole year’s price, noticed on 29 March and debited on 31 March for the next tax year', async () => {
    const { userId, token } = await practitioner();
    at('2026-11-28T04:30:00.000Z');
    const placed = await order(token, { plan: 'professional', billingPeriod: 'tax-year', autoRenew: true });
    expect(placed.status).toBe(201);
    const setup = billing.phonepe.orders.get(placed.body.merchantOrderId)! as unknown as { amount: number; subscriptionDetails: object };
    expect(setup.amount).toBe(326_137);
    expect(setup.subscriptionDetails).toMatchObject({ amountType: 'FIXED', maxAmount: 960_000, frequency: 'YEARLY' });
    await billing.phonepe.settle(placed.body.merchantOrderId, 'success');
    await eventually(async () => (await db('mandates').findOne({ accountId: userId }))?.state === 'active');
    const mandateId = (await db('mandates').findOne({ accountId: userId }))!.merchantSubscriptionId as string;
    const renewalId = `${mandateId}-R20270331`;
    // the status names the debit to come: 00:00 on 31 March in India, a year's price
    expect((await status(token)).autoRenew).toMatchObject({
      on: true,
      billingPeriod: 'tax-year',
      amount: 9600,
      nextDebitDate: '2027-03-30T18:30:00.000Z',
    });

    at('2027-03-28T17:00:00.000Z'); // 22:30 on 28 March: 49½ hours before the debit may open, too early
    await billing.built.renewals.run();
    expect(await db('transactions').findOne({ merchantOrderId: renewalId })).toBeNull();
    at('2027-03-28T19:00:00.000Z'); // 00:30 on 29 March: the notice, two days before the debit opens on 31 March
    await billing.built.renewals.run();
    const notice = await billing.smtp.waitForMail(
      (mail) => mail.subject === 'UPI Autopay: ₹9,600 will be debited on 31 Mar 2027' && JSON.stringify(mail.to).includes(userId),
    );
    expect(notice.text).toContain('Your Professional plan (tax year) of the Tax Practitioner Portal renews by UPI Autopay.');
    at('2027-03-30T18:30:00.000Z'); // 00:00 on 31 March, a non-peak hour, the year still running
    await billing.built.renewals.run();
    await eventually(async () => (await db('transactions').findOne({ merchantOrderId: renewalId }))?.credited === true);
    expect(await db('transactions').findOne({ merchantOrderId: renewalId })).toMatchObject({
      amountPaise: 960_000,
      billingPeriod: 'tax-year',
    });
    expect(await status(token)).toMatchObject({ subscriptionStatus: 'active', subscriptionEndDate: MARCH_31_2028 });
    expect(await db('invoices').findOne({ merchantOrderId: renewalId })).toMatchObject({ taxYears: [2027] });
  });

  it('when the admin opens the refund of a tax-year term in January, then its unused value is worked out on its days: 62 of 124', async () => {
    const { token } = await practitioner();
    at('2026-11-28T04:30:00.000Z');
    const merchantOrderId = await pay(token, { plan: 'professional', billingPeriod: 'tax-year' }, 326_137);
    at('2027-01-28T06:30:00.000Z'); // 62 whole days after today, to 31 March
    const answer = await request(billing.url)
      .get(`/api/admin/transactions/${merchantOrderId}/refunds`)
      .set({ Authorization: `Bearer ${billing.adminToken()}` });
    // ₹3,261.37 × 62 ÷ 124
    expect(answer.body).toEqual({ refunds: [], unused: { amount: 1630.69, days: 62, ofDays: 124 } });
  });

  it('when a term is asked for wrongly, then a clear 400 answers and no order is made', async () => {
    const { userId, token } = await practitioner();
    at('2026-11-28T04:30:00.000Z');
    const cases: [Record<string, unknown>, string][] = [
      [{ plan: 'professional', billingPeriod: 'monthly', taxYears: 2 }, TAX_YEAR_MESSAGES.yearsNeedTaxYearTerm],
      [{ plan: 'professional', billingPeriod: 'tax-year', taxYears: 4 }, TAX_YEAR_MESSAGES.yearsRange],
      [{ plan: 'professional', billingPeriod: 'tax-year', taxYears: 0 }, TAX_YEAR_MESSAGES.yearsRange],
      [{ plan: 'professional', billingPeriod: 'tax-year', taxYears: 1.5 }, TAX_YEAR_MESSAGES.yearsRange],
      [{ plan: 'professional', billingPeriod: 'tax-year', taxYears: { $gt: 0 } }, TAX_YEAR_MESSAGES.yearsRange],
      // a whole year of Business is above UPI Autopay's ₹15,000, however little its first year costs
      [{ plan: 'business', billingPeriod: 'tax-year', autoRenew: true }, AUTOPAY_MESSAGES.notEligibleError],
      [{ plan: 'basic', billingPeriod: 'tax-year' }, PLAN_CHANGE_MESSAGES.termNotOffered],
      [{ plan: 'professional', billingPeriod: 'fortnightly' }, 'Billing period must be monthly, annual or tax-year'],
    ];
    for (const [body, message] of cases) {
      const answer = await order(token, body);
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    }
    expect(await db('transactions').countDocuments({ accountId: userId })).toBe(0);
    expect((await quote(token, 'plan=professional&billingPeriod=tax-year&taxYears=7')).status).toBe(400);
  });

  it('when a firm of five buys the tax year, then each seat is prorated, the seats add up to the paisa, and the firm’s plan ends on 31 March', async () => {
    const ownerId = newUserId();
    const token = billing.addUser(ownerId, `owner.${ownerId}@example.in`);
    const firmId = newUserId();
    await (await billing.addFirm(firmId, 'Iyer & Co', { [ownerId]: 'owner' })).publish();
    await request(billing.url).put(`/api/billing/profile?firmId=${firmId}`).set(asUser(token)).send(MAHARASHTRA_FIRM);
    at('2026-11-28T04:30:00.000Z');
    const offered = await request(billing.url)
      .get(`/api/subscription/change?plan=business&billingPeriod=tax-year&seats=5&firmId=${firmId}`)
      .set(asUser(token));
    expect(offered.status).toBe(200);
    // one seat: 19,200 × 124 ÷ 365 = ₹6,522.74; five: ₹32,613.70
    expect(offered.body).toMatchObject({ unitPrice: 6522.74, price: 32613.7, endsAt: MARCH_31_2027 });
    expect(offered.body.summary).toContain('5 seats at ₹6,522.74 each: ₹32,613.70.');

    const placed = await request(billing.url)
      .post(`/api/payment/create-phonepe-order?firmId=${firmId}`)
      .set(asUser(token))
      .send({ plan: 'business', billingPeriod: 'tax-year', seats: 5 });
    expect(placed.status).toBe(201);
    const { merchantOrderId } = placed.body as { merchantOrderId: string };
    expect(billing.phonepe.orders.get(merchantOrderId)!.amount).toBe(3_261_370);
    await billing.phonepe.settle(merchantOrderId, 'success');
    await eventually(async () => (await db('transactions').findOne({ merchantOrderId }))?.credited === true);
    expect(await db('subscriptions').findOne({ accountId: firmId })).toMatchObject({
      plan: 'business',
      billingPeriod: 'tax-year',
      seats: 5,
      subscriptionEndDate: new Date(MARCH_31_2027),
    });
  });
});
