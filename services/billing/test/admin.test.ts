import request from 'supertest';
import { idMadeAt } from '@portal/platform';
import { DAY, newUserId, startBilling, type BillingHarness } from './billing-harness';

describe('admin: manage subscriptions, transactions and their export', () => {
  let billing: BillingHarness;
  let admin: string;
  beforeAll(async () => {
    billing = await startBilling('billing-admin');
    admin = billing.adminToken();
  });
  afterAll(() => billing.close());

  const put = (id: string, body: object, token = admin) =>
    request(billing.url).put(`/api/admin/users/${id}/subscription`).set('Authorization', `Bearer ${token}`).send(body);
  const subscription = (userId: string) => billing.db.connection.collection('subscriptions').findOne({ accountId: userId });

  it('when the admin sets a trial with an end date, then the end date is also the trial end and the price is stored as a number', async () => {
    const id = newUserId();
    billing.addUser(id, 'managed@example.in');
    const response = await put(id, {
      subscriptionPlan: 'pro',
      subscriptionStatus: 'trial',
      subscriptionStartDate: '2026-11-01',
      subscriptionEndDate: '2027-01-31',
      trialEnd: '',
      planPrice: '750',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('User subscription updated successfully!');
    const sub = await subscription(id);
    expect(sub).toMatchObject({ status: 'trial', plan: 'pro', planPricePaise: 750_00, hasUsedTrial: true, email: 'managed@example.in' });
    expect(sub?.trialEnd.toISOString()).toBe('2027-01-31T00:00:00.000Z');
    expect(sub?.subscriptionEndDate.toISOString()).toBe('2027-01-31T00:00:00.000Z');
  });

  it('when the admin sets any plan and status, then it is stored as given; legacy statuses mean active', async () => {
    const id = newUserId();
    billing.addUser(id, 'legacy@example.in');
    await put(id, {
      subscriptionPlan: 'enterprise',
      subscriptionStatus: 'business',
      subscriptionEndDate: new Date(Date.now() + 10 * DAY).toISOString(),
      planPrice: 5000,
    }).expect(200);
    expect(await subscription(id)).toMatchObject({ status: 'active', plan: 'enterprise', planPricePaise: 5000_00 });
    await put(id, { subscriptionPlan: 'none', subscriptionStatus: 'expired' }).expect(200);
    expect(await subscription(id)).toMatchObject({ status: 'expired', plan: 'none', planPricePaise: 0 });
  });

  it.each([
    [
      { subscriptionPlan: 'gold', subscriptionStatus: 'active' },
      'Plan must be one of: none, trial, basic, professional, business, pro, enterprise',
    ],
    [
      { subscriptionPlan: 'basic', subscriptionStatus: 'paused' },
      'Status must be one of: none, trial, active, expired, business, professional',
    ],
    [{ subscriptionPlan: 'basic', subscriptionStatus: 'active', planPrice: 'cheap' }, 'Plan price must be a number'],
    [
      { subscriptionPlan: 'basic', subscriptionStatus: 'active', subscriptionEndDate: 'next week' },
      'Dates must be ISO dates (YYYY-MM-DD or a full timestamp)',
    ],
    [
      { subscriptionPlan: 'basic', subscriptionStatus: 'active', subscriptionStartDate: '2026-12-22', subscriptionEndDate: '2026-12-21' },
      'The end date must not be before the start date',
    ],
  ])('when the update breaks a rule (%#), then 400 and nothing is stored', async (body, message) => {
    const id = newUserId();
    billing.addUser(id, 'rules@example.in');
    const response = await put(id, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await subscription(id)).toBeNull();
  });

  it('when the user is unknown, the id malformed or the token not an admin’s, then 404, 400 or 401', async () => {
    const body = { subscriptionPlan: 'basic', subscriptionStatus: 'active' };
    expect((await put(newUserId(), body)).status).toBe(404);
    expect((await put('not-an-id', body)).status).toBe(400);
    const id = newUserId();
    const userToken = billing.addUser(id, 'self@example.in');
    expect((await put(id, body, userToken)).status).toBe(401);
    expect(await subscription(id)).toBeNull();
  });

  describe('transactions', () => {
    const orders = () => billing.db.connection.collection('transactions');
    // as the service stores an order: its id holds the second of its createdAt
    const madeAt = (createdAt: Date) => ({ _id: idMadeAt(createdAt), createdAt });
    const list = (query: string) => request(billing.url).get(`/api/admin/transactions${query}`).set('Authorization', `Bearer ${admin}`);
    let paidOrder: string;

    beforeAll(async () => {
      const token = billing.addUser(newUserId(), '=HYPERLINK("http://evil")@example.in');
      paidOrder = (
        await request(billing.url)
          .post('/api/payment/create-phonepe-order')
          .set('Authorization', `Bearer ${token}`)
          .send({ plan: 'basic', billingPeriod: 'monthly' })
      ).body.merchantOrderId;
      await billing.phonepe.settle(paidOrder, 'success');
      const base = {
        accountId: null,
        userEmail: 'old@example.in',
        plan: 'business',
        billingPeriod: 'monthly',
        amountPaise: 200000,
        status: 'completed',
        credited: true,
        expireAt: new Date(),
      };
      await orders().insertMany([
        { ...base, merchantOrderId: 'OLD-45-DAYS', ...madeAt(new Date(Date.now() - 45 * DAY)) },
        { ...base, merchantOrderId: 'IST-DAY-EDGE', userEmail: 'say "hi", ok', ...madeAt(new Date('2026-10-01T20:00:00Z')) }, // 2 October in India
      ]);
    });

    it('when no dates are given, then the last 30 days are listed, newest first, with the spec fields', async () => {
      const response = await list('');
      expect(response.status).toBe(200);
      const ids = response.body.transactions.map((row: { transactionId: string }) => row.transactionId);
      expect(ids).toContain(paidOrder);
      expect(ids).not.toContain('OLD-45-DAYS');
      const paid = response.body.transactions.find((row: { transactionId: string }) => row.transactionId === paidOrder);
      expect(paid).toEqual({
        _id: expect.any(String),
        transactionId: paidOrder,
        phonePeTransactionId: expect.stringMatching(/^OM/),
        phonepeOrderId: expect.stringMatching(/^OMO/),
        userEmail: '=HYPERLINK("http://evil")@example.in',
        amount: 500,
        status: 'completed',
        subscriptionPlan: 'basic',
        billingPeriod: 'monthly',
        createdAt: expect.any(String),
        invoiceNumber: expect.stringMatching(/^TP\/\d{4}\/\d{6}$/),
        taxableValue: 423.73,
        tax: 76.27,
        refundedAmount: 0,
        refundStatus: 'none',
        firm: null,
        seats: 1,
        paymentMethod: 'phonepe',
        paidAmount: 500,
      });
    });

    it('when dates are given, then they are Indian calendar days, both ends included', async () => {
      const response = await list('?startDate=2026-10-02&endDate=2026-10-02');
      expect(response.body.transactions.map((row: { transactionId: string }) => row.transactionId)).toEqual(['IST-DAY-EDGE']);
      expect((await list('?startDate=2026-10-01&endDate=2026-10-01')).body.transactions).toEqual([]);
    });

    it('when a payment is made in the last millisecond of an Indian day, then it is that day’s; the next millisecond is the next day’s', async () => {
      const base = {
        accountId: null,
        userEmail: 'edge@example.in',
        plan: 'basic',
        billingPeriod: 'monthly',
        amountPaise: 50000,
      };
      await orders().insertMany([
        {
          ...base,
          status: 'completed',
          credited: true,
          expireAt: new Date(),
          merchantOrderId: 'LAST-MS',
          ...madeAt(new Date('2026-11-03T18:29:59.999Z')),
        },
        {
          ...base,
          status: 'completed',
          credited: true,
          expireAt: new Date(),
          merchantOrderId: 'NEXT-DAY',
          ...madeAt(new Date('2026-11-03T18:30:00.000Z')),
        },
      ]);
      const ids = async (day: string) =>
        (await list(`?startDate=${day}&endDate=${day}`)).body.transactions.map((row: { transactionId: string }) => row.transactionId);
      expect(await ids('2026-11-03')).toEqual(['LAST-MS']);
      expect(await ids('2026-11-04')).toEqual(['NEXT-DAY']);
      expect((await list('?startDate=2026-11-03&endDate=2026-11-04')).body.total).toBe(2);
    });

    it('when the service records an order, then its id holds the second of its createdAt, which the date filters read', async () => {
      const paid = await orders().findOne({ merchantOrderId: paidOrder });
      expect(paid!._id.getTimestamp().getTime()).toBe(Math.floor(paid!.createdAt.getTime() / 1000) * 1000);
    });

    it('when a PhonePe transaction id or order id is searched, then the matching payment is found', async () => {
      const paid = await orders().findOne({ merchantOrderId: paidOrder });
      expect((await list(`?transactionId=${paid!.phonePeTransactionId}`)).body.transactions).toHaveLength(1);
      expect((await list(`?transactionId=${paid!.phonepeOrderId}`)).body.transactions).toHaveLength(1);
      expect((await list(`?transactionId=${paidOrder.toLowerCase()}`)).body.transactions).toHaveLength(1);
      expect((await list('?transactionId=.*')).body.transactions).toHaveLength(0);
    });

    it('when there are more payments than a page, then pages of the asked size come with the total, none left out', async () => {
      const day = '2026-09-10';
      await orders().insertMany(
        Array.from({ length: 7 }, (_, i) => ({
          accountId: null,
          userEmail: 'pager@example.in',
          plan: 'basic',
          billingPeriod: 'monthly',
          amountPaise: 50000,
          status: 'completed',
          credited: true,
          expireAt: new Date(),
          merchantOrderId: `PAGE-${i}`,
          ...madeAt(new Date(`${day}T0${i}:00:00Z`)),
        })),
      );
      const pageOf = async (page: number) => (await list(`?startDate=${day}&endDate=${day}&limit=3&page=${page}`)).body;
      const pages = [await pageOf(1), await pageOf(2), await pageOf(3)];
      expect(pages.map((body) => [body.total, body.page, body.limit, body.transactions.length])).toEqual([
        [7, 1, 3, 3],
        [7, 2, 3, 3],
        [7, 3, 3, 1],
      ]);
      expect(pages.flatMap((body) => body.transactions.map((row: { transactionId: string }) => row.transactionId))).toEqual([
        'PAGE-6',
        'PAGE-5',
        'PAGE-4',
        'PAGE-3',
        'PAGE-2',
        'PAGE-1',
        'PAGE-0',
      ]);
      expect((await list('?limit=500')).status).toBe(400);
      expect((await list('?page=0')).status).toBe(400);
    });

    it('when filters are malformed or reversed, then 400', async () => {
      expect((await list('?startDate=yesterday')).status).toBe(400);
      expect((await list('?startDate=2026-10-05&endDate=2026-10-01')).status).toBe(400);
      expect((await list('?transactionId=a&transactionId=b')).status).toBe(400);
    });

    it('when exported, then a CSV of the range with quoting per RFC 4180 and spreadsheet formulas neutralised', async () => {
      const exportCsv = (query: string) =>
        request(billing.url).get(`/api/admin/export/transactions${query}`).set('Authorization', `Bearer ${admin}`);
      const response = await exportCsv('');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="transactions_\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = response.text.split('\r\n');
      expect(lines[0]).toBe(
        'Transaction ID,PhonePe Transaction ID,PhonePe Order ID,User Email,Amount (INR),Status,Plan,Billing Period,Created At,' +
          'Invoice Number,Taxable Value (INR),Tax (INR),Refunded (INR),Refund Status,Firm,Seats',
      );
      expect(response.text).toContain(`"'=HYPERLINK(""http://evil"")@example.in",500.00,completed,basic,monthly`);
      expect(response.text).not.toContain('OLD-45-DAYS');
      const edge = await exportCsv('?startDate=2026-10-02&endDate=2026-10-02');
      expect(edge.text.split('\r\n').slice(1)).toEqual([
        // stored before invoices existed: no invoice, nothing refunded
        'IST-DAY-EDGE,,,"say ""hi"", ok",2000.00,completed,business,monthly,2026-10-02T01:30:00+05:30,,,,0.00,none,,1',
        '',
      ]);
    });

    it('when a user token asks, then 401', async () => {
      const token = billing.addUser(newUserId(), 'nosy@example.in');
      expect((await request(billing.url).get('/api/admin/transactions').set('Authorization', `Bearer ${token}`)).status).toBe(401);
      expect((await request(billing.url).get('/api/admin/export/transactions').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    });
  });
});
