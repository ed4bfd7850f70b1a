import request from 'supertest';
import { eventually, newUserId, pdfText, startBilling, type BillingHarness } from './billing-harness';

/** A receipt is stored with the payment it confirms and goes out once notifications takes it. */
describe('billing’s outbox: a receipt survives notifications being away during the purchase', () => {
  let billing: BillingHarness;
  const outbox = () => billing.db.connection.collection('outbox');
  beforeAll(async () => {
    billing = await startBilling('outbox');
  });
  afterAll(() => billing?.close());

  it('when notifications is away while the customer pays, then the plan is credited at once and the receipt with its invoice arrives once when it is back', async () => {
    await billing.notifications.stop();
    const id = newUserId();
    const token = billing.addUser(id, 'outbox.buyer@example.in');
    const { merchantOrderId } = (
      await request(billing.url)
        .post('/api/payment/create-phonepe-order')
        .set('Authorization', `Bearer ${token}`)
        .send({ plan: 'basic', billingPeriod: 'monthly' })
        .expect(201)
    ).body;
    await billing.phonepe.settle(merchantOrderId, 'success');
    const status = async () =>
      (await request(billing.url).get('/api/subscription-status').set('Authorization', `Bearer ${token}`)).body.subscriptionStatus;
    await eventually(async () => (await status()) === 'active');
    // the receipt waits in billing's own database
    const kept = async () =>
      (
        await outbox()
          .find({}, { projection: { _id: 1 } })
          .toArray()
      ).map((doc) => String(doc._id));
    await eventually(async () => (await kept()).includes(`payment-receipt:${merchantOrderId}`));

    await billing.notifications.start();
    const isReceipt = (mail: { text?: string }) => mail.text?.includes(merchantOrderId) ?? false;
    const receipt = await billing.smtp.waitForMail(isReceipt, 15_000);
    expect(receipt.subject).toBe('Payment received: Basic plan (monthly)');
    expect(await pdfText(receipt.attachments[0]!.content)).toContain(merchantOrderId);
    await billing.built.outbox.settled();
    expect(await kept()).toEqual([]);
    expect(billing.smtp.inbox.filter(isReceipt)).toHaveLength(1);
  });
});
