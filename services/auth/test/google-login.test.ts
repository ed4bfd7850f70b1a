import request from 'supertest';
import { generateTestKeys } from '@portal/platform/testing';
import { startGoogleIdentityStandIn } from '../../../deploy/local/stand-ins/google-identity';
import { startAuth, validSignup, type AuthHarness } from './auth-harness';

const CLIENT_ID = 'portal-test.apps.googleusercontent.com';

describe('Google sign-in', () => {
  let auth: AuthHarness;
  let google: Awaited<ReturnType<typeof startGoogleIdentityStandIn>>;

  beforeAll(async () => {
    google = await startGoogleIdentityStandIn({ clientId: CLIENT_ID });
    auth = await startAuth('google', { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CERTS_URL: google.certsUrl });
  });
  afterAll(async () => {
    await auth.close();
    await google.close();
  });

  const profile = {
    sub: '1098765432101',
    email: 'Priya.Shah@gmail.com',
    givenName: 'Priya',
    familyName: 'Shah',
    picture: 'https://lh3.example/p.png',
  };
  const signIn = (token: string, extra: object = {}) =>
    request(auth.app)
      .post('/api/auth/google-login')
      .send({ token, ...extra });

  it('when a new Google user signs in, then an account keyed by the Google subject is created and isNewUser is true', async () => {
    const response = await signIn(google.issueIdToken(profile), { email: 'forged@evil.example', firstName: 'Forged' });
    expect(response.status).toBe(200);
    expect(response.body.isNewUser).toBe(true);
    expect(response.body.token).toEqual(expect.any(String));
    expect(response.body.user).toMatchObject({
      email: 'priya.shah@gmail.com',
      firstName: 'Priya',
      lastName: 'Shah',
      isGoogleUser: true,
      picture: profile.picture,
    });
    expect(await auth.db.connection.collection('google_identities').findOne({ _id: profile.sub as never })).toMatchObject({
      userId: expect.anything(),
    });
    expect(await auth.db.connection.collection('users').countDocuments({ email: 'forged@evil.example' })).toBe(0);
  });

  it('when the same Google user signs in again, then the same account is used and isNewUser is false', async () => {
    const first = await signIn(google.issueIdToken(profile));
    const again = await signIn(google.issueIdToken({ ...profile, email: 'priya.new@gmail.com' }));
    expect(again.status).toBe(200);
    expect(again.body.isNewUser).toBe(false);
    expect(again.body.user._id).toBe(first.body.user._id);
    expect(await auth.db.connection.collection('users').countDocuments({ email: /priya/ })).toBe(1);
  });

  it('when a verified Google e-mail matches an e-mail account, then the account is linked, not duplicated', async () => {
    const registered = await request(auth.app).post('/api/auth/register').send(validSignup('link.me@gmail.com'));
    const response = await signIn(google.issueIdToken({ sub: '2000', email: 'link.me@gmail.com', givenName: 'L' }));
    expect(response.body.isNewUser).toBe(false);
    expect(response.body.user._id).toBe(registered.body.user._id);
    expect(response.body.user.isGoogleUser).toBe(true);
    expect((await request(auth.app).post('/api/auth/login').send({ email: 'link.me@gmail.com', password: 'secret12' })).status).toBe(200);
  });

  it.each([
    ['a wrong audience', { aud: 'someone-else.apps.googleusercontent.com' }],
    ['a wrong issuer', { iss: 'https://accounts.evil.example' }],
    ['an expired token', { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }],
    ['a foreign signature', { signingKey: generateTestKeys().privateKey }],
  ])('when the ID token has %s, then 401 and no account', async (_case, overrides) => {
    const response = await signIn(google.issueIdToken({ sub: '3000', email: 'bad@gmail.com' }, overrides));
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Google sign-in failed: the Google credential could not be verified.');
    expect(await auth.db.connection.collection('users').countDocuments({ email: 'bad@gmail.com' })).toBe(0);
  });

  it('when Google has not verified the e-mail, then 401 and no account', async () => {
    const response = await signIn(google.issueIdToken({ sub: '4000', email: 'unverified@gmail.com', emailVerified: false }));
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Google sign-in failed: your Google e-mail address is not verified.');
    expect(await auth.db.connection.collection('users').countDocuments({ email: 'unverified@gmail.com' })).toBe(0);
  });

  it('when the credential is missing or not a string, then 400', async () => {
    expect((await request(auth.app).post('/api/auth/google-login').send({})).status).toBe(400);
    expect(
      (
        await request(auth.app)
          .post('/api/auth/google-login')
          .send({ token: { $ne: 1 } })
      ).status,
    ).toBe(400);
  });
});

describe('Google sign-in without a configured client id', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await startAuth('google-off');
  });
  afterAll(() => auth.close());

  it('when someone tries it, then 503 with a clear message', async () => {
    const response = await request(auth.app).post('/api/auth/google-login').send({ token: 'anything' });
    expect(response.status).toBe(503);
    expect(response.body.message).toBe('Google sign-in is not available on this portal.');
  });
});
