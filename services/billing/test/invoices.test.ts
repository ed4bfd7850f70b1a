import request from 'supertest';
import { binaryBody } from '@portal/platform/testing';
import { INVOICE_NOT_FOUND } from '@portal/contracts';
import { configSchema, sellerDetailsOf } from '../src/config';
import { KARNATAKA_SELLER, MAHARASHTRA_FIRM, newUserId, pdfText, startBilling, type BillingHarness } from './billing-harness';
const KARNATAKA_PERSON = { legalName: 'Kavya Rao', street: '4 Church Street', city: 'Bengaluru', pincode: '560001', stateCode: '29' };

describe('tax invoices for credited payments', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    // A real seller in Karnataka, as production would be configured.
    billing = await startBilling('invoices', KARNATAKA_SELLER);
  });
  afterAll(() => billing.close());
  beforeEach(() => {
    billing.clock.now = new Date('2026-11-23T06:30:00.000Z');
  });

  const invoices = () => billing.db.connection.collection('invoices');
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const saveProfile = (token: string, profile: object) => request(billing.url).put('/api/billing/profile').set(auth(token)).send(profile);
  const history = (token: string) => request(billing.url).get('/api/billing/history').set(auth(token));
  const downloadInvoice = (token: string, merchantOrderId: string) =>
    request(billing.url).get(`/api/billing/invoices/${merchantOrderId}`).set(auth(token)).buffer(true).parse(binaryBody);

  async function buy(token: string, plan: string, billingPeriod: string, outcome: 'success' | 'failure' = 'success') {
    const order = await request(billing.url).post('/api/payment/create-phonepe-order').set(auth(token)).send({ plan, billingPeriod });
    expect(order.status).toBe(201);
    await billing.phonepe.settle(order.body.merchantOrderId, outcome);
    return order.body.merchantOrderId as string;
  }

  it('when a GST-registered firm in another state pays, then its IGST invoice lists every Rule 46 field, as history, PDF and e-mail attachment', async () => {
    const userId = newUserId();
    const token = billing.addUser(userId, 'accounts@iyer.example.in', 'Meera');
    expect((await saveProfile(token, MAHARASHTRA_FIRM)).status).toBe(200);
    const merchantOrderId = await buy(token, 'professional', 'monthly');

    const stored = await invoices().findOne({ merchantOrderId });
    expect(stored).toMatchObject({
      number: 'TP/2627/000001',
      accountId: userId,
      placeOfSupply: { code: '27', name: 'Maharashtra' },
      totalPaise: 100_000,
      taxablePaise: 84_746,
      igstPaise: 15_254,
      cgstPaise: 0,
      sgstPaise: 0,
      sac: '997331',
      ratePercent: 18,
      seller: { gstin: '29AAGCR4375J1ZU', stateCode: '29', demo: false },
      buyer: { name: 'Iyer & Associates', gstin: '27AAPFU0939F1ZV', stateCode: '27' },
    });

    const listed = await history(token);
    expect(listed.status).toBe(200);
    expect(listed.body.payments).toEqual([
      {
        merchantOrderId,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), // stored by the database's clock, not the test's
        plan: 'professional',
        billingPeriod: 'monthly',
        seats: 1,
        amount: 1000,
        status: 'completed',
        invoice: { number: 'TP/2627/000001', issuedAt: '2026-11-23T06:30:00.000Z', url: `/api/billing/invoices/${merchantOrderId}` },
        refunds: [],
        credits: [],
        creditApplied: 0,
      },
    ]);

    const pdf = await downloadInvoice(token, merchantOrderId);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="invoice-TP-2627-000001.pdf"');
    const text = await pdfText(pdf.body);
    const transactionId = billing.phonepe.orders.get(merchantOrderId)!.attempts[0]!.transactionId;
    for (const field of [
      'Tax Invoice',
      'Ledgerline Software Private Limited',
      '5 Residency Road, Bengaluru, Karnataka 560025',
      'GSTIN: 29AAGCR4375J1ZU',
      'State: Karnataka (code 29)',
      'Invoice number: TP/2627/000001',
      'Invoice date: 23 Nov 2026',
      'Place of supply: Maharashtra (code 27)',
      'SAC: 997331',
      'Iyer & Associates',
      '12 MG Road, Pune 411001',
      'State: Maharashtra (code 27)',
      'GSTIN: 27AAPFU0939F1ZV',
      // a first purchase keeps its free month: one month and 30 days
      'Professional plan (monthly), service from 23 Nov 2026 to 22 Jan 2027',
      'Taxable value',
      '₹847.46',
      'IGST @ 18%',
      '₹152.54',
      '₹1,000.00',
      'Amount in words: Rupees One Thousand Only',
      `PhonePe transaction id: ${transactionId}`,
      `Order id: ${merchantOrderId}`,
      'Tax is not payable on reverse charge basis.',
    ]) {
      expect(text).toContain(field);
    }
    expect(text).not.toContain('DEMO');

    const receipt = await billing.smtp.waitForMail((mail) => mail.text?.includes(merchantOrderId) ?? false);
    expect(receipt.text).toContain('Your tax invoice TP/2627/000001 is attached');
    expect(receipt.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      ['invoice-TP-2627-000001.pdf', 'application/pdf'],
    ]);
    expect(await pdfText(receipt.attachments[0]!.content)).toContain('Invoice number: TP/2627/000001');
  });

  it('when a buyer in the seller’s state pays, then the tax is CGST and SGST at half the rate each', async () => {
    const token = billing.addUser(newUserId(), 'kavya@example.in');
    await saveProfile(token, KARNATAKA_PERSON);
    const merchantOrderId = await buy(token, 'basic', 'monthly');
    expect(await invoices().findOne({ merchantOrderId })).toMatchObject({
      placeOfSupply: { code: '29', name: 'Karnataka' },
      totalPaise: 50_000,
      taxablePaise: 42_373,
      cgstPaise: 3_814,
      sgstPaise: 3_813,
      igstPaise: 0,
      buyer: { name: 'Kavya Rao', gstin: null },
    });
    const text = await pdfText((await downloadInvoice(token, merchantOrderId)).body);
    expect(text).toContain('CGST @ 9%');
    expect(text).toContain('SGST/UTGST @ 9%');
    expect(text).toContain('GSTIN: unregistered');
  });

  it('when a buyer with no billing details pays, then the invoice carries the account name and the seller’s state as place of supply', async () => {
    const token = billing.addUser(newUserId(), 'plain@example.in', 'Arjun');
    const merchantOrderId = await buy(token, 'business', 'annual');
    expect(await invoices().findOne({ merchantOrderId })).toMatchObject({
      buyer: { name: 'Arjun User', email: 'plain@example.in', address: null, stateCode: null },
      placeOfSupply: { code: '29', name: 'Karnataka' },
    });
  });

  it('when a payment fails, is still pending or was paid with another amount, then it gets no invoice, and the open checkout is not listed', async () => {
    const token = billing.addUser(newUserId(), 'nopay@example.in');
    // two checkouts open at once: a first plan may be bought twice (only an upgrade waits for another)
    const failed = await buy(token, 'basic', 'monthly', 'failure');
    const pending = (
      await request(billing.url)
        .post('/api/payment/create-phonepe-order')
        .set(auth(token))
        .send({ plan: 'basic', billingPeriod: 'monthly' })
    ).body.merchantOrderId;
    const tampered = (
      await request(billing.url)
        .post('/api/payment/create-phonepe-order')
        .set(auth(token))
        .send({ plan: 'business', billingPeriod: 'annual' })
    ).body.merchantOrderId;
    billing.phonepe.reportAmount(tampered, 100);
    await billing.phonepe.settle(tampered, 'success');
    expect(await invoices().countDocuments({ merchantOrderId: { $in: [failed, pending, tampered] } })).toBe(0);
    const listed = (await history(token)).body.payments as { merchantOrderId: string; status: string; invoice: unknown }[];
    expect(listed.map((row) => [row.status, row.invoice])).toEqual(
      expect.arrayContaining([
        ['failed', null],
        ['amount_mismatch', null],
      ]),
    );
    // a checkout left open is no payment: the history leaves it out, as billing's README says
    expect(listed.map((row) => row.merchantOrderId)).not.toContain(pending);
    expect((await downloadInvoice(token, failed)).status).toBe(404);
  });

  it('when a customer downloads their data, then their periods come with the order that paid each; nobody else’s', async () => {
    billing.clock.now = new Date('2026-11-23T19:00:00.000Z'); // 00:30 on 24 November in India
    const token = billing.addUser(newUserId(), 'periods@example.in');
    const merchantOrderId = await buy(token, 'basic', 'annual');
    const periods = await request(billing.url).get('/api/subscription/periods').set(auth(token));
    expect(periods.status).toBe(200);
    expect(periods.body.periods).toEqual([
      expect.objectContaining({ plan: 'basic', billingPeriod: 'annual', source: 'order', state: 'active', merchantOrderId }),
    ]);
    expect(periods.body.periods[0].from).toBe('2026-11-23T19:00:00.000Z');
    const stranger = billing.addUser(newUserId(), 'stranger.periods@example.in');
    expect((await request(billing.url).get('/api/subscription/periods').set(auth(stranger))).body).toEqual({ periods: [] });
    expect((await request(billing.url).get('/api/subscription/periods')).status).toBe(401);
  });

  it('when a visitor opens the contact page, then the seller on the invoices is named with its contacts, without a token', async () => {
    const seller = await request(billing.url).get('/api/seller');
    expect(seller.status).toBe(200);
    expect(seller.headers['cache-control']).toBe('public, max-age=300');
    expect(seller.body).toMatchObject({ legalName: 'Ledgerline Software Private Limited', phone: '+91 80 4123 4567', demo: false });
  });

  it('when another user, no token or a malformed id asks for an invoice, then 404, 401 or 400 and no PDF', async () => {
    const owner = billing.addUser(newUserId(), 'owner@example.in');
    const merchantOrderId = await buy(owner, 'basic', 'monthly');
    const stranger = await downloadInvoice(billing.addUser(newUserId(), 'stranger@example.in'), merchantOrderId);
    expect(stranger.status).toBe(404);
    expect(JSON.parse(stranger.body.toString()).message).toBe(INVOICE_NOT_FOUND);
    expect((await request(billing.url).get(`/api/billing/invoices/${merchantOrderId}`)).status).toBe(401);
    expect((await request(billing.url).get('/api/billing/history')).status).toBe(401);
    const malformed = await request(billing.url).get('/api/billing/invoices/%7B%22%24ne%22%3A1%7D').set(auth(owner));
    expect(malformed.status).toBe(400);
  });

  it('when the same webhook arrives five times at once, then the order has one invoice', async () => {
    const token = billing.addUser(newUserId(), 'dupes@example.in');
    const merchantOrderId = (
      await request(billing.url).post('/api/payment/create-phonepe-order').set(auth(token)).send({ plan: 'basic', billingPeriod: 'annual' })
    ).body.merchantOrderId;
    await billing.phonepe.settle(merchantOrderId, 'success', { webhook: false });
    expect(await Promise.all(Array.from({ length: 5 }, () => billing.phonepe.sendWebhook(merchantOrderId)))).toEqual([
      200, 200, 200, 200, 200,
    ]);
    expect(await invoices().countDocuments({ merchantOrderId })).toBe(1);
  });

  it('when 50 payments are credited at once, then their invoices are numbered without a gap or a duplicate', async () => {
    const orders = await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        const token = billing.addUser(newUserId(), `rush${index}@example.in`);
        const order = await request(billing.url)
          .post('/api/payment/create-phonepe-order')
          .set(auth(token))
          .send({ plan: 'basic', billingPeriod: 'monthly' });
        await billing.phonepe.settle(order.body.merchantOrderId, 'success', { webhook: false });
        return order.body.merchantOrderId as string;
      }),
    );
    const before = await invoices().countDocuments();
    expect(await Promise.all(orders.map((id) => billing.phonepe.sendWebhook(id)))).toEqual(orders.map(() => 200));

    const issued = await invoices()
      .find({ merchantOrderId: { $in: orders } })
      .toArray();
    expect(issued).toHaveLength(50);
    const sequences = issued.map((invoice) => invoice.sequence as number).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, index) => before + 1 + index));
    const all = (
      await invoices()
        .find({}, { projection: { sequence: 1, number: 1 } })
        .toArray()
    ).map((invoice) => invoice.sequence as number);
    expect(all.sort((a, b) => a - b)).toEqual(Array.from({ length: all.length }, (_, index) => index + 1));
    expect(new Set(issued.map((invoice) => invoice.number)).size).toBe(50);
  }, 90_000); // 50 checkouts, payments and PDFs on a machine busy with the rest of the suite

  it('when a payment is credited on 1 April in Indian time, then the new financial year’s series starts at 000001', async () => {
    billing.clock.now = new Date('2027-03-31T18:30:00.000Z'); // 1 April 2027, 00:00 IST
    const merchantOrderId = await buy(billing.addUser(newUserId(), 'april@example.in'), 'basic', 'monthly');
    expect((await invoices().findOne({ merchantOrderId }))?.number).toBe('TP/2728/000001');
  });
});

describe('the seller settings', () => {
  const base = {
    JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nx\\n-----END PUBLIC KEY-----',
    SERVICE_SECRET: 'x'.repeat(40),
    PHONEPE_CLIENT_ID: 'M',
    PHONEPE_CLIENT_SECRET: 's',
    PHONEPE_OAUTH_BASE_URL: 'https://phonepe.example',
    PHONEPE_PG_BASE_URL: 'https://phonepe.example',
    PHONEPE_WEBHOOK_USERNAME: 'portal_hooks',
    PHONEPE_WEBHOOK_PASSWORD: 'hook-secret-1',
  };
  const problems = (env: Record<string, string>) =>
    configSchema.safeParse({ ...base, ...env }).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

  it('when production starts without the seller or the licence key, then each missing setting is named; elsewhere the demo seller stands in', () => {
    const demoNotice = 'required in production: tax invoices cannot be issued with the demo seller';
    expect(problems({ NODE_ENV: 'production' })).toEqual([
      'LICENSE_SIGNING_KEY: required in production: desktop licences must verify after a restart and on every replica',
      `SELLER_LEGAL_NAME: ${demoNotice}`,
      `SELLER_ADDRESS: ${demoNotice}`,
      `SELLER_GSTIN: ${demoNotice}`,
      ...['SELLER_EMAIL', 'SELLER_PHONE', 'GRIEVANCE_OFFICER_NAME', 'GRIEVANCE_OFFICER_EMAIL'].map(
        (key) => `${key}: required in production: the contact and privacy pages name the seller and the grievance officer`,
      ),
    ]);
    expect(problems({ NODE_ENV: 'development' })).toEqual([]);
  });

  it('when one contact setting is missing, then the public pages show the whole demo seller, never a mix', () => {
    const config = (env: Record<string, string>) => configSchema.parse({ ...base, ...env });
    const { GRIEVANCE_OFFICER_EMAIL: _left, ...withoutOne } = KARNATAKA_SELLER;
    expect(sellerDetailsOf(config(withoutOne))).toMatchObject({ legalName: 'Demo Tax Software Private Limited', demo: true });
    expect(sellerDetailsOf(config(KARNATAKA_SELLER))).toEqual({
      legalName: 'Ledgerline Software Private Limited',
      address: '5 Residency Road, Bengaluru, Karnataka 560025',
      gstin: '29AAGCR4375J1ZU',
      email: 'support@ledgerline.in',
      phone: '+91 80 4123 4567',
      grievanceOfficer: { name: 'Meera Krishnan', email: 'grievance@ledgerline.in' },
      demo: false,
    });
    expect(problems({ SELLER_EMAIL: 'support', SELLER_PHONE: 'call us' })).toEqual([
      'SELLER_EMAIL: must be an e-mail address',
      'SELLER_PHONE: must be a phone number',
    ]);
  });

  it('when the seller GSTIN, SAC, rate or prefixes are malformed, then start-up says which and why', () => {
    expect(problems({ SELLER_GSTIN: '29AAGCR4375J1ZA' })).toEqual([
      'SELLER_GSTIN: This GSTIN is not valid: its last character does not match the rest. Please check it for a typing error',
    ]);
    expect(problems({ GST_SAC: '9973', GST_RATE_PERCENT: '40', INVOICE_PREFIX: 'TAXINV', CREDIT_NOTE_PREFIX: 'TP' })).toEqual([
      'GST_SAC: must be a 6-digit SAC',
      'GST_RATE_PERCENT: Too big: expected number to be <=28',
      'INVOICE_PREFIX: must be 1–4 capital letters or digits (a document number has at most 16 characters)',
    ]);
    expect(problems({ CREDIT_NOTE_PREFIX: 'TP' })).toEqual([
      'CREDIT_NOTE_PREFIX: must differ from INVOICE_PREFIX: each document has its own series',
    ]);
  });

  it('when the browser tests’ clock file is set outside NODE_ENV=test, then start-up refuses it', () => {
    expect(problems({ NODE_ENV: 'development', TEST_CLOCK_FILE: '/tmp/clock' })).toEqual([
      'TEST_CLOCK_FILE: only for tests: set NODE_ENV=test or remove it',
    ]);
    expect(problems({ NODE_ENV: 'test', TEST_CLOCK_FILE: '/tmp/clock' })).toEqual([]);
  });
});
