import request from 'supertest';
import { createServiceCredential } from '@portal/platform';
import { recordCommands, unindexedCommands, type CommandRecorder } from '@portal/platform/testing';
import { installerBytes, newUserId, SERVICE_SECRET, startDownload } from './download-harness';

/** Download's hot paths, counted by the driver's command events (see billing's query-budgets test). */
describe('download: database commands per hot path', () => {
  let download: Awaited<ReturnType<typeof startDownload>>;
  let commands: CommandRecorder;

  beforeAll(async () => {
    download = await startDownload('budgets');
    commands = recordCommands(download.db.dbName);
    await request(download.app)
      .post('/api/admin/releases')
      .set('Authorization', `Bearer ${download.adminToken()}`)
      .field('version', '1.4.2')
      .attach('file', installerBytes(10_000), 'setup.exe')
      .expect(201);
  });
  afterAll(async () => {
    commands?.stop();
    await download.close();
  });

  it('when an entitled user checks eligibility, then one command finds the latest release', async () => {
    const token = download.user(newUserId(), 'active');
    const seen = await commands.namesDuring(() =>
      request(download.app).get('/api/download/check-eligibility').set('Authorization', `Bearer ${token}`).expect(200),
    );
    expect(seen.length).toBeLessThanOrEqual(1);
  });

  it('when the admin pages ask for 200 users’ downloads, then one command answers, not one per user', async () => {
    const userIds = Array.from({ length: 200 }, () => newUserId());
    const seen = await commands.namesDuring(() =>
      request(download.app)
        .post('/internal/downloads/summary')
        .set('Authorization', createServiceCredential('admin-reporting', SERVICE_SECRET)())
        .send({ userIds })
        .expect(200),
    );
    expect(seen.length).toBe(1);
  });

  it('when every path above has run, then each filter and sort it sent is served by a declared index', () => {
    expect(unindexedCommands(download.db.dbName, commands.all())).toEqual([]);
  });
});
