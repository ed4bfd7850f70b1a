import type { BrowserContext, Page } from 'playwright-core';
import { lastIndianDays, TRANSACTIONS_DEFAULT_DAYS } from '@portal/contracts';
import { currentPolicyVersions } from '@portal/contracts';
import { signInAdmin } from '../../deploy/local/lib/admin-sign-in';
import { ADMIN, startE2eStack } from './e2e-stack';

jest.setTimeout(180_000);

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };

/**
 * The defects and rough edges a newcomer met walking the portal, each as a person in
 * Chromium meets it, against every service. Where the real server cannot give the answer a
 * defect needs (an order answer without a checkout, a failing list), the page's call is answered
 * in the browser; everything else is real.
 */
describe('rough edges a newcomer met, in Chromium', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;
  let adminToken: string;

  const api = async (method: string, route: string, { token, body }: { token?: string; body?: unknown } = {}) => {
    const response = await fetch(`${stack.url}${route}`, {
      method,
      headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const register = async (firstName: string, email: string) =>
    (await api('POST', '/api/auth/register', {
      body: { firstName, email, password: 'secret12', acceptedPolicies: currentPolicyVersions() },
    })) as {
      token: string;
      user: { _id: string };
    };

  /** A browser context at `viewport` with these localStorage entries in place before any page runs. */
  async function contextWith(viewport: { width: number; height: number }, storage: Record<string, string> = {}): Promise<BrowserContext> {
    const context = await stack.browser.newContext({ viewport });
    await context.addInitScript(`Object.entries(${JSON.stringify(storage)}).forEach(([k, v]) => localStorage.setItem(k, v))`);
    return context;
  }
  const signedIn = ({ token, user }: { token: string; user: unknown }) => ({ token, user: JSON.stringify(user) });
  const asAdmin = () => ({ adminToken, adminUser: JSON.stringify({ email: ADMIN.email, role: 'owner' }) });
  async function pageIn(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  beforeAll(async () => {
    // One machine signs up more than 50 users here, more than a real visitor's address may in an hour.
    stack = await startE2eStack('e2eedges', { env: { SIGNUPS_PER_IP_PER_HOUR: '500' } });
    adminToken = (await signInAdmin(stack.url, ADMIN)).token;
  });
  afterAll(() => stack?.stop());

  it.each(['/administrator', '/admins/list'])('when a visitor opens %s, then they land on the landing page at /', async (path) => {
    const page = await pageIn(await contextWith(LAPTOP));
    await page.goto(`${stack.url}${path}`);
    await page.getByRole('heading', { name: 'Find documents in seconds' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it.each([
    ['phone', PHONE],
    ['laptop', LAPTOP],
  ])(
    'when a visitor opens the landing page on a %s, then Log in and Sign up sit in the one top bar beside the logo',
    async (_, viewport) => {
      const page = await pageIn(await contextWith(viewport));
      await page.goto(`${stack.url}/`);
      const header = page.getByRole('banner');
      const logIn = header.getByRole('link', { name: 'Log in' });
      await logIn.waitFor();
      const [bar, logo, button] = await Promise.all([
        header.boundingBox(),
        header.getByRole('link', { name: 'Tax Practitioner Portal' }).boundingBox(),
        header.getByRole('link', { name: 'Sign up' }).boundingBox(),
      ]);
      // One row: the buttons' middle is level with the logo's, and the bar is no taller than a button and its padding.
      expect(Math.abs(button!.y + button!.height / 2 - (logo!.y + logo!.height / 2))).toBeLessThan(4);
      expect(bar!.height).toBeLessThan(80);
      expect(button!.x + button!.width).toBeLessThanOrEqual(viewport.width);
      await page.context().close();
    },
  );

  it('when the admin dashboard is opened, then "Checking admin authentication..." is shown as text, not only to screen readers', async () => {
    const context = await contextWith(LAPTOP, asAdmin());
    // Records each time the check's label is on the page, with the width it is drawn at.
    await context.addInitScript(`
      window.__checking = [];
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('.spinner-label, .visually-hidden')) {
          if (element.textContent === 'Checking admin authentication...') window.__checking.push(element.getBoundingClientRect().width);
        }
      }).observe(document, { childList: true, subtree: true });
    `);
    const page = await pageIn(context);
    await page.goto(`${stack.url}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const widths = (await page.evaluate('window.__checking')) as number[];
    expect(widths.length).toBeGreaterThan(0);
    expect(Math.min(...widths)).toBeGreaterThan(100);
    await context.close();
  });

  it('when a trial starts on the subscription page and the toggle is flipped meanwhile, then the success banner still goes after 3 seconds', async () => {
    const user = await register('Banner', 'banner@example.in');
    const page = await pageIn(await contextWith(LAPTOP, signedIn(user)));
    await page.goto(`${stack.url}/subscription`);
    await page.getByRole('button', { name: 'Start 30-Day Free Trial' }).click();
    const banner = page.getByText('Trial activated successfully!');
    await banner.waitFor();
    const shown = Date.now();
    for (const period of ['Annual', 'Monthly', 'Annual', 'Monthly']) {
      await page.waitForTimeout(700);
      await page.getByRole('button', { name: new RegExp(`^${period}`) }).click();
    }
    await banner.waitFor({ state: 'detached', timeout: 3_000 - (Date.now() - shown) + 1_000 });
    expect(Date.now() - shown).toBeLessThan(4_000);
    await page.context().close();
  });

  it('when an active user flips to annual, or an admin set their plan, then their own plan is marked "Current plan" and offers what fits it', async () => {
    const buyer = await register('Bought', 'bought@example.in');
    const order = await api('POST', '/api/payment/create-phonepe-order', {
      token: buyer.token,
      body: { plan: 'professional', billingPeriod: 'monthly' },
    });
    const paid = await fetch(order.paymentUrl as string, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'success' }),
      redirect: 'manual',
    });
    await fetch(paid.headers.get('location')!, { redirect: 'manual' });
    const page = await pageIn(await contextWith(LAPTOP, signedIn(buyer)));
    await page.goto(`${stack.url}/subscription`);
    const professional = page.getByRole('article', { name: 'Professional plan' });
    await professional.getByText('Current plan').waitFor();
    await professional.getByRole('button', { name: 'Renew' }).waitFor();
    await page.getByRole('button', { name: /^Annual/ }).click();
    // the same plan billed annually is an upgrade, and not the plan they have
    await professional.getByRole('button', { name: 'Upgrade' }).waitFor();
    expect(await professional.getByText('Current plan').count()).toBe(0);
    await page.context().close();

    const set = await register('Granted', 'granted@example.in');
    await api('PUT', `/api/admin/users/${set.user._id}/subscription`, {
      token: adminToken,
      body: { subscriptionPlan: 'business', subscriptionStatus: 'active', subscriptionEndDate: '2027-12-31' },
    });
    const granted = await pageIn(await contextWith(LAPTOP, signedIn(set)));
    await granted.goto(`${stack.url}/subscription`);
    const business = granted.getByRole('article', { name: 'Business plan' });
    await business.getByText('Current plan').waitFor();
    await business.getByRole('button', { name: 'Renew' }).waitFor();
    await granted.context().close();
  });

  it('when the order answer gives no checkout to go to, then the page says "Failed to create payment order"', async () => {
    const user = await register('Orderless', 'orderless@example.in');
    await api('PUT', '/api/billing/profile', {
      token: user.token,
      body: { legalName: 'Orderless', street: '1 Main Road', city: 'Chennai', pincode: '600001', stateCode: '33' },
    });
    const page = await pageIn(await contextWith(LAPTOP, signedIn(user)));
    await page.route('**/api/payment/create-phonepe-order', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: false }) }),
    );
    await page.goto(`${stack.url}/subscription`);
    await page.getByRole('article', { name: 'Basic plan' }).getByRole('button', { name: 'Subscribe Monthly' }).click();
    await page.getByRole('dialog', { name: 'Subscribe: Basic (monthly)' }).getByRole('button', { name: 'Pay ₹500' }).click();
    await page.getByRole('alert').getByText('Failed to create payment order').waitFor();
    await page.context().close();
  });

  it('when it is half past midnight in India, then the transactions default to the last 30 Indian days, today included', async () => {
    // 20:00 UTC is 01:30 the next day in India: a UTC date would leave today's payments out.
    const moment = new Date('2026-11-23T20:00:00Z');
    const page = await pageIn(await contextWith(LAPTOP, asAdmin()));
    await page.clock.setFixedTime(moment);
    await page.goto(`${stack.url}/admin/dashboard`);
    await page.getByRole('tab', { name: 'Transactions' }).click();
    const expected = lastIndianDays(TRANSACTIONS_DEFAULT_DAYS, moment);
    expect(expected).toEqual({ startDate: '2026-10-26', endDate: '2026-11-24' });
    expect(await page.getByLabel('Start Date').inputValue()).toBe(expected.startDate);
    expect(await page.getByLabel('End Date').inputValue()).toBe(expected.endDate);
    await page.context().close();
  });

  it('when the transactions cannot load, then the tab says so and Try again loads them', async () => {
    const page = await pageIn(await contextWith(LAPTOP, asAdmin()));
    let refused = 0;
    await page.route(
      (url) => url.pathname === '/api/admin/transactions',
      (route) => {
        if (refused++ === 0) return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable"}' });
        return route.continue();
      },
    );
    await page.goto(`${stack.url}/admin/dashboard`);
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await page.getByRole('alert').getByText('The transactions could not be loaded.').waitFor();
    expect(await page.getByText('No transactions found. Try adjusting your filters.').count()).toBe(0);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('cell', { name: 'bought@example.in' }).waitFor();
    await page.context().close();
  });

  it('when there are more than 50 users, then the Users tab pages through all of them with the total shown', async () => {
    for (let index = 0; index < 52; index++) await register(`Many${index}`, `many${String(index).padStart(2, '0')}@example.in`);
    const { total } = (await api('GET', '/api/admin/users', { token: adminToken })) as { total: number };
    expect(total).toBeGreaterThan(50);
    const page = await pageIn(await contextWith(LAPTOP, asAdmin()));
    await page.goto(`${stack.url}/admin/dashboard`);
    await page.getByRole('tab', { name: 'User Management' }).click();
    const pager = page.getByRole('navigation', { name: /users/i });
    await pager.getByText(`1–50 of ${total}`).waitFor();
    // the rows past the eighth render just after the first paint (RenderAfter)
    await page.locator('tbody tr').nth(49).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(50);
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText(`51–${total} of ${total}`).waitFor();
    await page
      .locator('tbody tr')
      .nth(total - 51)
      .waitFor();
    expect(await page.locator('tbody tr').count()).toBe(total - 50);
    // Newest first: the first sign-up is on the last page.
    await page.getByRole('cell', { name: /^banner@example\.in/ }).waitFor();
    await page.context().close();
  });

  it('when there are more than 50 payments, then the Transactions tab pages through them with the total shown', async () => {
    // Orders left at PhonePe's checkout are listed as pending: the quickest way to many payments.
    const payer = await register('Payer', 'payer@example.in');
    for (let index = 0; index < 50; index++) {
      await api('POST', '/api/payment/create-phonepe-order', { token: payer.token, body: { plan: 'basic', billingPeriod: 'monthly' } });
    }
    const page = await pageIn(await contextWith(LAPTOP, asAdmin()));
    await page.goto(`${stack.url}/admin/dashboard`);
    await page.getByRole('tab', { name: 'Transactions' }).click();
    const pager = page.getByRole('navigation', { name: 'Pages of transactions' });
    const total = 51; // the 50 pending orders and the professional plan bought earlier
    await pager.getByText(`1–50 of ${total}`).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(50);
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText(`51–${total} of ${total}`).waitFor();
    await page.getByRole('cell', { name: 'bought@example.in' }).waitFor();
    await page.context().close();
  });

  it('when the admin uses a phone, then the exports sit behind one Export button', async () => {
    const page = await pageIn(await contextWith(PHONE, asAdmin()));
    await page.goto(`${stack.url}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const toggle = page.getByRole('button', { name: 'Export', exact: true });
    expect(await toggle.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Export Users' }).isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Users' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^users_\d{4}-\d{2}-\d{2}\.csv$/);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Export Users' }).isVisible()).toBe(false);
    await page.context().close();

    const laptop = await pageIn(await contextWith(LAPTOP, asAdmin()));
    await laptop.goto(`${stack.url}/admin/dashboard`);
    await laptop.getByRole('button', { name: 'Export Users' }).waitFor();
    expect(await laptop.getByRole('button', { name: 'Export', exact: true }).isVisible()).toBe(false);
    await laptop.context().close();
  });

  it.each([
    ['a laptop', LAPTOP],
    ['a phone', PHONE],
  ])(
    "when an owner opens every admin section on %s, then each section's tab is in sight, grouped, and no section is wider than the screen",
    async (_, viewport) => {
      // a row in one of the widest lists
      await api('POST', '/api/admin/promotions', {
        token: adminToken,
        body: {
          code: `WIDE${viewport.width}`,
          discount: { kind: 'percent', percent: 10 },
          maxRedemptions: 100,
          expiresAt: '2027-03-31T18:29:59.999Z',
        },
      });
      const page = await pageIn(await contextWith(viewport, asAdmin()));
      await page.goto(`${stack.url}/admin/dashboard`);
      const nav = page.getByRole('navigation', { name: 'Admin sections' });
      await nav.waitFor();
      const groups = await nav.getByRole('tablist').evaluateAll((lists) => lists.map((list) => list.getAttribute('aria-label')));
      expect(groups).toEqual(['Overview', 'Customers', 'Money', 'Product', 'Team']);
      const names = await nav.getByRole('tab').allTextContents();
      expect(names).toHaveLength(14);
      const wide: string[] = [];
      for (const [index, name] of names.entries()) {
        const tab = nav.getByRole('tab').nth(index);
        const box = (await tab.boundingBox())!;
        // in sight: inside the screen, not cut off by a scrolling row
        expect({ name, left: box.x >= 0, right: box.x + box.width <= viewport.width }).toEqual({ name, left: true, right: true });
        await tab.click();
        await nav.locator('[role=tab][aria-selected=true]', { hasText: name }).waitFor();
        // the section drawn (not its loading spinner), with its data
        await page.locator('.admin-section > :not([role=status])').first().waitFor();
        await page.locator('.admin-section [role=status]').waitFor({ state: 'detached' });
        const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
        if (width > viewport.width) wide.push(`${name}: ${width}px`);
      }
      expect(wide).toEqual([]);
      await page.context().close();
    },
  );
});
