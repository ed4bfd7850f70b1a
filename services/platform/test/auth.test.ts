import express from 'express';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { TOKEN_AUDIENCE } from '@portal/contracts';
import {
  createLogger,
  createServiceCredential,
  createTokenVerifier,
  errorHandler,
  requireAdmin,
  requireService,
  requireUser,
  revokedTokenKey,
  tokensValidAfterKey,
} from '@portal/platform';
import { createTestRedis, generateTestKeys, signAdminTestToken, signTestToken, type TestRedis } from '@portal/platform/testing';

const keys = generateTestKeys();
const otherKeys = generateTestKeys();
const secret = 's'.repeat(40);

describe('token and service-credential middleware', () => {
  let redis: TestRedis;
  let app: express.Express;

  beforeAll(async () => {
    redis = await createTestRedis('auth-mw');
    const verify = createTokenVerifier({ publicKey: keys.publicKey, redis: redis.redis, redisPrefix: redis.prefix });
    app = express();
    app.use((req, _res, next) => {
      req.id = 'r1';
      next();
    });
    app.get('/user', requireUser(verify), (_req, res) => {
      res.json(res.locals.auth);
    });
    app.get('/admin', requireAdmin(verify, 'view'), (_req, res) => {
      res.json(res.locals.auth);
    });
    app.post('/admin/refund', requireAdmin(verify, 'refund'), (_req, res) => {
      res.json({ refunded: true });
    });
    app.get('/internal/ping', requireService(secret, ['billing']), (req, res) => {
      res.json({ caller: req.callerService });
    });
    app.use(errorHandler(createLogger('t', 'silent')));
  });
  afterAll(() => redis.cleanup());

  const userToken = () => signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: 'u1', email: 'u@example.com' });
  const adminToken = () => signAdminTestToken(keys.privateKey, { sub: 'a1', email: 'a@example.com' });

  it('when a valid user token is presented, then the user is known to the route', async () => {
    const response = await request(app).get('/user').set('Authorization', `Bearer ${userToken()}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ userId: 'u1', email: 'u@example.com' });
  });

  it('when no token is presented, then 401', async () => {
    const response = await request(app).get('/user');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'unauthorized', message: 'Authentication required', requestId: 'r1' });
  });

  it('when an admin token is used on a user route or a user token on an admin route, then 401', async () => {
    expect((await request(app).get('/user').set('Authorization', `Bearer ${adminToken()}`)).status).toBe(401);
    expect((await request(app).get('/admin').set('Authorization', `Bearer ${userToken()}`)).status).toBe(401);
    expect((await request(app).get('/admin').set('Authorization', `Bearer ${adminToken()}`)).status).toBe(200);
  });

  it('when an admin token shows no second factor, then 401 with the reason, whatever its role', async () => {
    const passwordOnly = signTestToken(keys.privateKey, TOKEN_AUDIENCE.admin, {
      sub: 'a1',
      email: 'a@example.com',
      role: 'owner',
      amr: ['pwd'],
    });
    const beforeRoles = signTestToken(keys.privateKey, TOKEN_AUDIENCE.admin, { sub: 'a1', email: 'a@example.com', role: 'admin' });
    for (const token of [passwordOnly, beforeRoles]) {
      const response = await request(app).get('/admin').set('Authorization', `Bearer ${token}`);
      expect(response.status).toBe(401);
      expect(response.body.message).toBe('Sign in with your second factor to use the admin area.');
    }
  });

  it('when an admin’s role does not allow the action, then 403; a role that does gets through', async () => {
    const as = (role: 'finance' | 'support' | 'read-only') =>
      signAdminTestToken(keys.privateKey, { sub: 'a2', email: 'b@example.com', role });
    expect(
      (
        await request(app)
          .post('/admin/refund')
          .set('Authorization', `Bearer ${as('finance')}`)
      ).body,
    ).toEqual({ refunded: true });
    for (const role of ['support', 'read-only'] as const) {
      const refused = await request(app)
        .post('/admin/refund')
        .set('Authorization', `Bearer ${as(role)}`);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Your admin role does not allow this.');
    }
    expect(
      (
        await request(app)
          .get('/admin')
          .set('Authorization', `Bearer ${as('read-only')}`)
      ).status,
    ).toBe(200);
    const unknownRole = signTestToken(keys.privateKey, TOKEN_AUDIENCE.admin, {
      sub: 'a3',
      email: 'c@example.com',
      role: 'root',
      amr: ['pwd', 'otp'],
    });
    expect((await request(app).get('/admin').set('Authorization', `Bearer ${unknownRole}`)).status).toBe(403);
  });

  it('when a token is signed by another key or has expired, then 401', async () => {
    const forged = signTestToken(otherKeys.privateKey, TOKEN_AUDIENCE.user, { sub: 'u1', email: 'u@example.com' });
    expect((await request(app).get('/user').set('Authorization', `Bearer ${forged}`)).status).toBe(401);
    const expired = signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: 'u1', email: 'u@example.com' }, -10);
    expect((await request(app).get('/user').set('Authorization', `Bearer ${expired}`)).status).toBe(401);
  });

  it('when a token that passed at an earlier call has expired since, then it is refused; one that passed for one audience is refused for another', async () => {
    const verify = createTokenVerifier({ publicKey: keys.publicKey, redis: redis.redis, redisPrefix: redis.prefix });
    const token = signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: 'u1', email: 'u@example.com' }, 60);
    await expect(verify(token, TOKEN_AUDIENCE.user)).resolves.toMatchObject({ userId: 'u1' });
    const { exp } = jwt.decode(token) as { exp: number };
    const clock = jest.spyOn(Date, 'now').mockReturnValue(exp * 1000 - 1);
    try {
      await expect(verify(token, TOKEN_AUDIENCE.user)).resolves.toMatchObject({ userId: 'u1' }); // its last millisecond
      clock.mockReturnValue(exp * 1000);
      await expect(verify(token, TOKEN_AUDIENCE.user)).rejects.toThrow('Your session is not valid. Please sign in again.');
    } finally {
      clock.mockRestore();
    }
    const admin = adminToken();
    await expect(verify(admin, TOKEN_AUDIENCE.admin)).resolves.toMatchObject({ userId: 'a1' });
    await expect(verify(admin, TOKEN_AUDIENCE.user)).rejects.toThrow('Your session is not valid. Please sign in again.');
  });

  it('when the same token comes back at each call, then its signature is checked at the first only', async () => {
    const verify = createTokenVerifier({ publicKey: keys.publicKey, redis: redis.redis, redisPrefix: redis.prefix });
    const token = userToken();
    const checks = jest.spyOn(jwt, 'verify');
    try {
      for (let call = 0; call < 3; call++) await verify(token, TOKEN_AUDIENCE.user);
      expect(checks).toHaveBeenCalledTimes(1);
    } finally {
      checks.mockRestore();
    }
  });

  it('when the token was revoked, then 401 from then on', async () => {
    const token = userToken();
    const ok = await request(app).get('/user').set('Authorization', `Bearer ${token}`);
    expect(ok.status).toBe(200);
    await redis.redis.set(revokedTokenKey(redis.prefix, ok.body.tokenId), '1', 'EX', 60);
    const refused = await request(app).get('/user').set('Authorization', `Bearer ${token}`);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Your session has ended. Please sign in again.');
  });

  it('when the user reset the password after the token was issued, then 401', async () => {
    const token = signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: 'u2', email: 'v@example.com' });
    await redis.redis.set(tokensValidAfterKey(redis.prefix, 'u2'), String(Date.now() + 1000));
    expect((await request(app).get('/user').set('Authorization', `Bearer ${token}`)).status).toBe(401);
  });

  it('when a reset and sign-ins fall in one second, then a token issued a millisecond before the reset ends and one a millisecond after it holds', async () => {
    const reset = Math.floor(Date.now() / 1000) * 1000 + 500;
    await redis.redis.set(tokensValidAfterKey(redis.prefix, 'u3'), String(reset));
    const issuedAt = (issuedAtMs: number) =>
      signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: 'u3', email: 'w@example.com', issuedAtMs });
    expect(
      (
        await request(app)
          .get('/user')
          .set('Authorization', `Bearer ${issuedAt(reset - 1)}`)
      ).status,
    ).toBe(401);
    expect(
      (
        await request(app)
          .get('/user')
          .set('Authorization', `Bearer ${issuedAt(reset)}`)
      ).status,
    ).toBe(401);
    expect(
      (
        await request(app)
          .get('/user')
          .set('Authorization', `Bearer ${issuedAt(reset + 1)}`)
      ).status,
    ).toBe(200);
  });

  it('when a service credential is presented on an internal route, then the caller is named; user tokens and other services are refused', async () => {
    const billing = createServiceCredential('billing', secret);
    expect((await request(app).get('/internal/ping').set('Authorization', billing())).body).toEqual({ caller: 'billing' });
    expect((await request(app).get('/internal/ping').set('Authorization', `Bearer ${userToken()}`)).status).toBe(401);
    expect((await request(app).get('/internal/ping')).status).toBe(401);
    const download = createServiceCredential('download', secret);
    expect((await request(app).get('/internal/ping').set('Authorization', download())).status).toBe(403);
    const wrongSecret = createServiceCredential('billing', 'w'.repeat(40));
    expect((await request(app).get('/internal/ping').set('Authorization', wrongSecret())).status).toBe(401);
  });
});
