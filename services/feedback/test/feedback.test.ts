import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { EVENT_QUEUES, TOKEN_AUDIENCE, USER_DELETED } from '@portal/contracts';
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

describe('in-app feedback and its triage', () => {
  let db: TestDatabase;
  let redis: TestRedis;
  let built: Awaited<ReturnType<typeof compose>>;
  const runtime = testRuntime('feedback');
  const keys = generateTestKeys();
  const userToken = (id: string) => signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: id, email: `${id}@example.in` });
  const admin = signAdminTestToken(keys.privateKey, { sub: 'a1', email: 'triage@portal.test' });
  const alice = userToken('aaaaaaaaaaaaaaaaaaaaaaaa');
  const bob = userToken('bbbbbbbbbbbbbbbbbbbbbbbb');

  beforeAll(async () => {
    [db, redis] = await Promise.all([createTestDatabase('feedback'), createTestRedis('feedback')]);
    const config = configSchema.parse({
      ...testServiceEnv({ db, redis, publicKey: keys.publicKey, serviceSecret: 'feedback-test-secret-'.padEnd(40, 'x') }),
      FEEDBACK_PER_USER_PER_HOUR: '12',
    });
    built = await compose(config, runtime);
    const seed = [
      [alice, { type: 'bug', component: 'turnover', message: 'Turnover certificate shows the wrong year' }],
      [alice, { type: 'suggestion', component: 'filemanager', message: 'Let me pin client folders' }],
      [bob, { type: 'question', component: 'turnover', message: 'How do I add a UDIN?' }],
      [bob, { type: 'bug', component: 'setup', message: '=cmd|"/c calc"!A1, "quoted"' }],
    ] as const;
    for (const [token, body] of seed) {
      await request(built.app).post('/api/feedback').set('Authorization', `Bearer ${token}`).send(body).expect(201);
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct timestamps, for the order
    }
  });
  afterAll(async () => {
    await runtime.stop();
    await db.drop();
    await redis.cleanup();
  });

  const list = (query = '') => request(built.app).get(`/api/admin/feedback${query}`).set('Authorization', `Bearer ${admin}`);
  const messages = (response: request.Response) => response.body.feedback.map((item: { message: string }) => item.message);

  it('when the desktop app submits feedback, then 201 with the stored item, open, and the user’s e-mail kept for the admin', async () => {
    const response = await request(built.app).post('/api/feedback').set('Authorization', `Bearer ${alice}`).send({
      type: 'question',
      component: 'general',
      message: '  Where is the networth certificate?  ',
      appVersion: '1.4.2',
      os: 'Windows 11',
      extra: 'x',
    });
    expect(response.status).toBe(201);
    expect(response.body.feedback).toEqual({
      _id: expect.any(String),
      userId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      type: 'question',
      component: 'general',
      message: 'Where is the networth certificate?',
      appVersion: '1.4.2',
      os: 'Windows 11',
      status: 'open',
      timestamp: expect.any(String),
      resolvedAt: null,
    });
    const stored = await db.connection.collection('feedback').findOne({ message: 'Where is the networth certificate?' });
    expect(stored).toMatchObject({ userEmail: 'aaaaaaaaaaaaaaaaaaaaaaaa@example.in', adminNotes: '' });
    expect(stored).not.toHaveProperty('extra');
  });

  it.each([
    [{ type: 'praise', component: 'general', message: 'hi' }, 'Type must be one of: suggestion, bug, question'],
    [
      { type: 'bug', component: 'printer', message: 'hi' },
      'Component must be one of: general, filemanager, turnover, networth, clientmaster, dashboard, setup',
    ],
    [{ type: 'bug', component: 'general', message: '   ' }, 'Message is required'],
    [{ type: 'bug', component: 'general' }, 'Message is required'],
    [{ type: 'bug', component: 'general', message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
    [{ type: { $ne: 'x' }, component: 'general', message: 'hi' }, 'Type must be one of: suggestion, bug, question'],
  ])('when the feedback breaks a rule (%#), then 400 "%s" and nothing is stored', async (body, message) => {
    const before = await db.connection.collection('feedback').countDocuments();
    const response = await request(built.app).post('/api/feedback').set('Authorization', `Bearer ${bob}`).send(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await db.connection.collection('feedback').countDocuments()).toBe(before);
  });

  it('when the desktop app sends feedback with its own token, then it is stored for that user; user paths and other tokens are refused', async () => {
    const desktop = signTestToken(keys.privateKey, TOKEN_AUDIENCE.desktop, { sub: 'dddddddddddddddddddddddd', email: 'dev@example.in' });
    const sent = await request(built.app)
      .post('/api/feedback/desktop')
      .set('Authorization', `Bearer ${desktop}`)
      .send({ type: 'bug', component: 'networth', message: 'Networth totals round wrongly', appVersion: '1.2.0' });
    expect(sent.status).toBe(201);
    expect(sent.body.feedback).toMatchObject({ status: 'open', appVersion: '1.2.0', component: 'networth' });
    const stored = db.connection.collection('feedback');
    expect(await stored.findOne({ userId: 'dddddddddddddddddddddddd' })).toMatchObject({ userEmail: 'dev@example.in', type: 'bug' });
    expect((await request(built.app).post('/api/feedback').set('Authorization', `Bearer ${desktop}`).send({})).status).toBe(401);
    expect((await request(built.app).post('/api/feedback/desktop').set('Authorization', `Bearer ${alice}`).send({})).status).toBe(401);
    const malformed = await request(built.app)
      .post('/api/feedback/desktop')
      .set('Authorization', `Bearer ${desktop}`)
      .send({ type: 'rant' });
    expect(malformed.status).toBe(400);
    await stored.deleteMany({ userId: 'dddddddddddddddddddddddd' }); // the lists below count the seeded items only
  });

  it('when no filter is given, then every item comes back newest first with the user’s e-mail', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body.feedback).toHaveLength(5);
    expect(response.body.feedback[0].message).toBe('Where is the networth certificate?');
    expect(response.body.feedback.at(-1).message).toBe('Turnover certificate shows the wrong year');
    expect(response.body.feedback[0].userEmail).toBe('aaaaaaaaaaaaaaaaaaaaaaaa@example.in');
  });

  it('when filters are given, alone or together, then only matching items come back; "all" means no filter', async () => {
    expect(messages(await list('?type=bug'))).toEqual(['=cmd|"/c calc"!A1, "quoted"', 'Turnover certificate shows the wrong year']);
    expect(messages(await list('?component=turnover'))).toEqual(['How do I add a UDIN?', 'Turnover certificate shows the wrong year']);
    expect(messages(await list('?component=turnover&type=bug'))).toEqual(['Turnover certificate shows the wrong year']);
    expect(messages(await list('?status=all&component=all&type=all'))).toHaveLength(5);
    expect(messages(await list('?status=resolved'))).toEqual([]);
    expect(messages(await list('?limit=2'))).toHaveLength(2);
  });

  it.each(['?status=closed', '?component=printer', '?limit=101', '?limit=0', '?limit=ten', '?type=bug&type=question'])(
    'when the query is %s, then 400',
    async (query) => {
      expect((await list(query)).status).toBe(400);
    },
  );

  it('when an item is resolved with notes, then it records when and by whom; reopening clears both', async () => {
    const [item] = (await list('?component=setup')).body.feedback;
    const resolved = await request(built.app)
      .put(`/api/admin/feedback/${item._id}`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ status: 'resolved', adminNotes: 'Fixed in 1.4.3' });
    expect(resolved.status).toBe(200);
    expect(resolved.body.message).toBe('Feedback updated successfully!');
    expect(resolved.body.feedback).toMatchObject({
      status: 'resolved',
      adminNotes: 'Fixed in 1.4.3',
      resolvedBy: 'triage@portal.test',
      resolvedAt: expect.any(String),
    });
    expect(messages(await list('?status=resolved'))).toEqual([item.message]);

    const reopened = await request(built.app)
      .put(`/api/admin/feedback/${item._id}`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ status: 'open' });
    expect(reopened.body.feedback).toMatchObject({ status: 'open', adminNotes: '', resolvedAt: null, resolvedBy: null });
  });

  it('when the admin notes an item, then the user’s own listing never shows the notes or who handled it', async () => {
    const [item] = (await list('?type=suggestion')).body.feedback;
    await request(built.app)
      .put(`/api/admin/feedback/${item._id}`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ status: 'dismissed', adminNotes: 'Internal: duplicate of #12' })
      .expect(200);
    const mine = await request(built.app).get('/api/feedback/mine').set('Authorization', `Bearer ${alice}`);
    expect(mine.status).toBe(200);
    expect(mine.body.feedback.find((f: { _id: string }) => f._id === item._id)).toMatchObject({ status: 'dismissed' });
    expect(JSON.stringify(mine.body)).not.toContain('Internal: duplicate');
    expect(JSON.stringify(mine.body)).not.toContain('resolvedBy');
    expect(mine.body.feedback.every((f: { userId: string }) => f.userId === 'aaaaaaaaaaaaaaaaaaaaaaaa')).toBe(true);
  });

  it('when an update or delete names a malformed or unknown id, or the status is unknown, then 400 or 404', async () => {
    const put = (id: string, body: object) =>
      request(built.app).put(`/api/admin/feedback/${id}`).set('Authorization', `Bearer ${admin}`).send(body);
    expect((await put('nope', { status: 'open' })).status).toBe(400);
    expect((await put('0123456789abcdef01234567', { status: 'open' })).status).toBe(404);
    const [item] = (await list()).body.feedback;
    expect((await put(item._id, { status: 'closed' })).status).toBe(400);
    expect(
      (await request(built.app).delete('/api/admin/feedback/0123456789abcdef01234567').set('Authorization', `Bearer ${admin}`)).status,
    ).toBe(404);
  });

  it('when exported, then a CSV with every item, RFC 4180 quoting and formulas neutralised', async () => {
    const response = await request(built.app).get('/api/admin/export/feedback').set('Authorization', `Bearer ${admin}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="feedback_\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.text.split('\r\n');
    expect(lines[0]).toBe('ID,User Email,Type,Component,Message,Status,Submitted At,App Version,OS,Admin Notes,Resolved At,Resolved By');
    expect(lines).toHaveLength(1 + 5 + 1);
    expect(response.text).toContain(`,bbbbbbbbbbbbbbbbbbbbbbbb@example.in,bug,setup,"'=cmd|""/c calc""!A1, ""quoted""",open,`);
  });

  it('when an item is deleted, then it is gone and a second delete is 404', async () => {
    const [item] = (await list('?type=question&component=turnover')).body.feedback;
    const deleted = await request(built.app).delete(`/api/admin/feedback/${item._id}`).set('Authorization', `Bearer ${admin}`);
    expect(deleted.body.message).toBe('Feedback deleted successfully');
    expect((await request(built.app).delete(`/api/admin/feedback/${item._id}`).set('Authorization', `Bearer ${admin}`)).status).toBe(404);
  });

  it('when a user or nobody calls the admin routes, then 401; submitting without a token is 401 too', async () => {
    expect((await request(built.app).get('/api/admin/feedback').set('Authorization', `Bearer ${alice}`)).status).toBe(401);
    expect((await request(built.app).get('/api/admin/export/feedback')).status).toBe(401);
    expect((await request(built.app).post('/api/feedback').send({ type: 'bug', component: 'general', message: 'x' })).status).toBe(401);
  });

  it('when a user sends too much feedback in an hour, then 429', async () => {
    const carol = userToken('cccccccccccccccccccccccc');
    const statuses = [];
    for (let i = 0; i < 13; i++)
      statuses.push(
        (
          await request(built.app)
            .post('/api/feedback')
            .set('Authorization', `Bearer ${carol}`)
            .send({ type: 'bug', component: 'general', message: `#${i}` })
        ).status,
      );
    expect(statuses.slice(0, 12).every((status) => status === 201)).toBe(true);
    expect(statuses[12]).toBe(429);
  });

  it('when a user.deleted event arrives, then the consumer compose started removes the user’s feedback and everyone else’s stays', async () => {
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(EVENT_QUEUES.feedback, { connection, prefix: `${redis.prefix}bull` });
    await queue.add(USER_DELETED, { userId: 'cccccccccccccccccccccccc' });
    const feedback = db.connection.collection('feedback');
    for (let i = 0; i < 100 && (await feedback.countDocuments({ userId: 'cccccccccccccccccccccccc' })) > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await feedback.countDocuments({ userId: 'cccccccccccccccccccccccc' })).toBe(0);
    expect(await feedback.countDocuments({ userId: 'aaaaaaaaaaaaaaaaaaaaaaaa' })).toBe(3);
    await queue.close();
    connection.disconnect();
  });
});
