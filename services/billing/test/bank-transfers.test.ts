import request from 'supertest';
import { BANK_TRANSFER_MESSAGES, REFUND_MESSAGES, TDS_MESSAGES } from '@portal/contracts';
import { createServiceCredential } from '@portal/platform';
import { binaryBody } from '@portal/platform/testing';
import {
  DAY,
  KARNATAKA_BUYER,
  KARNATAKA_SELLER,
  MAHARASHTRA_FIRM,
  SERVICE_SECRET,
  newUserId,
  pdfText,
  startBilling,
  type BillingHarness,
} from './billing-harness';

/** The account pro-formas name, as a seller would configure it. */
const SELLER_BANK = {
  SELLER_BANK_ACCOUNT_NAME: 'Ledgerline Software Private Limited',
  SELLER_BANK_NAME: 'HDFC Bank, Residency Road',
  SELLER_BANK_ACCOUNT_NUMBER: '50200012345678',
  SELLER_BANK_IFSC: 'HDFC0000123',
};

describe('bank transfers against pro-formas', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    // a threshold below the firm's ₹48,813.56 of taxable value, so that its TDS applies (the default is ₹50,000)
    billing = await startBilling('bank-transfers', { ...KARNATAKA_SELLER, ...SELLER_BANK, TDS_THRESHOLD_RUPEES: '30000' });
  });
  afterAll(() => billing.close());
  beforeEach(() => {
    billing.clock.now = new Date('2026-12-01T06:30:00.000Z');
  });

  const db = (name: string) => billing.db.connection.collection(name);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const asAdmin = (role?: Parameters<BillingHarness['adminToken']>[0]) => as(billing.adminToken(role));
  const forFirm = (path: string, firmId?: string) => (firmId ? `${path}?firmId=${firmId}` : path);

  /** A firm whose owner has saved the firm's billing details (a GSTIN in Maharashtra: IGST). */
  async function newFirm() {
    const firmId = newUserId();
    const owner = newUserId();
    const member = newUserId();
    const ownerEmail = `owner.${owner}@example.in`;
    const tokens = { owner: billing.addUser(owner, ownerEmail, 'Asha'), member: billing.addUser(member, `member.${member}@example.in`) };
    await billing.addFirm(firmId, 'Iyer & Associates', { [owner]: 'owner', [member]: 'member' });
    const saved = await request(billing.url).put(forFirm('/api/billing/profile', firmId)).set(as(tokens.owner)).send(MAHARASHTRA_FIRM);
    expect(saved.status).toBe(200);
    return { firmId, ownerEmail, ...tokens };
  }

  async function person(details: object | null = KARNATAKA_BUYER) {
    const userId = newUserId();
    const token = billing.addUser(userId, `buyer.${userId}@example.in`);
    if (details) await request(billing.url).put('/api/billing/profile').set(as(token)).send(details);
    return { userId, token };
  }

  const askProforma = (token: string, body: object, firmId?: string) =>
    request(billing.url).post(forFirm('/api/billing/proformas', firmId)).set(as(token)).send(body);
  const record = (reference: string, body: object, role?: Parameters<BillingHarness['adminToken']>[0]) =>
    request(billing.url).post(`/api/admin/proformas/${reference}/receipts`).set(asAdmin(role)).send(body);
  const receipt = (amount: number, utr: string) => ({ amount, utr, receivedOn: '2026-12-01', bank: 'ICICI Bank' });
  const uploadStatement = (csv: string) =>
    request(billing.url).post('/api/admin/bank-statements').set(asAdmin('finance')).set('Content-Type', 'text/csv').send(csv);
  const orderOf = (reference: string) => db('transactions').findOne({ 'bankTransfer.reference': reference });
  let utrCounter = 0;
  /** NEFT's 16 characters: the bank, N, the year and day, and a serial (here a counter; each harness has its own database). */
  const newUtr = () => `HDFCN26335${String(utrCounter++).padStart(6, '0')}`;

  /** A firm's pro-forma for three seats of Business, billed annually, with 10 % TDS. */
  async function firmProforma() {
    const firm = await newFirm();
    const asked = await askProforma(firm.owner, { plan: 'business', billingPeriod: 'annual', seats: 3, deductsTds: true }, firm.firmId);
    expect(asked.status).toBe(201);
    return { firm, proforma: asked.body.proforma };
  }

  describe('the buyer asks for a pro-forma', () => {
    it('when a firm’s owner asks for 3 seats with TDS, then the pro-forma holds the full value, TDS on the taxable value and what to transfer, and is e-mailed as a PDF', async () => {
      const { firm, proforma } = await firmProforma();
      // 3 × ₹19,200 = ₹57,600 with IGST at 18 %: taxable ₹48,813.56; TDS 10 % of it, to the paisa
      expect(proforma).toEqual({
        number: 'PF/2627/000001',
        reference: 'PF2627000001',
        plan: 'business',
        billingPeriod: 'annual',
        seats: 3,
        firm: 'Iyer & Associates',
        customerEmail: firm.ownerEmail,
        issuedAt: '2026-12-01T06:30:00.000Z',
        validUntil: '2026-12-16T06:30:00.000Z',
        total: 57600,
        taxableValue: 48813.56,
        tax: 8786.44,
        tds: { ratePercent: 10, amount: 4881.36, state: null, reason: null },
        amountDue: 52718.64,
        received: 0,
        state: 'open',
        invoiceNumber: null,
      });
      const mail = await billing.smtp.waitForMail((message) => message.subject === 'Pro-forma PF/2627/000001: Business plan (annual)');
      expect(mail.text).toContain('Reference to quote: PF2627000001');
      expect(mail.text).toContain('To transfer: ₹52,718.64');
      const attached = mail.attachments[0]!;
      expect(attached.filename).toBe('proforma-PF-2627-000001.pdf');
      const text = await pdfText(attached.content);
      for (const expected of [
        'Pro-forma Invoice',
        'Not a tax invoice',
        'Pro-forma number: PF/2627/000001',
        'Valid until: 16 Dec 2026',
        'Payment reference: PF2627000001',
        'GSTIN: 27AAPFU0939F1ZV',
        'Quantity: 3 seats at ₹19,200.00 per seat',
        'IGST @ 18%₹8,786.44',
        'Total (tax included)₹57,600.00',
        'Less TDS under section 194J @ 10% of the taxable value, deducted by the buyer -₹4,881.36',
        'Total to transfer₹52,718.64',
        'account 50200012345678, IFSC HDFC0000123',
        'This is a pro-forma invoice, not a tax invoice.',
      ]) {
        expect(text).toContain(expected);
      }
      const downloaded = await request(billing.url)
        .get(forFirm('/api/billing/proformas/PF2627000001', firm.firmId))
        .set(as(firm.owner))
        .buffer(true)
        .parse(binaryBody);
      expect(downloaded.status).toBe(200);
      expect(downloaded.headers['content-disposition']).toBe('attachment; filename="proforma-PF-2627-000001.pdf"');
      // no tax invoice, no plan: a pro-forma asks for money, it is not a sale
      expect(await db('invoices').countDocuments({ accountId: firm.firmId })).toBe(0);
      const status = await request(billing.url).get(forFirm('/api/subscription-status', firm.firmId)).set(as(firm.owner));
      expect(status.body.subscriptionStatus).not.toBe('active');
      const listed = await request(billing.url).get(forFirm('/api/billing/proformas', firm.firmId)).set(as(firm.owner));
      expect(listed.body).toEqual({ proformas: [proforma], credit: 0 });
      // a member sees the firm's plan but does not buy for it; another buyer's pro-forma is absent
      expect((await askProforma(firm.member, { plan: 'business', billingPeriod: 'annual', seats: 3 }, firm.firmId)).status).toBe(403);
      const stranger = await person();
      expect((await request(billing.url).get('/api/billing/proformas/PF2627000001').set(as(stranger.token))).status).toBe(404);
    });

    it.each([
      ['a person without a GSTIN', KARNATAKA_BUYER, 'business', BANK_TRANSFER_MESSAGES.tdsNotBusiness],
      [
        'a business whose year stays below ₹30,000',
        { ...KARNATAKA_BUYER, gstin: '29AABCT1332L1ZA' },
        'basic',
        BANK_TRANSFER_MESSAGES.tdsBelowThreshold('₹30,000'),
      ],
    ])('when %s says it deducts TDS, then it is told why it may not and no order is made', async (_who, details, plan, message) => {
      const buyer = await person(details);
      const refused = await askProforma(buyer.token, { plan, billingPeriod: 'annual', seats: 1, deductsTds: true });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
      expect(await db('transactions').countDocuments({ accountId: buyer.userId })).toBe(0);
    });

    it('when the buyer asks with a malformed body, then a clear 400 and nothing is made', async () => {
      const buyer = await person();
      for (const body of [
        { plan: 'gold', billingPeriod: 'annual' },
        { plan: 'basic', billingPeriod: 'annual', deductsTds: 'yes' },
      ]) {
        expect((await askProforma(buyer.token, body)).status).toBe(400);
      }
      expect(await db('transactions').countDocuments({ accountId: buyer.userId })).toBe(0);
    });

    it('when a customer with a plan running asks a pro-forma for an upgrade, then it is refused: an upgrade is priced on the day it is paid', async () => {
      const buyer = await person();
      const first = await askProforma(buyer.token, { plan: 'basic', billingPeriod: 'monthly' });
      expect((await record(first.body.proforma.reference, receipt(500, newUtr()), 'finance')).status).toBe(201);
      const upgrade = await askProforma(buyer.token, { plan: 'business', billingPeriod: 'monthly' });
      expect(upgrade.status).toBe(400);
      expect(upgrade.body.message).toBe(BANK_TRANSFER_MESSAGES.notForChange);
      // a renewal of the same plan is a price that does not change: offered
      expect((await askProforma(buyer.token, { plan: 'basic', billingPeriod: 'monthly' })).status).toBe(201);
      // the open pro-forma is no checkout under way: an online upgrade is not held up by it
      const online = await request(billing.url)
        .post('/api/payment/create-phonepe-order')
        .set(as(buyer.token))
        .send({ plan: 'business', billingPeriod: 'monthly' });
      expect(online.status).toBe(201);
    });
  });

  describe('a finance admin records what reached the bank', () => {
    it('when a credit is 1 paisa short, then the pro-forma waits; the credit that completes it activates the plan once, with a tax invoice naming the pro-forma and TDS receivable', async () => {
      const { firm, proforma } = await firmProforma();
      const short = await record(proforma.reference, receipt(52718.63, newUtr()), 'finance');
      expect(short.status).toBe(201);
      expect(short.body).toMatchObject({ outcome: 'part_paid', proforma: { state: 'part_paid', received: 52718.63 } });
      expect(await db('invoices').countDocuments({ accountId: firm.firmId })).toBe(0);

      const rest = await record(proforma.reference, receipt(0.01, newUtr()), 'finance');
      expect(rest.body).toMatchObject({ outcome: 'paid', receipt: { state: 'applied', excess: 0 } });
      const order = await orderOf(proforma.reference);
      expect(order).toMatchObject({ status: 'completed', credited: true, amountPaise: 57_600_00, method: 'bank_transfer' });
      expect(rest.body.proforma).toMatchObject({ state: 'paid', invoiceNumber: order!.invoiceNumber });
      const status = await request(billing.url).get(forFirm('/api/subscription-status', firm.firmId)).set(as(firm.owner));
      expect(status.body).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'business' });
      const mail = await billing.smtp.waitForMail(
        (message) => message.subject === 'Payment received: Business plan (annual)' && JSON.stringify(message.to).includes(firm.ownerEmail),
      );
      const invoice = await pdfText(mail.attachments[0]!.content);
      expect(invoice).toContain('Tax Invoice');
      expect(invoice).toContain('Total (tax included)₹57,600.00');
      expect(invoice).toContain(`Paid by bank transfer against pro-forma ${proforma.number}.`);
      expect(invoice).toContain('TDS of ₹4,881.36 (10% of the taxable value) deducted by the buyer under section 194J is receivable');
      // nothing more can pay it
      const again = await record(proforma.reference, receipt(1, newUtr()), 'finance');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(BANK_TRANSFER_MESSAGES.settled);
      expect(await db('bank_receipts').countDocuments({ reference: proforma.reference })).toBe(2);
    });

    it('when a transfer pays a pro-forma, then the GSTR-1, the admin’s transactions and their CSV, and MRR count it as they count an online payment', async () => {
      const mrr = async () =>
        (
          await request(billing.url)
            .get('/internal/analytics')
            .set('Authorization', createServiceCredential('admin-reporting', SERVICE_SECRET)())
        ).body.recurring.mrr as number;
      const before = await mrr();
      const { proforma } = await firmProforma();
      expect((await record(proforma.reference, receipt(52718.64, newUtr()), 'finance')).body.outcome).toBe('paid');
      const order = (await orderOf(proforma.reference))!;

      // three seats of Business (annual) at ₹19,200: a twelfth of ₹57,600 a month
      expect((await mrr()) - before).toBe(4800);
      const b2b = await request(billing.url).get('/api/admin/export/gst?month=2026-12&section=b2b').set(asAdmin());
      const row = b2b.text.split('\r\n').find((line) => line.includes(order.invoiceNumber as string));
      expect(row?.split(',')).toEqual(
        expect.arrayContaining(['27AAPFU0939F1ZV', order.invoiceNumber, '01-Dec-2026', '57600.00', '27-Maharashtra', '48813.56']),
      );
      const range = `startDate=2026-11-01&endDate=2026-12-31&transactionId=${order.merchantOrderId}`;
      const listed = await request(billing.url).get(`/api/admin/transactions?${range}`).set(asAdmin());
      expect(listed.body.transactions).toEqual([
        expect.objectContaining({
          transactionId: order.merchantOrderId,
          status: 'completed',
          amount: 57_600,
          paidAmount: 52_718.64,
          paymentMethod: 'bank_transfer',
          taxableValue: 48_813.56,
          invoiceNumber: order.invoiceNumber,
        }),
      ]);
      const csv = await request(billing.url).get(`/api/admin/export/transactions?${range}`).set(asAdmin());
      expect(csv.text).toContain(order.merchantOrderId);
      expect(csv.text).toContain(order.invoiceNumber);
    });

    it('when a credit is 1 paisa over, then it pays the pro-forma and the paisa is shown as the customer’s credit', async () => {
      const buyer = await person();
      const asked = await askProforma(buyer.token, { plan: 'professional', billingPeriod: 'monthly' });
      const over = await record(asked.body.proforma.reference, receipt(1000.01, newUtr()), 'finance');
      expect(over.body).toMatchObject({ outcome: 'paid', receipt: { excess: 0.01 } });
      const listed = await request(billing.url).get('/api/billing/proformas').set(as(buyer.token));
      expect(listed.body.credit).toBe(0.01);
      // a bank transfer is paid back by bank: the refund is recorded with that transfer's UTR, never asked of PhonePe
      const { merchantOrderId } = (await orderOf(asked.body.proforma.reference))!;
      const refund = (body: object) =>
        request(billing.url).post(`/api/admin/transactions/${merchantOrderId}/refunds`).set(asAdmin('finance')).send(body);
      const withoutUtr = await refund({ amount: 100, reason: 'Asked by the customer' });
      expect([withoutUtr.status, withoutUtr.body.message]).toEqual([400, REFUND_MESSAGES.bankTransfer]);
      expect(await db('refunds').countDocuments({ merchantOrderId })).toBe(0);
      const paidBack = await refund({ amount: 100, reason: 'Asked by the customer', utr: 'ICICR52026120100000077' });
      expect(paidBack.status).toBe(201);
      expect(paidBack.body).toMatchObject({
        message: REFUND_MESSAGES.paidBack,
        refund: { state: 'completed', amount: 100, utr: 'ICICR52026120100000077' },
      });
      expect(await orderOf(asked.body.proforma.reference)).toMatchObject({ refundedPaise: 100_00, refundPending: false });
      const notice = await billing.smtp.waitForMail(
        (message) => message.subject === 'Refund of ₹100 completed' && JSON.stringify(message.to).includes(buyer.userId),
      );
      expect(notice.text).toContain('Paid back by bank, UTR: ICICR52026120100000077');
      expect(await pdfText(notice.attachments[0]!.content)).toContain('Paid back by bank transfer, UTR ICICR52026120100000077.');
      // what is left is what reached us, not the invoice's value
      const tooMuch = await refund({ amount: 900.01, reason: 'Asked by the customer', utr: 'ICICR52026120100000078' });
      expect([tooMuch.status, tooMuch.body.message]).toEqual([400, REFUND_MESSAGES.tooMuch('₹900')]);
    });

    it('when the same UTR is recorded twice, or by a role that may not, then it is refused and nothing changes', async () => {
      const buyer = await person();
      const asked = await askProforma(buyer.token, { plan: 'basic', billingPeriod: 'monthly' });
      const utr = newUtr();
      expect((await record(asked.body.proforma.reference, receipt(100, utr), 'finance')).status).toBe(201);
      const twice = await record(asked.body.proforma.reference, receipt(100, utr), 'finance');
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe(BANK_TRANSFER_MESSAGES.utrTaken(utr));
      expect((await record(asked.body.proforma.reference, receipt(400, newUtr()), 'support')).status).toBe(403);
      expect((await orderOf(asked.body.proforma.reference))!.bankTransfer.receivedPaise).toBe(100_00);
      for (const body of [receipt(0.001, newUtr()), receipt(10, 'N/A'), { ...receipt(10, newUtr()), receivedOn: '2026-12-02' }]) {
        expect((await record(asked.body.proforma.reference, body, 'finance')).status).toBe(400);
      }
      expect((await record('PF2627999999', receipt(10, newUtr()), 'finance')).status).toBe(404);
      expect(await db('bank_receipts').countDocuments({ reference: asked.body.proforma.reference })).toBe(1);
    });

    it('when two credits of one pro-forma arrive at once, then both count and it is credited once', async () => {
      const buyer = await person();
      const asked = await askProforma(buyer.token, { plan: 'professional', billingPeriod: 'monthly' });
      const { reference } = asked.body.proforma;
      const answers = await Promise.all([
        record(reference, receipt(500, newUtr()), 'finance'),
        record(reference, receipt(500, newUtr()), 'finance'),
      ]);
      expect(answers.map((answer) => answer.body.outcome).sort()).toEqual(['paid', 'part_paid']);
      expect(await db('invoices').countDocuments({ accountId: buyer.userId })).toBe(1);
    });

    it('when a pro-forma is past its validity with nothing received, then a credit is refused and the order lapses; one with a part received still takes the rest', async () => {
      const lapsing = await person();
      const waiting = await person();
      const first = (await askProforma(lapsing.token, { plan: 'basic', billingPeriod: 'monthly' })).body.proforma;
      const second = (await askProforma(waiting.token, { plan: 'basic', billingPeriod: 'monthly' })).body.proforma;
      await record(second.reference, receipt(200, newUtr()), 'finance');
      billing.clock.now = new Date(Date.parse(first.validUntil) - 1);
      expect((await request(billing.url).get('/api/billing/proformas').set(as(lapsing.token))).body.proformas[0].state).toBe('open');
      billing.clock.now = new Date(Date.parse(first.validUntil));
      const late = await record(first.reference, receipt(500, newUtr()), 'finance');
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(BANK_TRANSFER_MESSAGES.expired('16 Dec 2026'));
      billing.clock.now = new Date(Date.parse(first.validUntil) + 20 * DAY);
      await billing.built.payments.reconcile(0);
      expect(await orderOf(first.reference)).toMatchObject({ status: 'expired' });
      expect(await orderOf(second.reference)).toMatchObject({ status: 'pending' });
      expect((await record(second.reference, receipt(300, newUtr()), 'finance')).body.outcome).toBe('paid');
    });
  });

  describe('the TDS the buyer deducted', () => {
    /** A firm's TDS pro-forma, paid in full, so its TDS is receivable. */
    async function paidWithTds() {
      const { firm, proforma } = await firmProforma();
      expect((await record(proforma.reference, receipt(52718.64, newUtr()), 'finance')).body.outcome).toBe('paid');
      return { firm, proforma };
    }
    const uploadForm16a = (token: string, reference: string, body: Buffer, firmId?: string) =>
      request(billing.url)
        .put(forFirm(`/api/billing/proformas/${reference}/form-16a`, firmId))
        .set(as(token))
        .set('Content-Type', 'application/pdf')
        .send(body);
    const A_PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    const register = async (role?: Parameters<BillingHarness['adminToken']>[0]) =>
      (await request(billing.url).get('/api/admin/tds').set(asAdmin(role))).body.tds as { reference: string }[];

    it('when the buyer uploads its Form 16A and finance marks it credited, then the register and the buyer’s page follow it, and the buyer is told', async () => {
      const { firm, proforma } = await paidWithTds();
      const receivable = (await register('read-only')).find((row) => row.reference === proforma.reference);
      expect(receivable).toMatchObject({
        customer: 'Iyer & Associates',
        customerEmail: firm.ownerEmail,
        quarter: '2026-27 Q3',
        amount: 4881.36,
        state: 'receivable',
        certificateDue: '2027-02-15',
        overdue: false,
        certificateNumber: null,
      });
      // not a PDF, or too large: refused, nothing kept
      expect((await uploadForm16a(firm.owner, proforma.reference, Buffer.from('<html>'), firm.firmId)).status).toBe(400);
      const tooLarge = await uploadForm16a(
        firm.owner,
        proforma.reference,
        Buffer.concat([A_PDF, Buffer.alloc(2 * 1024 * 1024)]),
        firm.firmId,
      );
      expect([tooLarge.status, tooLarge.body.message]).toEqual([400, TDS_MESSAGES.tooLarge]);
      expect((await uploadForm16a(firm.member, proforma.reference, A_PDF, firm.firmId)).status).toBe(403);
      const uploaded = await uploadForm16a(firm.owner, proforma.reference, A_PDF, firm.firmId);
      expect([uploaded.status, uploaded.body.message]).toEqual([200, TDS_MESSAGES.uploaded]);
      const certificate = await request(billing.url)
        .get(`/api/admin/tds/${proforma.reference}/form-16a`)
        .set(asAdmin('read-only'))
        .buffer(true)
        .parse(binaryBody);
      expect(Buffer.compare(certificate.body as Buffer, A_PDF)).toBe(0);

      const refusedRole = await request(billing.url)
        .post(`/api/admin/tds/${proforma.reference}/credit`)
        .set(asAdmin('support'))
        .send({ certificateNumber: 'ABCDEF12', quarter: '2026-27 Q3' });
      expect(refusedRole.status).toBe(403);
      const credited = await request(billing.url)
        .post(`/api/admin/tds/${proforma.reference}/credit`)
        .set(asAdmin('finance'))
        .send({ certificateNumber: 'abcdef12', quarter: '2026-27 Q3' });
      expect(credited.body.tds).toMatchObject({ state: 'credited', certificateNumber: 'ABCDEF12' });
      const told = await billing.smtp.waitForMail((message) => message.subject === `TDS credited: ${credited.body.tds.invoiceNumber}`);
      expect(told.text).toContain('certificate ABCDEF12 for 2026-27 Q3, and the TDS of ₹4,881.36 is credited');
      const page = await request(billing.url).get(forFirm('/api/billing/proformas', firm.firmId)).set(as(firm.owner));
      expect(page.body.proformas[0].tds).toEqual({ ratePercent: 10, amount: 4881.36, state: 'credited', reason: null });
      // credited is final
      expect((await uploadForm16a(firm.owner, proforma.reference, A_PDF, firm.firmId)).status).toBe(409);
    });

    it('when finance rejects a Form 16A, then the buyer reads the reason and may upload again; past 15 February it is overdue in the register and its CSV', async () => {
      const { firm, proforma } = await paidWithTds();
      await uploadForm16a(firm.owner, proforma.reference, A_PDF, firm.firmId);
      const badReason = await request(billing.url)
        .post(`/api/admin/tds/${proforma.reference}/reject`)
        .set(asAdmin('finance'))
        .send({ reason: 'x' });
      expect(badReason.status).toBe(400);
      const rejected = await request(billing.url)
        .post(`/api/admin/tds/${proforma.reference}/reject`)
        .set(asAdmin('finance'))
        .send({ reason: 'The PAN of the deductee is not ours.' });
      expect(rejected.body.tds).toMatchObject({ state: 'rejected', reason: 'The PAN of the deductee is not ours.' });
      const told = await billing.smtp.waitForMail(
        (message) => message.subject === `Form 16A not accepted: ${rejected.body.tds.invoiceNumber}`,
      );
      expect(told.text).toContain('could not be accepted: The PAN of the deductee is not ours.');
      const page = await request(billing.url).get(forFirm('/api/billing/proformas', firm.firmId)).set(as(firm.owner));
      expect(page.body.proformas[0].tds).toMatchObject({ state: 'rejected', reason: 'The PAN of the deductee is not ours.' });

      billing.clock.now = new Date('2027-02-15T18:29:59.999Z'); // the last instant of 15 February in India
      expect((await register()).find((row) => row.reference === proforma.reference)).toMatchObject({ overdue: false });
      billing.clock.now = new Date('2027-02-15T18:30:00.000Z');
      expect((await register()).find((row) => row.reference === proforma.reference)).toMatchObject({ overdue: true });
      const csv = await request(billing.url).get('/api/admin/export/tds').set(asAdmin('finance'));
      expect(csv.status).toBe(200);
      expect(csv.text.split('\r\n')[0]).toBe('Quarter,Customer,E-mail,Invoice,Pro-forma,TDS (₹),State,Form 16A due,Overdue,Certificate');
      expect(csv.text).toContain(
        `2026-27 Q3,Iyer & Associates,${firm.ownerEmail},${rejected.body.tds.invoiceNumber},${proforma.reference},4881.36,rejected,2027-02-15,yes,`,
      );
      expect((await request(billing.url).get('/api/admin/export/tds').set(asAdmin('support'))).status).toBe(403);
      // and again
      expect((await uploadForm16a(firm.owner, proforma.reference, A_PDF, firm.firmId)).status).toBe(200);
    });

    it('when a buyer uploads for a pro-forma without TDS, or one not paid yet, then it is told why', async () => {
      const buyer = await person();
      const plain = (await askProforma(buyer.token, { plan: 'basic', billingPeriod: 'monthly' })).body.proforma;
      const noTds = await uploadForm16a(buyer.token, plain.reference, A_PDF);
      expect([noTds.status, noTds.body.message]).toEqual([400, TDS_MESSAGES.noTds]);
      const { firm, proforma } = await firmProforma();
      const unpaid = await uploadForm16a(firm.owner, proforma.reference, A_PDF, firm.firmId);
      expect([unpaid.status, unpaid.body.message]).toEqual([409, TDS_MESSAGES.notPaid]);
      expect((await uploadForm16a(buyer.token, proforma.reference, A_PDF)).status).toBe(404);
    });
  });

  describe('a bank statement', () => {
    /** HDFC Bank's statement layout, with the lines it prints above the header. */
    const statement = (lines: string[]) =>
      [
        'HDFC BANK Ltd.,,,,,,',
        'Account No :50200012345678,,,,,,',
        'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
        ...lines,
      ].join('\r\n');

    it('when a statement holds a pro-forma’s credit less TDS, a debit and a credit naming nothing, then the first pays its pro-forma, the debit is skipped and the other waits unapplied; the same statement again changes nothing', async () => {
      const { firm, proforma } = await firmProforma();
      const utr = newUtr();
      const stray = newUtr();
      const csv = statement([
        `01/12/26,"NEFT CR-ICIC0000104-IYER AND ASSOCIATES-PF/2627/${proforma.number.slice(-6)}",${utr},01/12/26,,"52,718.64","1,52,718.64"`,
        '01/12/26,ATM WDL,000000123456,01/12/26,"2,000.00",,"1,50,718.64"',
        `01/12/26,NEFT CR-SBIN0001234-RAVI KUMAR,${stray},01/12/26,,999.00,"1,51,717.64"`,
      ]);
      const imported = await uploadStatement(csv);
      expect(imported.status).toBe(200);
      expect(imported.body).toEqual({
        credits: 2,
        skipped: 1,
        results: [
          { line: 4, utr, amount: 52718.64, outcome: 'paid', reference: proforma.reference },
          { line: 6, utr: stray, amount: 999, outcome: 'unapplied', reference: null },
        ],
      });
      expect(await orderOf(proforma.reference)).toMatchObject({ status: 'completed', credited: true });
      const status = await request(billing.url).get(forFirm('/api/subscription-status', firm.firmId)).set(as(firm.owner));
      expect(status.body.subscriptionStatus).toBe('active');

      const again = await uploadStatement(csv);
      expect(again.body.results.map((result: { outcome: string }) => result.outcome)).toEqual(['duplicate', 'duplicate']);
      expect(await db('invoices').countDocuments({ accountId: firm.firmId })).toBe(1);
      const unapplied = await request(billing.url).get('/api/admin/bank-receipts?state=unapplied').set(asAdmin('read-only'));
      expect(unapplied.body.receipts.filter((row: { utr: string }) => row.utr === stray)).toEqual([
        expect.objectContaining({ amount: 999, state: 'unapplied', note: 'No pro-forma reference in the narration.', source: 'statement' }),
      ]);
    });

    it('when an unapplied credit is applied to the pro-forma a person found, or returned, then it leaves the unapplied list once', async () => {
      const buyer = await person();
      const asked = (await askProforma(buyer.token, { plan: 'basic', billingPeriod: 'monthly' })).body.proforma;
      const [toApply, toReturn] = [newUtr(), newUtr()];
      await uploadStatement(
        statement([
          `02/12/26,IMPS RAVI KUMAR,${toApply},02/12/26,,500.00,1000.00`,
          `02/12/26,NEFT UNKNOWN,${toReturn},02/12/26,,10.00,1010.00`,
        ]),
      );
      const applied = await request(billing.url)
        .post(`/api/admin/bank-receipts/${toApply}/apply`)
        .set(asAdmin('finance'))
        .send({ reference: asked.number });
      expect(applied.status).toBe(200);
      expect(applied.body).toMatchObject({ outcome: 'paid', receipt: { state: 'applied', reference: asked.reference } });
      const returned = await request(billing.url)
        .post(`/api/admin/bank-receipts/${toReturn}/return`)
        .set(asAdmin('finance'))
        .send({ note: 'Sent back by NEFT on 3 Dec' });
      expect(returned.body.receipt).toMatchObject({ state: 'returned', note: 'Sent back by NEFT on 3 Dec' });
      for (const utr of [toApply, toReturn]) {
        const twice = await request(billing.url)
          .post(`/api/admin/bank-receipts/${utr}/return`)
          .set(asAdmin('finance'))
          .send({ note: 'again' });
        expect(twice.status).toBe(409);
      }
    });

    it('when a credit line’s date or amount cannot be read, or the file is no statement, then the whole file is refused with the line and nothing is recorded', async () => {
      const before = await db('bank_receipts').countDocuments();
      const badDate = await uploadStatement(statement([`31/02/26,NEFT X,${newUtr()},31/02/26,,100.00,100.00`]));
      expect(badDate.status).toBe(400);
      expect(badDate.body.message).toBe('Line 4: the date “31/02/26” is not a date the portal reads (DD/MM/YYYY).');
      const badAmount = await uploadStatement(statement([`01/12/26,NEFT X,${newUtr()},01/12/26,,12.3x,100.00`]));
      expect(badAmount.body.message).toBe('Line 4: the credit “12.3x” is not an amount in rupees.');
      const noHeader = await uploadStatement('a,b\n1,2\n');
      expect(noHeader.body.message).toBe(BANK_TRANSFER_MESSAGES.statementColumns);
      const json = await request(billing.url).post('/api/admin/bank-statements').set(asAdmin('finance')).send({ csv: 'x' });
      expect(json.status).toBe(400);
      expect(json.body.message).toBe(BANK_TRANSFER_MESSAGES.statementNotCsv);
      expect(await db('bank_receipts').countDocuments()).toBe(before);
    });
  });

  it('when the seller has given no account to pay into, then a pro-forma is not offered and nothing is made', async () => {
    const bare = await startBilling('bank-transfers-off', KARNATAKA_SELLER);
    try {
      const userId = newUserId();
      const token = bare.addUser(userId, `buyer.${userId}@example.in`);
      const refused = await request(bare.url)
        .post('/api/billing/proformas')
        .set(as(token))
        .send({ plan: 'basic', billingPeriod: 'monthly' });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(BANK_TRANSFER_MESSAGES.notOffered);
      expect(await bare.db.connection.collection('transactions').countDocuments()).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
