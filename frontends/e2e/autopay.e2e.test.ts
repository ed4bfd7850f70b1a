import type { Page } from 'playwright-core';
import { AUTOPAY_MESSAGES, DAY_MS, type SubscriptionStatus } from '@portal/contracts';
import { startE2eStack, tellingWhatThePageSays } from './e2e-stack';

jest.setTimeout(180_000);

/**
 * UPI Autopay as a customer meets it in Chromium, against every service and the
 * PhonePe stand-in: the opt-in sets up a mandate on PhonePe's page, the Subscription page shows
 * it, a revocation in the UPI app shows there, and turning auto-renew off cancels it at PhonePe.
 * The notice, the debit and the grace run on billing's clock, which the test moves forward (the
 * stack's TEST_CLOCK_FILE); the renewal and expiry jobs run every half second.
 */
describe('auto-renewal by UPI Autopay in Chromium', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;

  beforeAll(async () => {
    stack = await startE2eStack('e2eautopay', { env: { RENEWALS_EVERY_MS: '500', EXPIRY_SWEEP_EVERY_MS: '500' } });
  });
  afterAll(() => stack?.stop());

  const HOUR = DAY_MS / 24;
  /** The customer's status object, as the page's own session reads it. */
  const statusOf = async (page: Page) => {
    const token = (await page.evaluate('localStorage.getItem("token")')) as string;
    const response = await page.request.get(`${stack.url}/api/subscription-status`, { headers: { Authorization: `Bearer ${token}` } });
    return (await response.json()) as SubscriptionStatus;
  };
  /** Waits for the jobs to bring the status where `check` wants it. */
  async function statusWhen(page: Page, check: (status: SubscriptionStatus) => boolean): Promise<SubscriptionStatus> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const status = await statusOf(page);
      if (check(status)) return status;
      if (Date.now() > deadline) throw new Error(`status never came: ${JSON.stringify(status)}`);
      await page.waitForTimeout(250);
    }
  }
  /** Moves the clock to 47 hours before the paid end; the job notifies PhonePe, then the customer. */
  async function renewalNoticed(page: Page) {
    const end = Date.parse((await statusOf(page)).subscriptionEndDate!);
    stack.moveClockTo(new Date(end - 47 * HOUR));
    return (await statusWhen(page, (status) => Boolean(status.autoRenew?.upcomingDebit))).autoRenew!.upcomingDebit!;
  }

  /** A new customer buys Basic (monthly) with auto-renew, approving the mandate on PhonePe's page. */
  async function subscriberWithAutopay(name: string): Promise<Page> {
    const page = await stack.customerOnSubscription(name);
    await page.getByRole('article', { name: 'Basic plan' }).getByRole('button', { name: 'Subscribe Monthly' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe: Basic (monthly)' });
    await dialog.getByRole('checkbox', { name: new RegExp(AUTOPAY_MESSAGES.optIn) }).check();
    await dialog.getByRole('button', { name: 'Pay ₹500' }).click();
    await tellingWhatThePageSays(page, page.getByText('PhonePe test checkout').waitFor());
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
    await page.getByText(/Your Basic plan is active until \d{1,2} [A-Z][a-z]{2} \d{4}\./).waitFor();
    const upi = await page.context().newPage();
    await upi.goto(`${stack.phonepeUrl}/upi-app`);
    await upi.getByText(`Mandate ${reference}: CANCELLED`).waitFor();
    await page.context().close();
  });

  it('when the renewal comes round, then the dashboard gives the pre-debit notice over 24 hours ahead, the debit runs at its date, and its invoice is in the history', async () => {
    const page = await subscriberWithAutopay('Farah');
    const paidEnd = (await statusOf(page)).subscriptionEndDate!;
    const debit = await renewalNoticed(page);
    expect(Date.parse(debit.date) - Date.parse(debit.noticeSentAt)).toBeGreaterThanOrEqual(24 * HOUR);
    expect(Date.parse(debit.date)).toBeGreaterThanOrEqual(Date.parse(paidEnd));
    await page.goto(`${stack.url}/dashboard`);
    await page
      .getByText(/^UPI Autopay will debit ₹500 on \d{1,2} [A-Z][a-z]{2} \d{4} for your renewal \(mandate TPM-[A-Z0-9-]+\)\./)
      .waitFor();

    stack.moveClockTo(new Date(Date.parse(debit.date) + 60_000));
    const renewed = await statusWhen(page, (status) => status.subscriptionEndDate !== paidEnd);
    // one calendar month on from the paid end to the millisecond, not from the debit; as JS dates
    // count months, a 29 January end renews to 1 March in a year without 29 February
    const monthOn = new Date(paidEnd);
    monthOn.setUTCMonth(monthOn.getUTCMonth() + 1);
    expect(renewed.subscriptionEndDate).toBe(monthOn.toISOString());
    expect(renewed).toMatchObject({ subscriptionStatus: 'active', renewalFailure: null });
    await page.goto(`${stack.url}/subscription`);
    const history = page.getByRole('region', { name: 'Payments and invoices' });
    await history
      .getByRole('button', { name: /^Download invoice / })
      .nth(1)
      .waitFor();
    expect(await history.getByRole('button', { name: /^Download invoice / }).count()).toBe(2);
    await page.context().close();
  });

  it('when the renewal debit fails, then the dashboard asks to pay while access runs on for the grace, and then the plan expires', async () => {
    stack.phonepe.setRedemptionOutcome('FAILED');
    try {
      const page = await subscriberWithAutopay('Gopal');
      const debit = await renewalNoticed(page);
      stack.moveClockTo(new Date(Date.parse(debit.date) + 60_000));
      const failed = await statusWhen(page, (status) => status.renewalFailure !== null);
      expect(failed).toMatchObject({ subscriptionStatus: 'active', canDownload: true });
      await page.goto(`${stack.url}/dashboard`);
      await page.getByText(`${AUTOPAY_MESSAGES.renewalFailed} (until`).waitFor();
      await page.getByRole('link', { name: 'Pay now' }).waitFor();

      stack.moveClockTo(new Date(Date.parse(failed.renewalFailure!.graceUntil) + 60_000));
      await statusWhen(page, (status) => status.subscriptionStatus === 'expired');
      await page.goto(`${stack.url}/subscription`);
      await page.getByText('Your subscription has expired. Please choose a plan to continue.').waitFor();
      await page.context().close();
    } finally {
      stack.phonepe.setRedemptionOutcome('COMPLETED');
    }
  });
});
