import { DESKTOP_CLIENT_ID, DEVICE_GRANT_TYPE } from '@portal/contracts';
import { startE2eStack, tellingWhatThePageSays } from './e2e-stack';

jest.setTimeout(240_000);

const DAY_MS = 24 * 60 * 60 * 1000;
const IST_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * What a pack should cost, worked out here apart from the portal's code: ₹1,200 a PC a year × PCs
 * × the Indian days from today (included) to the term's end ÷ the days of the year before that end.
 */
function expectedPaise(pcs: number, now: Date, end: Date): number {
  const todayStarts = Math.floor((now.getTime() + IST_MS) / DAY_MS) * DAY_MS - IST_MS;
  const days = Math.ceil((end.getTime() - todayStarts) / DAY_MS);
  const endDay = new Date(end.getTime() + IST_MS);
  const yearBefore = Date.UTC(endDay.getUTCFullYear() - 1, endDay.getUTCMonth(), endDay.getUTCDate());
  const ofDays = Math.round((Date.UTC(endDay.getUTCFullYear(), endDay.getUTCMonth(), endDay.getUTCDate()) - yearBefore) / DAY_MS);
  return Math.round((120_000 * pcs * days) / ofDays);
}

/** As the pages write an amount: whole rupees without paise. */
const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`.replace(/\.00$/, '');

/**
 * An office that needs a third PC on a person's Professional plan (two PCs), in Chromium against
 * every service and the PhonePe stand-in: mid-term, a pack of 2 PCs is priced to the term's end
 * to the paisa, paid, and the third PC activates at once.
 */
describe('packs of extra PCs in Chromium', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;
  beforeAll(async () => {
    stack = await startE2eStack('e2epacks');
  });
  afterAll(() => stack?.stop());

  /** The desktop app signed in by the device grant for `token`'s person: its access token. */
  async function desktopFor(token: string): Promise<string> {
    const started = await stack.form('/api/auth/device/code', { client_id: DESKTOP_CLIENT_ID, device_name: 'Office PC' });
    await stack.api('POST', '/api/auth/device/decision', token, { user_code: started.user_code, decision: 'approve' });
    const granted = await stack.form('/api/auth/device/token', {
      grant_type: DEVICE_GRANT_TYPE,
      device_code: started.device_code!,
      client_id: DESKTOP_CLIENT_ID,
    });
    return granted.access_token!;
  }
  const activate = (desktop: string, name: string, fingerprint: string) =>
    stack.api('POST', '/api/licenses/activate', desktop, {
      deviceId: fingerprint.repeat(64),
      deviceName: name,
      os: 'Windows 11',
      appVersion: '1.0.0',
    });

  it('when a Professional customer buys a pack of 2 PCs mid-term, then it is prorated to the paisa and a third PC activates at once', async () => {
    const page = await stack.customerOnSubscription('Farah');
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    await page
      .getByRole('group', { name: 'Billing period' })
      .getByRole('button', { name: /^Annual/ })
      .click();
    await page.getByRole('article', { name: 'Professional plan' }).getByRole('button', { name: 'Subscribe Annually' }).click();
    await page.getByRole('dialog', { name: 'Subscribe: Professional (annual)' }).getByRole('button', { name: /^Pay / }).click();
    await tellingWhatThePageSays(page, page.getByText('PhonePe test checkout').waitFor());
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByText(/Your Professional plan is active until/).waitFor();

    const desktop = await desktopFor(token);
    expect((await activate(desktop, 'Front desk', 'a')).status).toBe(201);
    expect((await activate(desktop, 'Partner’s PC', 'b')).status).toBe(201);
    const third = await activate(desktop, 'Article clerk’s PC', 'c');
    expect([third.status, third.body.error]).toEqual([409, 'device_limit']);

    // 100 days into the term, at noon in India, so that no day ends between the page's price and this test's
    const status = await stack.api('GET', '/api/subscription-status', token);
    const end = new Date(status.body.subscriptionEndDate as string);
    const later = new Date(Date.now() + 100 * DAY_MS);
    const noon = Date.UTC(later.getUTCFullYear(), later.getUTCMonth(), later.getUTCDate(), 6, 30);
    const offset = noon - Date.now();
    stack.moveClockTo(new Date(noon));
    await page.reload();
    const packs = page.getByRole('region', { name: 'Extra PCs' });
    await packs.getByText(/Your plan activates 2 PCs\./).waitFor();
    await packs.getByLabel('PCs to add').selectOption('2');
    await packs.getByRole('button', { name: 'See the price' }).click();
    const price = packs.getByRole('group', { name: 'Price of the extra PCs' });
    const pay = price.getByRole('button', { name: /^Pay / });
    await pay.waitFor();
    const amount = expectedPaise(2, new Date(Date.now() + offset), end);
    expect(await pay.textContent()).toBe(`Pay ${rupees(amount)}`);
    await pay.click();
    await tellingWhatThePageSays(page, page.getByText('PhonePe test checkout').waitFor());
    expect((await page.getByRole('button', { name: /^Pay / }).textContent())?.replace(/\.00$/, '')).toBe(`Pay ${rupees(amount)}`);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/subscription' && url.search === '?status=success');
    await packs
      .getByRole('list', { name: 'Packs of extra PCs' })
      .getByText(/^2 extra PCs until /)
      .waitFor();

    expect((await activate(desktop, 'Article clerk’s PC', 'c')).status).toBe(201);
    expect((await activate(desktop, 'Reception', 'd')).status).toBe(201);
    const fifth = await activate(desktop, 'Spare', 'e');
    expect([fifth.status, fifth.body.error]).toEqual([409, 'device_limit']);
    await page.context().close();
  });
});
