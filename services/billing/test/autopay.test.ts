import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { AUTOPAY_MESSAGES, CANCELLATION_MESSAGES, DAY_MS } from '@portal/contracts';
import { eventually, firmBuys, KARNATAKA_SELLER, newUserId, startBilling, type BillingHarness } from './billing-harness';

describe('auto-renewal by UPI Autopay: mandate, pre-debit notice, debit, grace and dunning', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await startBilling('autopay', KARNATAKA_SELLER);
  });
  afterAll(() => billing.close());

  const db = (name: string) => billing.db.connection.collection(name);
  const asUser = (token: string) => ({ Authorization: `Bearer ${token}` });
  const status = async (token: string) => (await request(billing.url).get('/api/subscription-status').set(asUser(token))).body;
  const at = (iso: string) => (billing.clock.now = new Date(iso));
  const run = () => billing.built.renewals.run();
  const mailsTo = (email: string) => billing.smtp.inbox.filter((mail) => mail.to && JSON.stringify(mail.to).includes(email));

  /** A firm past its trial buys Basic (monthly) at 2028-01-10 12:00 IST with auto-renew on. */
  async function subscriber(autoRenew = true) {
    const firm = await firmBuys(billing, {
      plan: 'basic',
      billingPeriod: 'monthly',
      trialAt: '2027-12-01T06:30:00.000Z',
      at: '2028-01-10T06:30:00.000Z',
      autoRenew,
    });
    return { ...firm, setupOrderId: firm.orderId, mandateId: firm.mandateId as string };
  }
  const END = '2028-02-10T06:30:00.000Z'; // the Basic month's paid end, 12:00 IST

  /** Waits for the pre-debit notice of the firm's renewal of END. */
  const noticed = (firm: { mandateId: string }) =>
    eventually(
      async () => (await db('transactions').findOne({ merchantOrderId: `${firm.mandateId}-R20280210` }))?.renewal?.noticeSentAt != null,
    );

  /** The firm's renewal of END is notified 47 hours ahead, then its debit at 13:01 IST fails. */
  async function failedRenewal(firm: { mandateId: string; token: string }) {
    billing.phonepe.setRedemptionOutcome('FAILED');
    try {
      at('2028-02-08T07:30:00.000Z');
      await run();
      await noticed(firm);
      at('2028-02-10T07:31:00.000Z');
      await run();
      await eventually(async () => (await status(firm.token)).renewalFailure !== null);
    } finally {
      billing.phonepe.setRedemptionOutcome('COMPLETED');
    }
  }

  it('when a plan is bought with auto-renew, then a FIXED monthly mandate of the plan’s price is set up at PhonePe and shown on', async () => {
    const firm = await subscriber();
    const setup = billing.phonepe.orders.get(firm.setupOrderId) as unknown as { subscriptionDetails: Record<string, unknown> };
    expect(setup.subscriptionDetails).toMatchObject({
      subscriptionType: 'RECURRING',
      merchantSubscriptionId: firm.mandateId,
      authWorkflowType: 'TRANSACTION',
      amountType: 'FIXED',
      maxAmount: 50_000,
      frequency: 'MONTHLY',
    });
    await eventually(async () => (await db('mandates').findOne({ accountId: firm.userId }))?.state === 'active');
    expect((await status(firm.token)).autoRenew).toEqual({
      state: 'active',
      on: true,
      mandateReference: firm.mandateId,
      plan: 'basic',
      billingPeriod: 'monthly',
      amount: 500,
      nextDebitDate: '2028-02-10T07:31:00.000Z', // the end is at noon IST, in peak hours: the debit runs at 13:01
      upcomingDebit: null,
    });
  });

  it('when the renewal comes round, then the notice reaches the customer over 24 hours before the debit, which runs at the end in non-peak hours and credits one period with one invoice', async () => {
    const firm = await subscriber();
    const renewalId = `${firm.mandateId}-R20280210`;

    at('2028-02-08T06:00:00.000Z'); // 48½ hours before the end: too early to notify
    await run();
    expect(await db('transactions').findOne({ merchantOrderId: renewalId })).toBeNull();

    at('2028-02-08T07:30:00.000Z'); // 47 hours before
    await Promise.all([run(), run(), run()]); // three workers at once, while PhonePe's webhook comes in
    const notice = await billing.smtp.waitForMail(
      (mail) => mail.subject === 'UPI Autopay: ₹500 will be debited on 10 Feb 2028' && JSON.stringify(mail.to).includes(firm.email),
    );
    expect(notice.text).toContain('Merchant: Ledgerline Software Private Limited');
    expect(notice.text).toContain('Amount: ₹500');
    expect(notice.text).toContain('Debit date: 10 Feb 2028');
    // noon IST is in peak hours, so the first attempt waits for 13:01; PhonePe may retry for two days from the end
    expect(notice.text).toContain(
      'Debit window: 10 Feb 2028, 1:01 pm to 12 Feb 2028, 12:00 pm (India time), outside the peak hours of UPI',
    );
    expect(notice.text).toContain(`Mandate reference: ${firm.mandateId}`);
    expect(notice.text).toContain(AUTOPAY_MESSAGES.stopHow);
    const notified = billing.phonepe.orders.get(renewalId)!;
    expect(notified).toMatchObject({ state: 'NOTIFIED', amount: 50_000 });
    expect((await status(firm.token)).autoRenew.upcomingDebit).toEqual({
      date: '2028-02-10T07:31:00.000Z',
      amount: 500,
      noticeSentAt: '2028-02-08T07:30:00.000Z',
    });

    // a second worker, or the same job again: one renewal, one notice
    await run();
    expect(await db('transactions').countDocuments({ 'mandate.role': 'renewal', accountId: firm.userId })).toBe(1);
    expect(mailsTo(firm.email).filter((mail) => mail.subject?.startsWith('UPI Autopay'))).toHaveLength(1);

    at('2028-02-10T06:00:00.000Z'); // before the end: no debit
    await run();
    at('2028-02-10T07:00:00.000Z'); // after the end, but 12:30 IST is peak time: no debit, and access goes on meanwhile
    await run();
    expect(billing.phonepe.orders.get(renewalId)!.state).toBe('NOTIFIED');
    expect(await status(firm.token)).toMatchObject({ subscriptionStatus: 'active', canDownload: true, renewalFailure: null });

    at('2028-02-10T07:31:00.000Z'); // 13:01 IST
    await run();
    await eventually(async () => (await db('transactions').findOne({ merchantOrderId: renewalId }))?.credited === true);
    expect(await status(firm.token)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'basic',
      subscriptionEndDate: '2028-03-10T06:30:00.000Z', // from the paid end, not the debit
      renewalFailure: null,
    });
    const receipt = await billing.smtp.waitForMail(
      (mail) => mail.subject === 'Payment received: Basic plan (monthly)' && Boolean(mail.text?.includes(renewalId)),
    );
    expect(receipt.text).toContain(`Renewed by UPI Autopay, mandate ${firm.mandateId}.`);
    expect(receipt.attachments.map((file) => file.contentType)).toEqual(['application/pdf']);

    // PhonePe's webhook again, and one forged: still one period and one invoice
    await billing.phonepe.settleRedemption(renewalId, 'COMPLETED');
    const forged = await request(billing.url)
      .post('/api/payment/phonepe/webhook')
      .set('Authorization', 'not-the-hash')
      .send({ event: 'subscription.redemption.order.completed', payload: { merchantOrderId: renewalId } });
    expect(forged.status).toBe(401);
    expect(await db('invoices').countDocuments({ merchantOrderId: renewalId })).toBe(1);
    expect(await db('subscription_periods').countDocuments({ accountId: firm.userId, state: 'active' })).toBe(2);
  });

  it('when the job runs late, then the debit still waits a full day after the notice, and the customer keeps access meanwhile', async () => {
    const firm = await subscriber();
    at('2028-02-10T04:30:00.000Z'); // two hours before the end
    await run();
    const notice = await billing.smtp.waitForMail(
      (mail) => Boolean(mail.subject?.startsWith('UPI Autopay')) && JSON.stringify(mail.to).includes(firm.email),
    );
    expect(notice.subject).toBe('UPI Autopay: ₹500 will be debited on 11 Feb 2028');

    at('2028-02-11T04:29:00.000Z'); // a minute short of 24 hours
    await run();
    expect(await status(firm.token)).toMatchObject({ subscriptionStatus: 'active', subscriptionEndDate: END });
    expect(billing.phonepe.orders.get(`${firm.mandateId}-R20280210`)!.state).toBe('NOTIFIED');

    at('2028-02-11T04:30:00.000Z'); // 10:00 IST: the day is up, but peak hours have begun
    await run();
    expect(billing.phonepe.orders.get(`${firm.mandateId}-R20280210`)!.state).toBe('NOTIFIED');
    at('2028-02-11T07:31:00.000Z');
    await run();
    await eventually(async () => (await status(firm.token)).subscriptionEndDate === '2028-03-10T06:30:00.000Z');
  });

  it('when the debit fails, then access continues for 7 days with a banner and dunning e-mails on days 0, 3 and 6, and then the plan expires', async () => {
    const firm = await subscriber();
    await failedRenewal(firm);
    await billing.smtp.waitForMail(
      (mail) => mail.subject === 'Your renewal payment failed' && JSON.stringify(mail.to).includes(firm.email),
    );
    const failed = await status(firm.token);
    expect(failed).toMatchObject({
      subscriptionStatus: 'active',
      canDownload: true,
      subscriptionEndDate: END,
      renewalFailure: { failedAt: '2028-02-10T07:31:00.000Z', graceUntil: '2028-02-17T07:31:00.000Z' },
    });
    expect(failed.autoRenew).toMatchObject({ state: 'active', on: false, nextDebitDate: null });
    expect((await db('transactions').findOne({ merchantOrderId: `${firm.mandateId}-R20280210` }))?.status).toBe('failed');

    const isDunning = (mail: ParsedMail) =>
      JSON.stringify(mail.to).includes(firm.email) && /renewal payment failed|Reminder: pay now/.test(mail.subject ?? '');
    const dunning = (count: number) => billing.smtp.waitForMails(isDunning, count);
    const dunningsDecided = () =>
      db('single_use_claims').countDocuments({ _id: { $regex: '^renewal-dunning:' } } as Record<string, unknown>);
    at('2028-02-12T07:31:00.000Z'); // day 2: nothing new
    await run();
    expect(await dunningsDecided()).toBe(1);
    at('2028-02-13T07:31:00.000Z'); // day 3, twice
    await run();
    await run();
    expect((await dunning(2)).map((mail) => mail.subject)).toEqual([
      'Your renewal payment failed',
      'Reminder: pay now to keep access after 17 Feb 2028',
    ]);
    at('2028-02-16T08:00:00.000Z'); // day 6
    await run();
    const sent = await dunning(3);
    expect(sent).toHaveLength(3);
    expect(sent[2]!.text).toContain(AUTOPAY_MESSAGES.renewalFailed);

    at('2028-02-17T07:30:00.000Z'); // a minute before the grace ends
    await billing.built.expiry.expireDue(billing.clock.now);
    expect((await status(firm.token)).subscriptionStatus).toBe('active');
    at('2028-02-17T07:31:00.000Z');
    await billing.built.expiry.expireDue(billing.clock.now);
    expect(await status(firm.token)).toMatchObject({ subscriptionStatus: 'expired', canDownload: false, renewalFailure: null });
    expect((await db('subscriptions').findOne({ accountId: firm.userId }))?.status).toBe('expired');
  });

  it('when the customer pays by hand in the grace, then the new period runs from the paid end and the banner goes', async () => {
    const firm = await subscriber();
    await failedRenewal(firm);
    at('2028-02-12T09:00:00.000Z');
    const pay = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set(asUser(firm.token))
      .send({ plan: 'basic', billingPeriod: 'monthly' });
    expect(pay.status).toBe(201);
    expect(billing.phonepe.orders.get(pay.body.merchantOrderId)!.amount).toBe(50_000);
    await billing.phonepe.settle(pay.body.merchantOrderId, 'success');
    await eventually(async () => (await status(firm.token)).subscriptionEndDate === '2028-03-10T06:30:00.000Z');
    expect((await status(firm.token)).renewalFailure).toBeNull();
  });

  it('when the customer revokes the mandate in their UPI app, then auto-renew shows off and nothing is notified', async () => {
    const firm = await subscriber();
    await billing.phonepe.changeMandate(firm.mandateId, 'revoke');
    await eventually(async () => (await db('mandates').findOne({ merchantSubscriptionId: firm.mandateId }))?.state === 'revoked');
    expect((await status(firm.token)).autoRenew).toMatchObject({ state: 'revoked', on: false, nextDebitDate: null });
    at('2028-02-08T07:30:00.000Z');
    await run();
    expect(billing.phonepe.orders.has(`${firm.mandateId}-R20280210`)).toBe(false);
  });

  it('when the customer pauses and resumes the mandate, then each is reflected from PhonePe’s status', async () => {
    const firm = await subscriber();
    await billing.phonepe.changeMandate(firm.mandateId, 'pause');
    await eventually(async () => (await status(firm.token)).autoRenew.state === 'paused');
    await billing.phonepe.changeMandate(firm.mandateId, 'unpause');
    await eventually(async () => (await status(firm.token)).autoRenew.state === 'active');
  });

  it('when the customer turns auto-renew off, then the mandate is cancelled at PhonePe, a notified debit is dropped, and the plan runs to its end', async () => {
    const firm = await subscriber();
    at('2028-02-08T07:30:00.000Z');
    await run();
    await noticed(firm);

    const off = await request(billing.url).delete('/api/subscription/autopay').set(asUser(firm.token));
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ success: true, message: AUTOPAY_MESSAGES.turnedOff });
    expect(billing.phonepe.mandates.get(firm.mandateId)!.state).toBe('CANCELLED');
    expect((await db('transactions').findOne({ merchantOrderId: `${firm.mandateId}-R20280210` }))?.status).toBe('expired');
    expect(await status(firm.token)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionEndDate: END,
      autoRenew: { state: 'cancelled', on: false, nextDebitDate: null, upcomingDebit: null },
    });
    const again = await request(billing.url).delete('/api/subscription/autopay').set(asUser(firm.token));
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(AUTOPAY_MESSAGES.noMandate);

    at('2028-02-10T07:31:00.000Z');
    await run();
    expect(billing.phonepe.orders.get(`${firm.mandateId}-R20280210`)!.state).toBe('NOTIFIED');
    at('2028-02-10T06:31:00.000Z');
    await billing.built.expiry.expireDue(billing.clock.now);
    expect((await status(firm.token)).subscriptionStatus).toBe('expired');
  });

  it('when Business (annual) is bought with auto-renew, then it is refused as above UPI Autopay’s ₹15,000, and nothing is created', async () => {
    const userId = newUserId();
    const token = billing.addUser(userId, `big.${userId}@example.in`);
    const refused = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set(asUser(token))
      .send({ plan: 'business', billingPeriod: 'annual', autoRenew: true });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(AUTOPAY_MESSAGES.notEligibleError);
    expect(await db('transactions').countDocuments({ accountId: userId })).toBe(0);
    expect(await db('mandates').countDocuments({ accountId: userId })).toBe(0);

    const wrongType = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set(asUser(token))
      .send({ plan: 'basic', billingPeriod: 'monthly', autoRenew: 'yes' });
    expect(wrongType.status).toBe(400);
  });

  it('when the mandate’s setup is declined, then the mandate is recorded as not set up and no plan is credited', async () => {
    const userId = newUserId();
    const token = billing.addUser(userId, `decline.${userId}@example.in`);
    at('2028-01-10T06:30:00.000Z');
    const bought = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set(asUser(token))
      .send({ plan: 'professional', billingPeriod: 'monthly', autoRenew: true });
    await billing.phonepe.settle(bought.body.merchantOrderId, 'failure');
    await eventually(async () => (await db('mandates').findOne({ accountId: userId }))?.state === 'failed');
    expect(await status(token)).toMatchObject({ subscriptionStatus: 'none', autoRenew: null });
  });

  it('when the customer cancels the subscription, then nothing renews, access runs to the end, and it can be undone until then', async () => {
    const firm = await subscriber();
    at('2028-01-20T06:30:00.000Z');
    const badReason = await request(billing.url).post('/api/subscription/cancel').set(asUser(firm.token)).send({ reason: 42 });
    expect(badReason.status).toBe(400);
    const cancelled = await request(billing.url)
      .post('/api/subscription/cancel')
      .set(asUser(firm.token))
      .send({ reason: 'Moving to a bigger firm' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ success: true, message: CANCELLATION_MESSAGES.cancelled, endsAt: END });
    expect(await status(firm.token)).toMatchObject({
      subscriptionStatus: 'active',
      cancellation: { at: '2028-01-20T06:30:00.000Z', reason: 'Moving to a bigger firm', endsAt: END },
      autoRenew: { state: 'active', on: false },
    });
    expect((await request(billing.url).post('/api/subscription/cancel').set(asUser(firm.token)).send({})).status).toBe(409);

    const undone = await request(billing.url).delete('/api/subscription/cancel').set(asUser(firm.token));
    expect(undone.body).toEqual({ success: true, message: CANCELLATION_MESSAGES.undone });
    expect((await status(firm.token)).autoRenew.on).toBe(true);
    expect((await request(billing.url).delete('/api/subscription/cancel').set(asUser(firm.token))).status).toBe(404);

    // cancelled again: at the renewal the mandate ends with the plan, and nothing is debited
    await request(billing.url).post('/api/subscription/cancel').set(asUser(firm.token)).send({});
    at('2028-02-08T07:30:00.000Z');
    await run();
    expect(billing.phonepe.orders.has(`${firm.mandateId}-R20280210`)).toBe(false);
    expect(billing.phonepe.mandates.get(firm.mandateId)!.state).toBe('CANCELLED');
    expect((await db('mandates').findOne({ merchantSubscriptionId: firm.mandateId }))?.endedReason).toBe('cancellation');
    at('2028-02-10T06:31:00.000Z');
    expect((await status(firm.token)).subscriptionStatus).toBe('expired');
  });

  it('when a plan without auto-renew is cancelled after its end, then 409', async () => {
    const firm = await subscriber(false);
    expect(await db('mandates').countDocuments({ accountId: firm.userId })).toBe(0);
    expect((await status(firm.token)).autoRenew).toBeNull();
    at(new Date(new Date(END).getTime() + DAY_MS).toISOString());
    const late = await request(billing.url).post('/api/subscription/cancel').set(asUser(firm.token)).send({});
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(CANCELLATION_MESSAGES.noPlan);
  });

  it('when an upgrade is bought, then the mandate of the plan it replaces ends, since a mandate’s amount is fixed', async () => {
    const firm = await subscriber();
    at('2028-01-20T06:30:00.000Z');
    const upgrade = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set(asUser(firm.token))
      .send({ plan: 'professional', billingPeriod: 'monthly' });
    await billing.phonepe.settle(upgrade.body.merchantOrderId, 'success');
    await eventually(async () => (await db('mandates').findOne({ merchantSubscriptionId: firm.mandateId }))?.state === 'cancelled');
    expect((await db('mandates').findOne({ merchantSubscriptionId: firm.mandateId }))?.endedReason).toBe('plan-change');
    expect((await status(firm.token)).autoRenew).toMatchObject({ state: 'cancelled', on: false });
  });

  it('when the status was read before each change of a mandate, then the next one shows the change: set up, active, revoked', async () => {
    const firm = await subscriber(false);
    expect((await status(firm.token)).autoRenew).toBeNull(); // no mandate, and remembered so
    at('2028-01-20T06:30:00.000Z');
    const upgrade = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set(asUser(firm.token))
      .send({ plan: 'professional', billingPeriod: 'monthly', autoRenew: true });
    expect(upgrade.status).toBe(201);
    expect((await status(firm.token)).autoRenew).toMatchObject({ state: 'pending', on: false, plan: 'professional' });

    await billing.phonepe.settle(upgrade.body.merchantOrderId, 'success');
    const mandate = () => db('mandates').findOne({ accountId: firm.userId, plan: 'professional' });
    await eventually(async () => (await mandate())?.state === 'active');
    expect((await status(firm.token)).autoRenew).toMatchObject({ state: 'active', on: true, plan: 'professional' });

    await billing.phonepe.changeMandate((await mandate())!.merchantSubscriptionId, 'revoke');
    await eventually(async () => (await mandate())?.state === 'revoked');
    expect((await status(firm.token)).autoRenew).toMatchObject({ state: 'revoked', on: false });
  });
});
