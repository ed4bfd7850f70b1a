import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { EVENT_QUEUES, formatIndianDate, istDateOf, USER_DELETED } from '@portal/contracts';
import { DAY, eventually, newUserId, startBilling, type BillingHarness } from './billing-harness';

describe('billing jobs on BullMQ', () => {
  let billing: BillingHarness;
  const subscriptions = () => billing.db.connection.collection('subscriptions');

  beforeAll(async () => {
    // The workers and the event consumer as compose starts them, with a quick expiry sweep.
    billing = await startBilling('billing-jobs', {
      BILLING_WORKERS: 'on',
      EXPIRY_SWEEP_EVERY_MS: '200',
      REMINDERS_EVERY_MS: '60000',
      RECONCILE_EVERY_MS: '60000',
      RECONCILE_AFTER_MS: '60000',
    });
  });
  afterAll(async () => {
    await billing.close();
  });

  it('when trials and paid plans have ended, then the scheduled sweep marks them expired and leaves running ones alone', async () => {
    billing.clock.now = new Date();
    const past = new Date(Date.now() - DAY);
    const future = new Date(Date.now() + DAY);
    await subscriptions().insertMany([
      {
        accountId: 'ended-trial',
        email: 'a@x.in',
        status: 'trial',
        plan: 'trial',
        trialEnd: past,
        hasUsedTrial: true,
        creditedOrderIds: [],
        remindersSent: [],
      },
      {
        accountId: 'ended-paid',
        email: 'b@x.in',
        status: 'active',
        plan: 'basic',
        subscriptionEndDate: past,
        hasUsedTrial: true,
        creditedOrderIds: [],
        remindersSent: [],
      },
      {
        accountId: 'running-trial',
        email: 'c@x.in',
        status: 'trial',
        plan: 'trial',
        trialEnd: future,
        hasUsedTrial: true,
        creditedOrderIds: [],
        remindersSent: [],
      },
      {
        accountId: 'open-ended',
        email: 'd@x.in',
        status: 'active',
        plan: 'enterprise',
        subscriptionEndDate: null,
        hasUsedTrial: true,
        creditedOrderIds: [],
        remindersSent: [],
      },
    ]);
    await eventually(async () => (await subscriptions().countDocuments({ status: 'expired' })) === 2);
    const byUser = Object.fromEntries((await subscriptions().find({}).toArray()).map((doc) => [doc.accountId, doc.status]));
    expect(byUser).toMatchObject({ 'ended-trial': 'expired', 'ended-paid': 'expired', 'running-trial': 'trial', 'open-ended': 'active' });
  });

  it('when a trial nears its end, then the 3-day and the 1-day reminders are each sent once', async () => {
    const id = newUserId();
    const token = billing.addUser(id, 'remind.me@example.in');
    billing.clock.now = new Date();
    await request(billing.url).post('/api/start-trial').set('Authorization', `Bearer ${token}`).expect(200);
    const mails = () => billing.smtp.inbox.filter((mail) => JSON.stringify(mail.to).includes('remind.me@example.in'));

    billing.clock.now = new Date(Date.now() + 27.5 * DAY);
    await billing.built.expiry.sendReminders(billing.clock.now);
    await billing.built.expiry.sendReminders(billing.clock.now);
    // the suite's other trials get their reminders too: each wait is for this person's
    const theirs = (subject: string) => (mail: { subject?: string; to?: unknown }) =>
      mail.subject === subject && JSON.stringify(mail.to).includes('remind.me@example.in');
    await billing.smtp.waitForMail(theirs('Your free trial ends in 3 days'));
    billing.clock.now = new Date(Date.now() + 29.5 * DAY);
    await billing.built.expiry.sendReminders(billing.clock.now);
    await billing.built.expiry.sendReminders(billing.clock.now);
    await billing.smtp.waitForMail(theirs('Your free trial ends in 1 day'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mails().map((mail) => mail.subject)).toEqual(['Your free trial ends in 3 days', 'Your free trial ends in 1 day']);
    expect(mails()[1]!.text).toContain('/subscription');
  });

  it('when a paid plan is a week from its end, then one reminder is sent', async () => {
    // the sweep runs every 200 ms with this clock: bring it back before the subscription exists
    billing.clock.now = new Date();
    // 00:30 in India, five to six days away: the e-mail names India's day, a day after UTC's
    const endsAt = new Date(`${istDateOf(new Date(Date.now() + 5 * DAY))}T19:00:00.000Z`);
    await subscriptions().insertOne({
      accountId: 'paid-reminder',
      email: 'paid.reminder@example.in',
      status: 'active',
      plan: 'business',
      subscriptionEndDate: endsAt,
      hasUsedTrial: true,
      creditedOrderIds: [],
      remindersSent: [],
    });
    await billing.built.expiry.sendReminders(billing.clock.now);
    await billing.built.expiry.sendReminders(billing.clock.now);
    const reminder = await billing.smtp.waitForMail((mail) => mail.subject === 'Your Business subscription ends in 7 days');
    expect(reminder.text).toContain(`ends on ${formatIndianDate(endsAt)}.`);
    expect(reminder.html).toContain('>Choose a plan</a>');
    expect(istDateOf(endsAt)).not.toBe(endsAt.toISOString().slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(billing.smtp.inbox.filter((mail) => JSON.stringify(mail.to).includes('paid.reminder@example.in'))).toHaveLength(1);
  });

  it('when a user.deleted event arrives on the billing queue, then the subscription goes, the payments stay anonymised and the invoice stays as issued', async () => {
    billing.clock.now = new Date();
    const id = newUserId();
    const token = billing.addUser(id, 'leaving@example.in');
    const { merchantOrderId } = (
      await request(billing.url)
        .post('/api/payment/create-phonepe-order')
        .set('Authorization', `Bearer ${token}`)
        .send({ plan: 'basic', billingPeriod: 'monthly' })
    ).body;
    await billing.phonepe.settle(merchantOrderId, 'success');
    expect(await subscriptions().countDocuments({ accountId: id })).toBe(1);

    const connection = new Redis(billing.redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(EVENT_QUEUES.billing, { connection, prefix: `${billing.redis.prefix}bull` });
    await queue.add(USER_DELETED, { userId: id });
    await queue.add(USER_DELETED, { userId: id }); // a retry or a duplicate changes nothing
    // removing the subscription is the handler's last step (a status of 'none' means the rest is done)
    await eventually(async () => (await subscriptions().countDocuments({ accountId: id })) === 0);
    const order = await billing.db.connection.collection('transactions').findOne({ merchantOrderId });
    expect(order).toMatchObject({ accountId: null, userEmail: 'deleted-user', amountPaise: 50_000, status: 'completed' });
    // kept for the tax records, no longer reachable from the account
    expect(await billing.db.connection.collection('invoices').findOne({ merchantOrderId })).toMatchObject({
      accountId: null,
      buyer: { email: 'leaving@example.in' },
      totalPaise: 50_000,
    });
    await queue.close();
    connection.disconnect();
  });
});
