import request from 'supertest';
import { SECOND_FACTOR_MESSAGES } from '@portal/contracts';
import { startAuth, type AuthHarness } from './auth-harness';
import { enrolAdmin, forgedPasskeyResponse as forged, passwordStep } from './admin-sign-in';

describe('admins’ passkeys: the WebAuthn ceremonies’ server side (the browser side is in admin.e2e.test.ts)', () => {
  let auth: AuthHarness;
  let owner: string;
  const OWNER = { email: 'root@portal.test', password: 'first-admin-pass' };
  beforeAll(async () => {
    auth = await startAuth('admin-passkeys');
    await auth.adminAccounts.bootstrapFirstAdmin(OWNER.email, OWNER.password);
    owner = (await enrolAdmin(auth.app, OWNER.email, OWNER.password)).token;
  });
  afterAll(() => auth.close());
  const as = { Authorization: '' };
  beforeEach(() => (as.Authorization = `Bearer ${owner}`));

  it('when a signed-in admin asks to add a passkey, then the options name the portal’s host as the relying party and require user verification', async () => {
    const options = await request(auth.app).post('/api/admin/passkeys/options').set(as);
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({
      rp: { id: 'portal.test', name: 'Tax Practitioner Portal' },
      user: { name: OWNER.email },
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
      authenticatorSelection: { userVerification: 'required' },
    });
  });

  it('when the registration’s answer is not an authenticator’s, then 400 and nothing is stored; its challenge is used up', async () => {
    const refused = await request(auth.app)
      .post('/api/admin/passkeys')
      .set(as)
      .send({ response: forged('AAAA'), name: 'Laptop' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(SECOND_FACTOR_MESSAGES.passkeyRefused);
    const again = await request(auth.app)
      .post('/api/admin/passkeys')
      .set(as)
      .send({ response: forged('AAAA'), name: 'Laptop' });
    expect(again.body.message).toBe(SECOND_FACTOR_MESSAGES.passkeyStale);
    expect(await auth.db.connection.collection('admin_passkeys').countDocuments()).toBe(0);
    expect((await request(auth.app).get('/api/admin/passkeys').set(as)).body).toEqual({ passkeys: [] });
  });

  it('when an admin without a passkey asks for one at sign-in, then 400; with one, the options allow it and a forged answer is a wrong guess', async () => {
    const first = (await passwordStep(auth.app, OWNER.email, OWNER.password)).body;
    expect(first.passkey).toBe(false);
    const none = await request(auth.app).post('/api/admin/second-factor/passkey/options').send({ challenge: first.challenge });
    expect(none.status).toBe(400);

    const ownerId = (await auth.db.connection.collection('admins').findOne({ email: OWNER.email }))!._id.toString();
    await auth.db.connection.collection('admin_passkeys').insertOne({
      ownerId,
      credentialId: 'cred-1',
      publicKey: 'pQECAyYgASFYIA',
      counter: 0,
      transports: ['internal'],
      name: 'Laptop',
      createdAt: new Date(),
    });
    const { challenge, passkey } = (await passwordStep(auth.app, OWNER.email, OWNER.password)).body;
    expect(passkey).toBe(true);
    const options = await request(auth.app).post('/api/admin/second-factor/passkey/options').send({ challenge });
    expect(options.body).toMatchObject({
      rpId: 'portal.test',
      allowCredentials: [{ id: 'cred-1', type: 'public-key' }],
      userVerification: 'required',
    });
    const wrong = await request(auth.app)
      .post('/api/admin/second-factor/passkey')
      .send({ challenge, response: forged('cred-1') });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(SECOND_FACTOR_MESSAGES.passkeyRefused);
    const replay = await request(auth.app)
      .post('/api/admin/second-factor/passkey')
      .send({ challenge, response: forged('cred-1') });
    expect(replay.body.message).toBe(SECOND_FACTOR_MESSAGES.passkeyStale);
    const bad = await request(auth.app)
      .post('/api/admin/second-factor/passkey')
      .send({ challenge, response: { id: { $ne: '' } } });
    expect(bad.status).toBe(400);
  });

  it('when an owner resets a lost authenticator, then the admin’s passkeys go too', async () => {
    const other = await request(auth.app).post('/api/admin/admins').set(as).send({ email: 'two@portal.test', role: 'owner' });
    expect(other.status).toBe(201);
    await auth.db.connection.collection('admin_passkeys').insertOne({
      ownerId: other.body.admin.id,
      credentialId: 'cred-2',
      publicKey: 'x',
      counter: 0,
      transports: [],
      createdAt: new Date(),
    });
    await request(auth.app).delete(`/api/admin/admins/${other.body.admin.id}/second-factor`).set(as).expect(200);
    expect(await auth.db.connection.collection('admin_passkeys').countDocuments({ ownerId: other.body.admin.id })).toBe(0);
  });
});
