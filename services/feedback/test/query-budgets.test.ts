import request from 'supertest';
import { TOKEN_AUDIENCE } from '@portal/contracts';
import {
  createTestDatabase,
  createTestRedis,
  generateTestKeys,
  recordCommands,
  signAdminTestToken,
  signTestToken,
  testRuntime,
  testServiceEnv,
  unindexedCommands,
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
  const admin = signAdminTestToken(keys.privateKey, { sub: 'a1', email: 'triage@portal.test' });

  beforeAll(async () => {
    [db, redis] = await Promise.all([createTestDatabase('feedback_budgets'), createTestRedis('feedback-budgets')]);
    const config = configSchema.parse({
      ...testServiceEnv({ db, redis, publicKey: keys.publicKey, serviceSecret: 'feedback-test-secret-'.padEnd(40, 'x') }),
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

  it('when a call sends commands, then the service’s /metrics counts each by command and collection, as a load run reads them', async () => {
    const counted = async (command: string, collection: string) => {
      const { text } = await request(built.app).get('/metrics').expect(200);
      const line = text.split('\n').find((row) => row.startsWith(`db_commands_total{command="${command}",collection="${collection}"`));
      return Number(line?.split(' ').pop() ?? 0);
    };
    const before = await counted('insert', 'feedback');
    await request(built.app)
      .post('/api/feedback')
      .set('Authorization', `Bearer ${user}`)
      .send({ type: 'question', component: 'general', message: 'Counted' })
      .expect(201);
    expect((await counted('insert', 'feedback')) - before).toBe(1);
    // the driver's housekeeping is not a query
    const { text } = await request(built.app).get('/metrics');
    expect(text).not.toMatch(/db_commands_total\{command="(hello|ping|createIndexes)"/);
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
