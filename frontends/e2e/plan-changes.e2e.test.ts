import type { Page } from 'playwright-core';
import { startE2eStack } from './e2e-stack';

jest.setTimeout(180_000);

/**
 * Managing a subscription (issue #27 §2) as a customer does in Chromium, against every service and
 * the PhonePe stand-in: a lower plan is switched at renewal and can be cancelled, a higher one is
 * paid at its price less the unused value of the plan it replaces, and a renewal extends from the end.
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
    await page.getByText('PhonePe test checkout').waitFor();
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
});
