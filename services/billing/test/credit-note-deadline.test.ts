import request from 'supertest';
import { binaryBody } from '@portal/platform/testing';
import { reducesOutputTax } from '../src/tax-documents/domain/financial-year';
import { FINANCIAL_CREDIT_NOTE } from '../src/tax-documents/documents/tax-document-pdf';
import { eventually, KARNATAKA_SELLER, MAHARASHTRA_FIRM, newUserId, pdfText, startBilling, type BillingHarness } from './billing-harness';

/** An instant given as India's wall clock. */
const ist = (local: string) => new Date(`${local}+05:30`);

describe('Section 34(2) of the CGST Act: a credit note reduces tax only until 30 November after the financial year of the supply', () => {
  it.each([
    // a supply of March 2027 belongs to 2026-27: its notes reduce tax until 30 November 2027
    ['2027-03-31T23:59', '2027-11-29T12:00', true],
    ['2027-03-31T23:59', '2027-11-30T23:59', true],
    ['2027-03-31T23:59', '2027-12-01T00:00', false],
    // a supply of April 2027 belongs to 2027-28: a note of 1 December 2027 still reduces tax
    ['2027-04-01T00:00', '2027-12-01T00:00', true],
    ['2027-04-01T00:00', '2028-11-30T23:59', true],
    ['2027-04-01T00:00', '2028-12-01T00:01', false],
    // 00:10 IST on 1 April is the new year, though UTC still says 31 March
    ['2027-04-01T00:10', '2028-11-30T10:00', true],
  ])('a supply at %s IST and a note at %s IST: reduces tax %s', (supply, note, reduces) => {
    expect(reducesOutputTax(ist(supply), ist(note))).toBe(reduces);
  });
});

describe('a refund past the time limit: a financial credit note, with no GST, outside GSTR-1', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await startBilling('credit-note-deadline', KARNATAKA_SELLER);
  });
  afterAll(() => billing.close());

  const db = (name: string) => billing.db.connection.collection(name);
  const admin = () => ({ Authorization: `Bearer ${billing.adminToken()}` });

  async function paidAt(at: string) {
    billing.clock.now = ist(at);
    const token = billing.addUser(newUserId(), `late.${Date.now()}.${Math.random()}@example.in`);
    await request(billing.url)
      .put('/api/billing/profile')
      .set({ Authorization: `Bearer ${token}` })
      .send(MAHARASHTRA_FIRM);
    const order = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set({ Authorization: `Bearer ${token}` })
      .send({ plan: 'professional', billingPeriod: 'annual' });
    await billing.phonepe.settle(order.body.merchantOrderId, 'success');
    await eventually(async () => (await db('invoices').findOne({ merchantOrderId: order.body.merchantOrderId })) !== null);
    return { merchantOrderId: order.body.merchantOrderId as string, token };
  }
  async function refundedAt({ merchantOrderId }: { merchantOrderId: string }, at: string) {
    billing.clock.now = ist(at);
    await request(billing.url)
      .post(`/api/admin/transactions/${merchantOrderId}/refunds`)
      .set(admin())
      .send({ amount: 1000, reason: 'Refund after the year' })
      .expect(201);
    await eventually(async () => (await db('credit_notes').findOne({ merchantOrderId })) !== null);
    return (await db('credit_notes').findOne({ merchantOrderId }))!;
  }
  const rowsOf = async (section: string, month: string) =>
    (await request(billing.url).get(`/api/admin/export/gst?month=${month}&section=${section}`).set(admin())).text
      .trim()
      .split('\r\n')
      .slice(1);

  it('when a March supply is refunded on 30 November and another on 1 December, then only the first reduces GST', async () => {
    const inTime = await paidAt('2027-03-31T10:00');
    const late = await paidAt('2027-03-31T11:00');
    const april = await paidAt('2027-04-01T10:00');

    const lastDay = await refundedAt(inTime, '2027-11-30T23:59');
    expect(lastDay).toMatchObject({ igstPaise: 15_254, taxablePaise: 84_746, totalPaise: 100_000 });
    expect(lastDay.financial).toBeUndefined();
    expect(lastDay.number).toBe('TPCN/2728/000001');

    const pastIt = await refundedAt(late, '2027-12-01T00:00');
    expect(pastIt).toMatchObject({ financial: true, igstPaise: 0, cgstPaise: 0, sgstPaise: 0, totalPaise: 100_000 });
    expect(pastIt.number).toBe('TPFC/2728/000001'); // its own series: the GST notes' stays gapless
    const pdf = await pdfText(
      (
        await request(billing.url)
          .get(`/api/billing/credit-notes/${pastIt.merchantRefundId}`)
          .set({ Authorization: `Bearer ${late.token}` })
          .buffer(true)
          .parse(binaryBody)
      ).body as Buffer,
    );
    expect(pdf).toContain(FINANCIAL_CREDIT_NOTE);
    expect(pdf).toContain('Total credited (no GST)');
    expect(pdf).not.toContain('IGST @');

    // the April supply is of the next year: the same day still reduces its tax
    const aprilNote = await refundedAt(april, '2027-12-01T00:00');
    expect(aprilNote.financial).toBeUndefined();
    expect(aprilNote.number).toBe('TPCN/2728/000002');

    // December's GSTR-1 files the April note alone; the financial one is in no section
    const cdnr = await rowsOf('cdnr', '2027-12');
    expect(cdnr).toHaveLength(1);
    expect(cdnr[0]).toContain(aprilNote.number as string);
    expect((await rowsOf('summary', '2027-12')).join('\n')).not.toContain(pastIt.number as string);
    expect((await rowsOf('docs', '2027-12')).join('\n')).not.toContain('TPFC');
  });
});
