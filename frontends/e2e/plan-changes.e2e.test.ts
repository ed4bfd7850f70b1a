import type { Page } from 'playwright-core';
import { finishSignupWizard, saveBillingDetails, startE2eStack, startSignupWizard, tellingWhatThePageSays } from './e2e-stack';
import { pdfTextOf } from './pdf-text';

jest.setTimeout(180_000);

/**
 * Managing a subscription as a customer does in Chromium, against every service and
 * the PhonePe stand-in: a lower plan is switched at renewal and can be cancelled, a higher one is
 * paid at its price less the unused value of the plan it replaces, and a renewal extends from the end;
 * a promotion code the admin made takes its discount off the price before GST.
 */
describe('plan changes in Chromium', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;

  beforeAll(async () => {
    stack = await startE2eStack('e2eplans');
  });
  afterAll(() => stack?.stop());

  const customer = (name: string) => stack.customerOnSubscription(name);

  const card = (page: Page, plan: string) => page.getByRole('article', { name: `${plan} plan` });
  const period = (page: Page, name: 'Monthly' | 'Annual') =>
    page
      .getByRole('group', { name: 'Billing period' })
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .click();

  /** Confirms the dialog's payment and pays on the stand-in's page; answers the amount PhonePe was asked for. */
  async function payThrough(page: Page, dialogName: string): Promise<string> {
    const dialog = page.getByRole('dialog', { name: dialogName });
    const pay = dialog.getByRole('button', { name: /^Pay / });
    const asked = ((await pay.textContent()) ?? '').replace(/^Pay /, '');
    await pay.click();
    // a checkout that never opens says why: the dialog's error, or the page it stayed on
    await tellingWhatThePageSays(page, page.getByText('PhonePe test checkout').waitFor());
    const charged = await page.getByRole('button', { name: /^Pay / }).textContent();
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/subscription' && url.search === '?status=success');
    expect(charged?.replace(/^Pay /, '').replace(/\.00$/, '')).toBe(asked);
    return asked;
  }

  it('when a Professional (annual) customer chooses Basic, then it is a switch at renewal: nothing is paid, Professional keeps its end, and the switch can be cancelled', async () => {
    const page = await customer('Meera');
    await period(page, 'Annual');
    await card(page, 'Professional').getByRole('button', { name: 'Subscribe Annually' }).click();
    expect(await payThrough(page, 'Subscribe: Professional (annual)')).toBe('₹9,600');
    const active = page.getByText(/Your Professional plan is active until (\d{1,2} [A-Z][a-z]{2} \d{4})\./);
    await active.waitFor();
    const until = await active.textContent();

    await period(page, 'Monthly');
    await card(page, 'Basic').getByRole('button', { name: 'Switch at renewal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch at renewal: Basic (monthly)' });
    await dialog.getByText('Nothing is charged now.').waitFor();
    await dialog.getByRole('button', { name: 'Schedule the switch' }).click();
    await page.getByText('The switch is scheduled for your renewal.').waitFor();
    await page.getByText(/^Switches to Basic \(monthly\) on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/).waitFor();
    await card(page, 'Basic').getByRole('button', { name: 'Switch scheduled' }).waitFor();
    expect(await active.textContent()).toBe(until);

    await page.getByRole('button', { name: 'Cancel the switch' }).click();
    await page.getByText('The scheduled switch is cancelled. Your plan stays as it is.').waitFor();
    await card(page, 'Basic').getByRole('button', { name: 'Switch at renewal' }).waitFor();
    await page.context().close();
  });

  it('when a Basic (monthly) customer upgrades to Professional (monthly), then they pay its price less the unused Basic value, with a credit note and an invoice; Renew then extends from the end', async () => {
    const page = await customer('Kiran');
    await card(page, 'Basic').getByRole('button', { name: 'Subscribe Monthly' }).click();
    await payThrough(page, 'Subscribe: Basic (monthly)');
    await page.getByText(/Your Basic plan is active until/).waitFor();
    await card(page, 'Basic').getByText('Current plan').waitFor();

    await card(page, 'Professional').getByRole('button', { name: 'Upgrade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade: Professional (monthly)' });
    // bought today, its free month first: none of the paid Basic month is used, so all ₹500 is credited
    await dialog
      .getByText('The unused value of your current plan, ₹500, is credited against the price of ₹1,000, by a credit note.')
      .waitFor();
    expect(await payThrough(page, 'Upgrade: Professional (monthly)')).toBe('₹500');
    await page.getByText(/Your Professional plan is active until (\d{1,2} [A-Z][a-z]{2} \d{4})\./).waitFor();

    const history = page.getByRole('region', { name: 'Payments and invoices' });
    await history.getByText('(after a credit of ₹500)').waitFor();
    await history.getByRole('button', { name: /^Download credit note TPCN\/\d{4}\/\d{6}$/ }).waitFor();
    expect(await history.getByRole('button', { name: /^Download invoice / }).count()).toBe(2);

    const end = (await page.getByText(/Your Professional plan is active until/).textContent())!.match(/\d{1,2} [A-Z][a-z]{2} \d{4}/)![0];
    await card(page, 'Professional').getByRole('button', { name: 'Renew' }).click();
    const renewal = page.getByRole('dialog', { name: 'Renew: Professional (monthly)' });
    // the banner and the confirmation read the end the same way
    await renewal.getByText(`Your Professional (monthly) plan is renewed from ${end}, when the current period ends.`).waitFor();
    expect(await payThrough(page, 'Renew: Professional (monthly)')).toBe('₹1,000');
    await page.getByText(/Your Professional plan is active until/).waitFor();
    await page
      .getByText(/Your Professional plan is active until/)
      .filter({ hasNotText: `until ${end}.` })
      .waitFor();
    await page.context().close();
  });

  it('when a customer buys Professional for the tax year, then the plan ends on a 31 March, and the invoice names the tax year and its period', async () => {
    const page = await customer('Lalitha');
    await page
      .getByRole('group', { name: 'Billing period' })
      .getByRole('button', { name: /^Tax year \d{4}-\d{2} to 31 Mar \d{4}$/ })
      .click();
    await card(page, 'Professional').getByText('/tax year').waitFor();
    await card(page, 'Professional').getByRole('button', { name: 'Subscribe for the Tax Year' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe: Professional (tax year)' });
    await dialog.getByText(/Your plan will run until 31 Mar \d{4}\./).waitFor();
    await payThrough(page, 'Subscribe: Professional (tax year)');
    const active = page.getByText(/Your Professional plan is active until 31 Mar (\d{4})\./);
    await active.waitFor();
    const year = Number((await active.textContent())!.match(/31 Mar (\d{4})/)![1]);

    const history = page.getByRole('region', { name: 'Payments and invoices' });
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      history.getByRole('button', { name: /^Download invoice TP\/\d{4}\/\d{6}$/ }).click(),
    ]);
    const text = await pdfTextOf(file);
    const taxYear = `${year - 1}-${String(year % 100).padStart(2, '0')}`;
    expect(text).toMatch(
      new RegExp(`Professional plan \\(tax year ${taxYear}\\), service from \\d{1,2} [A-Z][a-z]{2} \\d{4} to 31 Mar ${year}`),
    );
    await page.context().close();
  });

  it('when the admin makes a code in the Promotions tab and a customer applies it at checkout, then the customer pays the discounted amount and the invoice shows the discount', async () => {
    const admin = await stack.adminPage();
    await admin.getByRole('tab', { name: 'Promotions' }).click();
    const form = admin.getByRole('form', { name: 'New promotion code' });
    await form.getByLabel('Code', { exact: true }).fill('caday26');
    await form.getByLabel('Percentage').fill('10');
    await form.getByRole('checkbox', { name: 'First purchase only' }).check();
    await form.getByRole('button', { name: 'Make the code' }).click();
    await admin.getByText('The code CADAY26 is ready.').waitFor();
    const row = admin.getByRole('row', { name: /CADAY26/ });
    expect(await row.textContent()).toContain('10% off');

    const page = await customer('Farah');
    await card(page, 'Professional').getByRole('button', { name: 'Subscribe Monthly' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe: Professional (monthly)' });
    await dialog.getByLabel('Promotion code').fill('NOSUCHCODE');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('This code is not valid.').waitFor();
    expect(await dialog.getByRole('button', { name: /^Pay / }).textContent()).toBe('Pay ₹1,000');

    await dialog.getByLabel('Promotion code').fill('caday26');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('Code CADAY26 applied.').waitFor();
    // 10 % of the ₹847.46 before GST, and 18 % GST on the ₹762.71 left
    await dialog.getByText('-₹84.75').waitFor();
    await dialog.getByText('With the code CADAY26, you pay ₹900 now instead of ₹1,000.', { exact: false }).waitFor();
    expect(await payThrough(page, 'Subscribe: Professional (monthly)')).toBe('₹900');
    await page.getByText(/Your Professional plan is active until/).waitFor();

    const history = page.getByRole('region', { name: 'Payments and invoices' });
    const download = history.getByRole('button', { name: /^Download invoice TP\/\d{4}\/\d{6}$/ });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const text = await pdfTextOf(file);
    expect(text).toContain('Less discount, code CADAY26-₹84.75');
    expect(text).toContain('Total (tax included)₹900.00');

    await admin.reload();
    expect(await admin.getByRole('row', { name: /CADAY26/ }).textContent()).toMatch(/10% off.*Active/);
    await Promise.all([page.context().close(), admin.context().close()]);
  });

  it("when a colleague signs up through a customer's referral link and pays, then the customer sees the credit and their next payment takes it off", async () => {
    const referrer = await customer('Nisha');
    const referral = referrer.getByRole('region', { name: 'Refer a colleague' });
    const link = await referral.getByLabel('Your referral link').inputValue();
    expect(link).toMatch(new RegExp(`^${stack.url}/signup\\?ref=[A-Z2-9]{8}$`));

    const colleague = await stack.newPage();
    await colleague.goto(link);
    await startSignupWizard(colleague, { firstName: 'Karan', email: `karan.${Date.now()}@example.in`, password: 'secret12' });
    await finishSignupWizard(colleague, {
      age: '41',
      gender: 'male',
      street: '3 FC Road',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411004',
    });
    await colleague.waitForURL((url) => url.pathname === '/profile');
    await colleague.goto(`${stack.url}/subscription`);
    await card(colleague, 'Basic').getByRole('button', { name: 'Subscribe Monthly' }).click();
    await colleague.getByRole('dialog', { name: 'Subscribe: Basic (monthly)' }).getByRole('button', { name: /^Pay / }).click();
    await saveBillingDetails(colleague.getByRole('form', { name: 'Billing details' }).first(), 'Karan Mehta');
    await colleague.getByText('PhonePe test checkout').waitFor();
    await colleague.getByRole('button', { name: /^Pay / }).click();
    await colleague.waitForURL((url) => url.pathname === '/subscription' && url.search === '?status=success');
    await colleague.getByText(/Your Basic plan is active until/).waitFor();

    await referrer.reload();
    await referral.getByText('Your referral credit: ₹500. It comes off your next payment.').waitFor();
    await card(referrer, 'Professional').getByRole('button', { name: 'Subscribe Monthly' }).click();
    const dialog = referrer.getByRole('dialog', { name: 'Subscribe: Professional (monthly)' });
    // ₹500 off the ₹847.46 before GST, and 18 % GST on the ₹347.46 left
    await dialog.getByText('Referral credit', { exact: true }).waitFor();
    await dialog.getByText('-₹500').waitFor();
    await dialog.getByText('With your referral credit, you pay ₹410 now instead of ₹1,000.', { exact: false }).waitFor();
    expect(await payThrough(referrer, 'Subscribe: Professional (monthly)')).toBe('₹410');
    await referrer.getByText(/Your Professional plan is active until/).waitFor();
    expect(await referral.getByText(/Your referral credit/).count()).toBe(0);
    await Promise.all([referrer.context().close(), colleague.context().close()]);
  });
});
