import request from 'supertest';
import { startAuth, validSignup, type AuthHarness } from './auth-harness';
import { enrolAdmin, signInAdmin } from './admin-sign-in';

describe('admin sign-in and the audience separation', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await startAuth('admin');
    expect(await auth.adminAccounts.bootstrapFirstAdmin('Root@Portal.test', 'first-admin-pass')).toBe('Root@Portal.test');
  });
  afterAll(() => auth.close());

  const admins = () => auth.db.connection.collection('admins');

  it('when the first admin is bootstrapped again or with other details, then nothing more is created', async () => {
    expect(await auth.adminAccounts.bootstrapFirstAdmin('second@portal.test', 'another-pass')).toBeUndefined();
    expect(await admins().countDocuments()).toBe(1);
    expect((await admins().findOne({}))?.email).toBe('root@portal.test');
  });

  let enrolled: Awaited<ReturnType<typeof enrolAdmin>>;
  let ownerToken: string;
  it('when the admin from the environment signs in the first time, then they enrol a second factor and get an owner’s token and {email, role}', async () => {
    enrolled = await enrolAdmin(auth.app, 'root@portal.test', 'first-admin-pass');
    expect(enrolled.token).toEqual(expect.any(String));
    const again = await signInAdmin(auth.app, 'root@portal.test', 'first-admin-pass', enrolled.secret);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ token: expect.any(String), user: { email: 'root@portal.test', role: 'owner' } });
    ownerToken = again.body.token;
  });

  it('when the admin password is wrong or the fields are missing, then 401 or 400', async () => {
    const wrong = await request(auth.app).post('/api/admin/login').send({ email: 'root@portal.test', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid admin email or password.');
    expect((await request(auth.app).post('/api/admin/login').send({ email: 'root@portal.test' })).status).toBe(400);
  });

  it('when a user account tries the admin sign-in, then 401', async () => {
    await request(auth.app).post('/api/auth/register').send(validSignup('user@portal.test')).expect(201);
    expect((await request(auth.app).post('/api/admin/login').send({ email: 'user@portal.test', password: 'secret12' })).status).toBe(401);
  });

  it('when tokens cross audiences, then user paths refuse admin tokens and admin paths refuse user tokens', async () => {
    const adminToken = ownerToken;
    const userToken = (await request(auth.app).post('/api/auth/login').send({ email: 'user@portal.test', password: 'secret12' })).body
      .token;
    expect((await request(auth.app).get('/api/auth/profile').set('Authorization', `Bearer ${adminToken}`)).status).toBe(401);
    expect((await request(auth.app).post('/api/admin/logout').set('Authorization', `Bearer ${userToken}`)).status).toBe(401);
  });

  it('when the admin logs out, then the admin token is refused afterwards', async () => {
    const { challenge } = (
      await request(auth.app).post('/api/admin/login').send({ email: 'root@portal.test', password: 'first-admin-pass' })
    ).body;
    const { token } = (
      await request(auth.app).post('/api/admin/second-factor').send({ challenge, recoveryCode: enrolled.recoveryCodes[0] })
    ).body;
    expect((await request(auth.app).post('/api/admin/logout').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    expect((await request(auth.app).post('/api/admin/logout').set('Authorization', `Bearer ${token}`)).status).toBe(401);
  });

  it('when admin sign-up is not enabled, then 403 and no admin is created', async () => {
    const response = await request(auth.app)
      .post('/api/admin/signup')
      .send({ email: 'sneaky@portal.test', password: 'secret12', role: 'admin' });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Admin sign-up is disabled on this portal.');
    expect(await admins().countDocuments({ email: 'sneaky@portal.test' })).toBe(0);
  });
});

describe('admin sign-up when the operator enables it', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await startAuth('admin-signup', { ADMIN_SIGNUP_ENABLED: 'true' });
  });
  afterAll(() => auth.close());

  it('when an admin signs up, then 201 with the spec message, the admin can sign in, and a second sign-up of the e-mail is 409', async () => {
    const created = await request(auth.app)
      .post('/api/admin/signup')
      .send({ email: 'ops@portal.test', password: 'secret12', role: 'admin' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      user: { email: 'ops@portal.test', role: 'owner' },
      message: 'Admin account created successfully! Please sign in.',
    });
    expect(
      (await request(auth.app).post('/api/admin/login').send({ email: 'ops@portal.test', password: 'secret12' })).body.secondFactor,
    ).toBe('enrol');
    const second = await request(auth.app)
      .post('/api/admin/signup')
      .send({ email: 'later@portal.test', password: 'secret12', role: 'admin' });
    expect(second.body.user).toEqual({ email: 'later@portal.test', role: 'read-only' });
    expect((await request(auth.app).post('/api/admin/signup').send({ email: 'OPS@portal.test', password: 'secret12' })).status).toBe(409);
  });

  it('when the role is anything but admin, then 400', async () => {
    expect(
      (await request(auth.app).post('/api/admin/signup').send({ email: 'x@portal.test', password: 'secret12', role: 'superuser' })).status,
    ).toBe(400);
  });
});
