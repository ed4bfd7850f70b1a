import { currentPolicyVersions, NOTIFICATION_MESSAGES, OPTIONAL_CATEGORY_TEXTS } from '@portal/contracts';
import { startSmtpCatcher, type SmtpCatcher } from '@portal/platform/testing';
import { startE2eStack } from './e2e-stack';

describe('what the portal sends a person: the admin’s delivery log, and the person’s own choice of reminders', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;
  let smtp: SmtpCatcher;
  const email = 'delivery.log@example.in';
  const isReset = (mail: { to?: unknown; subject?: string }) =>
    JSON.stringify(mail.to).includes(email) && mail.subject === 'Reset your Tax Practitioner Portal password';

  beforeAll(async () => {
    // a mail server in trouble from the start; every try of a day's schedule within seconds
    smtp = await startSmtpCatcher();
    smtp.refusing = true;
    // and billing looks for reminders due every second
    stack = await startE2eStack('deliverylog', { env: { SMTP_URL: smtp.url, DELIVERY_RETRY_SCALE: '0.0001', REMINDERS_EVERY_MS: '1000' } });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  it('when every try of a password reset is refused, then the admin sees it failed with the server’s answer, and "Send again" delivers it once the server takes mail', async () => {
    const registered = await fetch(`${stack.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Divya', email, password: 'secret12', acceptedPolicies: currentPolicyVersions() }),
    });
    const { user } = (await registered.json()) as { user: { _id: string } };
    await fetch(`${stack.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });

    const page = await stack.adminPage();
    const adminToken = (await page.evaluate("localStorage.getItem('adminToken')")) as string;
    const states = async () =>
      (
        (await (
          await fetch(`${stack.url}/api/admin/users/${user._id}/messages`, { headers: { authorization: `Bearer ${adminToken}` } })
        ).json()) as { messages: { kind: string; state: string }[] }
      ).messages;
    // sixteen tries, about nine seconds at this pace
    for (let wait = Date.now() + 45_000; !(await states()).every((message) => message.state === 'failed');) {
      if (Date.now() > wait) throw new Error(`not failed in time: ${JSON.stringify(await states())}`);
      await page.waitForTimeout(250);
    }

    await page.getByRole('tab', { name: 'User Management' }).click();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `View details of ${email}` }).click();
    const messages = page.getByRole('dialog', { name: 'User Details' }).getByRole('region', { name: 'Messages' });
    const reset = messages.getByRole('row').filter({ hasText: 'Password reset' });
    await reset.getByRole('cell', { name: 'Failed', exact: true }).waitFor();
    await reset.getByRole('cell', { name: '16', exact: true }).waitFor();
    await reset.getByText('Mailbox busy, try again later').waitFor();
    await messages.getByRole('row').filter({ hasText: 'Welcome' }).getByRole('cell', { name: 'Failed', exact: true }).waitFor();
    expect(smtp.inbox.filter(isReset)).toHaveLength(0);

    smtp.refusing = false;
    await reset.getByRole('button', { name: 'Send again: Reset your Tax Practitioner Portal password' }).click();
    await messages.getByText(NOTIFICATION_MESSAGES.sentAgain).waitFor();
    const mail = await smtp.waitForMail(isReset, 20_000);
    expect(mail.text).toMatch(/\/reset-password\?token=[\w-]{43}/);
    // the dialog reads the log again when it opens: the message is sent, and only once
    await page.getByRole('dialog', { name: 'User Details' }).getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('button', { name: `View details of ${email}` }).click();
    await reset.getByRole('cell', { name: 'Sent', exact: true }).waitFor();
    expect(smtp.inbox.filter(isReset)).toHaveLength(1);

    const audit = (await (await fetch(`${stack.url}/api/admin/audit`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as {
      entries: { action: string; target: { label?: string } }[];
    };
    expect(audit.entries.find((entry) => entry.action === 'message.sent-again')?.target.label).toBe(email);
    await page.context().close();
  });

  it('when a trial’s reminder arrives, then its Unsubscribe link opens a page that asks, stops reminders, and the profile shows the choice and can turn them on again', async () => {
    smtp.refusing = false;
    const page = await stack.customerOnSubscription('Rekha');
    const token = (await page.evaluate("localStorage.getItem('token')")) as string;
    const { email: rekha } = JSON.parse((await page.evaluate("localStorage.getItem('user')")) as string) as { email: string };
    const started = await fetch(`${stack.url}/api/start-trial`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(started.status).toBe(200);
    // two days before the trial's 30 end: the 3-day reminder is due
    stack.moveClockTo(new Date(Date.now() + 28 * 24 * 60 * 60 * 1000));
    const reminder = await smtp.waitForMail(
      (mail) => JSON.stringify(mail.to).includes(rekha) && mail.subject === 'Your free trial ends in 3 days',
      20_000,
    );
    const link = /Unsubscribe: (\S+)/.exec(reminder.text ?? '')?.[1];
    expect(link).toMatch(/\/api\/notifications\/unsubscribe\?token=/);

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Unsubscribe from reminders?' }).waitFor();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await page.getByText(OPTIONAL_CATEGORY_TEXTS.reminder.unsubscribed).waitFor();
    await page.getByRole('link', { name: 'your profile' }).click();

    const reminders = page.getByRole('checkbox', { name: 'Reminders' });
    await reminders.waitFor();
    expect(await reminders.isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Product news' }).isChecked()).toBe(true);
    await page.getByText(/^Last changed /).waitFor();
    await reminders.check();
    await page.getByText(NOTIFICATION_MESSAGES.preferencesSaved).waitFor();
    await page.reload();
    await page.getByRole('checkbox', { name: 'Reminders' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Reminders' }).isChecked()).toBe(true);
    await page.context().close();
  });
});
