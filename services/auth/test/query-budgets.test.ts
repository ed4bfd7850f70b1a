import request from 'supertest';
import { createServiceCredential } from '@portal/platform';
import { recordCommands, unindexedCommands, type CommandRecorder } from '@portal/platform/testing';
import { startAuth, TEST_SERVICE_SECRET, validSignup, type AuthHarness } from './auth-harness';

/** Auth's hot paths, counted by the driver's command events (see billing's query-budgets test). */
describe('auth: database commands per hot path', () => {
  let auth: AuthHarness;
  let commands: CommandRecorder;
  const asService = createServiceCredential('admin-reporting', TEST_SERVICE_SECRET);

  beforeAll(async () => {
    auth = await startAuth('budgets');
    commands = recordCommands(auth.db.dbName);
    for (let i = 0; i < 60; i++)
      await request(auth.app)
        .post('/api/auth/register')
        .send(validSignup(`budget-${i}@example.in`));
    await auth.outbox.settled();
  }, 60_000);
  afterAll(async () => {
    commands?.stop();
    await auth.close();
  });

  it('when a user signs in from a browser seen before, then one command finds the account, one its firms’ rule and one notes the browser', async () => {
    const browser = request.agent(auth.app);
    const signIn = () => browser.post('/api/auth/login').send({ email: 'budget-1@example.in', password: 'secret12' }).expect(200);
    // without a second factor of their own, whether a firm requires one; in no firm, one look
    const firmRule = 'find firm_memberships';
    // a browser new to the person: its device is recorded, the person's others are looked for, and the alert is stored to go out
    expect(await commands.namesDuring(signIn)).toEqual([
      'find users',
      firmRule,
      'findAndModify known_devices',
      'find known_devices',
      'insert outbox',
    ]);
    expect(await commands.namesDuring(signIn)).toEqual(['find users', firmRule, 'findAndModify known_devices']);
  });

  it('when a person saves their profile, then one command writes it and answers the saved account', async () => {
    const token = (await request(auth.app).post('/api/auth/login').send({ email: 'budget-2@example.in', password: 'secret12' }).expect(200))
      .body.token as string;
    const save = () =>
      request(auth.app)
        .put('/api/auth/profile')
        .set('Authorization', `Bearer ${token}`)
        .send({ firstName: 'Budget', lastName: 'Two' })
        .expect(200);
    expect(await commands.namesDuring(save)).toEqual(['findAndModify users']);
  });

  it('when the admin users page asks for a page of 50, then a find and the kept count answer it, whatever the page holds', async () => {
    const seen = await commands.namesDuring(() =>
      request(auth.app).get('/internal/users?page=1&limit=50').set('Authorization', asService()).expect(200),
    );
    expect(seen.sort()).toEqual(['count users', 'find users']);
  });

  it('when the export streams all 60 users, then one command answers it (its cursor reads 100 a batch)', async () => {
    const seen = await commands.namesDuring(() =>
      request(auth.app).get('/internal/users/export').set('Authorization', asService()).expect(200),
    );
    expect(seen).toEqual(['find users']);
  });

  it('when every path above has run, then each filter and sort it sent is served by a declared index', () => {
    expect(unindexedCommands(auth.db.dbName, commands.all())).toEqual([]);
  });
});
