import request from 'supertest';
import {
  CONSENT_MESSAGES,
  currentPolicyVersions,
  DESKTOP_CLIENT_ID,
  DESKTOP_CONSENT_MESSAGE,
  DEVICE_GRANT_TYPE,
  MESSAGES,
  POLICIES,
} from '@portal/contracts';
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
  const profileOf = (token: string) => request(auth.app).get('/api/auth/profile').set(bearer(token));

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
    expect((await consentOf(registered.body.token)).body).toEqual({ consent: expected, required: false, ageRequired: false });
  });

  it('when a new Google account comes from the sign-in page, then it must accept and give its age before any other call', async () => {
    const fromLogin = await request(auth.app)
      .post('/api/auth/google-login')
      .send({ token: google.issueIdToken({ sub: '3001', email: 'from.login@gmail.com', givenName: 'L' }) });
    expect(fromLogin.body.user.consent).toBeNull();
    const token = fromLogin.body.token as string;
    expect((await consentOf(token)).body).toEqual({ consent: null, required: true, ageRequired: true });
    const refused = await profileOf(token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'consent_required',
      message: CONSENT_MESSAGES.due,
      versions: currentPolicyVersions(),
      ageRequired: true,
      requestId: expect.any(String),
    });

    clock.now = new Date('2026-11-24T05:00:00.000Z');
    const accept = (body: object) => request(auth.app).post('/api/auth/consent').set(bearer(token)).send(body);
    for (const age of [undefined, 17, 121, '3O', { $gt: 0 }]) {
      const wrong = await accept({ accepted: currentPolicyVersions(), age });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(MESSAGES.ageInvalid);
    }
    expect((await users().findOne({ email: 'from.login@gmail.com' }))?.consent).toBeNull();

    const accepted = await accept({ accepted: currentPolicyVersions(), age: 34 });
    expect(accepted.status).toBe(200);
    expect(accepted.headers['cache-control']).toBe('no-store');
    expect(accepted.body).toEqual({
      consent: { ...currentPolicyVersions(), acceptedAt: '2026-11-24T05:00:00.000Z' },
      required: false,
      ageRequired: false,
      token: expect.any(String),
    });
    expect((await users().findOne({ email: 'from.login@gmail.com' }))?.personalInfo).toMatchObject({ age: 34 });
    // the token that made the call still says what it said; the one answered goes on
    expect((await profileOf(token)).status).toBe(403);
    expect((await profileOf(accepted.body.token)).status).toBe(200);
  });

  it('when a new Google account comes from sign-up, then its acceptance is kept and only its age is asked', async () => {
    const fromSignup = await request(auth.app)
      .post('/api/auth/google-login')
      .send({
        token: google.issueIdToken({ sub: '3002', email: 'from.signup@gmail.com', givenName: 'S' }),
        acceptedPolicies: currentPolicyVersions(),
      });
    expect((await consentOf(fromSignup.body.token)).body).toMatchObject({ required: true, ageRequired: true });
    expect((await profileOf(fromSignup.body.token)).body).toMatchObject({ error: 'consent_required', ageRequired: true });
  });

  it('when an account from before consent signs in, then it is asked once; an old version or no token is refused', async () => {
    const registered = await request(auth.app).post('/api/auth/register').send(validSignup('older@example.in'));
    await users().updateOne(
      { email: 'older@example.in' },
      { $set: { consent: { terms: '2025-01-01', privacy: '2025-01-01', acceptedAt: new Date() } } },
    );
    expect((await consentOf(registered.body.token)).body.required).toBe(true);
    // a sign-in now carries the outdated acceptance, as after a version is raised
    const token = (await request(auth.app).post('/api/auth/login').send({ email: 'older@example.in', password: 'secret12' })).body
      .token as string;
    const refused = await profileOf(token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'consent_required', versions: currentPolicyVersions(), ageRequired: false });
    expect(
      (
        await request(auth.app)
          .put('/api/auth/password')
          .set(bearer(token))
          .send({ currentPassword: 'secret12', newPassword: 'x-secret-2' })
      ).status,
    ).toBe(403);
    // what stays open before accepting: the gate, and signing out (one's data and deletion are admin-reporting's)
    expect((await consentOf(token)).status).toBe(200);
    expect((await request(auth.app).post('/api/auth/logout').set(bearer(registered.body.token))).status).toBe(200);

    const old = await request(auth.app)
      .post('/api/auth/consent')
      .set(bearer(token))
      .send({ accepted: { terms: '2025-01-01', privacy: '2025-01-01' } });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(CONSENT_MESSAGES.outdated);
    expect((await request(auth.app).post('/api/auth/consent').send({ accepted: currentPolicyVersions() })).status).toBe(401);
    expect((await request(auth.app).get('/api/auth/consent')).status).toBe(401);

    const accepted = await request(auth.app).post('/api/auth/consent').set(bearer(token)).send({ accepted: currentPolicyVersions() });
    expect(accepted.status).toBe(200);
    expect((await consentOf(token)).body.required).toBe(false);
    expect((await profileOf(accepted.body.token)).status).toBe(200);
    // each acceptance is kept: the one made at sign-up, and this one
    const kept = (
      await request(auth.app)
        .get(`/internal/users/${registered.body.user._id}/account-data`)
        .set('Authorization', createServiceCredential('admin-reporting', TEST_SERVICE_SECRET)())
    ).body.consents;
    expect(kept).toHaveLength(2);
    expect(kept[1]).toMatchObject(currentPolicyVersions());
    expect((await request(auth.app).post('/api/auth/logout').set(bearer(token))).status).toBe(200);
  });

  it('when a client of the API asks which versions to accept, then the public answer names them and a sign-up with them succeeds', async () => {
    const answer = await request(auth.app).get('/api/auth/policies');
    expect(answer.status).toBe(200);
    expect(answer.body.accept).toEqual(currentPolicyVersions());
    expect(answer.body.policies.map((policy: { name: string }) => policy.name)).toEqual(['terms', 'privacy', 'refund']);
    expect(answer.body.policies[0]).toEqual({ name: 'terms', ...POLICIES.terms });
    const signup = { ...validSignup('api.client@example.in'), acceptedPolicies: answer.body.accept };
    expect((await request(auth.app).post('/api/auth/register').send(signup)).status).toBe(201);
  });

  it('when the desktop app’s person has policies to accept, then its calls go on and /me tells it to point them to the portal', async () => {
    const registered = await request(auth.app).post('/api/auth/register').send(validSignup('desktop.person@example.in'));
    const started = await request(auth.app).post('/api/auth/device/code').type('form').send({ client_id: DESKTOP_CLIENT_ID });
    await request(auth.app)
      .post('/api/auth/device/decision')
      .set(bearer(registered.body.token))
      .send({ user_code: started.body.user_code, decision: 'approve' })
      .expect(200);
    const tokens = await request(auth.app)
      .post('/api/auth/device/token')
      .type('form')
      .send({ grant_type: DEVICE_GRANT_TYPE, device_code: started.body.device_code, client_id: DESKTOP_CLIENT_ID });
    const me = () => request(auth.app).get('/api/auth/desktop/me').set(bearer(tokens.body.access_token));
    expect((await me()).body).toEqual({ user: { id: registered.body.user._id, email: 'desktop.person@example.in' } });

    await users().updateOne(
      { email: 'desktop.person@example.in' },
      { $set: { consent: { terms: '2025-01-01', privacy: '2025-01-01', acceptedAt: new Date() } } },
    );
    const due = await me();
    expect(due.status).toBe(200);
    expect(due.body.consentRequired).toEqual({ message: DESKTOP_CONSENT_MESSAGE, url: 'http://portal.test/dashboard' });
  });

  it('when the admin directory reads a user, then the consent travels with the profile', async () => {
    const internal = await request(auth.app)
      .get('/internal/users')
      .query({ search: 'accepted@example.in' })
      .set('Authorization', createServiceCredential('admin-reporting', TEST_SERVICE_SECRET)());
    expect(internal.body.users[0].consent).toMatchObject({ terms: POLICIES.terms.version });
  });
});
