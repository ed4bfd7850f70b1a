import request from 'supertest';
import { DESKTOP_CLIENT_ID, DEVICE_MESSAGES, SELF_SERVICE_MESSAGES } from '@portal/contracts';
import { createServiceCredential } from '@portal/platform';
import { startAuth, TEST_SERVICE_SECRET, validSignup, type AuthHarness } from './auth-harness';

const LIMIT = 5;
const BURST = 20;

/**
 * Guesses that arrive together, each from its own address, are counted before the slow
 * hash judges them, so no more than the limit is ever judged.
 */
describe('guess limits under a burst: twenty guesses at once, each from its own address', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await startAuth('guess-bursts', {
      LOGIN_MAX_FAILURES_PER_EMAIL: String(LIMIT),
      LOGIN_MAX_FAILURES_PER_IP: '100',
      USER_CODE_MAX_FAILURES_PER_USER: String(LIMIT),
      USER_CODE_MAX_FAILURES_PER_IP: '100',
    });
  });
  afterAll(() => auth.close());

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const register = async (email: string) => {
    const answer = await request(auth.app).post('/api/auth/register').set('X-Forwarded-For', '198.51.100.1').send(validSignup(email));
    return { token: answer.body.token as string, id: answer.body.user._id as string };
  };

  /** Sends BURST calls at once, the i-th from 203.0.113.i, and answers their responses. */
  const burst = (send: (address: string, index: number) => request.Test) =>
    Promise.all(Array.from({ length: BURST }, (_, index) => send(`203.0.113.${index + 1}`, index)));

  function expectAtMostTheLimitJudged(answers: request.Response[], wrongStatus: number, wrongMessage: string) {
    const judged = answers.filter((answer) => answer.status === wrongStatus);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(judged.length + refused.length).toBe(BURST);
    expect(judged.length).toBe(LIMIT);
    for (const answer of judged) expect(answer.body.message).toBe(wrongMessage);
    for (const answer of refused) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('when twenty wrong passwords for one e-mail arrive together, then five are judged and the right one after them is refused', async () => {
    await register('burst.login@example.in');
    const login = (address: string, password: string) =>
      request(auth.app).post('/api/auth/login').set('X-Forwarded-For', address).send({ email: 'burst.login@example.in', password });
    expectAtMostTheLimitJudged(await burst((address, i) => login(address, `wrong-${i}`)), 401, 'Invalid email or password.');
    const right = await login('203.0.113.99', 'secret12');
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('when twenty wrong current passwords arrive together on one session, then five are judged and the password stays', async () => {
    const { token } = await register('burst.change@example.in');
    const change = (address: string, currentPassword: string, newPassword: string) =>
      request(auth.app).put('/api/auth/password').set('X-Forwarded-For', address).set(bearer(token)).send({ currentPassword, newPassword });
    expectAtMostTheLimitJudged(
      await burst((address, i) => change(address, `wrong-${i}`, `new-secret-${i}`)),
      400,
      SELF_SERVICE_MESSAGES.currentPasswordWrong,
    );
    expect((await change('203.0.113.99', 'secret12', 'new-secret-x')).status).toBe(429);
    // refused before it was judged, so the address that sent it is not counted
    expect(Number(await auth.redis.redis.get(`${auth.redis.prefix}login-fail:ip:203.0.113.99`))).toBe(0);
  });

  it('when twenty wrong passwords confirm one account’s deletion together, then five are judged', async () => {
    const { id } = await register('burst.delete@example.in');
    const asService = createServiceCredential('admin-reporting', TEST_SERVICE_SECRET);
    const confirm = (ip: string, password: string) =>
      request(auth.app).post(`/internal/users/${id}/confirm-deletion`).set('Authorization', asService()).send({ ip, password });
    expectAtMostTheLimitJudged(
      await burst((address, i) => confirm(address, `wrong-${i}`)),
      400,
      SELF_SERVICE_MESSAGES.currentPasswordWrong,
    );
    expect((await confirm('203.0.113.99', 'secret12')).status).toBe(429);
  });

  it('when twenty wrong passwords for one admin arrive together, then five are judged and the right one after them is refused', async () => {
    await auth.adminAccounts.bootstrapFirstAdmin('burst.admin@example.in', 'admin-secret-1');
    const login = (address: string, password: string) =>
      request(auth.app).post('/api/admin/login').set('X-Forwarded-For', address).send({ email: 'burst.admin@example.in', password });
    expectAtMostTheLimitJudged(await burst((address, i) => login(address, `wrong-${i}`)), 401, 'Invalid admin email or password.');
    expect((await login('203.0.113.99', 'admin-secret-1')).status).toBe(429);
  });

  it('when twenty wrong user codes arrive together from one person, then five are judged and the right code is refused', async () => {
    const { token } = await register('burst.device@example.in');
    const { user_code } = (await request(auth.app).post('/api/auth/device/code').type('form').send({ client_id: DESKTOP_CLIENT_ID })).body;
    const look = (address: string, userCode: string) =>
      request(auth.app).get(`/api/auth/device/pending?user_code=${userCode}`).set('X-Forwarded-For', address).set(bearer(token));
    const wrongCodes = 'BCDFGHJKLMNPQRSTVWXZ';
    expectAtMostTheLimitJudged(await burst((address, i) => look(address, `BCDF-GHJ${wrongCodes[i]}`)), 404, DEVICE_MESSAGES.codeInvalid);
    const right = await look('203.0.113.99', user_code);
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(DEVICE_MESSAGES.tooManyGuesses);
  });
});
