import type { Page } from 'playwright-core';
import { DESKTOP_CLIENT_ID, DEVICE_GRANT_TYPE } from '@portal/contracts';
import { createFirmAndOpenItsPlan, finishSignupWizard, saveBillingDetails, startE2eStack, startSignupWizard } from './e2e-stack';
import { pdfTextOf } from './pdf-text';

jest.setTimeout(240_000);

/**
 * A practice with staff in Chromium, against every service, the PhonePe stand-in and
 * Mailpit: the owner creates a firm and buys 3 seats, invites two people, one of whom signs up and
 * the other signs in to accept; a fourth invitation is refused; the members work on the firm's
 * plan; a removed member's device is refused at its next check-in; the invoice names the firm.
 */
describe('a firm with seats in Chromium', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;
  beforeAll(async () => {
    stack = await startE2eStack('e2efirms', { mail: true });
  });
  afterAll(() => stack?.stop());

  const at = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
  const api = (...call: Parameters<typeof stack.api>) => stack.api(...call);
  const form = (...call: Parameters<typeof stack.form>) => stack.form(...call);

  /** The action link of the last invitation e-mailed to `email`. */
  const invitationLink = async (email: string) =>
    /(http\S+\/(?:login|signup)\?next=\S+)/.exec(await stack.mailText(`to:"${email}" subject:"invited you"`))![1]!;

  /** The desktop app signed in as `token`'s person by the device grant, and activated on a machine. */
  async function desktopActivated(token: string) {
    const started = await form('/api/auth/device/code', { client_id: DESKTOP_CLIENT_ID, device_name: 'Kiran’s desk' });
    await api('POST', '/api/auth/device/decision', token, { user_code: started.user_code, decision: 'approve' });
    const tokens = await form('/api/auth/device/token', {
      grant_type: DEVICE_GRANT_TYPE,
      device_code: started.device_code!,
      client_id: DESKTOP_CLIENT_ID,
    });
    const desktop = tokens.access_token!;
    const machine = { deviceId: 'c'.repeat(64), deviceName: 'Kiran’s desk', os: 'Windows 11', appVersion: '1.0.0' };
    const activated = await api('POST', '/api/licenses/activate', desktop, machine);
    expect(activated.status).toBe(201);
    return () => api('POST', '/api/licenses/refresh', desktop, { deviceId: machine.deviceId, appVersion: '1.0.0' });
  }

  it('when an owner buys 3 seats and invites two people, then both join, a fourth is refused, the members work on the firm’s plan, a removed member’s device stops, and the invoice names the firm', async () => {
    const owner = await stack.customerOnSubscription('Meera');
    const kiranEmail = `kiran.${Date.now()}@example.in`;
    const kiranToken = await stack.register('Kiran', kiranEmail);
    const raviEmail = `ravi.${Date.now()}@example.in`;

    // the owner creates the firm and opens its plan from the Firms tab
    const firmId = await createFirmAndOpenItsPlan(owner, stack.url, 'Iyer & Associates');

    // 3 seats of Professional (monthly): the card and the confirmation show the quantity and the total
    await owner.getByLabel('Seats').fill('3');
    const professional = owner.getByRole('article', { name: 'Professional plan' });
    await professional.getByText('3 seats: ₹3,000 a month').waitFor();
    await professional.getByRole('button', { name: 'Buy for the firm' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Subscribe: Professional (monthly)' });
    await dialog.getByText('3 seats at ₹1,000 each: ₹3,000.').waitFor();
    await dialog.getByText('3 × ₹1,000').waitFor();
    await dialog.getByRole('button', { name: 'Pay ₹3,000' }).click();

    // the firm's own billing details, asked before its first payment
    await saveBillingDetails(owner.getByRole('form', { name: 'Billing details' }).first(), 'Iyer & Associates');
    await owner.getByText('PhonePe test checkout').waitFor();
    await owner.getByRole('button', { name: /^Pay / }).click();
    await owner.waitForURL((url) => url.pathname === '/subscription' && url.search === `?firm=${firmId}&status=success`);
    await owner.getByText(/Iyer & Associates has the Professional plan for 3 seats, 1 in use, until/).waitFor();

    // two invitations, within the seats
    await owner.goto(`${stack.url}/profile?tab=firms`);
    for (const email of [raviEmail, kiranEmail]) {
      await owner.getByLabel('E-mail of the person to invite').fill(email);
      await owner.getByRole('button', { name: 'Send invitation' }).click();
      await owner.getByText(`Invitation sent to ${email}.`).waitFor();
    }

    // Ravi has no account: the e-mail's link signs him up and brings him back to the invitation
    const raviLink = await invitationLink(raviEmail);
    expect(raviLink).toContain('/signup?next=');
    const ravi = await stack.newPage();
    await ravi.goto(raviLink);
    await startSignupWizard(ravi, { firstName: 'Ravi', email: raviEmail, password: 'secret12' });
    await finishSignupWizard(ravi, {
      age: '29',
      gender: 'male',
      mobile: '+91 98765 43211',
      street: '4 FC Road',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411004',
    });
    await at(ravi, '/profile');
    await ravi.getByRole('button', { name: 'Join Iyer & Associates' }).click();
    await ravi.getByText('You joined Iyer & Associates.').waitFor();

    // Kiran has one: the link logs her in first
    const kiranLink = await invitationLink(kiranEmail);
    expect(kiranLink).toContain('/login?next=');
    const kiranPage = await stack.newPage();
    await kiranPage.goto(kiranLink);
    await kiranPage.getByLabel('Email').fill(kiranEmail);
    await kiranPage.getByLabel('Password', { exact: true }).fill('secret12');
    await kiranPage.getByRole('button', { name: 'Sign In' }).click();
    await kiranPage.getByRole('button', { name: 'Join Iyer & Associates' }).click();
    await kiranPage.getByText('You joined Iyer & Associates.').waitFor();

    // every seat is taken: a fourth invitation is refused with the reason
    await owner.reload();
    await owner.getByText('Seats: 3 of 3 in use', { exact: false }).waitFor();
    await owner.getByLabel('E-mail of the person to invite').fill('fourth@example.in');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByText('All 3 seats are in use. Buy more seats, or remove a member, before inviting someone.').waitFor();

    // a member works on the firm's plan: no buy or trial buttons
    await ravi.goto(`${stack.url}/subscription`);
    const memberBanner =
      /You work on the Professional plan of Iyer & Associates, until \d{1,2} [A-Z][a-z]{2} \d{4}\. It is managed by Meera/;
    await ravi.getByText(memberBanner).waitFor();
    expect(await ravi.getByRole('button', { name: /Subscribe|Start 30-Day Free Trial|Buy/ }).count()).toBe(0);
    await ravi.goto(`${stack.url}/dashboard`);
    await ravi.getByText(memberBanner).waitFor();

    // Kiran's desktop app works on her seat until the owner removes her
    const refresh = await desktopActivated(kiranToken);
    expect((await refresh()).status).toBe(200);
    owner.once('dialog', (question) => void question.accept());
    await owner.getByRole('button', { name: `Remove ${kiranEmail}` }).click();
    await owner.getByText('Member removed. Their seat is free.').waitFor();
    const refused = await refresh();
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('no_entitlement');

    // the invoice is the firm's, with its GSTIN and the quantity
    await owner.goto(`${stack.url}/subscription?firm=${firmId}`);
    const history = owner.getByRole('region', { name: 'Billing history' });
    await history.getByText('Professional (monthly), 3 seats').waitFor();
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      history.getByRole('button', { name: /^Download invoice / }).click(),
    ]);
    const text = await pdfTextOf(download);
    expect(text).toContain('Iyer & Associates');
    expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
    expect(text).toContain('Quantity: 3 seats at ₹1,000.00 per seat');

    // the admin's Firms tab: the owner, 2 of 3 seats in use, the plan and the people left
    const admin = await stack.adminPage();
    await admin.getByRole('tab', { name: 'Firms' }).click();
    const row = admin.getByRole('row', { name: /Iyer & Associates/ });
    await row.getByText('2 of 3 in use').waitFor();
    await row.getByText('Meera (owner)').waitFor();
    await row.getByText('Ravi (member)').waitFor();
    expect(await row.getByText('kiran', { exact: false }).count()).toBe(0);
    // the dashboard: the firm is one subscription with its 3 seats
    await admin.getByRole('tab', { name: 'Dashboard' }).click();
    await admin.getByRole('region', { name: 'Active Subscriptions' }).getByText('1', { exact: true }).waitFor();
    await admin.getByRole('region', { name: 'Paid Seats' }).getByText('3', { exact: true }).waitFor();
  });

  it('when owners create firms and at once save each one’s billing details and order its seats, then every call sees the firm just made: 50 of 50', async () => {
    const refused: string[] = [];
    // a person may hold ten firms: five owners, ten firms each
    for (let owner = 0; owner < 5; owner++) {
      const token = await stack.register('Prompt', `prompt.owner.${owner}.${Date.now()}@example.in`);
      for (let each = 0; each < 10; each++) {
        const created = await api('POST', '/api/firms', token, { name: `Prompt & Co ${owner}-${each}` });
        expect(created.status).toBe(201);
        const firmId = (created.body.firm as { id: string }).id;
        const details = await api('PUT', `/api/billing/profile?firmId=${firmId}`, token, {
          legalName: `Prompt & Co ${owner}-${each}`,
          street: '12 MG Road',
          city: 'Pune',
          pincode: '411001',
          stateCode: '27',
        });
        const order = await api('POST', `/api/payment/create-phonepe-order?firmId=${firmId}`, token, {
          plan: 'professional',
          billingPeriod: 'monthly',
          seats: 2,
        });
        if (details.status !== 200 || order.status !== 201) refused.push(`${firmId}: details ${details.status}, order ${order.status}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
