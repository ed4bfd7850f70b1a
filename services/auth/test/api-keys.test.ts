import { Redis } from 'ioredis';
import request from 'supertest';
import { API_KEY_LIMITS, API_KEY_MESSAGES, EVENT_QUEUES, SECURITY_RECORDED, type SecurityEvent } from '@portal/contracts';
import { apiKeyEntryKey, hashApiKey, revokedApiKeyKey } from '@portal/platform';
import { queuedEvents } from '@portal/platform/testing';
import { startAuth, validSignup, type AuthHarness } from './auth-harness';

/** A person's read-only API keys: shown once, kept hashed, mirrored to Redis where every service checks them, revocable. */
describe('read-only API keys, made and revoked by their owner', () => {
  let auth: AuthHarness;
  let redis: Redis;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  beforeAll(async () => {
    auth = await startAuth('api-keys');
    redis = new Redis(auth.redis.url);
  });
  afterAll(async () => {
    redis?.disconnect();
    await auth?.close();
  });
  const register = async (email: string) => {
    const { body } = await request(auth.app).post('/api/auth/register').send(validSignup(email)).expect(201);
    return { id: body.user._id as string, token: body.token as string };
  };
  const entry = async (id: string) => {
    const stored = await redis.get(apiKeyEntryKey(auth.redis.prefix, id));
    return stored ? JSON.parse(stored) : null;
  };

  it('when a person makes a key, then it is shown once, kept only as its hash, and written where every service checks it; bad input changes nothing', async () => {
    const person = await register('books@example.in');
    for (const body of [
      {},
      { name: '', scopes: ['invoices'] },
      { name: 'Tally', scopes: [] },
      { name: 'Tally', scopes: ['payments'] },
      { name: { $ne: '' }, scopes: ['invoices'] },
    ]) {
      expect((await request(auth.app).post('/api/auth/api-keys').set(as(person.token)).send(body)).status).toBe(400);
    }
    expect(await auth.db.connection.collection('api_keys').countDocuments()).toBe(0);

    const made = await request(auth.app)
      .post('/api/auth/api-keys')
      .set(as(person.token))
      .send({ name: 'Tally sync', scopes: ['invoices', 'invoices', 'subscriptions'] });
    expect(made.status).toBe(201);
    const { id, key } = made.body as { id: string; key: string };
    expect(key).toMatch(/^tpk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(made.body).toMatchObject({
      id,
      name: 'Tally sync',
      scopes: ['invoices', 'subscriptions'],
      preview: `tpk_${id}_…`,
      lastUsedAt: null,
    });
    const listed = (await request(auth.app).get('/api/auth/api-keys').set(as(person.token)).expect(200)).body;
    expect(listed.keys).toEqual([expect.objectContaining({ id, name: 'Tally sync' })]);
    expect(JSON.stringify(listed)).not.toContain(key.slice(21));
    const stored = await auth.db.connection.collection('api_keys').findOne({ _id: id } as never);
    expect(JSON.stringify(stored)).not.toContain(key.slice(21));
    expect(stored).toMatchObject({ hash: hashApiKey(key), userId: person.id });
    expect(await entry(id)).toEqual({
      hash: hashApiKey(key),
      userId: person.id,
      email: 'books@example.in',
      scopes: ['invoices', 'subscriptions'],
    });

    // a key is not a person's token: it cannot make keys
    await request(auth.app)
      .post('/api/auth/api-keys')
      .set(as(key))
      .send({ name: 'More', scopes: ['devices'] })
      .expect(401);
    await request(auth.app).get('/api/auth/profile').set(as(key)).expect(401);
    const logged = (await queuedEvents<SecurityEvent>(auth.redis, EVENT_QUEUES.auditLog, SECURITY_RECORDED)).filter(
      (event) => event.kind === 'api-key',
    );
    expect(logged).toEqual([
      expect.objectContaining({ outcome: 'success', reason: 'created', subject: expect.objectContaining({ id: person.id }) }),
    ]);
  });

  it('when the owner revokes a key, then it is marked for good in Redis and gone from the list; another person cannot revoke it', async () => {
    const owner = await register('revoker@example.in');
    const stranger = await register('stranger@example.in');
    const { id } = (
      await request(auth.app)
        .post('/api/auth/api-keys')
        .set(as(owner.token))
        .send({ name: 'CRM', scopes: ['devices'] })
        .expect(201)
    ).body;
    await request(auth.app).delete(`/api/auth/api-keys/${id}`).set(as(stranger.token)).expect(404);
    expect(await entry(id)).not.toBeNull();
    await request(auth.app).delete(`/api/auth/api-keys/${id}`).set(as(owner.token)).expect(204);
    expect(await entry(id)).toBeNull();
    expect(await redis.get(revokedApiKeyKey(auth.redis.prefix, id))).toBe('1');
    expect((await request(auth.app).get('/api/auth/api-keys').set(as(owner.token)).expect(200)).body.keys).toEqual([]);
    await request(auth.app).delete(`/api/auth/api-keys/${id}`).set(as(owner.token)).expect(404);
    await request(auth.app).delete('/api/auth/api-keys/not-a-key').set(as(owner.token)).expect(400);
  });

  it(`when a person has ${API_KEY_LIMITS.keysPerPerson} keys, then the next is refused with 409`, async () => {
    const person = await register('many@example.in');
    for (let index = 0; index < API_KEY_LIMITS.keysPerPerson; index++) {
      await request(auth.app)
        .post('/api/auth/api-keys')
        .set(as(person.token))
        .send({ name: `Key ${index}`, scopes: ['devices'] })
        .expect(201);
    }
    const refused = await request(auth.app)
      .post('/api/auth/api-keys')
      .set(as(person.token))
      .send({ name: 'One more', scopes: ['devices'] });
    expect([refused.status, refused.body.message]).toEqual([409, API_KEY_MESSAGES.tooMany]);
  });
});
