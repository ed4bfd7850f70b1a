import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { installerBytes, newUserId, startDownload } from './download-harness';

describe('releases: latest version and publishing', () => {
  let download: Awaited<ReturnType<typeof startDownload>>;
  beforeAll(async () => {
    download = await startDownload('releases');
  });
  afterAll(() => download.close());

  const publish = (version: string | undefined, bytes: Buffer, token = download.adminToken(), notes = 'Faster indexing') => {
    let call = request(download.app).post('/api/admin/releases').set('Authorization', `Bearer ${token}`);
    if (version !== undefined) call = call.field('version', version);
    return call.field('notes', notes).attach('file', bytes, 'setup.exe');
  };

  it('when nothing is published yet, then latest-version is 404 with a clear message', async () => {
    const response = await request(download.app).get('/api/download/latest-version');
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('No release of the desktop app has been published yet.');
  });

  it('when an installer is published, then its size and SHA-256 are measured from the upload and it is stored', async () => {
    const bytes = installerBytes(300_000);
    const response = await publish('1.2.0', bytes);
    expect(response.status).toBe(201);
    expect(response.body.release).toMatchObject({
      version: '1.2.0',
      fileSize: 300_000,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      notes: 'Faster indexing',
      channel: 'stable',
      publishedBy: 'release@portal.test',
    });
    expect(existsSync(path.join(download.releasesDir, 'TaxPractitioner-Setup-1.2.0.exe'))).toBe(true);
  });

  it('when several versions exist, then the latest is the highest stable semantic version', async () => {
    await publish('1.10.0', installerBytes(1000)).expect(201);
    await publish('1.9.3', installerBytes(1000)).expect(201);
    await publish('2.0.0-beta.1', installerBytes(1000)).expect(201);
    const response = await request(download.app).get('/api/download/latest-version');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      version: '1.10.0',
      fileSize: 1000,
      releaseDate: expect.any(String),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      notes: 'Faster indexing',
    });
    const list = await request(download.app).get('/api/admin/releases').set('Authorization', `Bearer ${download.adminToken()}`);
    expect(list.body.releases.map((r: { version: string }) => r.version)).toEqual(['2.0.0-beta.1', '1.10.0', '1.9.3', '1.2.0']);
  });

  it('when the version was published before, then 409 and the first file stays', async () => {
    const response = await publish('1.2.0', installerBytes(10));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Version 1.2.0 has already been published.');
    expect((await download.db.connection.collection('releases').findOne({ version: '1.2.0' }))?.fileSize).toBe(300_000);
  });

  it.each([['1.2'], ['v1.2.3'], ['1.2.3; rm -rf /'], ['../../etc']])(
    'when the version is "%s", then 400 and nothing is stored',
    async (version) => {
      const response = await publish(version, installerBytes(10));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Version must be a semantic version such as 1.4.2');
      expect(await download.db.connection.collection('releases').countDocuments({ version })).toBe(0);
    },
  );

  it('when the file or the version is missing, or the body is not multipart, then 400', async () => {
    expect((await publish(undefined, installerBytes(10))).body.message).toBe('Version is required');
    const noFile = await request(download.app)
      .post('/api/admin/releases')
      .set('Authorization', `Bearer ${download.adminToken()}`)
      .field('version', '4.0.0');
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('Attach the installer as the "file" field');
    const json = await request(download.app)
      .post('/api/admin/releases')
      .set('Authorization', `Bearer ${download.adminToken()}`)
      .send({ version: '4.0.0' });
    expect(json.status).toBe(400);
  });

  it('when the installer is larger than allowed, then 413 and nothing is kept', async () => {
    const response = await publish('5.0.0', installerBytes(6 * 1024 * 1024));
    expect(response.status).toBe(413);
    expect(await download.db.connection.collection('releases').countDocuments({ version: '5.0.0' })).toBe(0);
  });

  it('when a user or nobody tries to publish, then 401', async () => {
    expect((await publish('6.0.0', installerBytes(10), download.user(newUserId(), 'active'))).status).toBe(401);
    expect((await request(download.app).get('/api/admin/releases')).status).toBe(401);
  });

  it('when the shell command publishes an installer, then the same rules apply', async () => {
    const file = path.join(os.tmpdir(), `setup-${Date.now()}.exe`);
    writeFileSync(file, installerBytes(2048));
    const run = (version: string) =>
      spawnSync(process.execPath, [path.resolve(__dirname, '../dist/cli/publish-release.js'), file, version, 'From', 'the', 'shell'], {
        env: { ...process.env, MONGODB_DB: download.db.dbName, RELEASES_DIR: download.releasesDir },
        encoding: 'utf8',
      });
    const published = run('3.1.0');
    expect(published.status).toBe(0);
    expect(published.stdout).toContain('Published 3.1.0: 2048 bytes');
    expect(await download.db.connection.collection('releases').findOne({ version: '3.1.0' })).toMatchObject({
      notes: 'From the shell',
      fileSize: 2048,
      publishedBy: 'cli',
    });
    const again = run('3.1.0');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('Version 3.1.0 has already been published.');
    expect(run('three').stderr).toContain('Version must be a semantic version');
  });
});
