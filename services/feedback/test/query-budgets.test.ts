import request from 'supertest';
import { TOKEN_AUDIENCE } from '@portal/contracts';
import {
  createTestDatabase,
  createTestRedis,
  generateTestKeys,
  recordCommands,
  signTestToken,
  testEnvironment,
  testRuntime,
  testServiceEnv,
  unindexedCommands,
  withCommandMonitoring,
  type CommandRecorder,
  type TestDatabase,
  type TestRedis,
} from '@portal/platform/testing';
import { compose } from '../src/compose';
import { configSchema } from '../src/config';

/** Feedback's hot paths, counted by the driver's command events (see billing's query-budgets test). */
describe('feedback: database commands per hot path', () => {
  let db: TestDatabase;
  let redis: TestRedis;
  let built: Awaited<ReturnType<typeof compose>>;
  let commands: CommandRecorder;
  const runtime = testRuntime('feedback');
  const keys = generateTestKeys();
  const user = signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: 'cccccccccccccccccccccccc', email: 'c@example.in' });
  const admin = signTestToken(keys.privateKey, TOKEN_AUDIENCE.admin, { sub: 'a1', email: 'triage@portal.test', role: 'admin' });

  beforeAll(async () => {
    [db, redis] = await Promise.all([createTestDatabase('feedback_budgets'), createTestRedis('feedback-budgets')]);
    const config = configSchema.parse({
      ...testServiceEnv({ db, redis, publicKey: keys.publicKey, serviceSecret: 'feedback-test-secret-'.padEnd(40, 'x') }),
      MONGODB_URI: withCommandMonitoring(testEnvironment().mongoUri),
      FEEDBACK_PER_USER_PER_HOUR: '100',
    });
    built = await compose(config, runtime);
    commands = recordCommands(db.dbName);
    for (let i = 0; i < 30; i++) {
      await request(built.app)
        .post('/api/feedback')
        .set('Authorization', `Bearer ${user}`)
        .send({ type: 'bug', component: 'dashboard', message: `Report ${i}` })
        .expect(201);
    }
  });
  afterAll(async () => {
    commands?.stop();
    await runtime.stop();
    await db.drop();
    await redis.cleanup();
  });

  it('when a user sends feedback, then one command stores it', async () => {
    const seen = await commands.namesDuring(() =>
      request(built.app)
        .post('/api/feedback')
        .set('Authorization', `Bearer ${user}`)
        .send({ type: 'question', component: 'general', message: 'One more' })
        .expect(201),
    );
    expect(seen).toEqual(['insert feedback']);
  });

  it('when a user opens their own feedback, then one command answers it', async () => {
    const seen = await commands.namesDuring(() =>
      request(built.app).get('/api/feedback/mine').set('Authorization', `Bearer ${user}`).expect(200),
    );
    expect(seen).toEqual(['find feedback']);
  });

  it('when the admin opens the feedback list, then 2 commands at most answer it, whatever it holds', async () => {
    const seen = await commands.namesDuring(() =>
      request(built.app).get('/api/admin/feedback').set('Authorization', `Bearer ${admin}`).expect(200),
    );
    expect(seen.length).toBeLessThanOrEqual(2);
  });

  it('when the admin exports the feedback, then the commands do not grow with the rows', async () => {
    const seen = await commands.namesDuring(() =>
      request(built.app).get('/api/admin/export/feedback').set('Authorization', `Bearer ${admin}`).expect(200),
    );
    expect(seen.length).toBeLessThanOrEqual(2);
  });

  it('when every path above has run, then each filter and sort it sent is served by a declared index', () => {
    expect(unindexedCommands(db.dbName, commands.all())).toEqual([]);
  });
});
