import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { GST_STATES } from '@portal/contracts';
import { GST_REPORT_COLUMNS } from '../src/tax-documents/domain/gst-report';
import { GSTR1_PLACES_OF_SUPPLY } from '../src/tax-documents/domain/gstr1-places';
import { eventually, KARNATAKA_SELLER, MAHARASHTRA_FIRM, newUserId, startBilling, type BillingHarness } from './billing-harness';

const paise = (rupees: string) => Math.round(Number(rupees) * 100);
/** The offline tool's templates, with their source (README.md there). */
const FIXTURES = path.join(__dirname, 'fixtures', 'gst-offline-tool');

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
  let rohan: string;
  beforeAll(async () => {
    billing = await startBilling('gst-report', KARNATAKA_SELLER);
    billing.clock.now = new Date('2026-11-23T06:30:00.000Z');
    const place = (stateCode: string, city: string) => ({ street: '1 Main Road', city, pincode: '400001', stateCode });
    firm = await buy(MAHARASHTRA_FIRM, 'professional');
    kavya = await buy({ legalName: 'Kavya Rao', ...place('29', 'Bengaluru') }, 'basic');
    rohan = await buy({ legalName: 'Rohan Shah', ...place('27', 'Mumbai') }, 'basic', 'annual');
    await buy({ legalName: 'Divya N', ...place('29', 'Mysuru') }, 'business');
    await buy(null, 'basic'); // no details: the seller's state
    await refund(firm, 1000);
    await refund(kavya, 400);
    billing.clock.now = new Date('2026-11-30T18:30:00.000Z'); // 1 December in India: the next month's
    await buy({ legalName: 'Late Buyer', ...place('27', 'Pune') }, 'basic');
    await refund(rohan, 1000); // more refunded in Maharashtra than sold there in December
    await refund(await buy({ legalName: 'Changed Mind', ...place('29', 'Hubballi') }, 'basic'), 500); // nets to nil
  });
  afterAll(() => billing.close());

  const template = (file: string) => readFileSync(path.join(FIXTURES, file), 'utf8');
  const headerLine = (csv: string) => `${csv.split('\r\n', 1)[0]}\r\n`;

  it.each([
    ['b2b', 'b2b.csv'],
    ['b2cl', 'b2cl.csv'],
    ['b2cs', 'b2cs.csv'],
    ['cdnr', 'cdnr.csv'],
    ['cdnur', 'cdnur.csv'],
    ['hsn', 'hsn(b2b).csv'],
    ['hsn_b2b', 'hsn(b2b).csv'],
    ['hsn_b2c', 'hsn(b2c).csv'],
    ['docs', 'docs.csv'],
  ])('when %s is exported, then its header is the offline tool’s template %s, byte for byte', async (section, file) => {
    const response = await report(`?month=2026-11&section=${section}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="gstr1_${section}_2026-11.csv"`);
    expect(headerLine(response.text)).toBe(template(file));
  });

  it('when a place of supply is written, then it is spelled as the tool’s list spells it, for all 38 places', () => {
    const places = template('places-of-supply.txt').trim().split('\n');
    expect(places).toHaveLength(38);
    expect(Object.values(GSTR1_PLACES_OF_SUPPLY).sort()).toEqual(places);
    for (const state of GST_STATES) expect(places).toContain(GSTR1_PLACES_OF_SUPPLY[state.code]);
    expect(places).toEqual(
      expect.arrayContaining([
        '01-Jammu & Kashmir',
        '26-Dadra & Nagar Haveli & Daman & Diu',
        '31-Lakshdweep',
        '35-Andaman & Nicobar Islands',
      ]),
    );
  });

  it('when B2B is exported, then each invoice to a registered buyer is one row in the tool’s columns', async () => {
    const [, ...rows] = cells((await report('?month=2026-11&section=b2b')).text);
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
      ],
    ]);
  });

  it('when B2CS is exported, then unregistered buyers are totalled per place of supply and rate, net of their credit notes', async () => {
    const [, ...rows] = cells((await report('?month=2026-11&section=b2cs')).text);
    // Maharashtra: ₹4,800 annual basic. Karnataka: ₹500 − ₹400 refunded + ₹2,000 business + ₹500 without details.
    expect(rows).toEqual([
      ['OE', '27-Maharashtra', '', '18', '4067.80', '0.00', ''],
      ['OE', '29-Karnataka', '', '18', '2203.40', '0.00', ''],
    ]);
  });

  it('when a state’s B2C refunds in a month are larger than its sales, then its B2CS value is a negative number; a state that nets to nil has no row', async () => {
    const [, ...rows] = cells((await report('?month=2026-12&section=b2cs')).text);
    // December in Maharashtra: a ₹500 sale, and ₹1,000 refunded of November's annual plan
    expect(rows).toEqual([['OE', '27-Maharashtra', '', '18', '-423.73', '0.00', '']]);
    const summary = cells((await report('?month=2026-12&section=summary')).text);
    expect(summary).toContainEqual(['B2CS', '', '27-Maharashtra', '18', '-423.73', '-76.27', '0.00', '0.00', '0.00']);
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
      ],
    ]);
    expect(cells((await report('?month=2026-11&section=cdnur')).text)).toHaveLength(1); // the header alone
  });

  it('when Table 12 is exported, then the SAC is one row per rate, net of credit notes, all supplies or split by buyer', async () => {
    const hsn = (section: string) => report(`?month=2026-11&section=${section}`).then((response) => cells(response.text).slice(1));
    // ₹8,800 invoiced less ₹1,400 credited; the registered firm's ₹1,000 was refunded in full
    const all = [['997331', '', 'NA-NOT APPLICABLE', '0', '7400.00', '18', '6271.20', '732.20', '198.31', '198.29', '0.00']];
    expect(await hsn('hsn')).toEqual(all);
    expect(await hsn('hsn_b2c')).toEqual(all);
    expect(await hsn('hsn_b2b')).toEqual([]);
  });

  it('when Table 13 is exported, then each series gives its first and last number of the month, how many, and none cancelled', async () => {
    const [, ...rows] = cells((await report('?month=2026-11&section=docs')).text);
    const november = { issuedAt: { $gte: new Date('2026-10-31T18:30:00Z'), $lt: new Date('2026-11-30T18:30:00Z') } };
    const numbers = async (collection: string) =>
      (await db(collection).find(november).sort({ sequence: 1 }).toArray()).map((document) => document.number as string);
    const invoices = await numbers('invoices');
    const notes = await numbers('credit_notes');
    expect(invoices).toHaveLength(5);
    expect(rows).toEqual([
      ['Invoices for outward supply', invoices[0], invoices[4], '5', '0'],
      ['Credit Note', notes[0], notes[1], '2', '0'],
    ]);
  });

  it('when the month’s summary is added up, then it equals its completed payments less its refunds, to the paisa', async () => {
    const [header, ...rows] = cells((await report('?month=2026-11&section=summary')).text);
    expect(header).toEqual(GST_REPORT_COLUMNS.summary);
    expect(rows.map((row) => row[0])).toEqual(['B2B', 'B2CS', 'B2CS', 'CDNR']);
    const kept = rows.reduce((total, row) => total + [4, 5, 6, 7].reduce((sum, column) => sum + paise(row[column]!), 0), 0);
    // India's November: 1 November 00:00 IST to 1 December 00:00 IST
    const payments = await db('transactions')
      .find({ status: 'completed', completedAt: { $gte: new Date('2026-10-31T18:30:00Z'), $lt: new Date('2026-11-30T18:30:00Z') } })
      .toArray();
    const paid = payments.reduce((total, payment) => total + (payment.amountPaise as number), 0);
    expect(paid).toBe(100_000 + 50_000 + 480_000 + 200_000 + 50_000); // the December payment is not in it
    expect(kept).toBe(paid - 100_000 - 40_000);
  });

  it('when the month or section is missing or malformed, or a user asks, then 400 or 401 with no report', async () => {
    expect((await report('?month=2026-13&section=b2b')).body.message).toBe('The month must be written YYYY-MM');
    expect((await report('?month=2026-11&section=exp')).body.message).toBe(
      'The section must be one of b2b, b2cl, b2cs, cdnr, cdnur, hsn, hsn_b2b, hsn_b2c, docs, summary',
    );
    expect((await report('?section=b2b')).status).toBe(400);
    expect((await report('?month[$gt]=2026-01&section=b2b')).status).toBe(400);
    const user = billing.addUser(newUserId(), 'not.admin@example.in');
    expect((await report('?month=2026-11&section=b2b', { Authorization: `Bearer ${user}` })).status).toBe(401);
  });
});

/**
 * A firm in another state with no GSTIN buys 6 seats of Business (annual), ₹1,15,200:
 * an inter-state invoice above ₹1,00,000 to an unregistered buyer is B2C large (Table 5), and the
 * credit note of its refund is filed in CDNUR as B2CL.
 */
describe('the GST report: a large inter-state invoice to an unregistered firm (B2CL)', () => {
  let billing: BillingHarness;
  let merchantOrderId: string;
  const admin = () => ({ Authorization: `Bearer ${billing.adminToken()}` });
  const report = (query: string) => request(billing.url).get(`/api/admin/export/gst${query}`).set(admin());
  const db = (name: string) => billing.db.connection.collection(name);
  const rowsOf = async (section: string) => cells((await report(`?month=2026-11&section=${section}`)).text).slice(1);

  beforeAll(async () => {
    billing = await startBilling('gst-b2cl', KARNATAKA_SELLER);
    billing.clock.now = new Date('2026-11-23T06:30:00.000Z');
    const firmId = newUserId();
    const ownerId = newUserId();
    const owner = { Authorization: `Bearer ${billing.addUser(ownerId, `owner.${ownerId}@example.in`, 'Owner')}` };
    const firm = await billing.addFirm(firmId, 'Shah Tax Consultants', { [ownerId]: 'owner' });
    for (let seat = 1; seat < 6; seat++) firm.roles.set(newUserId(), 'member');
    await firm.publish();
    const { gstin: _none, ...unregistered } = MAHARASHTRA_FIRM;
    await request(billing.url)
      .put(`/api/billing/profile?firmId=${firmId}`)
      .set(owner)
      .send({ ...unregistered, legalName: 'Shah Tax Consultants' })
      .expect(200);
    const order = await request(billing.url)
      .post(`/api/payment/create-phonepe-order?firmId=${firmId}`)
      .set(owner)
      .send({ plan: 'business', billingPeriod: 'annual', seats: 6 });
    expect(order.status).toBe(201);
    merchantOrderId = order.body.merchantOrderId as string;
    await billing.phonepe.settle(merchantOrderId, 'success');
    await eventually(async () => (await db('invoices').findOne({ merchantOrderId })) !== null);
    await request(billing.url)
      .post(`/api/admin/transactions/${merchantOrderId}/refunds`)
      .set(admin())
      .send({ amount: 19_200, reason: 'One seat fewer' })
      .expect(201);
    await eventually(async () => (await db('credit_notes').findOne({ merchantOrderId })) !== null);
  });
  afterAll(() => billing.close());

  it('when B2CL is exported, then the invoice is its row, and B2CS leaves it out', async () => {
    const invoice = (await db('invoices').findOne({ merchantOrderId }))!;
    expect(invoice.totalPaise).toBe(1_15_200_00);
    expect(await rowsOf('b2cl')).toEqual([
      [invoice.number, '23-Nov-2026', '115200.00', '27-Maharashtra', '', '18', '97627.12', '0.00', ''],
    ]);
    expect(await rowsOf('b2cs')).toEqual([]);
    expect(await rowsOf('b2b')).toEqual([]);
  });

  it('when CDNUR is exported, then the refund’s credit note is there as B2CL', async () => {
    const note = (await db('credit_notes').findOne({ merchantOrderId }))!;
    expect(await rowsOf('cdnur')).toEqual([
      ['B2CL', note.number, '23-Nov-2026', 'C', '27-Maharashtra', '19200.00', '', '18', '16271.19', '0.00'],
    ]);
  });

  it('when the summary is exported, then it holds the invoice and its credit note, with their IGST', async () => {
    const [invoice, note] = [
      (await db('invoices').findOne({ merchantOrderId }))!,
      (await db('credit_notes').findOne({ merchantOrderId }))!,
    ];
    expect(await rowsOf('summary')).toEqual([
      ['B2CL', invoice.number, '27-Maharashtra', '18', '97627.12', '17572.88', '0.00', '0.00', '0.00'],
      ['CDNUR', note.number, '27-Maharashtra', '18', '-16271.19', '-2928.81', '0.00', '0.00', '0.00'],
    ]);
  });
});
