import request from 'supertest';
import { istDateOf, istDayStart } from '@portal/contracts';
import { publicUserSchema, USER_EXPORT_CONTENT_TYPE } from '@portal/contracts/internal';
import { createServiceCredential, idMadeAt, singleUseClaims } from '@portal/platform';
import { currentPolicyVersions } from '@portal/contracts';
import { userRepository } from '../src/accounts/data/user.repository';
import { startAuth, TEST_SERVICE_SECRET, validSignup, type AuthHarness } from './auth-harness';

describe('the internal user directory', () => {
  let auth: AuthHarness;
  const asService = createServiceCredential('admin-reporting', TEST_SERVICE_SECRET);
  const ids: Record<string, string> = {};

  const people = [
    { email: 'anil.mehta@example.in', firstName: 'Anil', lastName: 'Mehta', city: 'Pune', mobile: '+919800000001' },
    { email: 'sunita.rao@example.in', firstName: 'Sunita', lastName: 'Rao', city: 'Bengaluru', mobile: '+919800000002' },
    { email: 'kiran@pune-ca.in', firstName: 'Kiran', lastName: 'Joshi', city: 'Mumbai', mobile: '+919811111111' },
    { email: 'deepak@example.in', firstName: 'Deepak', lastName: 'Pune', city: 'Nagpur', mobile: '+919822222222' },
  ];

  beforeAll(async () => {
    auth = await startAuth('directory');
    for (const person of people) {
      const body = validSignup(person.email);
      const response = await request(auth.app)
        .post('/api/auth/register')
        .send({
          ...body,
          firstName: person.firstName,
          lastName: person.lastName,
          personalInfo: { ...body.personalInfo, mobileNumber: person.mobile, address: { ...body.personalInfo.address, city: person.city } },
        });
      ids[person.email] = response.body.user._id;
    }
  });
  afterAll(() => auth.close());

  const get = (path: string) => request(auth.app).get(path).set('Authorization', asService());
  const emails = (body: { users: { email: string }[] }) => body.users.map((user) => user.email).sort();

  it('when a search term is given, then the start of the e-mail or its domain, a name, the mobile or the city matches, in any case', async () => {
    expect(emails((await get('/internal/users?search=PUNE')).body)).toEqual([
      'anil.mehta@example.in',
      'deepak@example.in',
      'kiran@pune-ca.in',
    ]);
    expect(emails((await get('/internal/users?search=sunita')).body)).toEqual(['sunita.rao@example.in']);
    expect(emails((await get('/internal/users?search=sunita.r')).body)).toEqual(['sunita.rao@example.in']);
    expect(emails((await get('/internal/users?search=rao')).body)).toEqual(['sunita.rao@example.in']);
    expect(emails((await get('/internal/users?search=bengal')).body)).toEqual(['sunita.rao@example.in']);
    expect(emails((await get('/internal/users?search=.*')).body)).toEqual([]);
    // the middle of a word is not a start
    expect(emails((await get('/internal/users?search=ehta')).body)).toEqual([]);
  });

  it('when a mobile number is searched with or without its country code, then its owner is found', async () => {
    for (const term of ['9811111', '+91 98111', '919811111111', '(981) 111'])
      expect(emails((await get(`/internal/users?search=${encodeURIComponent(term)}`)).body)).toEqual(['kiran@pune-ca.in']);
    expect(emails((await get('/internal/users?search=98')).body)).toHaveLength(4);
  });

  it('when the admin searches a full name as the table shows it, then that person is found (D5)', async () => {
    expect(emails((await get('/internal/users?search=Sunita%20Rao')).body)).toEqual(['sunita.rao@example.in']);
    expect(emails((await get('/internal/users?search=%20kiran%20%20JOSHI%20')).body)).toEqual(['kiran@pune-ca.in']);
    expect(emails((await get('/internal/users?search=Sunita%20Joshi')).body)).toEqual([]);
  });

  it('when a person changes their name or city, then the search finds them by the new one only', async () => {
    const login = await request(auth.app).post('/api/auth/login').send({ email: 'kiran@pune-ca.in', password: 'secret12' });
    const profile = (await request(auth.app).get('/api/auth/profile').set('Authorization', `Bearer ${login.body.token}`)).body.user;
    const moved = await request(auth.app)
      .put('/api/auth/profile')
      .set('Authorization', `Bearer ${login.body.token}`)
      .send({
        firstName: 'Kiran',
        lastName: 'Kulkarni',
        personalInfo: { ...profile.personalInfo, address: { ...profile.personalInfo.address, city: 'Nashik' } },
      });
    expect(moved.status).toBe(200);
    expect(emails((await get('/internal/users?search=nashik')).body)).toEqual(['kiran@pune-ca.in']);
    expect(emails((await get('/internal/users?search=kiran%20kulk')).body)).toEqual(['kiran@pune-ca.in']);
    expect(emails((await get('/internal/users?search=joshi')).body)).toEqual([]);
    expect(emails((await get('/internal/users?search=mumbai')).body)).toEqual([]);
    expect(emails((await get('/internal/users?search=9811111')).body)).toEqual(['kiran@pune-ca.in']);
  });

  it('when paging, then each page holds its share, newest first, with the total', async () => {
    const first = await get('/internal/users?limit=3&page=1');
    const second = await get('/internal/users?limit=3&page=2');
    expect(first.body).toMatchObject({ total: 4, page: 1, limit: 3 });
    expect(first.body.users).toHaveLength(3);
    expect(second.body.users).toHaveLength(1);
    expect(first.body.users[0].email).toBe('deepak@example.in');
    expect(JSON.stringify(first.body)).not.toMatch(/passwordHash/);
  });

  it('when paging values are bad, then 400', async () => {
    expect((await get('/internal/users?limit=0')).status).toBe(400);
    expect((await get('/internal/users?page=-1')).status).toBe(400);
  });

  it('when one user is asked for, then it comes back; an unknown id is 404 and a malformed one 400', async () => {
    const one = await get(`/internal/users/${ids['anil.mehta@example.in']}`);
    expect(one.body.user).toMatchObject({ email: 'anil.mehta@example.in', personalInfo: { address: { city: 'Pune' } } });
    expect((await get('/internal/users/0123456789abcdef01234567')).status).toBe(404);
    expect((await get('/internal/users/not-an-id')).status).toBe(400);
  });

  it('when stats are asked for, then the total and today’s sign-ups are counted, with zero days filled in', async () => {
    const response = await get('/internal/users/stats?days=7');
    expect(response.body.totalUsers).toBe(4);
    expect(response.body.signupsPerDay).toHaveLength(7);
    expect(response.body.signupsPerDay[6]).toEqual({ date: istDateOf(new Date()), count: 4 });
    expect(response.body.signupsPerDay[0].count).toBe(0);
  });

  it('when a user is deleted, then the account is gone, its sessions end, and a second delete is 404', async () => {
    const { token } = (await request(auth.app).post('/api/auth/login').send({ email: 'deepak@example.in', password: 'secret12' })).body;
    const id = ids['deepak@example.in'];
    const deleted = await request(auth.app).delete(`/internal/users/${id}`).set('Authorization', asService());
    expect(deleted.status).toBe(200);
    expect(await auth.db.connection.collection('users').countDocuments({ email: 'deepak@example.in' })).toBe(0);
    expect((await request(auth.app).get('/api/auth/profile').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    expect((await request(auth.app).post('/api/auth/login').send({ email: 'deepak@example.in', password: 'secret12' })).status).toBe(401);
    expect((await request(auth.app).delete(`/internal/users/${id}`).set('Authorization', asService())).status).toBe(404);
  });

  it('when there is no service credential, or a user token instead, then 401', async () => {
    expect((await request(auth.app).get('/internal/users')).status).toBe(401);
    const { token } = (await request(auth.app).post('/api/auth/login').send({ email: 'anil.mehta@example.in', password: 'secret12' })).body;
    expect((await request(auth.app).get('/internal/users').set('Authorization', `Bearer ${token}`)).status).toBe(401);
  });

  it('when users were stored before the search keys, then each gets them once, at the start, and the search finds them', async () => {
    const at = new Date();
    await auth.db.connection.collection('users').insertOne({
      email: 'old.timer@legacy.in',
      firstName: 'Old',
      lastName: 'Timer',
      personalInfo: { address: { city: 'Surat' } },
      createdAt: at,
      updatedAt: at,
    });
    expect(emails((await get('/internal/users?search=surat')).body)).toEqual([]);
    const claims = singleUseClaims(auth.db.connection);
    await claims.ready;
    const store = userRepository(auth.db.connection, claims);
    expect(await store.addSearchKeys()).toBe(1);
    expect(emails((await get('/internal/users?search=surat')).body)).toEqual(['old.timer@legacy.in']);
    expect(emails((await get('/internal/users?search=Old%20Ti')).body)).toEqual(['old.timer@legacy.in']);
    expect(emails((await get('/internal/users?search=legacy')).body)).toEqual(['old.timer@legacy.in']);
    expect(await store.addSearchKeys()).toBe(0);
  });
});

describe('sign-ups per day', () => {
  let auth: AuthHarness;
  const asService = createServiceCredential('admin-reporting', TEST_SERVICE_SECRET);
  beforeAll(async () => {
    auth = await startAuth('signups');
  });
  afterAll(() => auth.close());

  it('when people sign up in the last second of an Indian day and the first of the next, then each day counts its own', async () => {
    const today = istDateOf(new Date());
    const midnight = istDayStart(today); // 18:30 UTC the day before
    const signedUpAt = (at: Date) => ({ _id: idMadeAt(at), email: `at-${at.getTime()}@example.in` });
    await auth.db.connection
      .collection('users')
      .insertMany([signedUpAt(new Date(midnight.getTime() - 1000)), signedUpAt(midnight), signedUpAt(new Date(midnight.getTime() + 1000))]);
    const { body } = await request(auth.app).get('/internal/users/stats?days=2').set('Authorization', asService());
    expect(body).toEqual({
      totalUsers: 3,
      signupsPerDay: [
        { date: istDateOf(midnight.getTime() - 1000), count: 1 },
        { date: today, count: 2 },
      ],
    });
  });
});

describe('the internal export stream', () => {
  let auth: AuthHarness;
  const asService = createServiceCredential('admin-reporting', TEST_SERVICE_SECRET);
  beforeAll(async () => {
    auth = await startAuth('export-pages');
    for (let i = 0; i < 5; i++)
      await request(auth.app)
        .post('/api/auth/register')
        .send({ firstName: `U${i}`, email: `u${i}@example.in`, password: 'secret12', acceptedPolicies: currentPolicyVersions() });
  });
  afterAll(() => auth.close());

  it('when every user is exported, then each comes exactly once, one public user per line in id order', async () => {
    const response = await request(auth.app).get('/internal/users/export').set('Authorization', asService());
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(USER_EXPORT_CONTENT_TYPE);
    const users = response.text
      .trimEnd()
      .split('\n')
      .map((line) => publicUserSchema.parse(JSON.parse(line)));
    expect(users.map((user) => user.email).sort()).toEqual([
      'u0@example.in',
      'u1@example.in',
      'u2@example.in',
      'u3@example.in',
      'u4@example.in',
    ]);
    expect(users.map((user) => user._id)).toEqual(users.map((user) => user._id).sort());
    expect(JSON.stringify(users)).not.toMatch(/password/i);
  });

  it('when the export is asked without the service credential, then it is refused', async () => {
    expect((await request(auth.app).get('/internal/users/export')).status).toBe(401);
  });
});
