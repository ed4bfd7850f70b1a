import request from 'supertest';
import { decodeJwt } from 'jose';
import {
  AUDIT_RECORDED,
  DESKTOP_CLIENT_ID,
  EVENT_QUEUES,
  FIRM_MESSAGES,
  SECOND_FACTOR_MESSAGES,
  SECURITY_RECORDED,
  type AuditEvent,
  type SecurityEvent,
} from '@portal/contracts';
import { queuedEvents } from '@portal/platform/testing';
import { enrolAdmin, forgedPasskeyResponse as forged, totpCode } from './admin-sign-in';
import { startAuth, validSignup, type AuthHarness } from './auth-harness';
import { billingSeatsEvents } from './billing-seats-events';

/** A practitioner's optional second factor, and a firm's owner requiring it. */
describe('a practitioner’s second factor', () => {
  const clock = { now: new Date('2026-11-26T06:00:00Z') };
  /** The next 30-second step, so that each code is new. */
  const nextStep = () => (clock.now = new Date(clock.now.getTime() + 30_000));
  let auth: AuthHarness;
  let billing: ReturnType<typeof billingSeatsEvents>;
  beforeAll(async () => {
    auth = await startAuth('user-2fa', {}, clock);
    billing = billingSeatsEvents(auth.redis, auth.db);
  });
  afterAll(async () => {
    await billing.close();
    await auth.close();
  });

  let people = 0;
  const register = async (name: string) => {
    const email = `${name}.${++people}@example.in`;
    const { body } = await request(auth.app).post('/api/auth/register').send(validSignup(email)).expect(201);
    return { id: body.user._id as string, email, token: body.token as string };
  };
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const login = (email: string) => request(auth.app).post('/api/auth/login').send({ email, password: 'secret12' });
  const code = (secret: string) => totpCode(secret, clock.now);
  /** Turns the authenticator on from Security and Privacy; answers its secret and the confirmation. */
  async function enrol(token: string) {
    const { secret } = (await request(auth.app).post('/api/auth/second-factor/totp').set(as(token)).expect(200)).body;
    const confirmed = await request(auth.app)
      .post('/api/auth/second-factor/totp/confirm')
      .set(as(token))
      .send({ code: await code(secret) })
      .expect(200);
    return { secret: secret as string, body: confirmed.body };
  }
  const settingsOf = async (token: string) => (await request(auth.app).get('/api/auth/second-factor').set(as(token)).expect(200)).body;
  const recorded = () => queuedEvents<SecurityEvent>(auth.redis, EVENT_QUEUES.auditLog, SECURITY_RECORDED);

  describe('set up from Security and Privacy', () => {
    let person: Awaited<ReturnType<typeof register>>;
    let secret: string;
    let recoveryCodes: string[];
    beforeAll(async () => {
      person = await register('asha');
    });

    it('when a person has none, then the settings say so and signing in gives a session at once', async () => {
      expect(await settingsOf(person.token)).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: [], requiredByFirm: false });
      expect((await login(person.email).expect(200)).body).toEqual({ token: expect.any(String), user: expect.any(Object) });
    });

    it('when the set-up is confirmed with a wrong code, then 400 (the session goes on) and nothing is turned on', async () => {
      await request(auth.app).post('/api/auth/second-factor/totp').set(as(person.token)).expect(200);
      const wrong = await request(auth.app).post('/api/auth/second-factor/totp/confirm').set(as(person.token)).send({ code: '000000' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(SECOND_FACTOR_MESSAGES.wrongCode);
      expect((await settingsOf(person.token)).totp).toBe(false);
    });

    it('when it is confirmed with the app’s code, then ten recovery codes, stored hashed, and a token that shows the factor', async () => {
      nextStep();
      const enrolled = await enrol(person.token);
      ({ secret } = enrolled);
      recoveryCodes = enrolled.body.recoveryCodes;
      expect(enrolled.body).toMatchObject({ message: SECOND_FACTOR_MESSAGES.turnedOn, user: { email: person.email } });
      expect(new Set(recoveryCodes).size).toBe(10);
      expect(decodeJwt(enrolled.body.token).amr).toEqual(['pwd', 'otp']);
      const stored = await auth.db.connection.collection('users').findOne({ email: person.email });
      expect(stored?.totp?.sealedSecret).toMatch(/^v1\./);
      for (const shown of [secret, ...recoveryCodes]) expect(JSON.stringify(stored)).not.toContain(shown);
      expect(await settingsOf(person.token)).toEqual({ totp: true, recoveryCodesLeft: 10, passkeys: [], requiredByFirm: false });
    });

    it('when the person signs in, then the password answers a challenge, not a session; the challenge opens no user call', async () => {
      const step = await login(person.email).expect(200);
      expect(step.body).toEqual({ secondFactor: 'totp', challenge: expect.any(String), passkey: false });
      expect(step.headers['cache-control']).toBe('no-store');
      expect((await request(auth.app).get('/api/auth/profile').set(as(step.body.challenge))).status).toBe(401);
    });

    it('when the code is wrong, then 401; when it is the app’s, then a session and its browser is remembered; the same code again is refused', async () => {
      const { challenge } = (await login(person.email)).body;
      const wrong = await request(auth.app).post('/api/auth/login/second-factor').send({ challenge, code: '123456' });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe(SECOND_FACTOR_MESSAGES.wrongCode);
      nextStep();
      const right = await request(auth.app)
        .post('/api/auth/login/second-factor')
        .send({ challenge, code: await code(secret) });
      expect(right.status).toBe(200);
      expect(right.body.user.email).toBe(person.email);
      expect(decodeJwt(right.body.token).amr).toEqual(['pwd', 'otp']);
      expect(right.headers['set-cookie']?.[0]).toMatch(/^portal_device=/);
      expect((await request(auth.app).get('/api/auth/profile').set(as(right.body.token))).status).toBe(200);
      // the challenge is used up, and the code's step with it
      const replay = await request(auth.app)
        .post('/api/auth/login/second-factor')
        .send({ challenge: (await login(person.email)).body.challenge, code: await code(secret) });
      expect(replay.status).toBe(401);
      expect(
        (
          await request(auth.app)
            .post('/api/auth/login/second-factor')
            .send({ challenge, code: await code(secret) })
        ).body.message,
      ).toBe(SECOND_FACTOR_MESSAGES.challengeExpired);
      const events = (await recorded()).filter((event) => event.subject.label === person.email && event.kind !== 'sign-out');
      expect(events.map(({ kind, outcome, reason }) => `${kind} ${outcome} ${reason}`)).toEqual(
        expect.arrayContaining(['second-factor success totp-enrolled', 'second-factor failure wrong-code', 'sign-in success pwd+otp']),
      );
    });

    it('when a recovery code is used, then it signs in once and says how many remain', async () => {
      const first = recoveryCodes[0]!;
      const used = await request(auth.app)
        .post('/api/auth/login/second-factor')
        .send({ challenge: (await login(person.email)).body.challenge, recoveryCode: first.toUpperCase() });
      expect(used.status).toBe(200);
      expect(used.body.message).toBe(SECOND_FACTOR_MESSAGES.recoveryCodesLeft(9));
      expect(decodeJwt(used.body.token).amr).toEqual(['pwd', 'rec']);
      const again = await request(auth.app)
        .post('/api/auth/login/second-factor')
        .send({ challenge: (await login(person.email)).body.challenge, recoveryCode: first });
      expect(again.status).toBe(401);
    });

    it('when the person turns it off, then a wrong code is refused with 400 and the right one turns it off, and the password alone signs in again', async () => {
      const wrong = await request(auth.app).post('/api/auth/second-factor/totp/off').set(as(person.token)).send({ code: '000000' });
      expect(wrong.status).toBe(400);
      expect((await settingsOf(person.token)).totp).toBe(true);
      nextStep();
      const off = await request(auth.app)
        .post('/api/auth/second-factor/totp/off')
        .set(as(person.token))
        .send({ code: await code(secret) });
      expect(off.status).toBe(200);
      expect(off.body).toEqual({ message: SECOND_FACTOR_MESSAGES.turnedOff });
      expect(await settingsOf(person.token)).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
      expect((await login(person.email).expect(200)).body.token).toEqual(expect.any(String));
    });

    it('when a code or body is malformed, then 400 and nothing changes', async () => {
      const bad = await request(auth.app)
        .post('/api/auth/login/second-factor')
        .send({ challenge: 'x'.repeat(30), code: '12a456' });
      expect(bad.status).toBe(400);
      const operator = await request(auth.app)
        .post('/api/auth/second-factor/totp/confirm')
        .set(as(person.token))
        .send({ code: { $ne: '' } });
      expect(operator.status).toBe(400);
      expect((await settingsOf(person.token)).totp).toBe(false);
    });
  });

  describe('passkeys, once the authenticator is on (the browser’s side is in two-step-sign-in.e2e.test.ts)', () => {
    const passkeys = () => auth.db.connection.collection('user_passkeys');

    it('when a person without an authenticator asks to add a passkey, then 409 says the authenticator comes first', async () => {
      const person = await register('early');
      const refused = await request(auth.app).post('/api/auth/second-factor/passkeys/options').set(as(person.token));
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(SECOND_FACTOR_MESSAGES.passkeyAfterTotp);
    });

    it('when the authenticator is on, then the options name the portal as relying party; a forged registration is refused and nothing stored', async () => {
      const person = await register('keyed');
      nextStep();
      await enrol(person.token);
      const options = await request(auth.app).post('/api/auth/second-factor/passkeys/options').set(as(person.token));
      expect(options.body).toMatchObject({ rp: { id: 'portal.test', name: 'Tax Practitioner Portal' }, user: { name: person.email } });
      const refused = await request(auth.app)
        .post('/api/auth/second-factor/passkeys')
        .set(as(person.token))
        .send({ response: forged('AAAA'), name: 'Laptop' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(SECOND_FACTOR_MESSAGES.passkeyRefused);
      expect(await passkeys().countDocuments({ ownerId: person.id })).toBe(0);
    });

    it('when a person has a passkey, then the sign-in offers it, a forged assertion is a wrong guess, and turning two-step sign-in off removes it', async () => {
      const person = await register('passkeyed');
      nextStep();
      const { secret } = await enrol(person.token);
      await passkeys().insertOne({
        ownerId: person.id,
        credentialId: 'cred-u1',
        publicKey: 'pQECAyYgASFYIA',
        counter: 0,
        transports: ['internal'],
        name: 'Office laptop',
        createdAt: new Date('2026-11-20T10:00:00Z'),
      });
      expect((await settingsOf(person.token)).passkeys).toEqual([
        { id: 'cred-u1', name: 'Office laptop', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null },
      ]);
      const step = (await login(person.email)).body;
      expect(step).toMatchObject({ secondFactor: 'totp', passkey: true });
      const options = await request(auth.app).post('/api/auth/login/passkey/options').send({ challenge: step.challenge });
      expect(options.body).toMatchObject({ rpId: 'portal.test', allowCredentials: [{ id: 'cred-u1' }], userVerification: 'required' });
      const wrong = await request(auth.app)
        .post('/api/auth/login/passkey')
        .send({ challenge: step.challenge, response: forged('cred-u1') });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe(SECOND_FACTOR_MESSAGES.passkeyRefused);
      const replay = await request(auth.app)
        .post('/api/auth/login/passkey')
        .send({ challenge: step.challenge, response: forged('cred-u1') });
      expect(replay.body.message).toBe(SECOND_FACTOR_MESSAGES.passkeyStale);
      const bad = await request(auth.app)
        .post('/api/auth/login/passkey')
        .send({ challenge: step.challenge, response: { id: { $ne: '' } } });
      expect(bad.status).toBe(400);

      nextStep();
      await request(auth.app)
        .post('/api/auth/second-factor/totp/off')
        .set(as(person.token))
        .send({ code: await code(secret) })
        .expect(200);
      expect(await passkeys().countDocuments({ ownerId: person.id })).toBe(0);
    });

    it('when a person removes a passkey, then it is gone; an unknown one is 404', async () => {
      const person = await register('remover');
      nextStep();
      await enrol(person.token);
      await passkeys().insertOne({ ownerId: person.id, credentialId: 'cred-u2', publicKey: 'x', counter: 0, createdAt: new Date() });
      const removed = await request(auth.app).delete('/api/auth/second-factor/passkeys/cred-u2').set(as(person.token));
      expect(removed.body).toEqual({ message: SECOND_FACTOR_MESSAGES.passkeyRemoved });
      expect((await request(auth.app).delete('/api/auth/second-factor/passkeys/cred-u2').set(as(person.token))).status).toBe(404);
      expect((await settingsOf(person.token)).passkeys).toEqual([]);
    });
  });

  describe('support resets a lost second factor', () => {
    it('when an admin who manages users resets it, then the authenticator and passkeys go, the password signs in alone, and the change is audited', async () => {
      await auth.adminAccounts.bootstrapFirstAdmin('root@portal.test', 'first-admin-pass');
      const admin = (await enrolAdmin(auth.app, 'root@portal.test', 'first-admin-pass', clock.now)).token;
      const person = await register('lost');
      nextStep();
      await enrol(person.token);
      await auth.db.connection
        .collection('user_passkeys')
        .insertOne({ ownerId: person.id, credentialId: 'cred-lost', publicKey: 'x', counter: 0, createdAt: new Date() });

      const reset = await request(auth.app).delete(`/api/admin/users/${person.id}/second-factor`).set(as(admin));
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ message: SECOND_FACTOR_MESSAGES.resetByAdmin });
      expect(await settingsOf(person.token)).toMatchObject({ totp: false, passkeys: [] });
      expect((await login(person.email).expect(200)).body.token).toEqual(expect.any(String));
      const audited = await queuedEvents<AuditEvent>(auth.redis, EVENT_QUEUES.auditLog, AUDIT_RECORDED);
      expect(audited.find((entry) => entry.action === 'user.second-factor-reset')).toMatchObject({
        actor: 'root@portal.test',
        target: { type: 'user', id: person.id, label: person.email },
        before: { totp: true, passkeys: 1 },
        after: { totp: false, passkeys: 0 },
      });
      expect((await request(auth.app).delete('/api/admin/users/0123456789abcdef01234567/second-factor').set(as(admin))).status).toBe(404);
      expect((await request(auth.app).delete(`/api/admin/users/${person.id}/second-factor`).set(as(person.token))).status).toBe(401);
    });
  });

  describe('guesses at the code', () => {
    let guessing: AuthHarness;
    beforeAll(async () => {
      guessing = await startAuth('user-2fa-guesses', { LOGIN_MAX_FAILURES_PER_EMAIL: '5' }, clock);
    });
    afterAll(() => guessing.close());

    it('when twenty wrong codes arrive at once, then exactly five are judged (401) and fifteen refused (429), and then the right code waits too', async () => {
      const { body } = await request(guessing.app).post('/api/auth/register').send(validSignup('guessed@example.in')).expect(201);
      const { secret } = (await request(guessing.app).post('/api/auth/second-factor/totp').set(as(body.token)).expect(200)).body;
      await request(guessing.app)
        .post('/api/auth/second-factor/totp/confirm')
        .set(as(body.token))
        .send({ code: await code(secret) })
        .expect(200);
      const { challenge } = (
        await request(guessing.app).post('/api/auth/login').send({ email: 'guessed@example.in', password: 'secret12' })
      ).body;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          request(guessing.app)
            .post('/api/auth/login/second-factor')
            .send({ challenge, code: String(100000 + i) }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
      nextStep();
      const right = await request(guessing.app)
        .post('/api/auth/login/second-factor')
        .send({ challenge, code: await code(secret) });
      expect(right.status).toBe(429);
      expect(right.body.message).toBe(SECOND_FACTOR_MESSAGES.tooManyCodes);
    });
  });

  describe('a firm’s owner requires it of the members', () => {
    let owner: Awaited<ReturnType<typeof register>>;
    let member: Awaited<ReturnType<typeof register>>;
    let firmId: string;
    const rule = (token: string, required: unknown) =>
      request(auth.app).put(`/api/firms/${firmId}/second-factor`).set(as(token)).send({ required });
    beforeAll(async () => {
      owner = await register('owner');
      member = await register('member');
      firmId = (await request(auth.app).post('/api/firms').set(as(owner.token)).send({ name: 'Rao & Co' }).expect(201)).body.firm.id;
      await billing.set(firmId, 3);
      await request(auth.app)
        .post(`/api/firms/${firmId}/invitations`)
        .set(as(owner.token))
        .send({ email: member.email, role: 'member' })
        .expect(201);
      const mail = await auth.smtp.waitForMail((m) => JSON.stringify(m.to).includes(member.email) && /invited you/.test(m.subject ?? ''));
      const token = /invitation=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1];
      await request(auth.app).post('/api/firms/invitations/accept').set(as(member.token)).send({ token }).expect(200);
    });

    it('when the owner has no second factor of their own, then requiring one is refused with 409; a member may not set the rule at all', async () => {
      const refused = await rule(owner.token, true);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(FIRM_MESSAGES.ownSecondFactorFirst);
      expect((await rule(member.token, true)).status).toBe(403);
      expect((await rule(owner.token, 'yes')).status).toBe(400);
    });

    it('when the owner with one requires it, then the firm shows the rule and a member without one sets it up inside the next sign-in', async () => {
      nextStep();
      await enrol(owner.token);
      expect((await rule(owner.token, true)).body).toEqual({ message: FIRM_MESSAGES.secondFactorRequired });
      expect((await request(auth.app).get(`/api/firms/${firmId}`).set(as(member.token))).body.firm.requireSecondFactor).toBe(true);

      const step = (await login(member.email).expect(200)).body;
      expect(step).toEqual({
        secondFactor: 'enrol',
        challenge: expect.any(String),
        passkey: false,
        message: SECOND_FACTOR_MESSAGES.firmRequiresEnrolment,
      });
      const { secret } = (await request(auth.app).post('/api/auth/login/enrolment').send({ challenge: step.challenge }).expect(200)).body;
      nextStep();
      const session = await request(auth.app)
        .post('/api/auth/login/enrolment/confirm')
        .send({ challenge: step.challenge, code: await code(secret) });
      expect(session.status).toBe(200);
      expect(session.body.recoveryCodes).toHaveLength(10);
      expect(decodeJwt(session.body.token).amr).toEqual(['pwd', 'otp']);
      member.token = session.body.token;
    });

    it('when the member tries to turn it off, then 409: the firm requires it; once the owner lifts the rule, they may', async () => {
      expect(await settingsOf(member.token)).toMatchObject({ totp: true, requiredByFirm: true });
      const refused = await request(auth.app).post('/api/auth/second-factor/totp/off').set(as(member.token)).send({ code: '000000' });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(SECOND_FACTOR_MESSAGES.requiredByFirm);
      expect((await rule(owner.token, false)).body).toEqual({ message: FIRM_MESSAGES.secondFactorOptional });
      expect(await settingsOf(member.token)).toMatchObject({ totp: true, requiredByFirm: false });
    });
  });

  describe('the desktop app’s sign-in asks for it in the browser step', () => {
    it('when a session that did not show the second factor approves a desktop, then 403 asks to sign in again with it; a session that did approves', async () => {
      const person = await register('desk');
      nextStep();
      const { body } = await enrol(person.token);
      const deviceCode = async () =>
        (
          await request(auth.app)
            .post('/api/auth/device/code')
            .type('form')
            .send({ client_id: DESKTOP_CLIENT_ID, device_name: 'Front desk PC' })
        ).body.user_code as string;
      const user_code = await deviceCode();
      // the sign-up's token is from before the second factor
      const old = await request(auth.app).post('/api/auth/device/decision').set(as(person.token)).send({ user_code, decision: 'approve' });
      expect(old.status).toBe(403);
      expect(old.body.message).toBe(SECOND_FACTOR_MESSAGES.approveWithSecondFactor);
      const shown = await request(auth.app).post('/api/auth/device/decision').set(as(body.token)).send({ user_code, decision: 'approve' });
      expect(shown.status).toBe(200);
      // refusing lets nobody in, so the older session may still refuse
      const denied = await request(auth.app)
        .post('/api/auth/device/decision')
        .set(as(person.token))
        .send({ user_code: await deviceCode(), decision: 'deny' });
      expect(denied.status).toBe(200);
    });
  });
});
