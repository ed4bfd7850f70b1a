import request from 'supertest';
import { createServiceCredential } from '@portal/platform';
import { recordCommands, unindexedCommands, type CommandRecorder } from '@portal/platform/testing';
import { eventually, newUserId, SERVICE_SECRET, startBilling, type BillingHarness } from './billing-harness';

/**
 * How many database commands billing's hot paths send, counted by the driver's command events, so
 * that an N+1 or a stray query shows up as a broken budget; and every filter and sort they send is
 * one an index the schemas declare can serve.
 */
describe('billing: database commands per hot path', () => {
  let billing: BillingHarness;
  let commands: CommandRecorder;
  const asService = createServiceCredential('admin-reporting', SERVICE_SECRET);

  beforeAll(async () => {
    billing = await startBilling('budgets');
    commands = recordCommands(billing.db.dbName);
  });
  afterAll(async () => {
    commands?.stop();
    await billing.close();
  });

  it('when a user with a trial asks for the status, then 2 commands at most answer it', async () => {
    const token = billing.addUser(newUserId(), 'budget-status@example.in');
    await request(billing.url).post('/api/start-trial').set('Authorization', `Bearer ${token}`);
    // the plan catalogue is cached for 10 s, so in steady state the status call finds it in memory
    await request(billing.url).get('/api/payment/plans');
    const seen = await commands.namesDuring(() =>
      request(billing.url).get('/api/subscription-status').set('Authorization', `Bearer ${token}`).expect(200),
    );
    expect(seen.length).toBeLessThanOrEqual(2);
  });

  it('when a customer’s subscription page asks for its pro-formas and has none, then 2 commands answer it', async () => {
    const token = billing.addUser(newUserId(), 'budget-proformas@example.in');
    const seen = await commands.namesDuring(() =>
      request(billing.url).get('/api/billing/proformas').set('Authorization', `Bearer ${token}`).expect(200),
    );
    expect(seen.length).toBeLessThanOrEqual(2);
  });

  it('when a user creates an order, then 5 commands at most record it', async () => {
    const token = billing.addUser(newUserId(), 'budget-order@example.in');
    const seen = await commands.namesDuring(() =>
      request(billing.url)
        .post('/api/payment/create-phonepe-order')
        .set('Authorization', `Bearer ${token}`)
        .send({ plan: 'basic', billingPeriod: 'monthly' })
        .expect(201),
    );
    // one of them reads the referral credit, which a purchase without a code takes off
    expect(seen.length).toBeLessThanOrEqual(5);
  });

  it('when a paid order is credited, then its record is read and written four times (found, completed, its sale told apart, marked credited with its invoice), its ledger read once and its invoice issued in two commands', async () => {
    const token = billing.addUser(newUserId(), 'budget-credit@example.in');
    const order = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set('Authorization', `Bearer ${token}`)
      .send({ plan: 'basic', billingPeriod: 'monthly' })
      .expect(201);
    const { merchantOrderId } = order.body as { merchantOrderId: string };
    const transactions = billing.db.connection.collection('transactions');
    const seen = await commands.during(async () => {
      await billing.phonepe.settle(merchantOrderId, 'success');
      await eventually(async () => (await transactions.findOne({ merchantOrderId }))?.credited === true);
    });
    expect(seen.filter((command) => command.collection === 'transactions').map((command) => command.name)).toEqual([
      'find',
      'findAndModify',
      'find',
      'findAndModify',
    ]);
    // the ledger is read once, and its new period written
    expect(seen.filter((command) => command.collection === 'subscription_periods').map((command) => command.name)).toEqual([
      'find',
      'insert',
    ]);
    // its invoice: the number's guess and the insert
    expect(seen.filter((command) => command.collection === 'invoices').map((command) => command.name)).toEqual(['find', 'insert']);
    const invoice = await billing.db.connection.collection('invoices').findOne({ merchantOrderId });
    expect(await transactions.findOne({ merchantOrderId })).toMatchObject({ credited: true, invoiceNumber: invoice?.number });
  });

  it('when the admin pages look up 200 users at once, then one command answers, not one per user', async () => {
    const userIds = Array.from({ length: 200 }, () => newUserId());
    const seen = await commands.namesDuring(() =>
      request(billing.url).post('/internal/subscriptions/lookup').set('Authorization', asService()).send({ userIds }).expect(200),
    );
    expect(seen).toEqual(['find subscriptions']);
  });

  it('when the admin exports the transactions, then the commands do not grow with the rows', async () => {
    const seen = await commands.namesDuring(() =>
      request(billing.url).get('/api/admin/export/transactions').set('Authorization', `Bearer ${billing.adminToken()}`).expect(200),
    );
    expect(seen.length).toBeLessThanOrEqual(3);
  });

  it('when the download page asks again for a person’s entitlement, then no command answers it, and a trial started between shows at once', async () => {
    const userId = newUserId();
    const token = billing.addUser(userId, 'budget-entitlement@example.in');
    const asDownload = createServiceCredential('download', SERVICE_SECRET);
    const entitlement = () => request(billing.url).get(`/internal/subscriptions/${userId}`).set('Authorization', asDownload()).expect(200);
    expect((await entitlement()).body.subscription).toMatchObject({ subscriptionStatus: 'none', canDownload: false });
    expect(await commands.namesDuring(entitlement)).toEqual([]);
    await request(billing.url).post('/api/start-trial').set('Authorization', `Bearer ${token}`).expect(200);
    expect((await entitlement()).body.subscription).toMatchObject({ subscriptionStatus: 'trial', canDownload: true, daysRemaining: 30 });
  });

  it('when a customer without orders opens their billing history, then no refunds are looked for', async () => {
    const token = billing.addUser(newUserId(), 'budget-history@example.in');
    const seen = await commands.namesDuring(() =>
      request(billing.url).get('/api/billing/history').set('Authorization', `Bearer ${token}`).expect(200),
    );
    expect(seen).not.toContain('find refunds');
    expect(seen.length).toBeLessThanOrEqual(3);
  });

  it('when every path above has run, then each filter and sort it sent is served by a declared index', () => {
    expect(unindexedCommands(billing.db.dbName, commands.all(), ['plans'])).toEqual([]);
  });
});
