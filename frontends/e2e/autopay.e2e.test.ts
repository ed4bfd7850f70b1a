import type { Page } from 'playwright-core';
import { AUTOPAY_MESSAGES } from '@portal/contracts';
import { startE2eStack } from './e2e-stack';

jest.setTimeout(180_000);

/**
 * UPI Autopay (issue #27 §3) as a customer meets it in Chromium, against every service and the
 * PhonePe stand-in: the opt-in sets up a mandate on PhonePe's page, the Subscription page shows
 * it, a revocation in the UPI app shows there, and turning auto-renew off cancels it at PhonePe.
 * The notice, the debit, the grace and the dunning run on a clock; the service tests move it
 * (services/billing/test/autopay.test.ts), as these child processes keep the real one.
 */
describe('auto-renewal by UPI Autopay in Chromium', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;

  beforeAll(async () => {
    stack = await startE2eStack('e2eautopay');
  });
  afterAll(() => stack?.stop());

  /** A new customer buys Basic (monthly) with auto-renew, approving the mandate on PhonePe's page. */
  async function subscriberWithAutopay(name: string): Promise<Page> {
    const page = await stack.customerOnSubscription(name);
    await page.getByRole('article', { name: 'Basic plan' }).getByRole('button', { name: 'Subscribe Monthly' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe: Basic (monthly)' });
    await dialog.getByRole('checkbox', { name: new RegExp(AUTOPAY_MESSAGES.optIn) }).check();
    await dialog.getByRole('button', { name: 'Pay ₹500' }).click();
    await page.getByText('PhonePe test checkout').waitFor();
    await page.getByText(/UPI Autopay mandate TPM-[A-Z0-9-]+: MONTHLY, up to ₹500\.00 a debit\./).waitFor();
    await page.getByRole('button', { name: 'Approve the mandate and pay ₹500.00' }).click();
    await page.waitForURL((url) => url.pathname === '/subscription' && url.search === '?status=success');
    await page
      .getByRole('region', { name: 'Renewal' })
      .getByText(/^Auto-renew is on: UPI Autopay debits ₹500 on \d{1,2} [A-Z][a-z]{2} \d{4}\. Mandate TPM-[A-Z0-9-]+ \(Active\)\.$/)
      .waitFor();
    return page;
  }

  it('when the customer opts in and approves the mandate, then auto-renew shows on; removed in their UPI app, it shows off', async () => {
    const page = await subscriberWithAutopay('Nisha');
    const upi = await page.context().newPage();
    await upi.goto(`${stack.phonepeUrl}/upi-app`);
    await upi.getByRole('button', { name: 'Remove Autopay' }).last().click();
    await upi
      .getByText(/: REVOKED$/)
      .last()
      .waitFor();
    await page.reload();
    await page
      .getByRole('region', { name: 'Renewal' })
      .getByText(/^Auto-renew is off \(mandate TPM-[A-Z0-9-]+: Removed in your UPI app\)\./)
      .waitFor();
    await page.context().close();
  });

  it('when the customer turns auto-renew off, then the mandate is cancelled at PhonePe and the plan stays to its end', async () => {
    const page = await subscriberWithAutopay('Vikram');
    const renewal = page.getByRole('region', { name: 'Renewal' });
    const reference = /Mandate (TPM-[A-Z0-9-]+)/.exec((await renewal.textContent()) ?? '')![1];
    await renewal.getByRole('button', { name: 'Turn off auto-renew' }).click();
    await page.getByText(AUTOPAY_MESSAGES.turnedOff).waitFor();
    await renewal.getByText(`Auto-renew is off (mandate ${reference}: Cancelled).`, { exact: false }).waitFor();
    await page.getByText(/Your basic plan is active until \d{4}-\d{2}-\d{2}\./).waitFor();
    const upi = await page.context().newPage();
    await upi.goto(`${stack.phonepeUrl}/upi-app`);
    await upi.getByText(`Mandate ${reference}: CANCELLED`).waitFor();
    await page.context().close();
  });
});
