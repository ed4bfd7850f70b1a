import { startWebhookReceiver, verifiedWebhook } from '@portal/platform/testing';
import { startE2eStack } from './e2e-stack';

jest.setTimeout(240_000);

/**
 * An integrator's set-up in Chromium, against every service: on Profile → Developers a customer
 * makes a read-only API key for plans only and registers a webhook endpoint; a purchase reaches the
 * endpoint signed (verified by the standardwebhooks package), the delivery log shows it and sends it
 * again under the same id; the key reads the plan and is refused the invoices, then revoked.
 */
describe('Profile → Developers in Chromium', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    stack = await startE2eStack('e2edevelopers', { env: { WEBHOOK_ALLOW_LOCAL: 'true', WEBHOOK_RETRY_SCALE: '0.001' } });
  });
  afterAll(async () => {
    await stack?.stop();
    await receiver?.close();
  });

  const read = (path: string, key: string) => fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${key}` } });

  it('when a customer makes a plans-only key and a webhook endpoint, then a purchase is delivered signed, sent again with its id, and the key reads only the plan', async () => {
    const page = await stack.customerOnSubscription('Meera');
    await page.goto(`${stack.url}/profile?tab=developers`);

    const keys = page.getByRole('form', { name: 'Make an API key' });
    await keys.getByLabel('Key name').fill('Tally sync');
    await keys.getByLabel('Invoices and credit notes').uncheck();
    await keys.getByLabel('Plans and subscriptions').check();
    await keys.getByRole('button', { name: 'Make API key' }).click();
    await page.getByText('API key “Tally sync” made').waitFor();
    const key = (await page.getByTestId('api-key').textContent())!;
    expect(key).toMatch(/^tpk_[0-9a-f]{16}_[\w-]{43}$/);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByText('never used').waitFor();

    const hooks = page.getByRole('form', { name: 'Add a webhook endpoint' });
    await hooks.getByLabel('Endpoint URL').fill(receiver.url);
    await hooks.getByLabel('Description').fill('Books');
    await hooks.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText('Endpoint added').waitFor();
    const secret = (await page.getByTestId('webhook-secret').textContent())!;
    expect(secret).toMatch(/^whsec_/);

    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const order = await fetch(`${stack.url}/api/payment/create-phonepe-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ plan: 'basic', billingPeriod: 'monthly' }),
    });
    const { merchantOrderId } = (await order.json()) as { merchantOrderId: string };
    await stack.phonepe.settle(merchantOrderId, 'success');
    for (let tries = 0; tries < 120 && receiver.received.length < 2; tries++) await new Promise((resolve) => setTimeout(resolve, 250));
    const payloads = receiver.received.map((delivery) => verifiedWebhook(secret, delivery));
    expect(payloads.map((payload) => payload.type).sort()).toEqual(['invoice.issued', 'payment.completed']);
    const paymentId = receiver.received[payloads.findIndex((payload) => payload.type === 'payment.completed')]!.headers['webhook-id']!;

    await page.getByRole('button', { name: `Deliveries to ${receiver.url}` }).click();
    const log = page.getByRole('region', { name: `Deliveries to ${receiver.url}` });
    await log.getByText(paymentId).waitFor();
    await log.getByRole('button', { name: `Send ${paymentId} again` }).click();
    await log.getByText(`Sent again: ${paymentId}`).waitFor();
    for (let tries = 0; tries < 80 && receiver.received.length < 3; tries++) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(receiver.received[2]!.headers['webhook-id']).toBe(paymentId);
    expect(verifiedWebhook(secret, receiver.received[2]!).type).toBe('payment.completed');

    // the key through the gateway: the plan, not the invoices
    const plan = await read('/api/subscription-status', key);
    expect([plan.status, ((await plan.json()) as { subscriptionPlan: string }).subscriptionPlan]).toEqual([200, 'basic']);
    const invoices = await read('/api/billing/history', key);
    expect([invoices.status, ((await invoices.json()) as { message: string }).message]).toEqual([
      403,
      'This API key does not allow this call.',
    ]);
    expect((await read('/api/auth/profile', key)).status).toBe(401);

    // their copy of their data names the key and the endpoint, never the key or the secret themselves
    const mine = await (await fetch(`${stack.url}/api/account/my-data`, { headers: { authorization: `Bearer ${token}` } })).text();
    const data = JSON.parse(mine) as { apiKeys: { name: string; scopes: string[] }[]; webhookEndpoints: { url: string }[] };
    expect(data.apiKeys).toEqual([expect.objectContaining({ name: 'Tally sync', scopes: ['subscriptions'] })]);
    expect(data.webhookEndpoints).toEqual([expect.objectContaining({ url: receiver.url, description: 'Books' })]);
    expect(mine).not.toContain(key.slice(21));
    expect(mine).not.toContain(secret.slice(6));

    await page.getByRole('button', { name: 'Revoke Tally sync' }).click();
    await page.getByText('API key “Tally sync” revoked').waitFor();
    expect((await read('/api/subscription-status', key)).status).toBe(401);
    await page.close();
  });
});
