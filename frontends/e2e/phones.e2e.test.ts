import type { Page } from 'playwright-core';
import { PHONE_MESSAGES } from '@portal/contracts';
import { startSmtpCatcher, type SmtpCatcher } from '@portal/platform/testing';
import { startE2eStack } from './e2e-stack';

const DAY = 24 * 60 * 60 * 1000;
// each test walks several pages and waits on the providers' stand-ins, as every browser suite does
jest.setTimeout(120_000);

describe('WhatsApp and SMS: a verified number, the receipt on WhatsApp once, the choice withdrawn, and sign-in by a code', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;
  let smtp: SmtpCatcher;
  // a number of this run's own, typed as people type it
  const digits = `9${String(Date.now()).slice(-9)}`;
  const mobile = `+91${digits}`;
  const typed = `${digits.slice(0, 5)} ${digits.slice(5)}`;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    // billing looks for reminders due every second
    stack = await startE2eStack('phones', { env: { SMTP_URL: smtp.url, REMINDERS_EVERY_MS: '1000' } });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  const received = (channel: 'whatsapp' | 'sms') => stack.phones.receivedBy(mobile).filter((message) => message.channel === channel);
  /** The code in the `count`-th SMS the phone received, waiting for it. */
  async function code(page: Page, count: number): Promise<string> {
    for (let until = Date.now() + 15_000; received('sms').length < count;) {
      if (Date.now() > until) throw new Error(`no SMS number ${count}: ${JSON.stringify(received('sms'))}`);
      await page.waitForTimeout(100);
    }
    return received('sms')[count - 1]!.values[0]!;
  }
  const channel = (page: Page, name: 'WhatsApp' | 'SMS') =>
    page.getByRole('region', { name: 'WhatsApp and SMS' }).getByRole('checkbox', { name, exact: true });

  it('when a practitioner verifies a number and opts into WhatsApp, then a plan bought shows its receipt on the phone once; opted out, a reminder goes by e-mail only', async () => {
    const page = await stack.customerOnSubscription('Asha');
    const { email } = JSON.parse((await page.evaluate("localStorage.getItem('user')")) as string) as { email: string };
    await page.goto(`${stack.url}/profile?tab=notifications`);
    const phones = page.getByRole('region', { name: 'WhatsApp and SMS' });
    await phones.getByLabel('Mobile number', { exact: true }).fill(typed);
    await phones.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(PHONE_MESSAGES.codeSent).waitFor();
    await phones.getByLabel('Code from the SMS').fill(await code(page, 1));
    await phones.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(PHONE_MESSAGES.numberVerified).waitFor();
    await channel(page, 'WhatsApp').check();
    await page.getByText(PHONE_MESSAGES.channelsSaved).waitFor();

    await page.goto(`${stack.url}/subscription`);
    await page.getByRole('article', { name: 'Basic plan' }).getByRole('button', { name: 'Subscribe Monthly' }).click();
    await page.getByRole('dialog', { name: 'Subscribe: Basic (monthly)' }).getByRole('button', { name: /^Pay / }).click();
    await page.getByText('PhonePe test checkout').waitFor();
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/subscription' && url.search === '?status=success');
    await smtp.waitForMail(
      (mail) => JSON.stringify(mail.to).includes(email) && (mail.subject ?? '').startsWith('Payment received'),
      20_000,
    );

    // the phone's page, as the practitioner would look at it
    const phone = await page.context().newPage();
    await phone.goto(stack.phones.baseUrl);
    await phone.getByText(/^WhatsApp \[payment_receipt\] 500 \| Basic \| http/).waitFor();
    expect(await phone.getByText(/\[payment_receipt\]/).count()).toBe(1);
    expect(received('whatsapp').map((message) => message.template)).toEqual(['payment_receipt']);
    // SMS was not chosen: only the verification code went that way
    expect(received('sms')).toHaveLength(1);

    await page.goto(`${stack.url}/profile?tab=notifications`);
    await channel(page, 'WhatsApp').uncheck();
    await page.getByText(PHONE_MESSAGES.channelsSaved).waitFor();
    const end = Date.parse(
      (
        (await (
          await fetch(`${stack.url}/api/subscription-status`, {
            headers: { authorization: `Bearer ${await page.evaluate("localStorage.getItem('token')")}` },
          })
        ).json()) as { subscriptionEndDate: string }
      ).subscriptionEndDate,
    );
    stack.moveClockTo(new Date(end - 6 * DAY));
    await smtp.waitForMail(
      (mail) => JSON.stringify(mail.to).includes(email) && mail.subject === 'Your Basic subscription ends in 7 days',
      20_000,
    );
    // a phone's copy is kept with the e-mail when it is handed over: the reminder has none
    const kept = await (
      await stack.database('notifications')
    )
      .collection('messages')
      .find({ kind: 'expiry-reminder', to: { $in: [email, mobile] } }, { projection: { channel: 1 } })
      .toArray();
    expect(kept.map((message) => message.channel)).toEqual(['email']);
    expect(received('whatsapp').map((message) => message.template)).toEqual(['payment_receipt']);
    await page.context().close();
  });

  it('when the practitioner signs in by a code to that number, then a fourth try of a code is refused, and a new code signs them in', async () => {
    const page = await stack.newPage();
    await page.goto(`${stack.url}/login`);
    await page.getByRole('button', { name: 'Use a code sent by SMS instead' }).click();
    await page.getByLabel('Mobile number', { exact: true }).fill(typed);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(PHONE_MESSAGES.signInCodeSent).waitFor();
    const signInButton = () => page.getByRole('form', { name: 'Enter the code' }).getByRole('button', { name: 'Sign In' });
    const first = await code(page, 2);
    const wrong = first === '000000' ? '111111' : '000000';
    const tryCode = async (value: string, says: string) => {
      await page.getByLabel('Code from the SMS').fill(value);
      await signInButton().click();
      await page.getByText(says).waitFor();
    };
    await tryCode(wrong, PHONE_MESSAGES.codeWrong);
    await tryCode(wrong, PHONE_MESSAGES.codeWrong);
    await tryCode(wrong, PHONE_MESSAGES.codeExpired);
    // the fourth try, with the right code: refused all the same
    await page.getByLabel('Code from the SMS').fill(first);
    await signInButton().click();
    await page.getByText(PHONE_MESSAGES.codeExpired).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Code from the SMS').fill(await code(page, 3));
    await signInButton().click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.context().close();
  });
});
