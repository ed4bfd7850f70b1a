import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { Types } from 'mongoose';
import { finishSignupWizard, startE2eStack } from './e2e-stack';

jest.setTimeout(120_000);

/**
 * In Chromium: the public pages and the footer, consent at sign-up and again after a
 * policy changes, the password changed from the profile, the data download, a reset read in the
 * local mail catcher's inbox, and the person deleting their own account.
 */
describe('ready to go live, in Chromium against every service', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;
  let context: BrowserContext;
  let page: Page;
  const email = `nisha.${Date.now()}@example.in`;
  let password = 'secret12';

  beforeAll(async () => {
    stack = await startE2eStack('golive', { mail: true });
    context = await stack.browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const at = (target: Page, pathname: string) => target.waitForURL((url) => url.pathname === pathname);
  const footer = (target: Page) => target.getByRole('navigation', { name: 'Policies and contact' });
  const userId = () => page.evaluate("JSON.parse(localStorage.getItem('user'))._id") as Promise<string>;

  it('when a visitor follows the footer, then pricing, about, every policy and the contact page open without signing in', async () => {
    await page.goto(`${stack.url}/`);
    for (const [link, heading] of [
      ['About', 'About'],
      ['Terms', 'Terms of Service'],
      ['Privacy', 'Privacy Notice'],
      ['Refunds and cancellation', 'Refund and Cancellation Policy'],
      ['Contact', 'Contact us'],
      ['Pricing', 'Pricing'],
    ]) {
      await footer(page).getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    }
    await page.getByRole('article', { name: 'Professional plan' }).waitFor();
  });

  it('when the visitor chooses a plan and signs up accepting the policies, then that plan’s confirmation opens', async () => {
    await page.getByRole('button', { name: 'Choose Professional' }).click();
    await at(page, '/signup');
    await page.getByLabel('First name').fill('Nisha');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please accept the Terms of Service and the Privacy Notice to continue').waitFor();
    await page.getByRole('checkbox', { name: /I accept the Terms of Service and the Privacy Notice/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await finishSignupWizard(page, {
      age: '36',
      gender: 'female',
      street: '4 Park Street',
      city: 'Kolkata',
      state: 'West Bengal',
      pincode: '700016',
    });
    await at(page, '/subscription');
    await page.getByRole('dialog', { name: /Professional \(monthly\)/ }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('when the Privacy Notice changes, then the server refuses the person’s calls until they accept it once', async () => {
    const auth = await stack.database('auth');
    await auth
      .collection('users')
      .updateOne({ email }, { $set: { consent: { terms: '2025-01-01', privacy: '2025-01-01', acceptedAt: new Date('2025-01-01') } } });
    // a sign-in now carries the outdated acceptance, as every sign-in after a version is raised
    await page.getByRole('button', { name: 'Logout' }).click();
    await at(page, '/');
    await page.goto(`${stack.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Please review our policies' }).waitFor();
    const statusCall = async () => {
      const token = (await page.evaluate('localStorage.getItem("token")')) as string;
      const answer = await fetch(`${stack.url}/api/subscription-status`, { headers: { Authorization: `Bearer ${token}` } });
      return { status: answer.status, error: ((await answer.json()) as { error?: string }).error };
    };
    expect(await statusCall()).toEqual({ status: 403, error: 'consent_required' });
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await page.getByText('Please accept the Terms of Service and the Privacy Notice to continue').waitFor();
    await page.getByRole('checkbox', { name: /I accept the Terms of Service and the Privacy Notice/ }).check();
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await page.getByRole('heading', { name: /Hello, Nisha/ }).waitFor();
    expect((await statusCall()).status).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: /Hello, Nisha/ }).waitFor();
    expect(await page.getByText('Please review our policies').count()).toBe(0);
  });

  it('when the password is changed on the profile, then another browser’s session ends and this one goes on', async () => {
    const other = await stack.browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(`${stack.url}/login`);
    await otherPage.getByLabel('Email').fill(email);
    await otherPage.getByLabel('Password', { exact: true }).fill(password);
    await otherPage.getByRole('button', { name: 'Sign In' }).click();
    await otherPage.waitForURL((url) => url.pathname !== '/login');

    await page.goto(`${stack.url}/profile`);
    await page.getByRole('tab', { name: 'Security and Privacy' }).click();
    const form = page.getByRole('region', { name: 'Change password' });
    await form.getByLabel('Current password').fill(password);
    password = 'a-brand-new-secret';
    await form.getByLabel('New password', { exact: true }).fill(password);
    await form.getByLabel('Confirm new password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(/Your password has been changed/).waitFor();

    await otherPage.goto(`${stack.url}/dashboard`);
    await at(otherPage, '/login');
    await page.goto(`${stack.url}/dashboard`);
    await page.getByRole('heading', { name: 'Hello, Nisha!' }).waitFor();
    await other.close();
  });

  it('when the person opens Security and Privacy, then their recent sign-ins name the browser of the newest (Chrome on Linux, a new device) and whether a second factor was asked', async () => {
    await page.goto(`${stack.url}/profile?tab=privacy`);
    const signIns = page.getByRole('region', { name: 'Recent sign-ins' });
    const newest = signIns.getByRole('row').nth(1);
    await newest.waitFor();
    // the newest came from the second browser above, which this account had not used before
    expect(await newest.getByRole('cell').nth(1).innerText()).toBe('Chrome on Linux New device');
    expect(await newest.getByRole('cell').nth(3).innerText()).toBe('no');
    await page.getByRole('button', { name: 'This wasn’t me' }).waitFor();
  });

  it('when the person downloads their data, then one JSON file holds their profile, consents, periods, payments, devices, sessions, feedback and the messages sent to them', async () => {
    await page.goto(`${stack.url}/profile`);
    await page.getByRole('tab', { name: 'Security and Privacy' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toBe('my-tax-practitioner-portal-data.json');
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(data.profile).toMatchObject({ email, firstName: 'Nisha' });
    expect(data.consents).toHaveLength(2); // at sign-up, and again after the change
    // joined on the server from every service: billing details, mandates, downloads and firms too
    expect(data).toHaveProperty('billingDetails', null); // none given: this person has not bought yet
    for (const part of [
      'subscriptionPeriods',
      'payments',
      'creditNotes',
      'mandates',
      'devices',
      'desktopSessions',
      'firms',
      'downloads',
      'feedback',
      'messages',
    ])
      expect(Array.isArray(data[part])).toBe(true);
    // what notifications sent them, and their choice of reminders and news (never changed: the defaults)
    expect(data.messages.map((message: { kind: string }) => message.kind)).toContain('welcome');
    expect(data.notificationPreferences).toEqual({ preferences: { reminder: true, news: true }, changes: [] });
    expect(data.phone).toEqual({ mobile: null, verifiedAt: null, channels: { whatsapp: false, sms: false }, changes: [] });
    expect(data.partner).toBeNull();
    expect([data.apiKeys, data.webhookEndpoints]).toEqual([[], []]);
    const audit = await stack.database('admin-reporting');
    expect(await audit.collection('audit_log').countDocuments({ action: 'user.data-downloaded', 'target.label': email })).toBe(1);
  });

  it('when the person forgets the password, then the reset e-mail is read in the local inbox and its link sets a new one', async () => {
    const visitor = await stack.browser.newContext();
    const tab = await visitor.newPage();
    tab.setDefaultTimeout(15_000);
    await tab.goto(`${stack.url}/forgot-password`);
    await tab.getByLabel('Email').fill(email);
    await tab.getByRole('button', { name: 'Send reset link' }).click();
    await tab.getByText(/we have sent a link/).waitFor();

    await tab.goto(stack.mailpit!.inboxUrl);
    await tab.getByText('Reset your Tax Practitioner Portal password').first().click();
    const link = await tab
      .getByText(/reset-password\?token=/)
      .first()
      .innerText();
    const resetUrl = /(http\S+reset-password\?token=[\w-]+)/.exec(link)![1]!;
    expect(resetUrl.startsWith(stack.url)).toBe(true);

    await tab.goto(resetUrl);
    password = 'reset-from-the-inbox';
    await tab.getByLabel('New password', { exact: true }).fill(password);
    await tab.getByLabel('Confirm new password', { exact: true }).fill(password);
    await tab.getByRole('button', { name: 'Set new password' }).click();
    await tab.getByText('Your password has been reset').waitFor();
    await visitor.close();

    await page.goto(`${stack.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
  });

  it('when the person deletes their account, then they cannot sign in and their data is gone from every service', async () => {
    const id = await userId();
    await page.evaluate(
      "fetch('/api/feedback', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + localStorage.getItem('token') }, body: JSON.stringify({ type: 'suggestion', component: 'general', message: 'Before I go' }) })",
    );
    const ids = { $in: [id, new Types.ObjectId(id)] };
    const ofUser = { userId: ids };
    const leftovers = async () =>
      (await (await stack.database('feedback')).collection('feedback').countDocuments(ofUser)) +
      (await (await stack.database('billing')).collection('subscriptions').countDocuments({ accountId: ids }));
    expect(await (await stack.database('feedback')).collection('feedback').countDocuments(ofUser)).toBe(1);

    await page.goto(`${stack.url}/profile`);
    await page.getByRole('tab', { name: 'Security and Privacy' }).click();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill(password);
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await at(page, '/');
    await page.getByText('Your account has been deleted').waitFor();

    await page.goto(`${stack.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password.').waitFor();

    expect(await (await stack.database('auth')).collection('users').countDocuments({ email })).toBe(0);
    const deadline = Date.now() + 20_000;
    while ((await leftovers()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await leftovers()).toBe(0);
    const farewell = await fetch(`${stack.mailpit!.apiUrl}/search?query=${encodeURIComponent(`to:"${email}" subject:"has been deleted"`)}`);
    expect(((await farewell.json()) as { messages: unknown[] }).messages).toHaveLength(1);
  });
});
