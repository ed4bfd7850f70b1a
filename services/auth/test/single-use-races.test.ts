import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DESKTOP_CLIENT_ID, DEVICE_GRANT_TYPE, DEVICE_MESSAGES } from '@portal/contracts';
import { startAuth, validSignup, type AuthHarness } from './auth-harness';

/**
 * What may happen once happens once, even when 20 requests ask at the same moment, on the real
 * store (FerretDB under `npm test`, whose conditional updates are not atomic on their own).
 */
describe('single use under races', () => {
  const AT_ONCE = 20;
  let auth: AuthHarness;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    auth = await startAuth('races');
    server = auth.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await auth.close();
  });

  const atOnce = (send: (i: number) => request.Test) => Promise.all(Array.from({ length: AT_ONCE }, (_, i) => send(i)));
  const statuses = (responses: request.Response[]) => responses.map((response) => response.status).sort();
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const register = async (email: string) => (await request(url).post('/api/auth/register').send(validSignup(email))).body.token as string;
  const startSignIn = async () =>
    (await request(url).post('/api/auth/device/code').type('form').send({ client_id: DESKTOP_CLIENT_ID })).body as {
      device_code: string;
      user_code: string;
    };
  const poll = (deviceCode: string) =>
    request(url)
      .post('/api/auth/device/token')
      .type('form')
      .send({ grant_type: DEVICE_GRANT_TYPE, device_code: deviceCode, client_id: DESKTOP_CLIENT_ID });
  const refresh = (refreshToken: string) =>
    request(url)
      .post('/api/auth/device/token')
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: DESKTOP_CLIENT_ID });
  const sessionsOf = async (token: string) =>
    (await request(url).get('/api/auth/desktop/sessions').set(bearer(token))).body.sessions as unknown[];

  it('when an approved device code is polled 20 times at once, then one poll gets tokens and one desktop session exists', async () => {
    const owner = await register('race.redeem@example.in');
    const { device_code, user_code } = await startSignIn();
    await request(url).post('/api/auth/device/decision').set(bearer(owner)).send({ user_code, decision: 'approve' });

    const polls = await atOnce(() => poll(device_code));
    expect(statuses(polls)).toEqual([200, ...Array(AT_ONCE - 1).fill(400)]);
    expect(polls.filter((response) => response.status === 400).map((response) => response.body.error)).toEqual(
      Array(AT_ONCE - 1).fill('invalid_grant'),
    );
    expect(await sessionsOf(owner)).toHaveLength(1);
  });

  it('when 20 people approve the same user code at once, then one is told the app is signed in, and the device is theirs', async () => {
    const people = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => register(`race.approver${i}@example.in`)));
    const { device_code, user_code } = await startSignIn();

    const decisions = await atOnce((i) =>
      request(url).post('/api/auth/device/decision').set(bearer(people[i]!)).send({ user_code, decision: 'approve' }),
    );
    const approved = decisions.filter((response) => response.status === 200);
    expect(approved.map((response) => response.body.message)).toEqual([DEVICE_MESSAGES.approved]);
    expect(decisions.filter((response) => response.status === 404).map((response) => response.body.message)).toEqual(
      Array(AT_ONCE - 1).fill(DEVICE_MESSAGES.codeInvalid),
    );

    expect((await poll(device_code)).status).toBe(200);
    const winner = people[decisions.findIndex((response) => response.status === 200)]!;
    expect(await sessionsOf(winner)).toHaveLength(1);
    const sessionCounts = await Promise.all(people.map(async (token) => (await sessionsOf(token)).length));
    expect(sessionCounts.reduce((sum, count) => sum + count, 0)).toBe(1);
  });

  it('when one reset link is used 20 times at once, then one use sets the password and the others are told it was used', async () => {
    await register('race.reset@example.in');
    await request(url).post('/api/auth/forgot-password').send({ email: 'race.reset@example.in' });
    const mail = await auth.smtp.waitForMail(
      (m) => JSON.stringify(m.to).includes('race.reset@example.in') && m.subject === 'Reset your Tax Practitioner Portal password',
    );
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text ?? '')![1];

    const resets = await atOnce((i) =>
      request(url)
        .post('/api/auth/reset-password')
        .send({ token, newPassword: `new-password-${i}` }),
    );
    expect(statuses(resets)).toEqual([200, ...Array(AT_ONCE - 1).fill(400)]);
    const winner = resets.findIndex((response) => response.status === 200);
    expect(new Set(resets.filter((response) => response.status === 400).map((response) => response.body.message))).toEqual(
      new Set(['This reset link has already been used. Please request a new one.']),
    );
    // the password is the winner's, not a later loser's
    const login = (password: string) => request(url).post('/api/auth/login').send({ email: 'race.reset@example.in', password });
    expect((await login(`new-password-${winner}`)).status).toBe(200);
    expect((await login(`new-password-${(winner + 1) % AT_ONCE}`)).status).toBe(401);
  });

  it('when one refresh token is sent 20 times at once, then one answer has new tokens and they are the ones that work', async () => {
    const owner = await register('race.refresh@example.in');
    const { device_code, user_code } = await startSignIn();
    await request(url).post('/api/auth/device/decision').set(bearer(owner)).send({ user_code, decision: 'approve' });
    const { refresh_token } = (await poll(device_code)).body;

    const refreshes = await atOnce(() => refresh(refresh_token));
    expect(statuses(refreshes)).toEqual([200, ...Array(AT_ONCE - 1).fill(400)]);
    expect(new Set(refreshes.filter((response) => response.status === 400).map((response) => response.body.error))).toEqual(
      new Set(['invalid_grant']),
    );
    const issued = refreshes.find((response) => response.status === 200)!.body;
    expect(issued.refresh_token).not.toBe(refresh_token);
  });
});
