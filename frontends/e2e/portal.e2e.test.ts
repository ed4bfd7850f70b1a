import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { finishSignupWizard, saveBillingDetails, startE2eStack, startSignupWizard } from './e2e-stack';
import { pdfTextOf } from './pdf-text';

jest.setTimeout(120_000);

describe('the portal in Chromium, against every service', () => {
  const downloadsDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-downloads-'));
  let stack: Awaited<ReturnType<typeof startE2eStack>>;
  let page: Page;
  const adminRemoteRequests: string[] = [];
  const cspViolations: string[] = [];
  const email = `asha.${Date.now()}@example.in`;

  beforeAll(async () => {
    stack = await startE2eStack('e2e');
    const context = await stack.browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('request', (request) => request.url().includes('/remotes/admin') && adminRemoteRequests.push(request.url()));
    // what the pages' CSP refused, from every document the page loads (a string: this file has no DOM types)
    await page.exposeFunction('reportCspViolation', (violation: string) => cspViolations.push(violation));
    await page.addInitScript({
      content:
        "document.addEventListener('securitypolicyviolation', (e) => window.reportCspViolation(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`));",
    });
  });

  afterAll(async () => {
    await stack?.stop();
    rmSync(downloadsDir, { recursive: true, force: true });
  });

  const at = (pathname: string) => page.waitForURL((url) => url.pathname === pathname);

  it('when a visitor opens the landing page, then its HTML names every script of the shell the page loads, so none waits for another to run', async () => {
    const shellScripts: string[] = [];
    const record = (request: Request) => {
      const { pathname } = new URL(request.url());
      if (request.resourceType() === 'script' && !pathname.startsWith('/remotes/')) shellScripts.push(pathname);
    };
    page.on('request', record);
    await page.goto(`${stack.url}/`);
    await page.getByRole('link', { name: 'Get Started Free' }).waitFor();
    page.off('request', record);
    const named = (
      await page.$$eval('link[rel=preload][as=script], script[src]', (elements) =>
        elements.map((element) => element.getAttribute('href') ?? element.getAttribute('src') ?? ''),
      )
    ).map((address) => new URL(address, stack.url).pathname);
    // main.js, React, React DOM, the UI kit and the shell's routes
    expect(shellScripts.length).toBeGreaterThanOrEqual(5);
    expect(shellScripts.filter((script) => !named.includes(script))).toEqual([]);
  });

  it('when a visitor signs up through the three steps, then they land on their profile', async () => {
    await page.getByRole('link', { name: 'Get Started Free' }).click();
    await at('/signup');
    await startSignupWizard(page, { firstName: 'Asha', email, password: 'secret12' });
    await finishSignupWizard(page, {
      age: '38',
      gender: 'female',
      mobile: '+91 98765 43210',
      street: '12 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
    });
    await at('/profile');
    await page.getByRole('heading', { name: 'Hello, Asha' }).waitFor();
    await page.getByText('No Subscription').first().waitFor();
  });

  it('when the user starts the trial and downloads, then the installer arrives with its name and size', async () => {
    await page.getByRole('link', { name: 'Download', exact: true }).click();
    await at('/download');
    await page.getByRole('button', { name: 'Start 30-Day Free Trial' }).click();
    await page.getByText('Trial activated successfully!').waitFor();
    await page.getByText('Your free trial is active: 30 days left.').waitFor();
    await page.getByText('2 MB').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download for Windows' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('TaxPractitioner-Setup-1.0.0.exe');
    const saved = path.join(downloadsDir, download.suggestedFilename());
    await download.saveAs(saved);
    expect(statSync(saved).size).toBe(2 * 1024 * 1024);
  });

  it('when a download link has been tampered with, then the browser shows a page with the way back to the Download page', async () => {
    const { downloadUrl } = (await page.evaluate(
      "fetch('/api/download/app/1.0.0', { headers: { authorization: 'Bearer ' + localStorage.getItem('token') } }).then((r) => r.json())",
    )) as { downloadUrl: string };
    await page.goto(`${stack.url}${downloadUrl.replace(/sig=[^&]+/, 'sig=forged')}`);
    await page.getByRole('heading', { name: 'This link is not valid' }).waitFor();
    await page.getByText('This download link is not valid or has expired.').waitFor();
    await page.getByRole('link', { name: 'Start the download again from the Download page' }).click();
    await at('/download');
    await page.getByRole('button', { name: 'Download for Windows' }).waitFor();
  });

  it('when the user logs out and back in, then the dashboard greets them', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await at('/');
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await at('/dashboard');
    await page.getByRole('heading', { name: 'Hello, Asha!' }).waitFor();
  });

  it('when the user pays for a plan on PhonePe, then they give their billing details first and come back to an active subscription', async () => {
    await page.getByRole('link', { name: 'Subscription', exact: true }).click();
    await at('/subscription');
    await page.getByRole('article', { name: 'Professional plan' }).getByRole('button', { name: 'Subscribe Monthly' }).click();
    // the confirmation: the trial's days left come first, then the month
    const confirmation = page.getByRole('dialog', { name: 'Subscribe: Professional (monthly)' });
    await confirmation.getByText('Your Professional (monthly) plan starts today.').waitFor();
    await confirmation.getByRole('button', { name: 'Pay ₹1,000' }).click();
    const details = page.getByRole('form', { name: 'Billing details' });
    await details.getByText('Your tax invoice needs your billing details. Save them to continue to payment.').waitFor();
    await saveBillingDetails(details, 'Asha Rao & Co');
    await page.getByText('PhonePe test checkout').waitFor();
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/subscription' && url.search === '?status=success');
    await page.getByText(/Your Professional plan is active until/).waitFor({ timeout: 15_000 });
  });

  it('when the user opens the billing history, then the payment is there and its tax invoice downloads as a PDF', async () => {
    const history = page.getByRole('region', { name: 'Payments and invoices' });
    const download = history.getByRole('button', { name: /^Download invoice TP\/\d{4}\/\d{6}$/ });
    await download.waitFor();
    expect(await history.getByRole('row').nth(1).textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}Professional \(monthly\)₹1,000Paid/);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^invoice-TP-\d{4}-\d{6}\.pdf$/);
    const text = await pdfTextOf(file);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Asha Rao & Co');
    expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
    expect(text).toContain('Place of supply: Maharashtra (code 27)');
    expect(text).toContain('₹1,000.00');
  });

  it('when an admin refunds part of the payment, then the credit note appears in the user’s billing history', async () => {
    const admin = await stack.adminPage();
    await admin.getByRole('tab', { name: 'Transactions' }).click();
    await admin
      .getByRole('row', { name: new RegExp(email) })
      .getByRole('button', { name: /^Refund TPP-/ })
      .click();
    const dialog = admin.getByRole('dialog', { name: 'Refund payment' });
    await dialog.getByText('Paid ₹1,000, refunded ₹0, left ₹1,000.').waitFor();
    await dialog.getByText('A full refund ends the plan this payment bought at once.').waitFor();
    await dialog.getByLabel('Amount to refund (₹)').fill('200');
    await dialog.getByLabel('Reason').fill('Goodwill for a slow start');
    await dialog.getByRole('button', { name: 'Refund ₹200' }).click();
    await dialog.getByText('Refund requested. It completes once PhonePe confirms it.').waitFor();
    await admin.context().close();

    // the stand-in completes the refund at once and tells billing by webhook
    const creditNote = page.getByRole('button', { name: /^Download credit note TPCN\/\d{4}\/\d{6}$/ });
    for (let attempt = 0; attempt < 20 && !(await creditNote.isVisible()); attempt++) {
      await page.reload();
      await page.getByRole('region', { name: 'Payments and invoices' }).waitFor();
    }
    await page.getByText('Partially refunded (₹200)').waitFor();
    const [file] = await Promise.all([page.waitForEvent('download'), creditNote.click()]);
    expect(file.suggestedFilename()).toMatch(/^credit-note-TPCN-\d{4}-\d{6}\.pdf$/);
    const text = await pdfTextOf(file);
    expect(text).toContain('Credit Note');
    expect(text).toMatch(/Against invoice: TP\/\d{4}\/\d{6} dated/);
    expect(text).toContain('₹200.00');
    await page.getByText(/Your Professional plan is active until/).waitFor();
  });

  it('when a payment fails, then the user is told and the plan stays as it was', async () => {
    await page.getByRole('article', { name: 'Business plan' }).getByRole('button', { name: 'Upgrade' }).click();
    await page.getByRole('dialog', { name: 'Upgrade: Business (monthly)' }).getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('button', { name: 'Fail the payment' }).click();
    await page.waitForURL((url) => url.search === '?status=failed');
    await page.getByText('The payment did not go through. No money was taken; you can try again.').waitFor();
    await page.getByText(/Your Professional plan is active until/).waitFor();
  });

  it('when the desktop app asks to sign in, then the user allows it on /activate and the app’s poll gets its tokens', async () => {
    const form = (body: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
    const started = (await (
      await fetch(`${stack.url}/api/auth/device/code`, form({ client_id: 'tax-practitioner-desktop', device_name: 'Asha’s laptop' }))
    ).json()) as { device_code: string; user_code: string; verification_uri_complete: string };
    const poll = async () =>
      (
        await fetch(
          `${stack.url}/api/auth/device/token`,
          form({
            grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
            device_code: started.device_code,
            client_id: 'tax-practitioner-desktop',
          }),
        )
      ).json() as Promise<Record<string, unknown>>;
    expect(await poll()).toMatchObject({ error: 'authorization_pending' });

    // signed out in this browser: the header's Log in keeps the code, and signing in comes back to it
    const visitor = await (await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await visitor.goto(`${stack.url}/activate?user_code=${started.user_code}`);
    await visitor.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel('Password', { exact: true }).fill('secret12');
    await visitor.getByRole('button', { name: 'Sign In' }).click();
    await visitor.waitForURL((url) => url.pathname === '/activate' && url.searchParams.get('user_code') === started.user_code);
    await visitor.getByText('Asha’s laptop').waitFor();
    await visitor.getByRole('button', { name: 'Allow' }).click();
    await visitor.getByText('The desktop app is signed in. You can return to it.').waitFor();
    await visitor.context().close();
    await new Promise((resolve) => setTimeout(resolve, 5_000)); // the app waits its interval between polls
    expect(await poll()).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String), refresh_token: expect.any(String) });
  });

  it('when the session is no longer valid, then the next call sends the user to /login', async () => {
    await page.evaluate("localStorage.setItem('token', 'expired.token.value')");
    await page.goto(`${stack.url}/profile`);
    await at('/login');
    expect(await page.evaluate("localStorage.getItem('token')")).toBeNull();
  });

  it('when the portal remote cannot load, then the fallback offers a retry that works', async () => {
    const fresh = await stack.browser.newPage();
    fresh.setDefaultTimeout(15_000);
    await fresh.route('**/remotes/portal/**', (route) => route.abort());
    await fresh.goto(`${stack.url}/login`);
    await fresh.getByText('This part of the portal could not load.').waitFor();
    await fresh.unroute('**/remotes/portal/**');
    await fresh.getByRole('button', { name: 'Try again' }).click();
    await fresh.getByRole('button', { name: 'Sign In' }).waitFor();
    await fresh.close();
  });

  it('when the user went through all of that, then the pages’ content security policy refused nothing', () => {
    // zod tried eval as the sign-up and subscription pages made their schemas (the shell's index.ts turns that off)
    expect(cspViolations).toEqual([]);
  });

  it('when the user went through all of that, then the admin remote was never requested', () => {
    expect(adminRemoteRequests).toEqual([]);
  });
});
