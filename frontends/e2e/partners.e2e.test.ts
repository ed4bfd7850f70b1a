import type { Page } from 'playwright-core';
import { currentPolicyVersions, formatMonth, istDateOf } from '@portal/contracts';
import { nextProof, type ScriptedAdmin } from '../../deploy/local/lib/admin-sign-in';
import { startE2eStack, tellingWhatThePageSays } from './e2e-stack';

jest.setTimeout(240_000);

/** The first moment of the 3rd of next month in India, when this month's statements are issued. */
function nextStatementDay(now = new Date()): Date {
  const [year, month] = istDateOf(now).split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return new Date(`${next}-03T00:01:00+05:30`);
}

/**
 * A dealer in Chromium, against every service: the owner admin creates the partner and names its
 * staff member; a customer saves the partner's code on their profile and buys Professional annual;
 * on the 3rd of the next month the statement is issued. The staff member signs in at /partner with
 * their authenticator, finds the customer, raises a pro-forma in their name, and reads the statement.
 */
describe('the partner area in Chromium', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;
  const staff = { email: `sales.${Date.now()}@silverdealer.in`, password: 'secret12' } as ScriptedAdmin;
  beforeAll(async () => {
    stack = await startE2eStack('e2epartner', { env: { STATEMENT_CHECK_MS: '1000' } });
  });
  afterAll(() => stack?.stop());

  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${String(answer.message ?? '')}`);
    return answer;
  };

  /** A practitioner's account with the authenticator turned on, as Security and Privacy does it. */
  async function staffWithAuthenticator() {
    const { token } = (await call('POST', '/api/auth/register', undefined, {
      firstName: 'Suresh',
      email: staff.email,
      password: staff.password,
      acceptedPolicies: currentPolicyVersions(),
    })) as { token: string };
    const { secret } = (await call('POST', '/api/auth/second-factor/totp', token)) as { secret: string };
    staff.totpSecret = secret;
    await call('POST', '/api/auth/second-factor/totp/confirm', token, await nextProof(staff));
  }

  async function createPartnerAsAdmin(): Promise<string> {
    const admin = await stack.adminPage();
    await admin.getByRole('tab', { name: 'Partners' }).click();
    const form = admin.getByRole('form', { name: 'New partner' });
    await form.getByLabel('Legal name').fill('Silver Tax Solutions LLP');
    await form.getByLabel('GSTIN (if registered)').fill('27ABCDE1234F1Z0');
    await form.getByLabel('PAN').fill('ABCDE1234F');
    await form.getByLabel('Name on the bank account').fill('Silver Tax Solutions LLP');
    await form.getByLabel('Bank account number').fill('123456789012');
    await form.getByLabel('IFSC').fill('HDFC0001234');
    await form.getByLabel('Tier').selectOption('silver');
    await form.getByRole('button', { name: 'Create partner' }).click();
    await admin.getByText('Partner Silver Tax Solutions LLP created.').waitFor();
    const card = admin.getByRole('article', { name: 'Silver Tax Solutions LLP' });
    await card.getByText('Tier silver: 20% on new licences, 10% on renewals, 10% on upgrades').waitFor();
    const code = /Code ([A-Z0-9]{8})/.exec((await card.textContent()) ?? '')![1]!;
    await card.getByLabel('Staff member’s portal e-mail').fill(staff.email);
    await card.getByRole('button', { name: 'Add to staff' }).click();
    await admin.getByText(`${staff.email} can now sign in to the partner area.`).waitFor();
    await admin.close();
    return code;
  }

  /** A customer saves the code on their profile and pays for Professional annual; answers their e-mail. */
  async function customerBuysThroughThePartner(code: string): Promise<string> {
    const customer = await stack.customerOnSubscription('Asha');
    await customer.goto(`${stack.url}/profile?tab=partner`);
    await customer.getByLabel('Partner code').fill(code.toLowerCase());
    await customer.getByRole('button', { name: 'Save partner code' }).click();
    await customer.getByText('Silver Tax Solutions LLP is now your partner.').waitFor();
    await customer.getByText(/Silver Tax Solutions LLP serves you since/).waitFor();
    const token = (await customer.evaluate(() => localStorage.getItem('token')))!;
    const email = ((await call('GET', '/api/auth/profile', token)) as { user: { email: string } }).user.email;
    const order = (await call('POST', '/api/payment/create-phonepe-order', token, { plan: 'professional', billingPeriod: 'annual' })) as {
      merchantOrderId: string;
    };
    await stack.phonepe.settle(order.merchantOrderId, 'success');
    for (let tries = 0; tries < 80; tries++) {
      if ((await call('GET', '/api/subscription-status', token)).subscriptionStatus === 'active') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await customer.close();
    return email;
  }

  async function signInAtPartner(page: Page) {
    await page.goto(`${stack.url}/partner`);
    await page.getByRole('heading', { name: 'Partner sign-in' }).waitFor();
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Password', { exact: true }).fill(staff.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Enter your authenticator code' }).waitFor();
    await page.getByLabel('6-digit code').fill(((await nextProof(staff)) as { code: string }).code);
    await page.getByRole('button', { name: 'Verify and open the partner area' }).click();
    await tellingWhatThePageSays(
      page,
      page.waitForURL((url) => url.pathname === '/partner/area'),
    );
  }

  it('when the staff member signs in with TOTP, then they find their customer, raise a pro-forma in the customer’s name and read the month’s statement', async () => {
    await staffWithAuthenticator();
    const code = await createPartnerAsAdmin();
    const customerEmail = await customerBuysThroughThePartner(code);
    const paidMonth = istDateOf(new Date()).slice(0, 7);
    stack.moveClockTo(nextStatementDay());

    const page = await stack.newPage();
    await signInAtPartner(page);
    await page.getByRole('heading', { name: 'Silver Tax Solutions LLP' }).waitFor();

    await page.getByLabel('Find a customer by e-mail').fill(customerEmail.split('@')[0]!);
    await page.getByRole('button', { name: 'Find' }).click();
    const row = page.getByRole('row', { name: new RegExp(customerEmail.replace(/[.]/g, '\\.')) });
    await row.getByText('Professional').waitFor();
    await row.getByRole('button', { name: `Open ${customerEmail}` }).click();
    const panel = page.getByRole('region', { name: customerEmail });
    await panel.getByLabel('Plan').selectOption('professional');
    await panel.getByLabel('Billing period').selectOption('annual');
    await panel.getByRole('button', { name: 'Raise pro-forma' }).click();
    await panel.getByText(new RegExp(`^Pro-forma PF/\\d{4}/\\d{6} for ₹9,600 sent to ${customerEmail.replace(/[.]/g, '\\.')}`)).waitFor();

    // Professional annual, ₹8,135.59 taxable, at 20 %: ₹1,627.12; GST ₹292.88; TDS ₹32.54
    await page.getByRole('tab', { name: 'Statements' }).click();
    const statement = page.getByRole('row', { name: new RegExp(formatMonth(paidMonth)) });
    for (let tries = 0; tries < 30 && !(await statement.isVisible()); tries++) {
      // issued by the partners service's job within a second of the clock's move; the tab asks again when opened
      await page.getByRole('tab', { name: 'Ledger' }).click();
      await page.getByRole('tab', { name: 'Statements' }).click();
      await statement.or(page.getByText('No statement yet.')).waitFor();
    }
    await statement.getByText('₹1,627.12').waitFor();
    await statement.getByText('₹292.88').waitFor();
    await statement.getByText('₹32.54').waitFor();
    await statement.getByText('₹1,887.46').waitFor();
    const [pdf] = await Promise.all([page.waitForEvent('download'), statement.getByRole('button', { name: 'PDF' }).click()]);
    expect(pdf.suggestedFilename()).toBe(`commission-statement-${paidMonth}.pdf`);

    await page.getByRole('tab', { name: 'Ledger' }).click();
    await page
      .getByRole('row', { name: /New licence/ })
      .getByText('₹1,627.12')
      .waitFor();
  });
});
