import request from 'supertest';
import { CONSENT_MESSAGES, currentPolicyVersions, POLICIES } from '@portal/contracts';
import { createServiceCredential } from '@portal/platform';
import { startGoogleIdentityStandIn } from '../../../deploy/local/stand-ins/google-identity';
import { startAuth, TEST_SERVICE_SECRET, validSignup, type AuthHarness } from './auth-harness';

const CLIENT_ID = 'portal-test.apps.googleusercontent.com';

describe('consent to the Terms and the Privacy Notice (behaviour.md §3)', () => {
  let auth: AuthHarness;
  let google: Awaited<ReturnType<typeof startGoogleIdentityStandIn>>;
  const clock = { now: new Date('2026-11-23T19:00:00.000Z') }; // 00:30 on 24 November in India

  beforeAll(async () => {
    google = await startGoogleIdentityStandIn({ clientId: CLIENT_ID });
    auth = await startAuth('consent', { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CERTS_URL: google.certsUrl }, clock);
  });
  afterAll(async () => {
    await auth.close();
    await google.close();
  });

  const users = () => auth.db.connection.collection('users');
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const consentOf = (token: string) => request(auth.app).get('/api/auth/consent').set(bearer(token));

  it('when sign-up comes without the ticked box, then 400 says to accept, and no account is stored', async () => {
    const { acceptedPolicies: _none, ...unticked } = validSignup('unticked@example.in');
    const response = await request(auth.app).post('/api/auth/register').send(unticked);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(CONSENT_MESSAGES.required);
    expect(await users().countDocuments({ email: 'unticked@example.in' })).toBe(0);
  });

  it('when the form showed an older version, then 400 asks to read the current ones, and no account is stored', async () => {
    const stale = { ...validSignup('stale@example.in'), acceptedPolicies: { ...currentPolicyVersions(), privacy: '2025-01-01' } };
    const response = await request(auth.app).post('/api/auth/register').send(stale);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(CONSENT_MESSAGES.outdated);
    expect(await users().countDocuments({ email: 'stale@example.in' })).toBe(0);
  });

  it('when a value is not a version string, then 400 and nothing reaches the store', async () => {
    const injected = { ...validSignup('injected@example.in'), acceptedPolicies: { terms: { $ne: null }, privacy: 'x' } };
    expect((await request(auth.app).post('/api/auth/register').send(injected)).status).toBe(400);
    const extra = { ...validSignup('extra@example.in'), acceptedPolicies: { ...currentPolicyVersions(), marketing: 'yes' } };
    expect((await request(auth.app).post('/api/auth/register').send(extra)).status).toBe(400);
  });

  it('when sign-up accepts the versions in force, then the account keeps them with the time, and nothing more is asked', async () => {
    const registered = await request(auth.app).post('/api/auth/register').send(validSignup('accepted@example.in'));
    expect(registered.status).toBe(201);
    const expected = { terms: POLICIES.terms.version, privacy: POLICIES.privacy.version, acceptedAt: '2026-11-23T19:00:00.000Z' };
    expect(registered.body.user.consent).toEqual(expected);
    expect((await consentOf(registered.body.token)).body).toEqual({ consent: expected, required: false });
  });

  it('when a new Google account comes from the sign-in page, then it must accept before going on; from sign-up it has accepted', async () => {
    const fromLogin = await request(auth.app)
      .post('/api/auth/google-login')
      .send({ token: google.issueIdToken({ sub: '3001', email: 'from.login@gmail.com', givenName: 'L' }) });
    expect(fromLogin.body.user.consent).toBeNull();
    expect((await consentOf(fromLogin.body.token)).body).toEqual({ consent: null, required: true });

    clock.now = new Date('2026-11-24T05:00:00.000Z');
    const accepted = await request(auth.app)
      .post('/api/auth/consent')
      .set(bearer(fromLogin.body.token))
      .send({ accepted: currentPolicyVersions() });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ consent: { ...currentPolicyVersions(), acceptedAt: '2026-11-24T05:00:00.000Z' }, required: false });

    const fromSignup = await request(auth.app)
      .post('/api/auth/google-login')
      .send({
        token: google.issueIdToken({ sub: '3002', email: 'from.signup@gmail.com', givenName: 'S' }),
        acceptedPolicies: currentPolicyVersions(),
      });
    expect((await consentOf(fromSignup.body.token)).body.required).toBe(false);
  });

  it('when an account from before consent signs in, then it is asked once; an old version or no token is refused', async () => {
    const registered = await request(auth.app).post('/api/auth/register').send(validSignup('older@example.in'));
    await users().updateOne(
      { email: 'older@example.in' },
      { $set: { consent: { terms: '2025-01-01', privacy: '2025-01-01', acceptedAt: new Date() } } },
    );
    const token = registered.body.token as string;
    expect((await consentOf(token)).body.required).toBe(true);

    const old = await request(auth.app)
      .post('/api/auth/consent')
      .set(bearer(token))
      .send({ accepted: { terms: '2025-01-01', privacy: '2025-01-01' } });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(CONSENT_MESSAGES.outdated);
    expect((await request(auth.app).post('/api/auth/consent').send({ accepted: currentPolicyVersions() })).status).toBe(401);
    expect((await request(auth.app).get('/api/auth/consent')).status).toBe(401);

    await request(auth.app).post('/api/auth/consent').set(bearer(token)).send({ accepted: currentPolicyVersions() }).expect(200);
    expect((await consentOf(token)).body.required).toBe(false);
  });

  it('when the admin directory reads a user, then the consent travels with the profile', async () => {
    const internal = await request(auth.app)
      .get('/internal/users')
      .query({ search: 'accepted@example.in' })
      .set('Authorization', createServiceCredential('admin-reporting', TEST_SERVICE_SECRET)());
    expect(internal.body.users[0].consent).toMatchObject({ terms: POLICIES.terms.version });
  });
});
