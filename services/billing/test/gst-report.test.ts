import request from 'supertest';
import { eventually, KARNATAKA_SELLER, MAHARASHTRA_FIRM, newUserId, startBilling, type BillingHarness } from './billing-harness';

const paise = (rupees: string) => Math.round(Number(rupees) * 100);

/** The CSV's rows as cells (no cell here holds a comma or a quote). */
const cells = (csv: string) =>
  csv
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));

describe('the GST report (GSTR-1) for a month', () => {
  let billing: BillingHarness;
  const admin = () => ({ Authorization: `Bearer ${billing.adminToken()}` });
  const report = (query: string, headers = admin()) => request(billing.url).get(`/api/admin/export/gst${query}`).set(headers);
  const db = (name: string) => billing.db.connection.collection(name);

  async function buy(profile: object | null, plan: string, billingPeriod = 'monthly') {
    const token = billing.addUser(newUserId(), `gst.${Date.now()}.${Math.random()}@example.in`);
    if (profile)
      await request(billing.url)
        .put('/api/billing/profile')
        .set({ Authorization: `Bearer ${token}` })
        .send(profile);
    const order = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set({ Authorization: `Bearer ${token}` })
      .send({ plan, billingPeriod });
    await billing.phonepe.settle(order.body.merchantOrderId, 'success');
    return order.body.merchantOrderId as string;
  }

  async function refund(merchantOrderId: string, amount: number) {
    await request(billing.url)
      .post(`/api/admin/transactions/${merchantOrderId}/refunds`)
      .set(admin())
      .send({ amount, reason: 'Refund for the report' });
    await eventually(async () => (await db('credit_notes').findOne({ merchantOrderId })) !== null);
  }

  let firm: string;
  let kavya: string;
  beforeAll(async () => {
    billing = await startBilling('gst-report', KARNATAKA_SELLER);
    billing.clock.now = new Date('2026-11-23T06:30:00.000Z');
    const place = (stateCode: string, city: string) => ({ street: '1 Main Road', city, pincode: '400001', stateCode });
    firm = await buy(MAHARASHTRA_FIRM, 'professional');
    kavya = await buy({ legalName: 'Kavya Rao', ...place('29', 'Bengaluru') }, 'basic');
    await buy({ legalName: 'Rohan Shah', ...place('27', 'Mumbai') }, 'basic', 'annual');
    await buy({ legalName: 'Divya N', ...place('29', 'Mysuru') }, 'business');
    await buy(null, 'basic'); // no details: the seller's state
    await refund(firm, 1000);
    await refund(kavya, 400);
    billing.clock.now = new Date('2026-11-30T18:30:00.000Z'); // 1 December in India: the next month's
    await buy({ legalName: 'Late Buyer', ...place('27', 'Pune') }, 'basic');
  });
  afterAll(() => billing.close());

  it('when B2B is exported, then each invoice to a registered buyer is one row in the offline tool’s columns, with its taxes', async () => {
    const response = await report('?month=2026-11&section=b2b');
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="gstr1_b2b_2026-11.csv"');
    const [header, ...rows] = cells(response.text);
    expect(header).toEqual([
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Reverse Charge',
      'Applicable % of Tax Rate',
      'Invoice Type',
      'E-Commerce GSTIN',
      'Rate',
      'Taxable Value',
      'Cess Amount',
      'Integrated Tax Amount',
      'Central Tax Amount',
      'State/UT Tax Amount',
    ]);
    const invoice = await db('invoices').findOne({ merchantOrderId: firm });
    expect(rows).toEqual([
      [
        '27AAPFU0939F1ZV',
        'Iyer & Associates',
        invoice!.number,
        '23-Nov-2026',
        '1000.00',
        '27-Maharashtra',
        'N',
        '',
        'Regular B2B',
        '',
        '18',
        '847.46',
        '0.00',
        '152.54',
        '0.00',
        '0.00',
      ],
    ]);
  });

  it('when B2CS is exported, then unregistered buyers are totalled per place of supply and rate, net of their credit notes', async () => {
    const [header, ...rows] = cells((await report('?month=2026-11&section=b2cs')).text);
    expect(header!.slice(0, 7)).toEqual([
      'Type',
      'Place Of Supply',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ]);
    // Maharashtra: ₹4,800 annual basic, IGST. Karnataka: ₹500 − ₹400 refunded + ₹2,000 business + ₹500 without details, CGST and SGST.
    expect(rows).toEqual([
      ['OE', '27-Maharashtra', '', '18', '4067.80', '0.00', '', '732.20', '0.00', '0.00'],
      ['OE', '29-Karnataka', '', '18', '2203.40', '0.00', '', '0.00', '198.31', '198.29'],
    ]);
  });

  it('when CDNR and CDNUR are exported, then the registered buyer’s credit note is listed and no B2C large note exists', async () => {
    const [, ...cdnr] = cells((await report('?month=2026-11&section=cdnr')).text);
    const note = await db('credit_notes').findOne({ merchantOrderId: firm });
    expect(cdnr).toEqual([
      [
        '27AAPFU0939F1ZV',
        'Iyer & Associates',
        note!.number,
        '23-Nov-2026',
        'C',
        '27-Maharashtra',
        'N',
        'Regular B2B',
        '1000.00',
        '',
        '18',
        '847.46',
        '0.00',
        '152.54',
        '0.00',
        '0.00',
      ],
    ]);
    const cdnur = cells((await report('?month=2026-11&section=cdnur')).text);
    expect(cdnur).toEqual([
      [
        'UR Type',
        'Note Number',
        'Note Date',
        'Note Type',
        'Place Of Supply',
        'Note Value',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        'Integrated Tax Amount',
        'Central Tax Amount',
        'State/UT Tax Amount',
      ],
    ]);
  });

  it('when the month’s sections are added up, then they equal its completed payments less its refunds, to the paisa', async () => {
    const sum = (rows: string[][], columns: number[]) =>
      rows.reduce((total, row) => total + columns.reduce((s, c) => s + paise(row[c]!), 0), 0);
    const [, ...b2b] = cells((await report('?month=2026-11&section=b2b')).text);
    const [, ...b2cs] = cells((await report('?month=2026-11&section=b2cs')).text);
    const [, ...cdnr] = cells((await report('?month=2026-11&section=cdnr')).text);
    // India's November: 1 November 00:00 IST to 1 December 00:00 IST
    const payments = await db('transactions')
      .find({ status: 'completed', completedAt: { $gte: new Date('2026-10-31T18:30:00Z'), $lt: new Date('2026-11-30T18:30:00Z') } })
      .toArray();
    const paid = payments.reduce((total, payment) => total + (payment.amountPaise as number), 0);
    const refunded = (await db('refunds').find({ state: 'completed' }).toArray()).reduce(
      (total, r) => total + (r.amountPaise as number),
      0,
    );

    // B2B and B2CS (net of unregistered buyers' notes) less CDNR is what the month kept: paid less refunded
    const invoiced = sum(b2b, [11, 13, 14, 15]) + sum(b2cs, [4, 7, 8, 9]); // taxable value and the three taxes
    const registeredNotes = sum(cdnr, [11, 13, 14, 15]);
    expect(sum(b2b, [4])).toBe(sum(b2b, [11, 13, 14, 15])); // an invoice's value is its taxable value and taxes
    expect(registeredNotes).toBe(100_000);
    expect(invoiced - registeredNotes).toBe(paid - refunded);
    expect(paid).toBe(100_000 + 50_000 + 480_000 + 200_000 + 50_000); // the December payment is not in it
    expect(payments).toHaveLength(5);
  });

  it('when the month or section is missing or malformed, or a user asks, then 400 or 401 with no report', async () => {
    expect((await report('?month=2026-13&section=b2b')).body.message).toBe('The month must be written YYYY-MM');
    expect((await report('?month=2026-11&section=b2cl')).body.message).toBe('The section must be b2b, b2cs, cdnr or cdnur');
    expect((await report('?section=b2b')).status).toBe(400);
    expect((await report('?month[$gt]=2026-01&section=b2b')).status).toBe(400);
    const user = billing.addUser(newUserId(), 'not.admin@example.in');
    expect((await report('?month=2026-11&section=b2b', { Authorization: `Bearer ${user}` })).status).toBe(401);
  });
});
