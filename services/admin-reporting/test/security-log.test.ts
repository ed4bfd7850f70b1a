import request from 'supertest';
import { DAY_MS, SECURITY_LOG_RETENTION_DAYS, TOKEN_AUDIENCE } from '@portal/contracts';
import { createAuditPublisher, createLogger, createSecurityLog } from '@portal/platform';
import {
  createTestDatabase,
  createTestRedis,
  generateTestKeys,
  signAdminTestToken,
  signTestToken,
  testRuntime,
  testServiceEnv,
  type TestDatabase,
  type TestRedis,
} from '@portal/platform/testing';
import { compose } from '../src/compose';
import { configSchema } from '../src/config';

describe('the security log: every service’s events, an owner’s CSV of a person or a window, and a year’s retention', () => {
  let db: TestDatabase;
  let redis: TestRedis;
  let built: Awaited<ReturnType<typeof compose>>;
  const runtime = testRuntime('admin-reporting');
  const keys = generateTestKeys();
  const owner = signAdminTestToken(keys.privateKey, { sub: 'a1', email: 'boss@portal.test' });
  const clock = { now: new Date('2026-11-26T06:00:00Z') };
  const entries = () => db.connection.collection('security_log');

  beforeAll(async () => {
    [db, redis] = await Promise.all([createTestDatabase('security-log'), createTestRedis('security-log')]);
    const nowhere = 'http://127.0.0.1:9';
    const env = testServiceEnv({ db, redis, publicKey: keys.publicKey, serviceSecret: 'security-log-secret-'.padEnd(40, 'x') });
    built = await compose(configSchema.parse({ ...env, AUTH_URL: nowhere, BILLING_URL: nowhere, DOWNLOAD_URL: nowhere }), runtime, {
      now: () => clock.now,
    });
  });
  afterAll(async () => {
    await runtime.stop();
    await Promise.all([db.drop(), redis.cleanup()]);
  });

  const exported = (query: string) =>
    request(built.app).get(`/api/admin/export/security-log?${query}`).set('Authorization', `Bearer ${owner}`);
  const until = async (count: number) => {
    for (let i = 0; i < 100 && (await entries().countDocuments()) < count; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await entries().countDocuments()).toBe(count);
  };

  it('when services record events and an admin acts, then the log keeps each, and a person’s export holds theirs oldest first with UTC and IST times', async () => {
    const connection = { redisUrl: redis.url, prefix: redis.prefix };
    const logger = createLogger('test', 'silent');
    const times = ['2026-11-20T18:29:59.000Z', '2026-11-20T18:30:00.000Z'];
    const publishers = times.map((at) => createSecurityLog('auth', connection, logger, () => new Date(at)));
    await publishers[0]!({
      kind: 'sign-in',
      outcome: 'failure',
      subject: { type: 'user', label: 'ravi@example.in' },
      reason: 'wrong-password',
    });
    await publishers[1]!({
      kind: 'sign-in',
      outcome: 'success',
      subject: { type: 'user', id: 'u1', label: 'ravi@example.in' },
      reason: 'password',
    });
    const audit = createAuditPublisher('billing', connection, logger);
    await audit({
      actor: 'boss@portal.test',
      action: 'subscription.updated',
      target: { type: 'user', id: 'u2', label: 'meera@example.in' },
      before: { plan: 'basic' },
      after: { plan: 'business' },
    });
    await Promise.all([...publishers.map((publisher) => publisher.close()), audit.close()]);
    await until(3);

    const ravi = await exported('email=ravi@example.in');
    expect(ravi.status).toBe(200);
    expect(ravi.headers['content-type']).toMatch(/text\/csv/);
    expect(ravi.headers['content-disposition']).toMatch(/security-log_\d{4}-\d{2}-\d{2}\.csv/);
    const [header, ...rows] = ravi.text.trim().split('\r\n');
    expect(header).toBe('Time (UTC),Time (IST),Event,Outcome,Reason,Subject,Actor,Address,User Agent,Request ID,Service,Details');
    expect(rows).toEqual([
      '2026-11-20T18:29:59.000Z,2026-11-20T23:59:59+05:30,sign-in,failure,wrong-password,user ravi@example.in,,,,,auth,',
      '2026-11-20T18:30:00.000Z,2026-11-21T00:00:00+05:30,sign-in,success,password,user ravi@example.in,,,,,auth,',
    ]);
    // the admin's action is in the log of the person it changed, and of the admin who made it, with what changed
    for (const email of ['meera@example.in', 'boss@portal.test']) {
      const lines = (await exported(`email=${encodeURIComponent(email)}`)).text.trim().split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('admin-action,success,subscription.updated,user meera@example.in,boss@portal.test');
      expect(lines[1]).toContain('"{""before"":{""plan"":""basic""},""after"":{""plan"":""business""}}"');
    }
  });

  it('when a window of days is asked for, then it runs from the first IST midnight to the end of the last IST day', async () => {
    const lines = (await exported('from=2026-11-20&to=2026-11-20')).text.trim().split('\r\n');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['2026-11-20T18:29:59.000Z']);
    const both = (await exported('email=ravi@example.in&from=2026-11-21&to=2026-11-21')).text.trim().split('\r\n');
    expect(both.slice(1).map((line) => line.split(',')[0])).toEqual(['2026-11-20T18:30:00.000Z']);
  });

  it('when the export names neither a person nor a whole window, or bad values, then 400 and no file', async () => {
    for (const query of [
      '',
      'from=2026-11-20',
      'from=2026-11-22&to=2026-11-20',
      'email=not-an-email',
      'email[$ne]=x',
      'from=20-11-2026&to=2026-11-21',
    ]) {
      const response = await exported(query);
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toMatch(/json/);
    }
  });

  it('when the retention runs, then entries older than 365 days go and one a millisecond younger stays', async () => {
    const edge = clock.now.getTime() - SECURITY_LOG_RETENTION_DAYS * DAY_MS;
    await entries().insertMany([
      { at: new Date(edge - 1), service: 'auth', kind: 'sign-in', outcome: 'success', subject: { type: 'user', label: 'old@example.in' } },
      { at: new Date(edge + 1), service: 'auth', kind: 'sign-in', outcome: 'success', subject: { type: 'user', label: 'kept@example.in' } },
    ]);
    expect(await built.security.prune()).toBe(1);
    expect(await entries().countDocuments({ 'subject.label': 'old@example.in' })).toBe(0);
    expect(await entries().countDocuments({ 'subject.label': 'kept@example.in' })).toBe(1);
    expect(await entries().countDocuments()).toBe(4);
  });

  it('when a person lists their own sign-ins, then they get their last 30 successful ones, the web’s and the desktop app’s, newest first, those from a new device marked, and no one else’s', async () => {
    const kiran = '64b7f0c2a1b2c3d4e5f60aa1';
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 4, minute));
    const hers = { type: 'user', id: kiran, label: 'kiran@example.in' };
    await entries().insertMany([
      ...Array.from({ length: 32 }, (_, minute) => ({
        at: at(minute),
        service: 'auth',
        kind: 'sign-in',
        outcome: 'success',
        subject: hers,
        reason: minute === 31 ? 'password+totp' : 'password',
        address: `203.0.113.${minute}`,
        userAgent: chrome,
        requestId: `req-${minute}`,
      })),
      // the sign-in at minute 30 came from a browser she had not used before; minute 31's id is another person's new device
      { at: at(30), service: 'auth', kind: 'new-device', outcome: 'success', subject: hers, reason: 'browser', requestId: 'req-30' },
      {
        at: at(31),
        service: 'auth',
        kind: 'new-device',
        outcome: 'success',
        subject: { type: 'user', id: '64b7f0c2a1b2c3d4e5f60aa2', label: 'other@example.in' },
        requestId: 'req-31',
      },
      {
        at: at(40),
        service: 'auth',
        kind: 'sign-in',
        outcome: 'failure',
        subject: hers,
        reason: 'wrong-password',
        address: '198.51.100.9',
      },
      {
        at: at(41),
        service: 'auth',
        kind: 'token-issued',
        outcome: 'success',
        subject: hers,
        reason: 'desktop-refresh',
        details: { device: 'Kiran’s desk' },
      },
      {
        at: at(42),
        service: 'auth',
        kind: 'token-issued',
        outcome: 'success',
        subject: hers,
        reason: 'desktop-sign-in',
        details: { device: 'Kiran’s desk' },
        address: '203.0.113.99',
        requestId: 'req-42',
      },
      { at: at(42), service: 'auth', kind: 'new-device', outcome: 'success', subject: hers, reason: 'desktop', requestId: 'req-42' },
      {
        at: at(43),
        service: 'auth',
        kind: 'sign-in',
        outcome: 'success',
        subject: { type: 'user', id: '64b7f0c2a1b2c3d4e5f60aa2', label: 'other@example.in' },
      },
    ]);
    await request(built.app).get('/api/account/sign-ins').expect(401);
    const token = signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: kiran, email: 'kiran@example.in' });
    const { signIns } = (await request(built.app).get('/api/account/sign-ins').set('Authorization', `Bearer ${token}`).expect(200)).body;
    expect(signIns).toHaveLength(30);
    expect(signIns.slice(0, 3)).toEqual([
      {
        at: at(42).toISOString(),
        address: '203.0.113.99',
        device: 'Desktop app on “Kiran’s desk”',
        desktop: true,
        secondFactor: false,
        newDevice: true,
      },
      {
        at: at(31).toISOString(),
        address: '203.0.113.31',
        device: 'Chrome on Windows',
        desktop: false,
        secondFactor: true,
        newDevice: false,
      },
      {
        at: at(30).toISOString(),
        address: '203.0.113.30',
        device: 'Chrome on Windows',
        desktop: false,
        secondFactor: false,
        newDevice: true,
      },
    ]);
    expect(signIns.at(-1).at).toBe(at(3).toISOString());
  });
});
