import request from 'supertest';
import { RESET_MESSAGES, SELF_SERVICE_MESSAGES, TOKEN_AUDIENCE } from '@portal/contracts';
import { createTokenIssuer } from '../src/shared/security/token-issuer';
import { startAuth, validSignup, type AuthHarness } from './auth-harness';

const BURST = 20;
const WELCOME = 'Welcome to the Tax Practitioner Portal';

/** Of changes that end sessions and arrive together, exactly one wins. */
describe('one password change at a time', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await startAuth('one-password-change');
  });
  afterAll(() => auth.close());

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const profile = (token: string) => request(auth.app).get('/api/auth/profile').set(bearer(token));
  const login = (email: string, password: string) => request(auth.app).post('/api/auth/login').send({ email, password });
  const register = async (email: string) =>
    (await request(auth.app).post('/api/auth/register').send(validSignup(email))).body.token as string;
  const mailsTo = (email: string) => auth.smtp.inbox.filter((mail) => JSON.stringify(mail.to).includes(email) && mail.subject !== WELCOME);

  it('when twenty changes with the right password arrive together, then one wins, the others get 409, one e-mail goes and only the winner’s session lives', async () => {
    const email = 'twenty.changes@example.in';
    const original = await register(email);
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        request(auth.app)
          .put('/api/auth/password')
          .set(bearer(original))
          .send({ currentPassword: 'secret12', newPassword: `new-secret-${i}` }),
      ),
    );
    const won = answers.flatMap((answer, i) => (answer.status === 200 ? [{ answer, password: `new-secret-${i}` }] : []));
    expect(won).toHaveLength(1);
    const lost = answers.filter((answer) => answer.status !== 200);
    expect(lost.map((answer) => answer.status)).toEqual(Array(BURST - 1).fill(409));
    for (const answer of lost) expect(answer.body.message).toBe(SELF_SERVICE_MESSAGES.changedMeanwhile);

    const winner = won[0]!;
    expect((await profile(winner.answer.body.token)).status).toBe(200);
    expect((await profile(original)).status).toBe(401);
    for (let i = 0; i < BURST; i++) {
      const expected = `new-secret-${i}` === winner.password ? 200 : 401;
      expect((await login(email, `new-secret-${i}`)).status).toBe(expected);
    }
    await auth.smtp.waitForMail((mail) => JSON.stringify(mail.to).includes(email) && mail.subject === 'Your password was changed');
    await new Promise((resolve) => setTimeout(resolve, 300)); // mails are sent in the background; a second one would be on its way
    expect(mailsTo(email).filter((mail) => mail.subject === 'Your password was changed')).toHaveLength(1);
  });

  it('when a change and a reset arrive together, then one of them wins and the other is refused with 409', async () => {
    const email = 'change.and.reset@example.in';
    const token = await register(email);
    await request(auth.app).post('/api/auth/forgot-password').send({ email }).expect(200);
    const link = (await auth.smtp.waitForMail((mail) => JSON.stringify(mail.to).includes(email) && /reset/i.test(mail.subject ?? '')))
      .text!;
    const resetToken = /token=([\w-]+)/.exec(link)![1]!;
    const [changed, reset] = await Promise.all([
      request(auth.app).put('/api/auth/password').set(bearer(token)).send({ currentPassword: 'secret12', newPassword: 'by-the-change' }),
      request(auth.app).post('/api/auth/reset-password').send({ token: resetToken, newPassword: 'by-the-reset' }),
    ]);
    const statuses = [changed.status, reset.status].sort();
    expect(statuses).toEqual([200, 409]);
    if (reset.status === 409) expect(reset.body.message).toBe(RESET_MESSAGES.changedMeanwhile);
    else expect(changed.body.message).toBe(SELF_SERVICE_MESSAGES.changedMeanwhile);
    const winning = changed.status === 200 ? 'by-the-change' : 'by-the-reset';
    expect((await login(email, winning)).status).toBe(200);
    expect((await login(email, winning === 'by-the-change' ? 'by-the-reset' : 'by-the-change')).status).toBe(401);
  });

  it('when an earlier revocation’s cut-off is written after a later one, then the later cut-off stays', async () => {
    const issuer = createTokenIssuer({
      ...auth.keys,
      redis: auth.redis.redis,
      redisPrefix: auth.redis.prefix,
      ttlSeconds: {
        [TOKEN_AUDIENCE.user]: 3600,
        [TOKEN_AUDIENCE.admin]: 3600,
        [TOKEN_AUDIENCE.internal]: 300,
        [TOKEN_AUDIENCE.desktop]: 3600,
        [TOKEN_AUDIENCE.adminChallenge]: 300,
        [TOKEN_AUDIENCE.userChallenge]: 300,
        [TOKEN_AUDIENCE.partner]: 3600,
      },
    });
    const key = `${auth.redis.prefix}auth:valid-after:user-1`;
    const later = Date.now() + 60_000;
    await auth.redis.redis.set(key, String(later));
    const cutOff = await issuer.revokeAllFor('user-1');
    expect(cutOff).toBeLessThan(later);
    expect(await auth.redis.redis.get(key)).toBe(String(later));
    expect(await auth.redis.redis.ttl(key)).toBeGreaterThan(3500);
    await issuer.revokeAllFor('user-2');
    expect(Number(await auth.redis.redis.get(`${auth.redis.prefix}auth:valid-after:user-2`))).toBeGreaterThan(later - 60_000);
  });
});
