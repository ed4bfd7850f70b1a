import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { BILLING_PROFILE_MESSAGES, REFUND_MESSAGES, SECOND_FACTOR_MESSAGES, currentPolicyVersions, istDateOf } from '@portal/contracts';
import type { ScriptedAdmin } from '../../deploy/local/lib/admin-sign-in';
import { ADMIN, recoveryCodesShown, signInInBrowser, startE2eStack } from './e2e-stack';

/** The one browser call the page evaluates here (the test's own types have no DOM). */
type BrowserWindow = { getComputedStyle(element: unknown, pseudo: string): { content: string } };

jest.setTimeout(120_000);

describe('the admin area in Chromium, against every service', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;
  let page: Page;
  let ashaToken: string;
  const cspViolations: string[] = [];

  /** Registers a user and pays for a plan on the PhonePe stand-in, as the browser would. */
  async function payingUser(firstName: string, email: string, plan: string, city: string) {
    const registered = await fetch(`${stack.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName,
        email,
        password: 'secret12',
        acceptedPolicies: currentPolicyVersions(),
        personalInfo: { age: 45, gender: 'other', address: { street: '5 FC Road', city, state: 'Maharashtra', pincode: '411004' } },
      }),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    // as the subscription page asks first: a refund's credit note shows the address (CGST Rule 53)
    const details = await fetch(`${stack.url}/api/billing/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ legalName: firstName, street: '5 FC Road', city, pincode: '411004', stateCode: '27' }),
    });
    expect(details.status).toBe(200);
    await pays(token, plan);
    return token;
  }

  /** Buys (or renews) a monthly plan and pays it on the PhonePe stand-in. */
  async function pays(token: string, plan: string) {
    const order = await fetch(`${stack.url}/api/payment/create-phonepe-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ plan, billingPeriod: 'monthly' }),
    });
    const answer = (await order.json()) as { paymentUrl: string };
    // the body names the reason when the order is refused
    expect({ status: order.status, answer }).toMatchObject({ status: 201, answer: { paymentUrl: expect.any(String) } });
    const { paymentUrl } = answer;
    const paid = await fetch(paymentUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'success' }), redirect: 'manual' });
    await fetch(paid.headers.get('location')!, { redirect: 'manual' });
  }

  /** Clicks an export button and returns the saved file's name and text. */
  async function exported(button: string) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
    return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
  }

  beforeAll(async () => {
    stack = await startE2eStack('e2eadmin', { mail: true, host: 'localhost' });
    // Kiran lives in Pune, to be found by city; Asha pays too, so a filter has something to leave out.
    const token = await payingUser('Kiran', 'kiran@example.in', 'professional', 'Pune');
    ashaToken = await payingUser('Asha', 'asha@example.in', 'basic', 'Nashik');
    const sent = await fetch(`${stack.url}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        type: 'bug',
        component: 'networth',
        message: `The networth certificate rounds lakhs wrongly. ${'Details follow. '.repeat(10)}`,
      }),
    });
    expect(sent.status).toBe(201);
    page = await stack.browser.newPage();
    // what the pages' CSP refused, from every document the page loads (a string: this file has no DOM types)
    await page.exposeFunction('reportCspViolation', (violation: string) => cspViolations.push(violation));
    await page.addInitScript({
      content:
        "document.addEventListener('securitypolicyviolation', (e) => window.reportCspViolation(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`));",
    });
    page.on('dialog', (dialog) => void dialog.accept());
    page.setDefaultTimeout(15_000);
  });
  afterAll(() => stack?.stop());

  it('when the admin opens the dashboard without signing in, then they are sent to the admin sign-in', async () => {
    await page.goto(`${stack.url}/admin/dashboard`);
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await page.getByRole('button', { name: 'Sign in to Admin Dashboard' }).waitFor();
  });

  it('when the password is wrong, then the server’s message is shown', async () => {
    await page.getByLabel('Admin email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in to Admin Dashboard' }).click();
    await page.getByText('Invalid admin email or password.').waitFor();
  });

  it('when the admin signs in the first time, then they set up an authenticator from the QR step, see ten recovery codes once, and the dashboard shows the analytics and finds a user by city', async () => {
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in to Admin Dashboard' }).click();
    await page.getByRole('heading', { name: 'Set up your authenticator' }).waitFor();
    const qr = await page.getByRole('img', { name: 'QR code for your authenticator app' }).getAttribute('src');
    expect(Buffer.from(qr!.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    // the key under the QR code is what the app reads from it; an authenticator library makes the codes
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    ADMIN.totpSecret = secret;
    const now = Math.floor(Date.now() / 1000);
    await page.getByLabel('6-digit code').fill(await generate({ secret, epoch: now + 10 * 30 }));
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await page.getByText(SECOND_FACTOR_MESSAGES.wrongCode).waitFor();
    await page.getByLabel('6-digit code').fill(await generate({ secret, epoch: now }));
    ADMIN.lastStep = Math.floor(now / 30);
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    const codes = await recoveryCodesShown(page);
    expect(codes).toHaveLength(10);
    ADMIN.recoveryCodes = codes;
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const totalUsers = page.getByRole('region', { name: 'Total Users' });
    await totalUsers.getByText('2', { exact: true }).waitFor();
    await totalUsers.getByText('+2 sign-ups in the last 30 days, none in the previous 30').waitFor();
    // Professional and Basic, both monthly
    await page.getByRole('region', { name: 'Monthly Recurring Revenue' }).getByText('₹1,500').waitFor();
    await page.getByText('professional: 1').waitFor();
    // Today is the last bar, at the right edge of a plot that fills its card; hovering it names the day.
    const chart = page.getByRole('region', { name: 'Sign-ups per day' });
    const [plot, card, today] = await Promise.all([
      chart.locator('.chart-plot').boundingBox(),
      chart.boundingBox(),
      chart.locator('.chart-col').last().boundingBox(),
    ]);
    expect(plot!.x + plot!.width - (today!.x + today!.width)).toBeLessThan(2);
    expect(plot!.width / card!.width).toBeGreaterThan(0.8);
    await expect(chart.locator('.chart-x span').last().textContent()).resolves.toBe('Today');
    await chart.locator('.chart-col').last().hover();
    const tip = await chart
      .locator('.chart-col')
      .last()
      .evaluate((col) => (globalThis as unknown as BrowserWindow).getComputedStyle(col, '::after').content);
    expect(tip).toMatch(/^"\d{1,2} \w{3}: 2"$/);
    await page.getByRole('tab', { name: 'User Management' }).click();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('pune');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('cell', { name: /^kiran@example\.in/ }).waitFor();
    await page.getByText('Pune, Maharashtra').waitFor();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('nagpur');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No users found. Try searching with different criteria.').waitFor();
  });

  it('when the admin opens details and changes the plan, then the table and the analytics show the new plan', async () => {
    await page.getByRole('searchbox', { name: 'Search users' }).fill('pune');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: 'View details of kiran@example.in' }).click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await details.getByText('Email/Password').waitFor();
    await details.getByRole('region', { name: 'Personal Information' }).getByText('Not provided').first().waitFor();
    await details.getByText('₹1,000/month').waitFor();
    await details.getByRole('button', { name: 'Manage Subscription' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Subscription' });
    await manage.getByLabel('Plan', { exact: true }).selectOption('business');
    await manage.getByLabel('Plan Price (₹ per month)').fill('2000');
    await manage.getByRole('button', { name: 'Update Subscription' }).click();
    await manage.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /kiran@example\.in/ });
    await row.getByRole('cell', { name: 'Business', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Dashboard' }).click();
    await page.getByText('business: 1').waitFor();
    await page.getByText('professional: 0').waitFor();
  });

  it('when the admin filters transactions by a PhonePe transaction id, then only that payment is listed', async () => {
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await page.getByRole('cell', { name: /^asha@example\.in/ }).waitFor();
    const kiran = page.getByRole('row', { name: /kiran@example\.in/ });
    const providerId = ((await kiran.getByText(/^PhonePe: /).textContent()) ?? '').replace('PhonePe: ', '');
    expect(providerId).not.toBe('');
    await page.getByLabel('Transaction ID').fill(providerId);
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByRole('cell', { name: /^asha@example\.in/ }).waitFor({ state: 'detached' });
    expect(await page.getByRole('row').count()).toBe(2);
    await kiran.getByText(`PhonePe: ${providerId}`).waitFor();
  });

  it('when a renewed customer’s first payment is refunded in full, then the renewal’s period stays active, and the timeline shows each step with its documents', async () => {
    await pays(ashaToken, 'basic'); // the renewal, from the current end
    await page.getByRole('tab', { name: 'User Management' }).click();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('asha');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: 'View details of asha@example.in' }).click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    const payments = details.getByRole('region', { name: 'Payments' });
    await payments
      .getByRole('button', { name: /^Refund TPP-/ })
      .nth(1)
      .waitFor();
    // the payments are listed newest first: the last is the first purchase
    await payments
      .getByRole('button', { name: /^Refund TPP-/ })
      .last()
      .click();
    const refund = page.getByRole('dialog', { name: 'Refund payment' });
    await refund.getByLabel('Amount to refund (₹)').fill('500');
    await refund.getByLabel('Reason').fill('Bought twice by mistake');
    await refund.getByRole('button', { name: 'Refund ₹500' }).click();
    await refund.getByText('Refund requested. It completes once PhonePe confirms it.').waitFor();
    await refund.getByRole('button', { name: 'Close' }).click();

    const status = async () =>
      (await (await fetch(`${stack.url}/api/subscription-status`, { headers: { authorization: `Bearer ${ashaToken}` } })).json()) as {
        subscriptionStatus: string;
        daysRemaining: number;
      };
    for (let attempt = 0; attempt < 40 && (await status()).daysRemaining > 40; attempt++) await page.waitForTimeout(250);
    // the refunded month's days are gone; the renewal's month is still there
    const after = await status();
    expect(after.subscriptionStatus).toBe('active');
    expect(after.daysRemaining).toBeGreaterThanOrEqual(28);
    expect(after.daysRemaining).toBeLessThanOrEqual(31);

    await details.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'View details of asha@example.in' }).click();
    const timeline = page.getByRole('dialog', { name: 'User Details' }).getByRole('region', { name: 'Billing timeline' });
    await timeline.getByRole('row', { name: /Refund .*Bought twice by mistake.*completed.*₹500/ }).waitFor();
    await timeline.getByRole('row', { name: /^\d{1,2} \w{3} \d{4} Period Basic \(monthly\).* refunded/ }).waitFor();
    await timeline.getByRole('row', { name: /^\d{1,2} \w{3} \d{4} Period Basic \(monthly\).* active/ }).waitFor();
    expect(await timeline.getByRole('row', { name: /^\d{1,2} \w{3} \d{4} Payment / }).count()).toBe(2);
    const [invoice] = await Promise.all([
      page.waitForEvent('download'),
      timeline
        .getByRole('button', { name: /^Download invoice TP\/\d{4}\/\d{6}$/ })
        .first()
        .click(),
    ]);
    expect(invoice.suggestedFilename()).toMatch(/^invoice-TP-\d{4}-\d{6}\.pdf$/);
    expect(
      readFileSync((await invoice.path())!)
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    await timeline.getByRole('button', { name: /^Download credit note TPCN\/\d{4}\/\d{6}$/ }).waitFor();
    await page.getByRole('dialog', { name: 'User Details' }).getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Mandates' }).click();
    await page.getByText('No mandates.').waitFor();
  });

  it('when the admin resolves a feedback item, then the counters and the tab badge move', async () => {
    const tab = page.getByRole('tab', { name: /App Feedback/ });
    await tab.getByLabel('1 open').waitFor();
    await tab.click();
    await page.getByRole('region', { name: 'Open Issues' }).getByText('1').waitFor();
    await page.getByText(/^The networth certificate rounds lakhs wrongly\. .*…$/).waitFor();
    await page.getByRole('button', { name: 'Manage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage feedback' });
    await dialog.getByLabel('Status', { exact: true }).selectOption('resolved');
    await dialog.getByLabel('Admin notes (internal, not visible to the user)').fill('Fixed in 1.0.1');
    await dialog.getByRole('button', { name: 'Update Feedback' }).click();
    await page.getByRole('region', { name: 'Resolved' }).getByText('1').waitFor();
    await page.getByRole('region', { name: 'Open Issues' }).getByText('0').waitFor();
  });

  it('when the admin exports users, transactions and feedback, then each file holds what the tables show', async () => {
    const day = istDateOf(new Date());
    const users = await exported('Export Users');
    expect(users.name).toBe(`users_${day}.csv`);
    expect(users.text.split('\r\n')[0]).toContain('Email,First Name,Last Name,Mobile,City,State,Plan,Status');
    expect(users.text).toMatch(/kiran@example\.in,Kiran,,,Pune,Maharashtra,business,active/);
    const transactions = await exported('Export Transactions');
    expect(transactions.name).toBe(`transactions_${day}.csv`);
    // the export follows the tab's date range (the last 30 days), so both payments are in it
    expect(transactions.text.split('\r\n')[0]).toBe(
      'Transaction ID,PhonePe Transaction ID,PhonePe Order ID,User Email,Amount (INR),Status,Plan,Billing Period,Created At,' +
        'Invoice Number,Taxable Value (INR),Tax (INR),Refunded (INR),Refund Status,Firm,Seats',
    );
    expect(transactions.text).toMatch(/kiran@example\.in,1000\.00,completed,professional,monthly/);
    expect(transactions.text).toMatch(/asha@example\.in,500\.00,completed,basic,monthly/);
    const feedback = await exported('Export Feedback');
    expect(feedback.name).toBe(`feedback_${day}.csv`);
    expect(feedback.text).toMatch(/networth,The networth certificate rounds lakhs wrongly\./);
    expect(feedback.text).toContain('Fixed in 1.0.1');
  });

  it('when the owner stages the release and sets the stable channel’s minimum version in Releases, then each change is confirmed', async () => {
    await page.getByRole('tab', { name: 'Releases' }).click();
    const rollout = page.getByLabel('Rollout of 1.0.0 (%)');
    const row = page.getByRole('row').filter({ has: rollout });
    expect(await row.textContent()).toMatch(/^1\.0\.0stable.*Live/);
    await rollout.fill('50');
    await row.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Version 1.0.0 is offered to 50% of its channel.').waitFor();
    await rollout.fill('100');
    await row.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Version 1.0.0 is offered to 100% of its channel.').waitFor();
    const minimum = page.getByRole('form', { name: 'Minimum version of the stable channel' });
    await minimum.getByLabel('Minimum stable version').fill('1.0.0');
    await minimum.getByLabel('Message to older apps').fill('Update to file for AY 2027-28.');
    await minimum.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Apps on the stable channel older than 1.0.0 must update.').waitFor();
  });

  it('when the owner publishes a 300 MB installer from the Releases tab and the page is reloaded at the middle, then choosing the same file resumes, and the release shows its SHA-256 once whole', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'installer-'));
    const file = path.join(dir, 'TaxPractitioner-Setup-2.0.0-beta.1.exe');
    const hash = createHash('sha256');
    const out = createWriteStream(file);
    for (let part = 0; part < 75; part++) {
      const bytes = randomBytes(4 * 1024 * 1024);
      hash.update(bytes);
      if (!out.write(bytes)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await new Promise<void>((resolve) => out.end(() => resolve()));
    const sha256 = hash.digest('hex');
    const progress = () => page.getByRole('progressbar', { name: 'Installer upload' });
    const fill = async () => {
      const form = page.getByRole('form', { name: 'Publish a release' });
      await form.getByLabel('Installer (.exe)').setInputFiles(file);
      await form.getByLabel('Version').fill('2.0.0-beta.1');
      await form.getByLabel('Release notes').fill('Tax year 2026-27 forms');
      await form.getByLabel('First rollout (%)').fill('10');
      await form.getByLabel('Tax year of its law (optional)').fill('2026-27');
      await form.getByRole('button', { name: 'Upload and publish' }).click();
      return form;
    };

    await page.getByRole('tab', { name: 'Releases' }).click();
    await fill();
    // half or more sent: the bar's value is one of 50…100 (a selector, as the page's policy allows no evaluated script)
    const halfway = Array.from({ length: 51 }, (_, index) => `[role=progressbar][aria-valuenow="${50 + index}"]`).join(', ');
    await page.locator(halfway).waitFor();
    await page.reload(); // the line drops at the middle
    await page.getByRole('tab', { name: 'Releases' }).click();
    expect(await page.getByRole('cell', { name: '2.0.0-beta.1' }).count()).toBe(0); // nothing offered yet
    const form = await fill();
    await form.getByText('Resuming the earlier upload of this file.').waitFor();
    const resumedAt = Number(await progress().getAttribute('aria-valuenow'));
    expect(resumedAt).toBeGreaterThanOrEqual(45);
    await page
      .getByText(`Version 2.0.0-beta.1 is published to 10% of the beta channel. Its SHA-256 is ${sha256}.`)
      .waitFor({ timeout: 90_000 });
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '2.0.0-beta.1' }) });
    expect(await row.textContent()).toMatch(/^2\.0\.0-beta\.1betatax year 2026-27.*Live/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('when a buyer without billing details is refunded, then the admin asks them from the refund dialog, and the refund is made once they save them from the e-mail’s link', async () => {
    const registered = await fetch(`${stack.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Meera',
        email: 'meera@example.in',
        password: 'secret12',
        acceptedPolicies: currentPolicyVersions(),
      }),
    });
    const meera = (await registered.json()) as { token: string; user: unknown };
    await pays(meera.token, 'basic'); // under ₹50,000 its invoice may go without an address

    await page.getByRole('tab', { name: 'Transactions' }).click();
    const row = page.getByRole('row', { name: /meera@example\.in/ });
    await row.getByRole('button', { name: /^Refund TPP-/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await dialog.getByLabel('Amount to refund (₹)').fill('100');
    await dialog.getByLabel('Reason').fill('Goodwill for a late licence');
    await dialog.getByRole('button', { name: 'Refund ₹100' }).click();
    await dialog.getByText(REFUND_MESSAGES.buyerDetailsMissing).waitFor();
    await dialog.getByRole('button', { name: REFUND_MESSAGES.askBuyer }).click();
    await dialog.getByText(REFUND_MESSAGES.awaitingDetails).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await row.getByText('refund waiting for billing details').waitFor();

    const mail = await stack.mailText('to:meera@example.in subject:"waiting for your billing details"');
    const link = /Add your billing details: (\S+)/.exec(mail)![1]!;
    expect(new URL(link).pathname + new URL(link).search).toBe('/profile?tab=billing');
    const buyer = await stack.browser.newContext();
    await buyer.addInitScript(
      `localStorage.setItem('token', ${JSON.stringify(meera.token)}); localStorage.setItem('user', ${JSON.stringify(JSON.stringify(meera.user))})`,
    );
    const buyerPage = await buyer.newPage();
    await buyerPage.goto(link);
    const form = buyerPage.getByRole('form', { name: 'Billing details' });
    await form.getByLabel('Legal or business name').fill('Meera Joshi');
    await form.getByLabel('Billing address').fill('12 Karve Road');
    await form.getByLabel('City').fill('Pune');
    await form.getByLabel('Pincode').fill('411004');
    await form.getByLabel('State').selectOption('27');
    await form.getByRole('button', { name: 'Save billing details' }).click();
    await form.getByText(BILLING_PROFILE_MESSAGES.saved).waitFor();
    await buyer.close();

    // the admin's list is read again as an admin would, with Apply Filters, until PhonePe has confirmed
    for (let attempt = 0; attempt < 40 && !(await row.getByText('partially refunded').isVisible()); attempt++) {
      await page.getByRole('button', { name: 'Apply Filters' }).click();
      await page.waitForTimeout(250);
    }
    await row.getByRole('button', { name: /^Refund TPP-/ }).click();
    await dialog.getByText(/Completed, credit note TPCN\/\d{4}\/\d{6} \(Goodwill for a late licence\)/).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('when the admin has used the sections above, then the pages’ content security policy refused nothing', () => {
    // zod once tried eval on every admin page (the shell's index.ts turns that off)
    expect(cspViolations).toEqual([]);
  });

  it('when the admin signs out and in again, then a new code from the app signs them in, and a recovery code works once', async () => {
    const signOut = async () => {
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/login');
    };
    await signOut();
    await signInInBrowser(page);
    await signOut();
    const recoveryCode = ADMIN.recoveryCodes!.shift()!;
    const withRecoveryCode = async () => {
      await page.getByLabel('Admin email').fill(ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign in to Admin Dashboard' }).click();
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code').fill(recoveryCode);
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
    };
    await withRecoveryCode();
    await page.getByText('A recovery code was used. 9 of 10 remain.').waitFor();
    await page.getByRole('button', { name: 'Continue to the Admin Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    await signOut();
    await withRecoveryCode();
    await page.getByText(SECOND_FACTOR_MESSAGES.wrongCode).waitFor();
    await page.getByRole('button', { name: 'Start again with the password' }).click();
    await signInInBrowser(page);
  });

  it('when the admin adds a passkey in My sign-in, then the next sign-in can use it instead of a code, through Chromium’s virtual authenticator', async () => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    await page.getByRole('tab', { name: 'My sign-in' }).click();
    await page.getByText('No passkeys yet.').waitFor();
    await page.getByLabel('Passkey name').fill('Office laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText(SECOND_FACTOR_MESSAGES.passkeyAdded).waitFor();
    await page.getByRole('cell', { name: 'Office laptop', exact: true }).waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.rpId).toBe('localhost');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Admin email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in to Admin Dashboard' }).click();
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    const after = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!;
    expect(after.signCount).toBeGreaterThan(credentials[0]!.signCount);
    await page.getByRole('tab', { name: 'My sign-in' }).click();
    // added and last used on a day, no longer 'Never'
    await page.getByRole('row', { name: /^Office laptop \d{1,2} \w{3} \d{4} \d{1,2} \w{3} \d{4}/ }).waitFor();
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
  });

  it('when the owner invites a finance and a support admin, then finance can refund but not delete a user, and support can neither refund nor export', async () => {
    /** The owner invites from the Admins tab; the invitee sets a password from the e-mail and enrols in a browser of their own. */
    async function invited(email: string, role: string): Promise<{ page: Page; token: () => Promise<string> }> {
      await page.getByRole('tab', { name: 'Admins' }).click();
      await page.getByLabel('Invite by email').fill(email);
      await page.getByLabel('Role', { exact: true }).selectOption({ label: role });
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText(`An invitation was sent to ${email}.`).waitFor();
      const link = /http:\/\/\S+\/admin\/invitation\?token=[\w-]+/.exec(await stack.mailText(`to:"${email}"`))![0];
      const theirs = await stack.newPage();
      await theirs.goto(link);
      await theirs.getByLabel('Password', { exact: true }).fill('their-own-pass1');
      await theirs.getByLabel('Confirm password', { exact: true }).fill('their-own-pass1');
      await theirs.getByRole('button', { name: 'Set my password' }).click();
      await theirs.getByText('Your admin account is ready. Sign in to set up your authenticator.').waitFor();
      await theirs.getByRole('link', { name: 'Sign in' }).click();
      const admin: ScriptedAdmin = { email, password: 'their-own-pass1' };
      await signInInBrowser(theirs, admin);
      return { page: theirs, token: async () => (await theirs.evaluate("localStorage.getItem('adminToken')")) as string };
    }
    const asAdmin = async (token: string, method: string, route: string, body?: unknown) =>
      fetch(`${stack.url}${route}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const ownerToken = (await page.evaluate("localStorage.getItem('adminToken')")) as string;
    const found = (await (await asAdmin(ownerToken, 'GET', '/api/admin/users?search=kiran')).json()) as { users: { _id: string }[] };
    const kiranId = found.users[0]!._id;

    /** The Transactions tab, and the refunds of Kiran's payment. */
    async function kiransRefunds(admin: Page) {
      await admin.getByRole('tab', { name: 'Transactions' }).click();
      await admin
        .getByRole('row', { name: /kiran@example\.in/ })
        .getByRole('button', { name: /^Refund TPP-/ })
        .click();
      return admin.getByRole('dialog', { name: 'Refund payment' });
    }

    const finance = await invited('finance@portal.test', 'Finance');
    await finance.page.getByRole('tab', { name: 'User Management' }).click();
    await finance.page.getByRole('button', { name: 'View details of kiran@example.in' }).waitFor();
    expect(await finance.page.getByRole('button', { name: 'Delete kiran@example.in' }).count()).toBe(0);
    expect(await finance.page.getByRole('tab', { name: 'Admins' }).count()).toBe(0);
    const refusedDelete = await asAdmin(await finance.token(), 'DELETE', `/api/admin/users/${kiranId}`);
    expect(refusedDelete.status).toBe(403);
    expect(((await refusedDelete.json()) as { message: string }).message).toBe('Your admin role does not allow this.');
    const refund = await kiransRefunds(finance.page);
    await refund.getByLabel('Amount to refund (₹)').fill('100');
    await refund.getByLabel('Reason').fill('Goodwill for a late licence');
    await refund.getByRole('button', { name: 'Refund ₹100' }).click();
    await refund.getByText('Refund requested. It completes once PhonePe confirms it.').waitFor();

    const support = await invited('support@portal.test', 'Support');
    await support.page.getByRole('tab', { name: 'User Management' }).click();
    await support.page.getByRole('button', { name: 'Delete kiran@example.in' }).waitFor();
    expect(await support.page.getByRole('button', { name: 'Export Users' }).count()).toBe(0);
    expect(await support.page.getByRole('button', { name: 'Export Transactions' }).count()).toBe(0);
    const history = await kiransRefunds(support.page);
    await history.getByText('Goodwill for a late licence').waitFor();
    expect(await history.getByLabel('Amount to refund (₹)').count()).toBe(0);
    const supportToken = await support.token();
    const order = /TPP-[\w-]+/.exec((await support.page.getByRole('row', { name: /kiran@example\.in/ }).textContent())!)![0];
    const refusedRefund = await asAdmin(supportToken, 'POST', `/api/admin/transactions/${order}/refunds`, { amount: 1, reason: 'test' });
    expect(refusedRefund.status).toBe(403);
    for (const kind of ['users', 'transactions', 'feedback']) {
      expect((await asAdmin(supportToken, 'GET', `/api/admin/export/${kind}`)).status).toBe(403);
    }
  });

  it('when the admin deletes a user, then the row goes and that user can no longer sign in', async () => {
    await page.getByRole('tab', { name: 'User Management' }).click();
    await page.getByRole('button', { name: 'Delete asha@example.in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete User' });
    await dialog.getByText('This action cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Delete User' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: /^asha@example\.in/ }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: /^kiran@example\.in/ }).waitFor();
    const login = await fetch(`${stack.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'asha@example.in', password: 'secret12' }),
    });
    expect(login.status).toBe(401);
  });

  it('when the admin token is no longer valid, then the next call sends the admin to /admin/login', async () => {
    await page.evaluate("localStorage.setItem('adminToken', 'expired.admin.token')");
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(await page.evaluate("localStorage.getItem('adminToken')")).toBeNull();
  });
});
