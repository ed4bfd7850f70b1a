import request from 'supertest';
import { startAuth, validSignup, type AuthHarness } from './auth-harness';

const REQUESTED = 'If an account exists for that email, we have sent a link to reset the password. The link works once, within 1 hour.';

const RESET_SUBJECT = 'Reset your Tax Practitioner Portal password';

describe('password reset', () => {
  let auth: AuthHarness;
  let oldToken: string;

  beforeAll(async () => {
    auth = await startAuth('reset');
    oldToken = (await request(auth.app).post('/api/auth/register').send(validSignup('forgetful@example.in'))).body.token;
  });
  afterAll(() => auth.close());

  const tokenFrom = (text: string) => /reset-password\?token=([\w-]+)/.exec(text)?.[1] as string;
  const requestLink = async (email: string) => {
    const response = await request(auth.app).post('/api/auth/forgot-password').send({ email });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(REQUESTED);
    const mail = await auth.smtp.waitForMail(
      (m) => m.subject === RESET_SUBJECT && JSON.stringify(m.to).includes(email) && !used.has(m.messageId ?? ''),
    );
    used.add(mail.messageId ?? '');
    return { mail, token: tokenFrom(mail.text ?? '') };
  };
  const used = new Set<string>();
  const check = (token: unknown) => request(auth.app).post('/api/auth/reset-password/check').send({ token });

  it('when the account exists, then an e-mail with a one-hour link to the portal arrives', async () => {
    const { mail, token } = await requestLink('forgetful@example.in');
    expect(mail.text).toContain(`http://portal.test/reset-password?token=${token}`);
    expect(mail.text).toContain('within 1 hour');
    // the HTML part carries the same link, as a button
    expect(mail.html).toContain(`href="http://portal.test/reset-password?token=${token}"`);
    expect(mail.html).toContain('>Choose a new password</a>');
    const stored = await auth.db.connection.collection('password_resets').findOne({});
    expect(stored?.tokenHash).not.toContain(token); // only a hash is kept
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
  });

  it('when the e-mail has no account, then the same answer and no e-mail', async () => {
    const response = await request(auth.app).post('/api/auth/forgot-password').send({ email: 'nobody@example.in' });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(REQUESTED);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(auth.smtp.inbox.filter((m) => JSON.stringify(m.to).includes('nobody@example.in'))).toEqual([]);
  });

  it('when the link is used, then the password changes, earlier tokens stop working, and the link cannot be used twice', async () => {
    const { token } = await requestLink('forgetful@example.in');
    // the page looks at the link first, which does not use it up
    expect((await check(token)).body).toEqual({ valid: true });
    expect((await check(token)).status).toBe(200);
    const reset = await request(auth.app).post('/api/auth/reset-password').send({ token, newPassword: 'brand-new-pass' });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Your password has been reset. Please sign in with your new password.');

    expect((await request(auth.app).get('/api/auth/profile').set('Authorization', `Bearer ${oldToken}`)).status).toBe(401);
    expect((await request(auth.app).post('/api/auth/login').send({ email: 'forgetful@example.in', password: 'secret12' })).status).toBe(
      401,
    );
    // at once: a sign-in in the very second of the reset holds
    const login = await request(auth.app).post('/api/auth/login').send({ email: 'forgetful@example.in', password: 'brand-new-pass' });
    expect(login.status).toBe(200);
    expect((await request(auth.app).get('/api/auth/profile').set('Authorization', `Bearer ${login.body.token}`)).status).toBe(200);

    const second = await request(auth.app).post('/api/auth/reset-password').send({ token, newPassword: 'another-pass' });
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('This reset link has already been used. Please request a new one.');
    expect((await check(token)).body.message).toBe('This reset link has already been used. Please request a new one.');
  });

  it('when the link is older than an hour, then 400 and the password stays', async () => {
    const { token } = await requestLink('forgetful@example.in');
    await auth.db.connection
      .collection('password_resets')
      .updateMany({ usedAt: null }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await check(token)).body.message).toBe('This reset link has expired. Please request a new one.');
    const response = await request(auth.app).post('/api/auth/reset-password').send({ token, newPassword: 'too-late-pass' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('This reset link has expired. Please request a new one.');
    expect(
      (await request(auth.app).post('/api/auth/login').send({ email: 'forgetful@example.in', password: 'too-late-pass' })).status,
    ).toBe(401);
  });

  it('when the link is unknown or the new password breaks the rules, then 400', async () => {
    const unknown = await request(auth.app)
      .post('/api/auth/reset-password')
      .send({ token: 'x'.repeat(43), newPassword: 'whatever1' });
    expect(unknown.body.message).toBe('This reset link is not valid. Please request a new one.');
    for (const token of ['x'.repeat(43), '', undefined, { $ne: null }]) {
      const looked = await check(token);
      expect(looked.status).toBe(400);
      expect(looked.body.message).toBe('This reset link is not valid. Please request a new one.');
    }
    const short = await request(auth.app)
      .post('/api/auth/reset-password')
      .send({ token: 'x'.repeat(43), newPassword: '123' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 6 characters');
  });
});
