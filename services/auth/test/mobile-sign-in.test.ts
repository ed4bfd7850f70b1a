import request from 'supertest';
import { PHONE_MESSAGES } from '@portal/contracts';
import { totpCode } from './admin-sign-in';
import { startAuth, validSignup, type AuthHarness } from './auth-harness';

/** Signing in by a code sent by SMS to a number the person verified on their profile (notifications keeps the numbers). */
describe('auth: sign-in by mobile code', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await startAuth('mobile-sign-in', {}, undefined, { phones: true });
  });
  afterAll(() => auth?.close());

  let people = 0;
  /** A new account whose number is verified through notifications' profile calls, as the profile page does. */
  async function verifiedPerson() {
    people += 1;
    const email = `mobile.${people}@example.in`;
    const digits = `9${String(812345670 + people)}`;
    const mobile = `+91${digits}`;
    const { body } = await request(auth.app).post('/api/auth/register').send(validSignup(email)).expect(201);
    const asPerson = { authorization: `Bearer ${body.token}`, 'content-type': 'application/json' };
    const asked = await fetch(`${auth.notifications.url}/api/notifications/phone`, {
      method: 'POST',
      headers: asPerson,
      body: JSON.stringify({ mobile: digits }),
    });
    expect(asked.status).toBe(202);
    const verified = await fetch(`${auth.notifications.url}/api/notifications/phone/verify`, {
      method: 'POST',
      headers: asPerson,
      body: JSON.stringify({ code: await newestCode(mobile, 1) }),
    });
    expect(verified.status).toBe(200);
    return { id: body.user._id as string, email, token: body.token as string, mobile, digits };
  }
  /** The code in the `count`-th SMS the number received, waiting for it. */
  async function newestCode(mobile: string, count: number): Promise<string> {
    for (let tries = 0; tries < 200; tries++) {
      const received = auth.phones!.receivedBy(mobile);
      if (received.length >= count) return received[count - 1]!.values[0]!;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no SMS number ${count} to ${mobile}`);
  }
  const askCode = (mobile: string) => request(auth.app).post('/api/auth/login/mobile/code').send({ mobile });
  const signIn = (mobile: string, code: string) => request(auth.app).post('/api/auth/login/mobile').send({ mobile, code });

  it('when a person with a verified number asks for a code, then the SMS brings it and the code signs them in, once', async () => {
    const person = await verifiedPerson();
    expect((await askCode(`0${person.digits}`).expect(202)).body).toEqual({ message: PHONE_MESSAGES.signInCodeSent });
    const code = await newestCode(person.mobile, 2);
    const answer = await signIn(person.digits, code).expect(200);
    expect(answer.body.user).toMatchObject({ _id: person.id, email: person.email });
    const profile = await request(auth.app).get('/api/auth/profile').set('Authorization', `Bearer ${answer.body.token}`).expect(200);
    expect(profile.body.user.email).toBe(person.email);
    // used: the same code does not sign in again
    expect((await signIn(person.digits, code).expect(410)).body.message).toBe(PHONE_MESSAGES.codeExpired);
  });

  it('when the number is verified on no account, then the answer says so and no SMS is sent', async () => {
    const answer = await askCode('98000 00001').expect(404);
    expect(answer.body.message).toBe(PHONE_MESSAGES.numberNotVerified);
    expect(auth.phones!.receivedBy('+919800000001')).toEqual([]);
    expect((await signIn('9800000001', '123456').expect(404)).body.message).toBe(PHONE_MESSAGES.numberNotVerified);
  });

  it('when a wrong code is typed three times, then the third ends it, and the right code is refused after', async () => {
    const person = await verifiedPerson();
    await askCode(person.digits).expect(202);
    const code = await newestCode(person.mobile, 2);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await signIn(person.digits, wrong).expect(400)).body.message).toBe(PHONE_MESSAGES.codeWrong);
    await signIn(person.digits, wrong).expect(400);
    expect((await signIn(person.digits, wrong).expect(410)).body.message).toBe(PHONE_MESSAGES.codeExpired);
    expect((await signIn(person.digits, code).expect(410)).body.message).toBe(PHONE_MESSAGES.codeExpired);
  });

  it('when the person has an authenticator, then the code leads to the second factor, not into the account', async () => {
    const person = await verifiedPerson();
    const as = { Authorization: `Bearer ${person.token}` };
    const { secret } = (await request(auth.app).post('/api/auth/second-factor/totp').set(as).expect(200)).body;
    await request(auth.app)
      .post('/api/auth/second-factor/totp/confirm')
      .set(as)
      .send({ code: await totpCode(secret, new Date()) })
      .expect(200);
    await askCode(person.digits).expect(202);
    const answer = await signIn(person.digits, await newestCode(person.mobile, 2)).expect(200);
    expect(answer.body).toEqual({ secondFactor: 'totp', challenge: expect.any(String), passkey: false });
  });

  it('when codes are asked for one number more than five times in an hour, then the sixth is refused with how long to wait', async () => {
    const person = await verifiedPerson(); // its verification code counts as the first
    for (let asked = 2; asked <= 5; asked++) await askCode(person.digits).expect(202);
    const refused = await askCode(person.digits).expect(429);
    expect(refused.body.message).toBe(PHONE_MESSAGES.tooManyCodes);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await newestCode(person.mobile, 5);
    expect(auth.phones!.receivedBy(person.mobile)).toHaveLength(5);
  });

  it('when the input is not a mobile number or not a code, then 400 and nothing is sent', async () => {
    for (const mobile of ['12345', { $gt: '' }]) await askCode(mobile as string).expect(400);
    await request(auth.app).post('/api/auth/login/mobile').send({ mobile: '9812345678', code: '12 456' }).expect(400);
  });
});
