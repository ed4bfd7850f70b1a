import request from 'supertest';
import { SECOND_FACTOR_MESSAGES } from '@portal/contracts';
import { startAuth, type AuthHarness } from './auth-harness';
import { enrolAdmin, passwordStep, signInAdmin, totpCode } from './admin-sign-in';

describe('the admin’s second factor: TOTP enrolment at the first sign-in, then a code or a recovery code', () => {
  let auth: AuthHarness;
  const OWNER = { email: 'root@portal.test', password: 'first-admin-pass' };
  let enrolled: Awaited<ReturnType<typeof enrolAdmin>>;
  beforeAll(async () => {
    auth = await startAuth('admin-2fa');
    await auth.adminAccounts.bootstrapFirstAdmin(OWNER.email, OWNER.password);
  });
  afterAll(() => auth.close());

  const admins = () => auth.db.connection.collection('admins');
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('when the new admin’s password is right, then no admin token comes back, only a challenge that opens no admin call', async () => {
    const step = await passwordStep(auth.app, OWNER.email, OWNER.password);
    expect(step.status).toBe(200);
    expect(step.body).toEqual({ secondFactor: 'enrol', challenge: expect.any(String), passkey: false });
    expect(step.headers['cache-control']).toBe('no-store');
    const refused = await request(auth.app).get('/api/admin/admins').set(bearer(step.body.challenge));
    expect(refused.status).toBe(401);
  });

  it('when the admin starts the enrolment, then a QR code of an otpauth URL, the secret to type, and the secret is stored sealed', async () => {
    const { challenge } = (await passwordStep(auth.app, OWNER.email, OWNER.password)).body;
    const response = await request(auth.app).post('/api/admin/second-factor/enrolment').send({ challenge });
    expect(response.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = response.body;
    expect(secret).toMatch(/^[A-Z2-7]{26,}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Tax%20Practitioner%20Portal:root%40portal.test?secret=${secret}&issuer=Tax%20Practitioner%20Portal`,
    );
    expect(Buffer.from(qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    const stored = await admins().findOne({ email: OWNER.email });
    expect(stored?.pendingTotp).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  it('when the enrolment is confirmed with a wrong code, then 401 and nothing is enrolled; with the app’s code, an owner’s token and ten recovery codes stored hashed', async () => {
    const { challenge } = (await passwordStep(auth.app, OWNER.email, OWNER.password)).body;
    const { secret } = (await request(auth.app).post('/api/admin/second-factor/enrolment').send({ challenge })).body;
    const wrong = await request(auth.app).post('/api/admin/second-factor/enrolment/confirm').send({ challenge, code: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(SECOND_FACTOR_MESSAGES.wrongCode);
    expect((await admins().findOne({ email: OWNER.email }))?.totp).toBeNull();

    const right = await request(auth.app)
      .post('/api/admin/second-factor/enrolment/confirm')
      .send({ challenge, code: await totpCode(secret) });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({
      token: expect.any(String),
      user: { email: OWNER.email, role: 'owner' },
      recoveryCodes: expect.arrayContaining([expect.stringMatching(/^[a-z2-9]{5}-[a-z2-9]{5}$/)]),
    });
    expect(new Set(right.body.recoveryCodes).size).toBe(10);
    const stored = await admins().findOne({ email: OWNER.email });
    expect(stored?.recoveryCodeHashes).toHaveLength(10);
    for (const code of right.body.recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code);
    expect((await request(auth.app).get('/api/admin/admins').set(bearer(right.body.token))).status).toBe(200);
    enrolled = { secret, token: right.body.token, recoveryCodes: right.body.recoveryCodes };
  });

  it('when the enrolled admin signs in again, then the password step asks for a code and a new code gives a token', async () => {
    expect((await passwordStep(auth.app, OWNER.email, OWNER.password)).body.secondFactor).toBe('totp');
    const signedIn = await signInAdmin(auth.app, OWNER.email, OWNER.password, enrolled.secret);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toEqual({ email: OWNER.email, role: 'owner' });
    const again = await request(auth.app)
      .post('/api/admin/second-factor/enrolment')
      .send({ challenge: (await passwordStep(auth.app, OWNER.email, OWNER.password)).body.challenge });
    expect(again.status).toBe(409);
  });

  it('when a code already used is entered again, or a challenge is used twice, then 401', async () => {
    const replayed = await signInAdmin(auth.app, OWNER.email, OWNER.password, enrolled.secret);
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toBe(SECOND_FACTOR_MESSAGES.wrongCode);
    const { challenge } = (await passwordStep(auth.app, OWNER.email, OWNER.password)).body;
    const recoveryCode = enrolled.recoveryCodes[9];
    expect((await request(auth.app).post('/api/admin/second-factor').send({ challenge, recoveryCode })).status).toBe(200);
    const reused = await request(auth.app).post('/api/admin/second-factor').send({ challenge, recoveryCode: enrolled.recoveryCodes[8] });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe(SECOND_FACTOR_MESSAGES.challengeExpired);
    const forged = await request(auth.app)
      .post('/api/admin/second-factor')
      .send({ challenge: 'x'.repeat(40), code: '123456' });
    expect(forged.status).toBe(401);
  });

  it('when a recovery code is used, then it signs in once, says how many remain, and is refused the second time', async () => {
    const use = async (recoveryCode: string) => {
      const { challenge } = (await passwordStep(auth.app, OWNER.email, OWNER.password)).body;
      return request(auth.app).post('/api/admin/second-factor').send({ challenge, recoveryCode });
    };
    const first = await use(` ${enrolled.recoveryCodes[0]!.toUpperCase()} `);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('A recovery code was used. 8 of 10 remain.');
    expect(first.body.token).toEqual(expect.any(String));
    const second = await use(enrolled.recoveryCodes[0]!);
    expect(second.status).toBe(401);
    expect((await admins().findOne({ email: OWNER.email }))?.recoveryCodeHashes).toHaveLength(8);
  });

  it('when the body is not a code or a recovery code, then 400 and nothing is counted or used', async () => {
    const { challenge } = (await passwordStep(auth.app, OWNER.email, OWNER.password)).body;
    for (const body of [{ challenge }, { challenge, code: '12345' }, { challenge, code: { $gt: '' } }, { challenge, recoveryCode: 'no' }]) {
      const response = await request(auth.app).post('/api/admin/second-factor').send(body);
      expect(response.status).toBe(400);
    }
  });

  it('when twenty wrong codes arrive at once, then five are judged and fifteen refused with 429, and even the right code waits', async () => {
    await admins().insertOne({
      email: 'guessed@portal.test',
      passwordHash: (await admins().findOne({ email: OWNER.email }))!.passwordHash,
      role: 'support',
      createdAt: new Date(),
    });
    const target = await enrolAdmin(auth.app, 'guessed@portal.test', OWNER.password);
    const { challenge } = (await passwordStep(auth.app, 'guessed@portal.test', OWNER.password)).body;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        request(auth.app)
          .post('/api/admin/second-factor')
          .send({ challenge, code: String(100000 + index) }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(answers.find((answer) => answer.status === 429)?.body.message).toBe(SECOND_FACTOR_MESSAGES.tooManyCodes);
    const right = await request(auth.app)
      .post('/api/admin/second-factor')
      .send({ challenge, code: await totpCode(target.secret, new Date(), 1) });
    expect(right.status).toBe(429);
  });
});
