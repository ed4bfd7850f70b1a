import { decodeJwt } from 'jose';
import request from 'supertest';
import { DAY_MS, EVENT_QUEUES, FIRM_MESSAGES } from '@portal/contracts';
import { FIRM_EVENTS, type FirmSeatsChangedEvent } from '@portal/contracts/internal';
import { createServiceCredential } from '@portal/platform';
import { binaryBody, queuedEvents } from '@portal/platform/testing';
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

/** A firm buys seats on one invoice in its name; its owner and admins manage the billing, members see the plan. */
describe('firm billing: seats bought, priced, prorated and invoiced as one customer', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await startBilling('firm-billing', KARNATAKA_SELLER);
  });
  afterAll(() => billing.close());

  const db = (name: string) => billing.db.connection.collection(name);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const forFirm = (path: string, firmId: string) => `${path}${path.includes('?') ? '&' : '?'}firmId=${firmId}`;
  const order = (token: string, firmId: string | null, body: object) =>
    request(billing.url)
      .post(firmId ? forFirm('/api/payment/create-phonepe-order', firmId) : '/api/payment/create-phonepe-order')
      .set(as(token))
      .send(body);
  const status = async (token: string, firmId: string) =>
    (await request(billing.url).get(forFirm('/api/subscription-status', firmId)).set(as(token))).body;

  /** A firm with an owner, an admin and a member, each with a token; `extra` more members. */
  async function newFirm(name = 'Iyer & Associates', extra = 0) {
    const firmId = newUserId();
    const person = (role: string) => {
      const userId = newUserId();
      const email = `${role}.${userId}@example.in`;
      return { userId, email, token: billing.addUser(userId, email, role) };
    };
    const owner = person('owner');
    const admin = person('admin');
    const member = person('member');
    const outsider = person('outsider');
    const roles = { [owner.userId]: 'owner', [admin.userId]: 'admin', [member.userId]: 'member' } as const;
    const firm = await billing.addFirm(firmId, name, roles);
    for (let index = 0; index < extra; index++) firm.roles.set(newUserId(), 'member');
    await firm.publish();
    return { firmId, firm, owner, admin, member, outsider };
  }

  async function paid(merchantOrderId: string) {
    await billing.phonepe.settle(merchantOrderId, 'success');
    await eventually(async () => (await db('transactions').findOne({ merchantOrderId }))?.credited === true);
  }

  it('when the owner buys 3 seats of Professional (annual) for the firm, then one order of 3 × the price is paid, and the invoice names the firm and its GSTIN with quantity 3', async () => {
    const { firmId, firm, owner, member } = await newFirm();
    billing.clock.now = new Date('2028-03-31T10:00:00.000Z'); // the last day of a financial year
    const profile = await request(billing.url).put(forFirm('/api/billing/profile', firmId)).set(as(owner.token)).send(MAHARASHTRA_FIRM);
    expect(profile.status).toBe(200);
    // the firm's billing details are its own: the owner's personal ones stay empty
    expect((await request(billing.url).get('/api/billing/profile').set(as(owner.token))).body).toEqual({ profile: null });

    const quote = await request(billing.url)
      .get(forFirm('/api/subscription/change?plan=professional&billingPeriod=annual&seats=3', firmId))
      .set(as(owner.token));
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ kind: 'buy', seats: 3, unitPrice: 9600, price: 28_800, amountDue: 28_800 });
    expect(quote.body.summary).toContain('3 seats at ₹9,600 each: ₹28,800.');

    const bought = await order(owner.token, firmId, { plan: 'professional', billingPeriod: 'annual', seats: 3 });
    expect(bought.status).toBe(201);
    const { merchantOrderId } = bought.body;
    expect(billing.phonepe.orders.get(merchantOrderId)!.amount).toBe(2_880_000);
    await paid(merchantOrderId);
    // back from PhonePe, the buyer lands on the firm's plan
    const back = await request(billing.url).get(`/api/payment/phonepe/return?order=${merchantOrderId}`);
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(`/subscription?firm=${firmId}&status=success`);

    expect(await db('transactions').findOne({ merchantOrderId })).toMatchObject({
      accountId: firmId,
      userEmail: owner.email,
      seats: 3,
      firm: { id: firmId, name: 'Iyer & Associates' },
    });
    expect(await status(owner.token, firmId)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      seats: 3,
      firm: { id: firmId, name: 'Iyer & Associates', role: 'owner' },
      canStartTrial: false,
      firstName: 'owner',
    });
    // a member sees the firm's plan, not its billing
    expect(await status(member.token, firmId)).toMatchObject({ subscriptionPlan: 'professional', seats: 3, firm: { role: 'member' } });
    // a member without a plan of their own works on the firm's, and is told who manages it
    expect((await request(billing.url).get('/api/subscription-status').set(as(member.token))).body).toMatchObject({
      subscriptionStatus: 'none',
      canDownload: true,
      firmPlan: { id: firmId, name: 'Iyer & Associates', managedBy: 'Asha Iyer', plan: 'professional', seats: 3 },
    });
    const asDownload = createServiceCredential('download', SERVICE_SECRET);
    const entitlement = await request(billing.url).get(`/internal/subscriptions/${member.userId}`).set('Authorization', asDownload());
    expect(entitlement.body.subscription).toMatchObject({
      userId: member.userId,
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      canDownload: true,
      firm: { id: firmId, name: 'Iyer & Associates', managedBy: 'Asha Iyer' },
    });
    // once removed from the firm, nothing is left to draw on
    firm.roles.delete(member.userId);
    await firm.publish();
    expect((await request(billing.url).get('/api/subscription-status').set(as(member.token))).body).toMatchObject({
      canDownload: false,
      firmPlan: null,
    });
    const removed = await request(billing.url).get(`/internal/subscriptions/${member.userId}`).set('Authorization', asDownload());
    expect(removed.body.subscription).toMatchObject({ canDownload: false, subscriptionStatus: 'none' });
    expect(removed.body.subscription.firm).toBeUndefined();
    // the owner's own account bought nothing
    expect((await request(billing.url).get('/api/subscription-status').set(as(owner.token))).body).toMatchObject({
      subscriptionStatus: 'none',
      seats: 1,
      firm: null,
    });
    // auth, which lets people join while seats are free, was told of the 3 seats
    const toAuth = await queuedEvents<FirmSeatsChangedEvent>(billing.redis, EVENT_QUEUES.auth, FIRM_EVENTS.seatsChanged);
    expect(toAuth.filter((event) => event.firmId === firmId).at(-1)).toEqual({
      firmId,
      revision: expect.any(Number),
      seats: 3,
      paidUntil: expect.stringMatching(/^2029-/),
    });

    const history = await request(billing.url).get(forFirm('/api/billing/history', firmId)).set(as(owner.token));
    expect(history.body.payments).toEqual([expect.objectContaining({ merchantOrderId, seats: 3, amount: 28_800, status: 'completed' })]);
    const { url } = history.body.payments[0].invoice;
    expect(url).toBe(`/api/billing/invoices/${merchantOrderId}?firmId=${firmId}`);
    const invoice = await request(billing.url).get(url).set(as(owner.token)).buffer(true).parse(binaryBody);
    expect(invoice.status).toBe(200);
    const text = await pdfText(invoice.body as Buffer);
    expect(text).toContain('Iyer & Associates');
    expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
    expect(text).toContain('Quantity: 3 seats at ₹9,600.00 per seat');
    expect(text).toContain('₹28,800.00');
    // the invoice is the firm's: not the owner's own, and not the member's
    expect((await request(billing.url).get(`/api/billing/invoices/${merchantOrderId}`).set(as(owner.token))).status).toBe(404);

    // the admin's export names the firm and its seats
    // (a payment's date in the list is its id's, which the database's clock gives, not the test's)
    const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
    const exported = await request(billing.url)
      .get(`/api/admin/export/transactions?startDate=${day(-1)}&endDate=${day(1)}&transactionId=${merchantOrderId}`)
      .set(as(billing.adminToken()));
    expect(exported.text).toContain(`${merchantOrderId},`);
    expect(exported.text.split('\r\n').find((line) => line.startsWith(merchantOrderId))).toMatch(/,Iyer & Associates,3$/);

    const receipt = await billing.smtp.waitForMail(
      (mail) => JSON.stringify(mail.to).includes(owner.email) && mail.subject === 'Payment received: Professional plan (annual)',
    );
    expect(receipt.text).toContain('Firm: Iyer & Associates, 3 seats');
  });

  it('when a member, an outsider or an admin token calls the firm’s billing, then the member is refused with the reason, the outsider finds no firm, and nothing is bought', async () => {
    const { firmId, admin, member, outsider } = await newFirm();
    const calls = (token: string) => [
      order(token, firmId, { plan: 'basic', billingPeriod: 'monthly', seats: 3 }),
      request(billing.url).get(forFirm('/api/subscription/change?plan=basic&billingPeriod=monthly&seats=3', firmId)).set(as(token)),
      request(billing.url).get(forFirm('/api/billing/history', firmId)).set(as(token)),
      request(billing.url).get(forFirm('/api/billing/profile', firmId)).set(as(token)),
      request(billing.url).put(forFirm('/api/billing/profile', firmId)).set(as(token)).send(MAHARASHTRA_FIRM),
      request(billing.url).post(forFirm('/api/subscription/cancel', firmId)).set(as(token)).send({}),
      request(billing.url).delete(forFirm('/api/subscription/autopay', firmId)).set(as(token)),
      request(billing.url).get(forFirm('/api/subscription/periods', firmId)).set(as(token)),
    ];
    for (const answer of await Promise.all(calls(member.token))) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(FIRM_MESSAGES.notAllowed);
    }
    for (const answer of await Promise.all([
      ...calls(outsider.token),
      request(billing.url).get(forFirm('/api/subscription-status', firmId)).set(as(outsider.token)),
    ])) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(FIRM_MESSAGES.notFound);
    }
    for (const answer of await Promise.all(calls(billing.adminToken()))) expect(answer.status).toBe(401);
    expect(await db('transactions').countDocuments({ accountId: firmId })).toBe(0);
    expect(await db('billing_profiles').countDocuments({ _id: firmId as never })).toBe(0);

    // a firm admin manages the billing
    expect((await request(billing.url).get(forFirm('/api/billing/history', firmId)).set(as(admin.token))).status).toBe(200);
    const malformed = await request(billing.url).get('/api/billing/history?firmId=%7B%22%24ne%22%3A1%7D').set(as(admin.token));
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Malformed firm id');
  });

  it('when auth has changed a person’s place in the firm but its event has not arrived, then a call that would be refused asks auth first', async () => {
    const { firmId, firm, member, admin } = await newFirm('Rao & Rao');
    const saveDetails = (token: string) =>
      request(billing.url).put(forFirm('/api/billing/profile', firmId)).set(as(token)).send(MAHARASHTRA_FIRM);
    // made an admin a moment ago: the model still says member
    firm.roles.set(member.userId, 'admin');
    expect((await saveDetails(member.token)).status).toBe(200);
    expect(await db('firm_directory').findOne({ _id: firmId as never })).toMatchObject({
      members: expect.arrayContaining([expect.objectContaining({ userId: member.userId, role: 'admin' })]),
    });
    // removed a moment ago: the refusal auth's answer gives, not a stale admin's pass
    firm.roles.set(member.userId, 'member');
    firm.roles.delete(admin.userId);
    await firm.publish();
    firm.roles.set(admin.userId, 'admin');
    firm.roles.delete(member.userId);
    const gone = await saveDetails(member.token);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(FIRM_MESSAGES.notFound);
    // joined (again) a moment ago: the miss reads through to auth
    expect((await saveDetails(admin.token)).status).toBe(200);
  });

  it('when seats are out of range, bought by a person, or fewer than the firm’s people, then the reason is given and no order is made', async () => {
    const { firmId, owner } = await newFirm('Mehta Tax Chambers', 2); // 5 people
    for (const seats of [0, 51, 2.5, 'three', -1]) {
      const refused = await order(owner.token, firmId, { plan: 'basic', billingPeriod: 'monthly', seats });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(FIRM_MESSAGES.seatsRange);
    }
    const personal = await order(owner.token, null, { plan: 'basic', billingPeriod: 'monthly', seats: 2 });
    expect(personal.status).toBe(400);
    expect(personal.body.message).toBe(FIRM_MESSAGES.seatsNeedFirm);
    const tooFew = await order(owner.token, firmId, { plan: 'basic', billingPeriod: 'monthly', seats: 4 });
    expect(tooFew.status).toBe(409);
    expect(tooFew.body.message).toBe(FIRM_MESSAGES.seatsBelowMembers(5));
    expect(await db('transactions').countDocuments({ accountId: { $in: [firmId, owner.userId] } })).toBe(0);

    // 50 seats, the most, and exactly as many as the people
    expect((await order(owner.token, firmId, { plan: 'basic', billingPeriod: 'monthly', seats: 5 })).status).toBe(201);
    const fifty = await request(billing.url)
      .get(forFirm('/api/subscription/change?plan=basic&billingPeriod=annual&seats=50', firmId))
      .set(as(owner.token));
    expect(fifty.body).toMatchObject({ seats: 50, price: 50 * 4800 });
  });

  it('when a firm on 3 seats adds 2 in mid-period, then 5 seats are charged less the unused value of the 3 by a credit note; fewer seats wait for the renewal and never go below its people', async () => {
    const { firmId, firm, owner } = await newFirm('Rao & Co');
    await request(billing.url).put(forFirm('/api/billing/profile', firmId)).set(as(owner.token)).send(MAHARASHTRA_FIRM);
    billing.clock.now = new Date('2028-02-10T06:30:00.000Z'); // 2028 is a leap year: February has 29 days
    const first = await order(owner.token, firmId, { plan: 'professional', billingPeriod: 'monthly', seats: 3 });
    await paid(first.body.merchantOrderId);
    const firstEnd = (await status(owner.token, firmId)).subscriptionEndDate as string;

    billing.clock.now = new Date(new Date(firstEnd).getTime() - 11 * DAY_MS - 60_000); // 11 whole days and a minute left
    const offered = await request(billing.url)
      .get(forFirm('/api/subscription/change?plan=professional&billingPeriod=monthly&seats=5', firmId))
      .set(as(owner.token));
    expect(offered.body).toMatchObject({ kind: 'upgrade', seats: 5, price: 5000 });
    const creditPaise = Math.round(offered.body.credit * 100);
    expect(offered.body.amountDue).toBeCloseTo(5000 - offered.body.credit, 2);
    expect(creditPaise).toBeGreaterThan(0);

    const more = await order(owner.token, firmId, { plan: 'professional', billingPeriod: 'monthly', seats: 5 });
    expect(more.status).toBe(201);
    expect(billing.phonepe.orders.get(more.body.merchantOrderId)!.amount).toBe(500_000 - creditPaise);
    await paid(more.body.merchantOrderId);
    expect(await status(owner.token, firmId)).toMatchObject({ subscriptionPlan: 'professional', seats: 5 });
    expect(await db('credit_notes').countDocuments({ accountId: firmId })).toBe(1);

    // fewer seats: at the renewal, and not below the 3 people
    const tooFew = await request(billing.url)
      .post(forFirm('/api/subscription/scheduled-switch', firmId))
      .set(as(owner.token))
      .send({ plan: 'professional', billingPeriod: 'monthly', seats: 2 });
    expect(tooFew.status).toBe(409);
    expect(tooFew.body.message).toBe(FIRM_MESSAGES.seatsBelowMembers(3));
    firm.roles.set(newUserId(), 'member'); // 4 people now
    await firm.publish();
    const fewer = await request(billing.url)
      .post(forFirm('/api/subscription/scheduled-switch', firmId))
      .set(as(owner.token))
      .send({ plan: 'professional', billingPeriod: 'monthly', seats: 4 });
    expect(fewer.status).toBe(200);
    expect(await status(owner.token, firmId)).toMatchObject({ seats: 5, scheduledSwitch: { plan: 'professional', seats: 4 } });
  });

  it('when a member activates the desktop app, then it draws on the firm’s seat within the plan’s device limit, names the firm and seat, and is refused at the next check-in once the member is removed', async () => {
    const { firmId, firm, owner, member } = await newFirm('Pillai Tax Desk');
    billing.clock.now = new Date('2028-05-02T06:30:00.000Z');
    await request(billing.url).put(forFirm('/api/billing/profile', firmId)).set(as(owner.token)).send(MAHARASHTRA_FIRM);
    await paid((await order(owner.token, firmId, { plan: 'professional', billingPeriod: 'monthly', seats: 3 })).body.merchantOrderId);
    const desktop = { Authorization: `Bearer ${billing.desktopToken(member.userId, member.email)}` };
    const machine = (n: number) => ({ deviceId: String(n).repeat(64), deviceName: `Desk ${n}`, os: 'Windows 11', appVersion: '1.4.2' });

    const first = await request(billing.url).post('/api/licenses/activate').set(desktop).send(machine(1));
    expect(first.status).toBe(201);
    expect(decodeJwt(first.body.license)).toMatchObject({
      sub: member.userId,
      plan: 'professional',
      status: 'active',
      firm: { id: firmId, name: 'Pillai Tax Desk', seat: 3 },
    });
    // Professional allows 2 devices on each seat
    expect((await request(billing.url).post('/api/licenses/activate').set(desktop).send(machine(2))).status).toBe(201);
    const third = await request(billing.url).post('/api/licenses/activate').set(desktop).send(machine(3));
    expect(third.status).toBe(409);
    expect(third.body.devices).toHaveLength(2);

    const refresh = () =>
      request(billing.url)
        .post('/api/licenses/refresh')
        .set(desktop)
        .send({ deviceId: machine(1).deviceId, appVersion: '1.4.3' });
    expect((await refresh()).status).toBe(200);
    firm.roles.delete(member.userId);
    await firm.publish();
    const refused = await refresh();
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('no_entitlement');
    // the device on the firm's seat is deactivated: it leaves the member's devices
    const devices = await request(billing.url).get('/api/licenses/devices').set(as(member.token));
    expect(devices.body.devices.map((device: { deviceName: string }) => device.deviceName)).toEqual(['Desk 2']);
  });

  it('when the app was signed in for the firm, then it works on the firm’s seat even beside the person’s own trial; signed in without a choice, on the trial', async () => {
    const { firmId, owner, member } = await newFirm('Kamath & Kamath');
    billing.clock.now = new Date('2028-06-01T06:30:00.000Z');
    await paid((await order(owner.token, firmId, { plan: 'business', billingPeriod: 'monthly', seats: 3 })).body.merchantOrderId);
    expect((await request(billing.url).post('/api/start-trial').set(as(member.token)).send({})).status).toBe(200);
    const machine = (n: number) => ({ deviceId: String(n).repeat(64), deviceName: `Desk ${n}`, os: 'Windows 11', appVersion: '1.4.2' });
    const activate = (token: string, n: number) =>
      request(billing.url)
        .post('/api/licenses/activate')
        .set({ Authorization: `Bearer ${token}` })
        .send(machine(n));

    const forFirmSeat = await activate(billing.desktopToken(member.userId, member.email, firmId), 4);
    expect(forFirmSeat.status).toBe(201);
    expect(decodeJwt(forFirmSeat.body.license)).toMatchObject({ plan: 'business', firm: { id: firmId, name: 'Kamath & Kamath' } });
    const ownTrial = await activate(billing.desktopToken(member.userId, member.email), 5);
    expect(ownTrial.status).toBe(201);
    expect(decodeJwt(ownTrial.body.license)).toMatchObject({ plan: 'trial', status: 'trial' });
    expect(decodeJwt(ownTrial.body.license).firm).toBeUndefined();
    // a firm the person is not in gives nothing
    const elsewhere = await activate(billing.desktopToken(member.userId, member.email, newUserId()), 6);
    expect(elsewhere.status).toBe(403);
  });

  it('when a firm buys 3 seats with auto-renew, then the mandate’s fixed amount is all 3 seats, and its renewal buys 3 seats again', async () => {
    const { firmId, owner } = await newFirm('Nair Associates');
    await request(billing.url).put(forFirm('/api/billing/profile', firmId)).set(as(owner.token)).send(MAHARASHTRA_FIRM);
    billing.clock.now = new Date('2028-01-10T06:30:00.000Z');
    const bought = await order(owner.token, firmId, { plan: 'basic', billingPeriod: 'monthly', seats: 3, autoRenew: true });
    expect(bought.status).toBe(201);
    await paid(bought.body.merchantOrderId);
    await eventually(async () => (await db('mandates').findOne({ accountId: firmId }))?.state === 'active');
    const mandate = await db('mandates').findOne({ accountId: firmId });
    expect(mandate).toMatchObject({ amountPaise: 150_000, seats: 3, firm: { id: firmId, name: 'Nair Associates' } });

    const end = new Date((await status(owner.token, firmId)).subscriptionEndDate as string);
    billing.clock.now = new Date(end.getTime() - 47 * 60 * 60 * 1000);
    await billing.built.renewals.run();
    const renewal = await db('transactions').findOne({ accountId: firmId, 'mandate.role': 'renewal' });
    expect(renewal).toMatchObject({ seats: 3, amountPaise: 150_000, firm: { name: 'Nair Associates' } });
  });
});
