import request from 'supertest';
import { ORDER_PAID, ORDER_REFUNDED, type OrderPaidEvent, type OrderRefundedEvent } from '@portal/contracts/internal';
import { startPartners, type PartnersUnderTest } from './partners-harness';

// 15 November 2026, noon in India
const MID_NOVEMBER = new Date('2026-11-15T06:30:00.000Z');
const customer = { id: 'c0000000000000000000000a', email: 'ca.mehta@example.in', plan: 'professional', status: 'active' };
const stranger = {
  id: 'c0000000000000000000000b',
  email: 'walk.in@example.in',
  firms: [
    { id: 'f0000000000000000000000a', name: 'Walk-in & Co', role: 'owner' as const },
    { id: 'f0000000000000000000000b', name: 'Elsewhere LLP', role: 'member' as const },
  ],
};
const dealer = { id: 'd0000000000000000000000a', email: 'sales@silverdealer.in' };

const paid = (overrides: Partial<OrderPaidEvent> = {}): OrderPaidEvent => ({
  merchantOrderId: 'ORD-PRO-ANNUAL-1',
  accountId: customer.id,
  firmId: null,
  kind: 'new',
  firmOwnerId: null,
  plan: 'professional',
  billingPeriod: 'annual',
  taxablePaise: 813559,
  amountPaise: 960000,
  paidAt: '2026-11-16T05:00:00.000Z',
  ...overrides,
});
const refunded = (overrides: Partial<OrderRefundedEvent> = {}): OrderRefundedEvent => ({
  merchantRefundId: 'RF-1',
  merchantOrderId: 'ORD-PRO-ANNUAL-1',
  accountId: customer.id,
  refundedPaise: 480000,
  paidPaise: 960000,
  refundedAt: '2026-11-20T05:00:00.000Z',
  ...overrides,
});

describe('a partner’s commission: attribution, the ledger from billing’s events, statements and payouts', () => {
  let portal: PartnersUnderTest;
  let partnerId: string;
  let code: string;
  const owner = () => `Bearer ${portal.tokens.admin('owner')}`;
  const staff = () => `Bearer ${portal.tokens.partner(dealer.id, partnerId)}`;
  const lines = async () =>
    (await request(portal.app).get('/api/partners/area/ledger').set('Authorization', staff()).expect(200)).body.lines;
  /** Billing's events are consumed by the service's own worker; the ledger is read until it shows them. */
  async function untilLines(count: number) {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const found = await lines();
      if (found.length >= count) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`the ledger never reached ${count} lines`);
  }

  beforeAll(async () => {
    portal = await startPartners('commission', MID_NOVEMBER);
    for (const person of [customer, stranger, dealer]) portal.customers.set(person.id, person);
    const created = await request(portal.app)
      .post('/api/admin/partners')
      .set('Authorization', owner())
      .send({
        legalName: 'Silver Tax Solutions LLP',
        gstin: '27ABCDE1234F1Z0',
        pan: 'abcde1234f',
        bank: { accountName: 'Silver Tax Solutions LLP', accountNumber: '123456789012', ifsc: 'hdfc0001234' },
        tier: 'silver',
      })
      .expect(201);
    partnerId = created.body.partner.id;
    code = created.body.partner.code;
    expect(created.body.partner).toMatchObject({
      pan: 'ABCDE1234F',
      bank: { accountEnding: '9012', ifsc: 'HDFC0001234' },
      status: 'active',
    });
    expect(JSON.stringify(created.body)).not.toContain('123456789012');
    await request(portal.app)
      .post(`/api/admin/partners/${partnerId}/staff`)
      .set('Authorization', owner())
      .send({ email: dealer.email })
      .expect(201);
    expect(portal.stub.staff.get(dealer.id)).toBe(partnerId);
  });
  afterAll(() => portal.stop());

  it('when a GSTIN does not carry the PAN, then 400 says so and no partner is made', async () => {
    const response = await request(portal.app)
      .post('/api/admin/partners')
      .set('Authorization', owner())
      .send({
        legalName: 'Other Dealer',
        gstin: '27ABCDE1234F1Z0',
        pan: 'ZZZZZ9999Z',
        bank: { accountName: 'Other', accountNumber: '123456789', ifsc: 'HDFC0001234' },
        tier: 'gold',
      });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The GSTIN must carry the partner’s PAN (its 3rd to 12th characters)');
    const list = await request(portal.app).get('/api/admin/partners').set('Authorization', owner()).expect(200);
    expect(list.body.partners).toHaveLength(1);
  });

  it('when the customer joins with the partner’s code, then the profile shows the partner and a second partner is refused', async () => {
    const token = `Bearer ${portal.tokens.user(customer)}`;
    const joined = await request(portal.app).post('/api/partners/mine').set('Authorization', token).send({ code: code.toLowerCase() });
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({
      message: 'Silver Tax Solutions LLP is now your partner.',
      partner: { legalName: 'Silver Tax Solutions LLP', code },
    });
    const again = await request(portal.app).post('/api/partners/mine').set('Authorization', token).send({ code });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already have a partner. Leave them on your profile first.');
    const unknown = await request(portal.app)
      .post('/api/partners/mine')
      .set('Authorization', `Bearer ${portal.tokens.user(stranger)}`)
      .send({ code: 'NOSUCH99' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('This partner code is not known. Check it with your partner.');
  });

  it('when the partner lists its customers, then it sees its own with their plan, and one customer with their PCs', async () => {
    const list = await request(portal.app).get('/api/partners/area/customers?q=MEHTA').set('Authorization', staff()).expect(200);
    expect(list.body.customers).toEqual([
      expect.objectContaining({ userId: customer.id, email: customer.email, plan: 'professional', status: 'active', source: 'code' }),
    ]);
    const one = await request(portal.app).get(`/api/partners/area/customers/${customer.id}`).set('Authorization', staff()).expect(200);
    expect(one.body.devices).toEqual([expect.objectContaining({ deviceName: 'FRONT-DESK' })]);
  });

  it('when the partner raises a pro-forma for its customer, then billing is asked in the customer’s name, and billing’s refusal reaches the partner as 400', async () => {
    const raised = await request(portal.app)
      .post(`/api/partners/area/customers/${customer.id}/proformas`)
      .set('Authorization', staff())
      .send({ plan: 'professional', billingPeriod: 'annual' });
    expect(raised.status).toBe(201);
    expect(raised.body.proforma.number).toMatch(/^PF\//);
    expect(portal.stub.proformas.at(-1)).toEqual({
      userId: customer.id,
      body: { plan: 'professional', billingPeriod: 'annual', deductsTds: false, email: customer.email },
    });
    const stranger_ = await request(portal.app)
      .post(`/api/partners/area/customers/${stranger.id}/proformas`)
      .set('Authorization', staff())
      .send({ plan: 'professional', billingPeriod: 'annual' });
    expect(stranger_.status).toBe(404);
    expect(portal.stub.proformas).toHaveLength(1);
  });

  it('when the customer pays Professional annual and half is refunded, then the ledger holds ₹1,627.12 and −₹813.56, each once', async () => {
    await portal.publish(ORDER_PAID, paid());
    await portal.publish(ORDER_PAID, paid()); // billing publishes again after a crash: one line still
    await portal.publish(ORDER_PAID, paid({ merchantOrderId: 'ORD-STRANGER', accountId: stranger.id })); // not a partner's customer
    await untilLines(1);
    await portal.publish(ORDER_REFUNDED, refunded());
    const found = await untilLines(2);
    expect(
      found.map(({ kind, base, ratePercent, commission }: Record<string, unknown>) => ({ kind, base, ratePercent, commission })),
    ).toEqual([
      { kind: 'refund', base: 4800, ratePercent: null, commission: -813.56 },
      { kind: 'new', base: 8135.59, ratePercent: 20, commission: 1627.12 },
    ]);
    expect(await portal.db.connection.collection('ledger_lines').countDocuments()).toBe(2);
  });

  it('when the 3rd of December begins in India, then November’s statement adds up to the ledger to the paisa, and not a millisecond before', async () => {
    portal.setNow(new Date('2026-12-02T18:29:59.999Z')); // 23:59:59.999 on 2 December, India
    expect(await portal.statements.issueDue()).toBe(0);
    portal.setNow(new Date('2026-12-02T18:30:00.000Z'));
    expect(await portal.statements.issueDue()).toBe(1);
    expect(await portal.statements.issueDue()).toBe(0);
    const { body } = await request(portal.app).get('/api/partners/area/statements').set('Authorization', staff()).expect(200);
    // 1,627.12 − 813.56 = 813.56; GST 18 % = 146.44; TDS 2 % = 16.27; payable 813.56 + 146.44 − 16.27 = 943.73
    expect(body.statements).toEqual([
      expect.objectContaining({
        month: '2026-11',
        lines: 2,
        commission: 813.56,
        broughtForward: 0,
        gst: 146.44,
        tds: 16.27,
        payable: 943.73,
        payout: null,
      }),
    ]);
    const ledgerSum = (await lines()).reduce((sum: number, line: { commission: number }) => sum + Math.round(line.commission * 100), 0);
    expect(ledgerSum).toBe(81356);
    const [statement] = body.statements;
    expect(Math.round(statement.commission * 100) + Math.round(statement.gst * 100) - Math.round(statement.tds * 100)).toBe(
      Math.round(statement.payable * 100),
    );
  });

  it('when the partner downloads the statement, then the CSV lists the lines and totals and the PDF is a PDF', async () => {
    const csv = await request(portal.app).get('/api/partners/area/statements/2026-11/csv').set('Authorization', staff()).expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text).toContain('ca.mehta@example.in,ORD-PRO-ANNUAL-1,new,8135.59,20,1627.12');
    expect(csv.text).toContain('Payable,,,,,,943.73');
    const pdf = await request(portal.app)
      .get('/api/partners/area/statements/2026-11/pdf')
      .set('Authorization', staff())
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    await request(portal.app).get('/api/partners/area/statements/2026-10/csv').set('Authorization', staff()).expect(404);
  });

  it('when finance records the payout, then it is kept once with its UTR; support may not record one', async () => {
    const path = `/api/admin/partners/${partnerId}/statements/2026-11/payout`;
    const body = { utr: 'hdfcn52026120312345', paidOn: '2026-12-05' };
    const support = await request(portal.app)
      .post(path)
      .set('Authorization', `Bearer ${portal.tokens.admin('support')}`)
      .send(body);
    expect(support.status).toBe(403);
    const recorded = await request(portal.app)
      .post(path)
      .set('Authorization', `Bearer ${portal.tokens.admin('finance')}`)
      .send(body)
      .expect(200);
    expect(recorded.body.statement.payout).toEqual({ utr: 'HDFCN52026120312345', paidOn: '2026-12-05' });
    const twice = await request(portal.app).post(path).set('Authorization', owner()).send(body);
    expect(twice.status).toBe(409);
  });

  it('when the rest is refunded after the payout, then the negative line goes to December and its balance is carried forward untaxed', async () => {
    await portal.publish(ORDER_REFUNDED, refunded({ merchantRefundId: 'RF-2', refundedAt: '2026-12-10T05:00:00.000Z' }));
    await untilLines(3);
    portal.setNow(new Date('2027-01-02T18:30:00.000Z'));
    expect(await portal.statements.issueDue()).toBe(1);
    const { body } = await request(portal.app).get(`/api/admin/partners/${partnerId}/statements`).set('Authorization', owner()).expect(200);
    expect(body.statements[0]).toEqual(
      expect.objectContaining({ month: '2026-12', lines: 1, commission: -813.56, gst: 0, tds: 0, payable: 0, carriedForward: -813.56 }),
    );
    // a later sale pays the balance off first
    await portal.publish(ORDER_PAID, paid({ merchantOrderId: 'ORD-RENEW-2', kind: 'renewal', paidAt: '2027-01-10T05:00:00.000Z' }));
    await untilLines(4);
    portal.setNow(new Date('2027-02-02T18:30:00.000Z'));
    expect(await portal.statements.issueDue()).toBe(1);
    const after = await request(portal.app).get(`/api/admin/partners/${partnerId}/statements`).set('Authorization', owner()).expect(200);
    // renewal at 10 %: 813.56; less the 813.56 brought forward: nothing payable, nothing carried
    expect(after.body.statements[0]).toEqual(
      expect.objectContaining({ month: '2027-01', commission: 813.56, broughtForward: -813.56, payable: 0, carriedForward: 0 }),
    );
  });

  it('when a run stopped after counting a month’s lines but before storing its statement, then the next run issues it with them', async () => {
    await portal.publish(ORDER_PAID, paid({ merchantOrderId: 'ORD-RENEW-3', kind: 'renewal', paidAt: '2027-02-10T05:00:00.000Z' }));
    await untilLines(5);
    // what claimFor had written when the process stopped
    await portal.db.connection
      .collection('ledger_lines')
      .updateOne({ _id: 'order:ORD-RENEW-3' as never }, { $set: { statement: '2027-02' } });
    portal.setNow(new Date('2027-03-02T18:30:00.000Z'));
    expect(await portal.statements.issueDue()).toBe(1);
    const { body } = await request(portal.app).get(`/api/admin/partners/${partnerId}/statements`).set('Authorization', owner()).expect(200);
    expect(body.statements[0]).toEqual(expect.objectContaining({ month: '2027-02', lines: 1, commission: 813.56, payable: 943.73 }));
  });

  it('when the customer leaves, then their partner is gone from the profile and from the partner’s list', async () => {
    const token = `Bearer ${portal.tokens.user(customer)}`;
    const left = await request(portal.app).delete('/api/partners/mine').set('Authorization', token).expect(200);
    expect(left.body.message).toBe('You have left your partner. The seller serves you directly from now on.');
    expect((await request(portal.app).get('/api/partners/mine').set('Authorization', token).expect(200)).body).toEqual({ partner: null });
    const list = await request(portal.app).get('/api/partners/area/customers').set('Authorization', staff()).expect(200);
    expect(list.body.customers).toEqual([]);
  });

  it('when an admin assigns a customer with a reason, then the customer has that partner; without a reason, 400 and nothing changes', async () => {
    const path = `/api/admin/users/${stranger.id}/partner`;
    const bare = await request(portal.app).put(path).set('Authorization', owner()).send({ partnerId });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('Say why (3 to 300 characters)');
    const assigned = await request(portal.app)
      .put(path)
      .set('Authorization', owner())
      .send({ partnerId, reason: 'Bought through the dealer at the Pune expo' });
    expect(assigned.status).toBe(200);
    expect(assigned.body.partner).toMatchObject({ legalName: 'Silver Tax Solutions LLP' });
    const stored = await portal.db.connection.collection('attributions').findOne({ _id: stranger.id as never });
    expect(stored).toMatchObject({ partnerId, source: 'admin', email: stranger.email });
    // the person's own data, as admin-reporting gathers it: their partner and how they came to it
    const data = await request(portal.app)
      .get(`/internal/users/${stranger.id}/account-data`)
      .set('Authorization', portal.serviceCredential());
    expect(data.body).toEqual({ partner: { legalName: 'Silver Tax Solutions LLP', code, since: expect.any(String), source: 'admin' } });
    expect((await request(portal.app).get(`/internal/users/${stranger.id}/account-data`)).status).toBe(401);
  });

  it('when the customer’s firm pays, then the pro-forma is the firm’s and its order earns for the owner’s partner; a firm they only belong to is refused', async () => {
    const one = await request(portal.app).get(`/api/partners/area/customers/${stranger.id}`).set('Authorization', staff()).expect(200);
    expect(one.body.firms).toEqual([{ id: 'f0000000000000000000000a', name: 'Walk-in & Co', role: 'owner' }]);
    const path = `/api/partners/area/customers/${stranger.id}/proformas`;
    const body = { plan: 'business', billingPeriod: 'annual', seats: 3 };
    await request(portal.app)
      .post(path)
      .set('Authorization', staff())
      .send({ ...body, firmId: 'f0000000000000000000000a' })
      .expect(201);
    expect(portal.stub.proformas.at(-1)).toEqual({
      userId: stranger.id,
      body: { ...body, firmId: 'f0000000000000000000000a', deductsTds: false, email: stranger.email },
    });
    const asked = portal.stub.proformas.length;
    const member = await request(portal.app)
      .post(path)
      .set('Authorization', staff())
      .send({ ...body, firmId: 'f0000000000000000000000b' });
    expect(member.status).toBe(404);
    expect(portal.stub.proformas).toHaveLength(asked);

    await portal.publish(
      ORDER_PAID,
      paid({
        merchantOrderId: 'ORD-FIRM-1',
        accountId: 'f0000000000000000000000a',
        firmId: 'f0000000000000000000000a',
        firmOwnerId: stranger.id,
        paidAt: '2027-03-05T05:00:00.000Z',
      }),
    );
    const found = await untilLines(6);
    expect(found[0]).toMatchObject({ merchantOrderId: 'ORD-FIRM-1', customerEmail: stranger.email, kind: 'new', commission: 1627.12 });
  });
});
