import request from 'supertest';
import { currentPolicyVersions } from '@portal/contracts';
import { startAuth, validSignup, type AuthHarness } from './auth-harness';

describe('accounts: register, login, logout', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await startAuth('account');
  });
  afterAll(() => auth.close());

  const users = () => auth.db.connection.collection('users');

  it('when a visitor registers with all three steps, then 201 with a token, and the account is stored with a hashed password', async () => {
    const response = await request(auth.app)
      .post('/api/auth/register')
      .send({ ...validSignup(), email: '  Ravi.Kumar@Example.IN ', extra: 'dropped' });
    expect(response.status).toBe(201);
    expect(response.body.token).toEqual(expect.any(String));
    expect(response.body.user).toMatchObject({
      email: 'ravi.kumar@example.in',
      firstName: 'Ravi',
      lastName: 'Kumar',
      displayName: 'Ravi Kumar',
      isGoogleUser: false,
      profileCompletionPercentage: 100,
      personalInfo: {
        age: 41,
        gender: 'male',
        mobileNumber: '+919876543210',
        profileComplete: true,
        address: { street: '12 MG Road', city: 'Pune', state: 'Maharashtra', pincode: '411001', country: 'India' },
      },
    });
    expect(JSON.stringify(response.body)).not.toMatch(/password/i);
    const stored = await users().findOne({ email: 'ravi.kumar@example.in' });
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored).not.toHaveProperty('extra');
    expect(stored?.personalInfo.address.country).toBe('India');
    const welcome = await auth.smtp.waitForMail((m) => JSON.stringify(m.to).includes('ravi.kumar@example.in'));
    expect(welcome.subject).toBe('Welcome to the Tax Practitioner Portal');
    expect(welcome.text).toContain('Hello Ravi,');
    expect(welcome.text).toContain('Go to your dashboard: http://portal.test/dashboard');
    expect(welcome.html).toContain('href="http://portal.test/dashboard"');
  });

  it('when the token from sign-up is used, then the profile answers with the stored account', async () => {
    const registered = await request(auth.app).post('/api/auth/register').send(validSignup('asha@example.in'));
    const profile = await request(auth.app).get('/api/auth/profile').set('Authorization', `Bearer ${registered.body.token}`);
    expect(profile.status).toBe(200);
    expect(profile.body.user).toEqual(registered.body.user);
  });

  it('when the e-mail is already registered, in any case, then 409 and no second account', async () => {
    await request(auth.app).post('/api/auth/register').send(validSignup('dup@example.in')).expect(201);
    const response = await request(auth.app).post('/api/auth/register').send(validSignup('DUP@example.in'));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('An account with this email already exists. Please sign in instead.');
    expect(await users().countDocuments({ email: 'dup@example.in' })).toBe(1);
  });

  it('when only step 1 is sent, then the account is created without personal details', async () => {
    const response = await request(auth.app)
      .post('/api/auth/register')
      .send({ firstName: 'Meera', email: 'meera@example.in', password: 'abcdef', acceptedPolicies: currentPolicyVersions() });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ lastName: '', personalInfo: { profileComplete: false }, profileCompletionPercentage: 10 });
  });

  const step1 = { firstName: 'A', email: 'new@example.in', password: 'secret12', acceptedPolicies: currentPolicyVersions() };
  const step2 = { age: 30, gender: 'female', address: { street: 'S', city: 'C', state: 'St', pincode: '560001' } };
  it.each([
    [{ ...step1, firstName: '  ' }, 'First name is required'],
    [{ ...step1, email: '' }, 'Email is required'],
    [{ ...step1, email: undefined }, 'Email is required'],
    [{ ...step1, email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ ...step1, password: '' }, 'Password is required'],
    [{ ...step1, password: '12345' }, 'Password must be at least 6 characters'],
    [{ ...step1, personalInfo: { ...step2, age: 17 } }, 'Please enter a valid age (18-120)'],
    [{ ...step1, personalInfo: { ...step2, age: 121 } }, 'Please enter a valid age (18-120)'],
    [{ ...step1, personalInfo: { ...step2, age: undefined } }, 'Please enter a valid age (18-120)'],
    [{ ...step1, personalInfo: { ...step2, gender: 'robot' } }, 'Please select your gender'],
    [{ ...step1, personalInfo: { ...step2, gender: undefined } }, 'Please select your gender'],
    [{ ...step1, personalInfo: { ...step2, mobileNumber: '12345' } }, 'Please enter a valid mobile number'],
    [{ ...step1, personalInfo: { ...step2, mobileNumber: '+91abc4567890' } }, 'Please enter a valid mobile number'],
    [{ ...step1, personalInfo: { ...step2, address: { ...step2.address, street: '' } } }, 'Street address is required'],
    [{ ...step1, personalInfo: { ...step2, address: { ...step2.address, city: '' } } }, 'City is required'],
    [{ ...step1, personalInfo: { ...step2, address: { ...step2.address, state: '' } } }, 'State is required'],
    [{ ...step1, personalInfo: { ...step2, address: { ...step2.address, pincode: '' } } }, 'Pincode is required'],
    [{ ...step1, personalInfo: { ...step2, address: { ...step2.address, pincode: '56001' } } }, 'Pincode must be 6 digits'],
    [{ ...step1, personalInfo: { ...step2, address: { ...step2.address, pincode: '5600011' } } }, 'Pincode must be 6 digits'],
  ])('when sign-up breaks a rule (%#), then 400 "%s" and nothing is stored', async (body, message) => {
    const response = await request(auth.app).post('/api/auth/register').send(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await users().countDocuments({ email: 'new@example.in' })).toBe(0);
  });

  it('when a value is a Mongo operator instead of a string, then 400 on register, login and forgot-password', async () => {
    const injected = { email: { $ne: null }, password: { $gt: '' }, firstName: 'X' };
    for (const path of ['/api/auth/register', '/api/auth/login', '/api/auth/forgot-password']) {
      const response = await request(auth.app).post(path).send(injected);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('bad_request');
    }
  });

  it('when a body is over the size limit, then 413', async () => {
    const response = await request(auth.app)
      .post('/api/auth/register')
      .send({ ...step1, firstName: 'x'.repeat(200_000) });
    expect(response.status).toBe(413);
  });

  it('when the right password is given, then login answers a token and the user; the e-mail is matched case-insensitively', async () => {
    await request(auth.app).post('/api/auth/register').send(validSignup('login@example.in')).expect(201);
    const response = await request(auth.app).post('/api/auth/login').send({ email: ' LOGIN@example.in', password: 'secret12' });
    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe('login@example.in');
    const profile = await request(auth.app).get('/api/auth/profile').set('Authorization', `Bearer ${response.body.token}`);
    expect(profile.status).toBe(200);
  });

  it('when the password is wrong or the e-mail unknown, then 401 with one message that does not say which', async () => {
    const wrong = await request(auth.app).post('/api/auth/login').send({ email: 'login@example.in', password: 'nope123' });
    const unknown = await request(auth.app).post('/api/auth/login').send({ email: 'ghost@example.in', password: 'nope123' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password.');
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('when login fields are missing, then 400 with the spec messages', async () => {
    expect((await request(auth.app).post('/api/auth/login').send({ password: 'x' })).body.message).toBe('Email is required');
    expect((await request(auth.app).post('/api/auth/login').send({ email: 'a@b.in' })).body.message).toBe('Password is required');
  });

  it('when a user logs out, then that token is refused from then on while a new login works', async () => {
    await request(auth.app).post('/api/auth/register').send(validSignup('logout@example.in')).expect(201);
    const { token } = (await request(auth.app).post('/api/auth/login').send({ email: 'logout@example.in', password: 'secret12' })).body;
    const out = await request(auth.app).post('/api/auth/logout').set('Authorization', `Bearer ${token}`);
    expect(out.status).toBe(200);
    const after = await request(auth.app).get('/api/auth/profile').set('Authorization', `Bearer ${token}`);
    expect(after.status).toBe(401);
    expect((await request(auth.app).post('/api/auth/logout').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    const again = await request(auth.app).post('/api/auth/login').send({ email: 'logout@example.in', password: 'secret12' });
    expect((await request(auth.app).get('/api/auth/profile').set('Authorization', `Bearer ${again.body.token}`)).status).toBe(200);
  });

  it('when logout or profile is called without a token, then 401', async () => {
    expect((await request(auth.app).post('/api/auth/logout')).status).toBe(401);
    expect((await request(auth.app).get('/api/auth/profile')).status).toBe(401);
    expect((await request(auth.app).put('/api/auth/profile').send({ firstName: 'X' })).status).toBe(401);
  });

  it('when the JWKS is fetched, then it publishes the RS256 key that verifies issued tokens', async () => {
    const response = await request(auth.app).get('/api/auth/.well-known/jwks.json');
    expect(response.status).toBe(200);
    expect(response.body.keys).toEqual([
      expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String), n: expect.any(String), e: 'AQAB' }),
    ]);
    const { token } = (await request(auth.app).post('/api/auth/login').send({ email: 'login@example.in', password: 'secret12' })).body;
    const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: response.body.keys[0].kid });
  });
});

describe('accounts: throttling in Redis', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await startAuth('throttle', { LOGIN_MAX_FAILURES_PER_EMAIL: '3', LOGIN_MAX_FAILURES_PER_IP: '5', SIGNUPS_PER_IP_PER_HOUR: '2' });
    await request(auth.app).post('/api/auth/register').send(validSignup('target@example.in')).expect(201);
  });
  afterAll(() => auth.close());

  it('when one e-mail fails too often, then 429 with Retry-After even for the right password', async () => {
    for (let i = 0; i < 3; i++)
      expect((await request(auth.app).post('/api/auth/login').send({ email: 'target@example.in', password: 'wrong1' })).status).toBe(401);
    const blocked = await request(auth.app).post('/api/auth/login').send({ email: 'target@example.in', password: 'secret12' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body.message).toBe('Too many failed sign-in attempts. Please wait and try again.');
    expect(await auth.redis.redis.keys(`${auth.redis.prefix}login-fail:email*`)).not.toHaveLength(0);
  });

  it('when one address fails across many e-mails, then it is blocked too', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (
          await request(auth.app)
            .post('/api/auth/login')
            .send({ email: `other${i}@example.in`, password: 'wrong1' })
        ).status,
      );
    expect(statuses).toEqual([401, 401, 429, 429]); // 3 failures above already count for this address
  });

  it('when one address signs up too often, then 429 says how long to wait, from the limiter’s own reset (D13)', async () => {
    await request(auth.app).post('/api/auth/register').send(validSignup('s2@example.in')).expect(201);
    const response = await request(auth.app).post('/api/auth/register').send(validSignup('s3@example.in'));
    expect(response.status).toBe(429);
    const wait = Number(response.headers['retry-after']);
    expect(wait).toBeGreaterThan(3500);
    expect(response.body.message).toBe(`Too many sign-ups from this network. Please try again in ${Math.ceil(wait / 60)} minutes.`);
    expect(await auth.db.connection.collection('users').countDocuments({ email: 's3@example.in' })).toBe(0);
  });
});
