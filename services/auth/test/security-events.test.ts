import request from 'supertest';
import { EVENT_QUEUES, SECURITY_RECORDED, type SecurityEvent } from '@portal/contracts';
import { queuedEvents } from '@portal/platform/testing';
import { startAuth, validSignup, type AuthHarness } from './auth-harness';
import { passwordStep } from './admin-sign-in';

describe('what auth writes to the security log: sign-ins that succeed and fail, second-factor events, sign-outs', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await startAuth('security-events');
    await auth.adminAccounts.bootstrapFirstAdmin('root@portal.test', 'first-admin-pass');
    await request(auth.app).post('/api/auth/register').send(validSignup('asha@example.in')).expect(201);
  });
  afterAll(() => auth.close());

  const recorded = () => queuedEvents<SecurityEvent>(auth.redis, EVENT_QUEUES.auditLog, SECURITY_RECORDED);
  const latest = async (match: (event: SecurityEvent) => boolean) => (await recorded()).filter(match).at(-1);

  it('when a person signs in with a wrong password and then the right one, then both are recorded with the address, the browser and the request id', async () => {
    const wrong = await request(auth.app)
      .post('/api/auth/login')
      .set('User-Agent', 'Mozilla/5.0 (Windows NT 10.0) Chrome/131')
      .send({ email: 'asha@example.in', password: 'not-her-password' });
    expect(wrong.status).toBe(401);
    expect(await latest((event) => event.outcome === 'failure' && event.subject.label === 'asha@example.in')).toEqual({
      kind: 'sign-in',
      outcome: 'failure',
      subject: { type: 'user', id: expect.any(String), label: 'asha@example.in' },
      reason: 'wrong-password',
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      service: 'auth',
      requestId: wrong.headers['x-request-id'],
      address: expect.stringMatching(/127\.0\.0\.1$/),
      userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/131',
    });
    const right = await request(auth.app).post('/api/auth/login').send({ email: 'asha@example.in', password: 'secret12' });
    expect(await latest((event) => event.outcome === 'success' && event.kind === 'sign-in')).toMatchObject({
      subject: { type: 'user', label: 'asha@example.in' },
      reason: 'password',
      requestId: right.headers['x-request-id'],
    });
    await request(auth.app).post('/api/auth/logout').set('Authorization', `Bearer ${right.body.token}`).expect(200);
    expect(await latest((event) => event.kind === 'sign-out')).toMatchObject({
      subject: { label: 'asha@example.in' },
      reason: 'token-revoked',
    });
  });

  it('when nobody has the e-mail, then the failure says so, without an id', async () => {
    await request(auth.app).post('/api/auth/login').send({ email: 'ghost@example.in', password: 'whatever1' }).expect(401);
    expect(await latest((event) => event.subject.label === 'ghost@example.in')).toMatchObject({
      outcome: 'failure',
      subject: { type: 'user', label: 'ghost@example.in' },
      reason: 'unknown-account',
    });
  });

  it('when an admin’s password is wrong, or a second-factor code is, then each is recorded as the admin’s', async () => {
    expect((await passwordStep(auth.app, 'root@portal.test', 'wrong-admin-pass')).status).toBe(401);
    expect(await latest((event) => event.subject.type === 'admin' && event.kind === 'sign-in')).toMatchObject({
      outcome: 'failure',
      reason: 'wrong-password',
    });
    const { challenge } = (await passwordStep(auth.app, 'root@portal.test', 'first-admin-pass')).body;
    await request(auth.app).post('/api/admin/second-factor/enrolment').send({ challenge }).expect(200);
    await request(auth.app).post('/api/admin/second-factor/enrolment/confirm').send({ challenge, code: '000000' }).expect(401);
    expect(await latest((event) => event.kind === 'second-factor')).toMatchObject({
      outcome: 'failure',
      subject: { type: 'admin', label: 'root@portal.test' },
      reason: 'wrong-enrolment-code',
    });
  });
});
