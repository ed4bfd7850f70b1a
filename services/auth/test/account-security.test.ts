import request from 'supertest';
import {
  currentPolicyVersions,
  DESKTOP_CLIENT_ID,
  DEVICE_GRANT_TYPE,
  OWN_SIGN_IN_MESSAGES,
  SELF_SERVICE_MESSAGES,
} from '@portal/contracts';
import { createServiceCredential } from '@portal/platform';
import { startGoogleIdentityStandIn } from '../../../deploy/local/stand-ins/google-identity';
import { startAuth, TEST_SERVICE_SECRET, validSignup, type AuthHarness } from './auth-harness';

const CLIENT_ID = 'portal-test.apps.googleusercontent.com';
const WELCOME = 'Welcome to the Tax Practitioner Portal';
const NEW_SIGN_IN = 'New sign-in to your Tax Practitioner Portal account';

describe('Security and Privacy: the password, and confirming one’s own deletion (behaviour.md §3)', () => {
  let auth: AuthHarness;
  let google: Awaited<ReturnType<typeof startGoogleIdentityStandIn>>;
  beforeAll(async () => {
    google = await startGoogleIdentityStandIn({ clientId: CLIENT_ID });
    auth = await startAuth('account-security', { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CERTS_URL: google.certsUrl });
  });
  afterAll(async () => {
    await auth.close();
    await google.close();
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const asService = createServiceCredential('admin-reporting', TEST_SERVICE_SECRET);
  const profile = (token: string) => request(auth.app).get('/api/auth/profile').set(bearer(token));
  const changePassword = (token: string, body: object) => request(auth.app).put('/api/auth/password').set(bearer(token)).send(body);
  const login = (email: string, password: string) => request(auth.app).post('/api/auth/login').send({ email, password });
  const register = async (email: string) =>
    (await request(auth.app).post('/api/auth/register').send(validSignup(email))).body.token as string;

  /** The desktop app signed in through the device grant: its access and refresh tokens. */
  async function desktopSignIn(userToken: string) {
    const started = await request(auth.app)
      .post('/api/auth/device/code')
      .type('form')
      .send({ client_id: DESKTOP_CLIENT_ID, device_name: 'Office PC' });
    await request(auth.app)
      .post('/api/auth/device/decision')
      .set(bearer(userToken))
      .send({ user_code: started.body.user_code, decision: 'approve' });
    const tokens = await request(auth.app)
      .post('/api/auth/device/token')
      .type('form')
      .send({ grant_type: DEVICE_GRANT_TYPE, device_code: started.body.device_code, client_id: DESKTOP_CLIENT_ID });
    return tokens.body as { access_token: string; refresh_token: string };
  }

  it('when the current password is missing or wrong, then 400 says so, the password stays and no session ends', async () => {
    const token = await register('keeps@example.in');
    const missing = await changePassword(token, { newPassword: 'another-secret' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(SELF_SERVICE_MESSAGES.currentPasswordRequired);
    const wrong = await changePassword(token, { currentPassword: 'not-it', newPassword: 'another-secret' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(SELF_SERVICE_MESSAGES.currentPasswordWrong);
    const short = await changePassword(token, { currentPassword: 'secret12', newPassword: '123' });
    expect(short.body.message).toBe('Password must be at least 6 characters');
    const injected = await changePassword(token, { currentPassword: { $ne: null }, newPassword: 'another-secret' });
    expect(injected.status).toBe(400);
    expect((await login('keeps@example.in', 'secret12')).status).toBe(200);
    expect((await profile(token)).status).toBe(200);
  });

  it('when the password changes, then every other session ends at once, the desktop app’s too, and this one goes on', async () => {
    const web = await register('changes@example.in');
    const otherBrowser = (await login('changes@example.in', 'secret12')).body.token as string;
    const desktop = await desktopSignIn(web);
    expect((await request(auth.app).get('/api/auth/desktop/me').set(bearer(desktop.access_token))).status).toBe(200);

    const changed = await changePassword(otherBrowser, { currentPassword: 'secret12', newPassword: 'brand-new-secret' });
    expect(changed.status).toBe(200);
    expect(changed.headers['cache-control']).toBe('no-store');
    expect(changed.body.message).toBe(SELF_SERVICE_MESSAGES.passwordChanged);

    expect((await profile(changed.body.token)).status).toBe(200);
    expect((await profile(web)).status).toBe(401);
    expect((await profile(otherBrowser)).status).toBe(401);
    expect((await request(auth.app).get('/api/auth/desktop/me').set(bearer(desktop.access_token))).status).toBe(401);
    const refreshed = await request(auth.app)
      .post('/api/auth/device/token')
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: desktop.refresh_token, client_id: DESKTOP_CLIENT_ID });
    expect(refreshed.body.error).toBe('invalid_grant');

    expect((await login('changes@example.in', 'secret12')).status).toBe(401);
    expect((await login('changes@example.in', 'brand-new-secret')).status).toBe(200);
    const mail = await auth.smtp.waitForMail(
      (m) => JSON.stringify(m.to).includes('changes@example.in') && m.subject !== WELCOME && m.subject !== NEW_SIGN_IN,
    );
    expect(mail.subject).toBe('Your password was changed');
    expect(mail.text).toContain('http://portal.test/forgot-password');
  });

  it('when admin-reporting gathers the person’s data, then auth’s part holds the profile, every consent, the desktop sessions and the firms, no secrets', async () => {
    const token = await register('mydata@example.in');
    await desktopSignIn(token);
    const id = (await profile(token)).body.user._id as string;
    const answer = await request(auth.app).get(`/internal/users/${id}/account-data`).set('Authorization', asService());
    expect(answer.status).toBe(200);
    expect(answer.body.firms).toEqual([]);
    expect(answer.body.profile).toMatchObject({ email: 'mydata@example.in', firstName: 'Ravi' });
    expect(answer.body.profile).not.toHaveProperty('consent');
    expect(answer.body.consents).toEqual([expect.objectContaining({ terms: expect.any(String), acceptedAt: expect.any(String) })]);
    expect(answer.body.desktopSessions).toEqual([expect.objectContaining({ deviceName: 'Office PC' })]);
    expect(JSON.stringify(answer.body)).not.toMatch(/passwordHash|refresh/i);
    expect((await request(auth.app).get(`/internal/users/${id}/account-data`).set(bearer(token))).status).toBe(401);
  });

  it('when a Google-only account sets a password, then no current one is asked and e-mail sign-in works', async () => {
    const signedIn = await request(auth.app)
      .post('/api/auth/google-login')
      .send({ token: google.issueIdToken({ sub: '4001', email: 'only.google@gmail.com', givenName: 'G' }) });
    const gate = await request(auth.app)
      .post('/api/auth/consent')
      .set(bearer(signedIn.body.token))
      .send({ accepted: currentPolicyVersions(), age: 29 });
    const set = await changePassword(gate.body.token, { newPassword: 'first-password' });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe(SELF_SERVICE_MESSAGES.passwordSet);
    expect((await login('only.google@gmail.com', 'first-password')).status).toBe(200);
    // from now on it has a password to give
    expect((await changePassword(set.body.token, { newPassword: 'second-password' })).body.message).toBe(
      SELF_SERVICE_MESSAGES.currentPasswordRequired,
    );
  });

  it('when admin-reporting checks a deletion, then a password account gives its password and a Google account types its e-mail', async () => {
    const token = await register('leaving@example.in');
    const id = (await profile(token)).body.user._id as string;
    const confirm = (body: object) =>
      request(auth.app)
        .post(`/internal/users/${id}/confirm-deletion`)
        .set('Authorization', asService())
        .send({ ip: '203.0.113.9', ...body });
    expect((await confirm({ password: 'wrong' })).body.message).toBe(SELF_SERVICE_MESSAGES.currentPasswordWrong);
    expect((await confirm({ email: 'leaving@example.in' })).body.message).toBe(SELF_SERVICE_MESSAGES.confirmWithPassword);
    expect((await confirm({ password: 'secret12' })).status).toBe(204);
    expect((await request(auth.app).post(`/internal/users/${id}/confirm-deletion`).send({ ip: 'x', password: 'secret12' })).status).toBe(
      401,
    );

    const google = await request(auth.app)
      .post('/api/auth/google-login')
      .send({ token: googleToken('4002', 'google.leaving@gmail.com') });
    const googleId = google.body.user._id as string;
    const confirmGoogle = (body: object) =>
      request(auth.app)
        .post(`/internal/users/${googleId}/confirm-deletion`)
        .set('Authorization', asService())
        .send({ ip: '203.0.113.9', ...body });
    expect((await confirmGoogle({ email: 'someone@gmail.com' })).body.message).toBe(SELF_SERVICE_MESSAGES.confirmWithEmail);
    expect((await confirmGoogle({ email: ' Google.Leaving@gmail.com ' })).status).toBe(204);
  });

  it('when the deletion is the person’s own, then the account goes, every session ends and a last e-mail is sent', async () => {
    const token = await register('farewell@example.in');
    const id = (await profile(token)).body.user._id as string;
    const deleted = await request(auth.app).delete(`/internal/users/${id}?notify=true`).set('Authorization', asService());
    expect(deleted.body).toEqual({ deleted: true });
    expect((await profile(token)).status).toBe(401);
    expect((await login('farewell@example.in', 'secret12')).status).toBe(401);
    const mail = await auth.smtp.waitForMail(
      (m) => JSON.stringify(m.to).includes('farewell@example.in') && m.subject !== WELCOME && m.subject !== NEW_SIGN_IN,
    );
    expect(mail.subject).toBe('Your Tax Practitioner Portal account has been deleted');
    expect(mail.text).toContain('kept, without your contact details');
  });

  const googleToken = (sub: string, email: string) => google.issueIdToken({ sub, email, givenName: 'G' });

  it('when the person says a sign-in was not theirs, then every session ends, this one and the desktop app’s, the password stops working, and the e-mailed link sets a new one', async () => {
    const email = 'not.me@example.in';
    const token = await register(email);
    const desktop = await desktopSignIn(token);
    const answer = await request(auth.app).post('/api/auth/not-me').set(bearer(token)).expect(200);
    expect(answer.body).toEqual({ message: OWN_SIGN_IN_MESSAGES.notMe });

    expect((await profile(token)).status).toBe(401);
    expect((await request(auth.app).get('/api/auth/desktop/me').set(bearer(desktop.access_token))).status).toBe(401);
    const refreshed = await request(auth.app)
      .post('/api/auth/device/token')
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: desktop.refresh_token, client_id: DESKTOP_CLIENT_ID });
    expect(refreshed.status).toBe(400);
    expect((await login(email, 'secret12')).status).toBe(401);

    const mail = await auth.smtp.waitForMail((m) => JSON.stringify(m.to).includes(email) && /reset/i.test(m.subject ?? ''));
    const resetToken = /reset-password\?token=([\w-]{43})/.exec(mail.text ?? '')![1];
    await request(auth.app).post('/api/auth/reset-password').send({ token: resetToken, newPassword: 'chosen-anew-1' }).expect(200);
    expect((await login(email, 'chosen-anew-1')).status).toBe(200);
  });

  it('when a Google-only account says a sign-in was not theirs, then every session ends and the answer sends them to Google’s password, not ours', async () => {
    const signedIn = await request(auth.app)
      .post('/api/auth/google-login')
      .send({ token: google.issueIdToken({ sub: '4002', email: 'google.not.me@gmail.com', givenName: 'G' }) });
    const gate = await request(auth.app)
      .post('/api/auth/consent')
      .set(bearer(signedIn.body.token))
      .send({ accepted: currentPolicyVersions(), age: 29 });
    const token = gate.body.token as string;
    expect((await request(auth.app).post('/api/auth/not-me').set(bearer(token)).expect(200)).body).toEqual({
      message: OWN_SIGN_IN_MESSAGES.notMeWithGoogle,
    });
    expect((await profile(token)).status).toBe(401);
  });
});

describe('"This wasn’t me" when the reset link cannot be sent', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await startAuth('not-me-limited', { RESET_REQUESTS_PER_EMAIL_PER_HOUR: '1' });
  });
  afterAll(() => auth?.close());

  it('when the hour’s reset link is spent, then "This wasn’t me" answers 429 and nothing changes: the session and the password stand', async () => {
    const email = 'limited.not.me@example.in';
    const token = (await request(auth.app).post('/api/auth/register').send(validSignup(email))).body.token as string;
    await request(auth.app).post('/api/auth/forgot-password').send({ email }).expect(200);
    expect((await request(auth.app).post('/api/auth/not-me').set('Authorization', `Bearer ${token}`)).status).toBe(429);
    expect((await request(auth.app).get('/api/auth/profile').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    expect((await request(auth.app).post('/api/auth/login').send({ email, password: 'secret12' })).status).toBe(200);
  });
});
