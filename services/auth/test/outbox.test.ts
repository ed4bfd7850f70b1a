import request from 'supertest';
import { startAuth, validSignup, type AuthHarness } from './auth-harness';

/** What auth tells people is stored with the change and handed to notifications, whatever stops between. */
describe('auth’s outbox: a message survives its producer stopping before the hand-over', () => {
  let auth: AuthHarness;
  const outbox = () => auth.db.connection.collection('outbox');
  beforeAll(async () => {
    auth = await startAuth('outbox');
  });
  afterAll(() => auth?.close());

  it('when notifications is away during a password reset and auth stops before it could hand the link over, then the link arrives once after both are back', async () => {
    const email = 'outbox.reset@example.in';
    await request(auth.app).post('/api/auth/register').send(validSignup(email)).expect(201);
    await auth.smtp.waitForMail((mail) => JSON.stringify(mail.to).includes(email) && mail.subject?.startsWith('Welcome') === true);

    await auth.notifications.stop();
    await request(auth.app).post('/api/auth/forgot-password').send({ email }).expect(200);
    // stored in auth's own database, with nothing to hand it to
    await auth.outbox.settled();
    expect(
      await outbox()
        .find({}, { projection: { _id: 1 } })
        .toArray(),
    ).toEqual([{ _id: expect.stringMatching(/^password-reset:/) }]);

    await auth.restart(() => auth.notifications.start());
    const isReset = (mail: { to?: unknown; subject?: string }) =>
      JSON.stringify(mail.to).includes(email) && /reset/i.test(mail.subject ?? '');
    const mail = await auth.smtp.waitForMail(isReset, 10_000);
    expect(mail.text).toMatch(/\/reset-password\?token=[\w-]{43}/);
    await auth.outbox.settled();
    expect(await outbox().countDocuments()).toBe(0);
    // and once: a second reset's link comes after it, alone
    await request(auth.app).post('/api/auth/forgot-password').send({ email }).expect(200);
    expect(await auth.smtp.waitForMails(isReset, 2)).toHaveLength(2);
    const links = auth.smtp.inbox.filter(isReset).map((each) => /token=([\w-]+)/.exec(each.text ?? '')![1]);
    expect(new Set(links).size).toBe(2);
  });
});
