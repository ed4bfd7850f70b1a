import type { Page } from 'playwright-core';
import { ADMIN, startE2eStack } from './e2e-stack';

jest.setTimeout(120_000);

describe('the admin area in Chromium, against every service', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;
  let page: Page;

  beforeAll(async () => {
    stack = await startE2eStack('e2eadmin');
    // A user with an address in Pune, to be found by city.
    const registered = await fetch(`${stack.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Kiran',
        email: 'kiran@example.in',
        password: 'secret12',
        personalInfo: { age: 45, gender: 'other', address: { street: '5 FC Road', city: 'Pune', state: 'Maharashtra', pincode: '411004' } },
      }),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
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

  it('when the admin signs in, then the dashboard shows the analytics and finds a user by city', async () => {
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in to Admin Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('region', { name: 'Total Users' }).getByText('1').waitFor();
    await page.getByRole('tab', { name: 'User Management' }).click();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('pune');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('cell', { name: /kiran@example\.in/ }).waitFor();
    await page.getByText('Pune, Maharashtra').waitFor();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('nagpur');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No users found. Try searching with different criteria.').waitFor();
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

  it('when the admin token is no longer valid, then the next call sends the admin to /admin/login', async () => {
    await page.evaluate("localStorage.setItem('adminToken', 'expired.admin.token')");
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(await page.evaluate("localStorage.getItem('adminToken')")).toBeNull();
  });
});
