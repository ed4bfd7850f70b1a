import jwt from 'jsonwebtoken';
import request from 'supertest';
import {
  DESKTOP_CLIENT_ID,
  DEVICE_GRANT_TYPE,
  DEVICE_MESSAGES,
  DEVICE_TOKEN_ERROR_DESCRIPTIONS,
  OAUTH_REQUEST_MESSAGES,
  TOKEN_AUDIENCE,
} from '@portal/contracts';
import { createServiceCredential } from '@portal/platform';
import { startAuth, TEST_SERVICE_SECRET, validSignup, type AuthHarness } from './auth-harness';

describe('the desktop app’s sign-in: the device authorization grant (RFC 8628)', () => {
  let auth: AuthHarness;
  const clock = { now: new Date('2026-11-23T06:30:00.000Z') };
  const later = (seconds: number) => (clock.now = new Date(clock.now.getTime() + seconds * 1000));
  beforeAll(async () => {
    auth = await startAuth('device-grant', {}, clock);
  });
  afterAll(() => auth.close());

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const refusal = (error: keyof typeof DEVICE_TOKEN_ERROR_DESCRIPTIONS) => ({
    error,
    error_description: DEVICE_TOKEN_ERROR_DESCRIPTIONS[error],
  });
  const startSignIn = (body: Record<string, string> = { client_id: DESKTOP_CLIENT_ID, device_name: 'Ravi’s office PC' }) =>
    request(auth.app).post('/api/auth/device/code').type('form').send(body);
  const poll = (deviceCode: string) =>
    request(auth.app)
      .post('/api/auth/device/token')
      .type('form')
      .send({ grant_type: DEVICE_GRANT_TYPE, device_code: deviceCode, client_id: DESKTOP_CLIENT_ID });
  const refresh = (refreshToken: string) =>
    request(auth.app)
      .post('/api/auth/device/token')
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: DESKTOP_CLIENT_ID });
  const decide = (token: string, userCode: string, decision: string) =>
    request(auth.app).post('/api/auth/device/decision').set(bearer(token)).send({ user_code: userCode, decision });
  async function registered(email: string) {
    const response = await request(auth.app).post('/api/auth/register').send(validSignup(email));
    return { token: response.body.token as string, id: response.body.user._id as string };
  }

  it('when the app asks, confirms in the portal and polls, then it gets desktop tokens once, usable on its own calls only', async () => {
    const started = await startSignIn();
    expect(started.status).toBe(200);
    expect(started.headers['cache-control']).toBe('no-store');
    const { device_code, user_code } = started.body;
    expect(started.body).toEqual({
      device_code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user_code: expect.stringMatching(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/),
      verification_uri: 'http://portal.test/activate',
      verification_uri_complete: `http://portal.test/activate?user_code=${user_code}`,
      expires_in: 600,
      interval: 5,
    });
    expect(await auth.db.connection.collection('device_authorizations').findOne({ device_code })).toBeNull(); // kept only hashed

    expect((await poll(device_code)).body).toEqual(refusal('authorization_pending'));
    expect((await poll(device_code)).body).toEqual(refusal('slow_down')); // at once: faster than the interval
    later(10); // the interval is now 10 s

    const ravi = await registered('ravi.desktop@example.in');
    const typed = user_code.toLowerCase().replace('-', ' ');
    const pending = await request(auth.app)
      .get(`/api/auth/device/pending?user_code=${encodeURIComponent(typed)}`)
      .set(bearer(ravi.token));
    expect(pending.body).toEqual({
      device: { userCode: user_code, deviceName: 'Ravi’s office PC', expiresAt: '2026-11-23T06:40:00.000Z' },
    });
    expect((await decide(ravi.token, typed, 'approve')).body).toEqual({ message: DEVICE_MESSAGES.approved });

    const other = await registered('someone.else@example.in');
    const stolen = await decide(other.token, user_code, 'approve');
    expect(stolen.status).toBe(404);
    expect(stolen.body.message).toBe(DEVICE_MESSAGES.codeInvalid);

    const tokens = await poll(device_code);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.any(String),
    });
    expect(jwt.decode(tokens.body.access_token)).toMatchObject({
      aud: TOKEN_AUDIENCE.desktop,
      sub: ravi.id,
      email: 'ravi.desktop@example.in',
    });
    // a code is used once, and one polled again at once is told so, not to slow down
    expect((await poll(device_code)).body).toEqual(refusal('invalid_grant'));

    const me = await request(auth.app).get('/api/auth/desktop/me').set(bearer(tokens.body.access_token));
    expect(me.body).toEqual({ user: { id: ravi.id, email: 'ravi.desktop@example.in' } });
    expect((await request(auth.app).get('/api/auth/profile').set(bearer(tokens.body.access_token))).status).toBe(401);
    expect((await request(auth.app).post('/api/admin/logout').set(bearer(tokens.body.access_token))).status).toBe(401);
    expect((await request(auth.app).get('/api/auth/desktop/me').set(bearer(ravi.token))).status).toBe(401);
  });

  it('when the app refreshes, then the refresh token is replaced, and a session the user ends cannot refresh', async () => {
    const ravi = await registered('ravi.refresh@example.in');
    const { device_code, user_code } = (await startSignIn()).body;
    await decide(ravi.token, user_code, 'approve');
    const first = (await poll(device_code)).body;

    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(jwt.decode(second.body.access_token)).toMatchObject({ aud: TOKEN_AUDIENCE.desktop, sub: ravi.id });

    const sessions = await request(auth.app).get('/api/auth/desktop/sessions').set(bearer(ravi.token));
    expect(sessions.body.sessions).toEqual([
      { id: expect.any(String), deviceName: 'Ravi’s office PC', createdAt: expect.any(String), lastUsedAt: expect.any(String) },
    ]);
    const stranger = await registered('stranger.sessions@example.in');
    const id = sessions.body.sessions[0].id;
    expect((await request(auth.app).delete(`/api/auth/desktop/sessions/${id}`).set(bearer(stranger.token))).status).toBe(404);
    const me = () => request(auth.app).get('/api/auth/desktop/me').set(bearer(second.body.access_token));
    expect((await me()).status).toBe(200);
    expect((await request(auth.app).delete(`/api/auth/desktop/sessions/${id}`).set(bearer(ravi.token))).status).toBe(204);
    expect((await refresh(second.body.refresh_token)).body).toEqual(refusal('invalid_grant'));
    // its access token ends with it, not an hour later
    const ended = await me();
    expect(ended.status).toBe(401);
    expect(ended.headers['www-authenticate']).toBe(
      'Bearer realm="tax-portal", error="invalid_token", error_description="Your session has ended. Please sign in again."',
    );
  });

  it('when a refresh token that was already swapped comes back, then the whole session ends, for the app too (RFC 9700 §4.14.2)', async () => {
    const ravi = await registered('ravi.stolen@example.in');
    const { device_code, user_code } = (await startSignIn()).body;
    await decide(ravi.token, user_code, 'approve');
    const stolen = (await poll(device_code)).body.refresh_token;
    const current = (await refresh(stolen)).body.refresh_token;
    const latest = (await refresh(current)).body;
    expect((await request(auth.app).get('/api/auth/desktop/me').set(bearer(latest.access_token))).status).toBe(200);

    expect((await refresh(stolen)).body).toEqual(refusal('invalid_grant'));
    expect((await refresh(latest.refresh_token)).body).toEqual(refusal('invalid_grant'));
    expect((await request(auth.app).get('/api/auth/desktop/me').set(bearer(latest.access_token))).status).toBe(401);
    expect((await request(auth.app).get('/api/auth/desktop/sessions').set(bearer(ravi.token))).body.sessions).toEqual([]);
  });

  it('when a refresh token is forged for a real session, then it is refused and the session goes on', async () => {
    const ravi = await registered('ravi.forged@example.in');
    const { device_code, user_code } = (await startSignIn()).body;
    await decide(ravi.token, user_code, 'approve');
    const issued: string = (await poll(device_code)).body.refresh_token;
    const [sessionId] = issued.split('.');

    expect((await refresh(`${sessionId}.${'A'.repeat(43)}`)).body).toEqual(refusal('invalid_grant'));
    expect((await refresh(issued)).status).toBe(200);
  });

  it('when the person refuses, or the code runs out, then the app is told access_denied or expired_token', async () => {
    const ravi = await registered('ravi.deny@example.in');
    const denied = (await startSignIn()).body;
    expect((await decide(ravi.token, denied.user_code, 'deny')).body).toEqual({ message: DEVICE_MESSAGES.denied });
    expect((await poll(denied.device_code)).body).toEqual(refusal('access_denied'));

    const lapsed = (await startSignIn()).body;
    later(601);
    expect((await poll(lapsed.device_code)).body).toEqual(refusal('expired_token'));
    expect((await decide(ravi.token, lapsed.user_code, 'approve')).status).toBe(404);
  });

  it('when the user is deleted, then their desktop sessions end with the account', async () => {
    const ravi = await registered('ravi.leaving@example.in');
    const { device_code, user_code } = (await startSignIn()).body;
    await decide(ravi.token, user_code, 'approve');
    const { refresh_token } = (await poll(device_code)).body;
    const asService = createServiceCredential('admin-reporting', TEST_SERVICE_SECRET);
    expect((await request(auth.app).delete(`/internal/users/${ravi.id}`).set('Authorization', asService())).status).toBe(200);
    expect((await refresh(refresh_token)).body).toEqual(refusal('invalid_grant'));
    expect(await auth.db.connection.collection('desktop_sessions').countDocuments({ userId: ravi.id })).toBe(0);
  });

  const tokenForm = (body: string, headers: Record<string, string> = {}) =>
    request(auth.app).post('/api/auth/device/token').type('form').set(headers).send(body);
  const grant = `grant_type=${encodeURIComponent(DEVICE_GRANT_TYPE)}&client_id=${DESKTOP_CLIENT_ID}`;
  it.each([
    ['an unknown client', () => startSignIn({ client_id: 'someone-else' }), 400, refusal('invalid_client')],
    ['an unknown grant', () => tokenForm(`grant_type=password&client_id=${DESKTOP_CLIENT_ID}`), 400, refusal('unsupported_grant_type')],
    [
      'no grant type',
      () => tokenForm(`client_id=${DESKTOP_CLIENT_ID}&device_code=${'A'.repeat(43)}`),
      400,
      { error: 'invalid_request', error_description: OAUTH_REQUEST_MESSAGES.grantMissing },
    ],
    [
      'the grant type twice',
      () => tokenForm(`${grant}&grant_type=refresh_token&device_code=${'A'.repeat(43)}`),
      400,
      { error: 'invalid_request', error_description: OAUTH_REQUEST_MESSAGES.repeated('grant_type') },
    ],
    [
      'a JSON body',
      () => request(auth.app).post('/api/auth/device/token').send({ grant_type: DEVICE_GRANT_TYPE, client_id: DESKTOP_CLIENT_ID }),
      400,
      { error: 'invalid_request', error_description: OAUTH_REQUEST_MESSAGES.notForm },
    ],
    [
      'no device code',
      () => tokenForm(grant),
      400,
      { error: 'invalid_request', error_description: OAUTH_REQUEST_MESSAGES.malformed('device_code') },
    ],
    [
      'an operator for a code',
      () => tokenForm(`${grant}&device_code[$ne]=null`),
      400,
      { error: 'invalid_request', error_description: OAUTH_REQUEST_MESSAGES.malformed('device_code') },
    ],
    [
      'client authentication by HTTP Basic',
      () =>
        tokenForm(`${grant}&device_code=${'A'.repeat(43)}`, {
          Authorization: `Basic ${Buffer.from(`${DESKTOP_CLIENT_ID}:secret`).toString('base64')}`,
        }),
      401,
      { error: 'invalid_client', error_description: OAUTH_REQUEST_MESSAGES.basicAuth },
    ],
    [
      'a scope on refresh',
      () => tokenForm(`grant_type=refresh_token&client_id=${DESKTOP_CLIENT_ID}&refresh_token=${'A'.repeat(43)}&scope=admin`),
      400,
      refusal('invalid_scope'),
    ],
    ['a code never issued', () => poll('A'.repeat(43)), 400, refusal('invalid_grant')],
  ])('when the token endpoint gets %s, then it says why and issues nothing', async (_case, send, status, body) => {
    const before = await auth.db.connection.collection('desktop_sessions').countDocuments();
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.body).toEqual(body);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.pragma).toBe('no-cache');
    if (status === 401) expect(response.headers['www-authenticate']).toBe('Basic realm="tax-portal"');
    expect(await auth.db.connection.collection('desktop_sessions').countDocuments()).toBe(before);
  });

  it('when the confirmation has no token or a malformed code, then 401 or 400', async () => {
    expect((await request(auth.app).post('/api/auth/device/decision').send({ user_code: 'BCDF-GHJK', decision: 'approve' })).status).toBe(
      401,
    );
    const ravi = await registered('ravi.malformed@example.in');
    const malformed = await decide(ravi.token, 'AEIO-U123', 'approve');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(DEVICE_MESSAGES.codeInvalid);
    expect((await decide(ravi.token, 'BCDF-GHJK', 'maybe')).status).toBe(400);
  });
});

describe('wrong user codes typed in the portal (RFC 8628 §5.1)', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await startAuth('user-code-guesses', { USER_CODE_MAX_FAILURES_PER_USER: '3', USER_CODE_MAX_FAILURES_PER_IP: '5' });
  });
  afterAll(() => auth.close());

  const register = async (email: string) =>
    (await request(auth.app).post('/api/auth/register').send(validSignup(email))).body.token as string;
  const look = (token: string, userCode: string) =>
    request(auth.app).get(`/api/auth/device/pending?user_code=${userCode}`).set('Authorization', `Bearer ${token}`);
  const approve = (token: string, userCode: string) =>
    request(auth.app)
      .post('/api/auth/device/decision')
      .set('Authorization', `Bearer ${token}`)
      .send({ user_code: userCode, decision: 'approve' });

  it('when a user keeps typing codes that are not valid, then after 3 they are told to wait, even for a right one; the address is limited after 5', async () => {
    const { user_code } = (await request(auth.app).post('/api/auth/device/code').type('form').send({ client_id: DESKTOP_CLIENT_ID })).body;
    const guesser = await register('guesser@example.in');
    for (const wrong of ['BCDF-GHJK', 'BCDF-GHJL', 'BCDF-GHJM']) expect((await approve(guesser, wrong)).status).toBe(404);

    for (const blocked of [await look(guesser, user_code), await approve(guesser, user_code)]) {
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe(DEVICE_MESSAGES.tooManyGuesses);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    }

    // another person at the same address has two wrong codes left before the address is stopped
    const colleague = await register('colleague@example.in');
    expect((await look(colleague, 'BCDF-GHJN')).status).toBe(404);
    expect((await look(colleague, 'BCDF-GHJP')).status).toBe(404);
    expect((await look(colleague, user_code)).status).toBe(429);
    expect(await auth.db.connection.collection('device_authorizations').findOne({ userCode: user_code })).toMatchObject({
      status: 'pending',
    });
  });
});
