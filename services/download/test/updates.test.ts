import request from 'supertest';
import { binaryBody } from '@portal/platform/testing';
import { installerBytes, newUserId, startDownload } from './download-harness';

describe('the desktop app’s update feed', () => {
  let download: Awaited<ReturnType<typeof startDownload>>;
  const stable = installerBytes(120_000);
  const beta = installerBytes(90_000);

  beforeAll(async () => {
    download = await startDownload('updates');
    const publish = (version: string, bytes: Buffer, notes: string) =>
      request(download.app)
        .post('/api/admin/releases')
        .set('Authorization', `Bearer ${download.adminToken()}`)
        .field('version', version)
        .field('notes', notes)
        .attach('file', bytes, 'setup.exe')
        .expect(201);
    await publish('1.4.2', stable, 'Faster indexing');
    await publish('1.5.0-beta.1', beta, 'Bulk certificates (beta)');
  });
  afterAll(() => download.close());

  const check = (token: string, query: string) =>
    request(download.app).get(`/api/download/updates?${query}`).set('Authorization', `Bearer ${token}`);

  it('when an older app on the stable channel asks, then the newest stable release comes with a signed link that downloads it', async () => {
    const answer = await check(download.desktop(newUserId(), 'active'), 'current=1.2.0');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      updateAvailable: true,
      current: '1.2.0',
      latest: expect.objectContaining({
        version: '1.4.2',
        channel: 'stable',
        fileSize: 120_000,
        notes: 'Faster indexing',
        sha256: expect.stringMatching(/^[a-f0-9]{64}$/),
      }),
      download: expect.objectContaining({
        fileName: 'TaxPractitioner-Setup-1.4.2.exe',
        downloadUrl: expect.stringContaining('/api/download/file/1.4.2?'),
      }),
      updateRequired: false,
    });
    const file = await request(download.app).get(answer.body.download.downloadUrl).buffer(true).parse(binaryBody);
    expect(file.status).toBe(200);
    expect(Buffer.compare(file.body, stable)).toBe(0);
  });

  it('when the app is up to date, or follows beta, then it is told so, or offered the beta', async () => {
    const token = download.desktop(newUserId(), 'trial');
    expect((await check(token, 'current=1.4.2')).body).toMatchObject({
      updateAvailable: false,
      latest: { version: '1.4.2' },
      download: null,
    });
    const betaAnswer = (await check(token, 'current=1.4.2&channel=beta')).body;
    expect(betaAnswer).toMatchObject({ updateAvailable: true, latest: { version: '1.5.0-beta.1', channel: 'beta' } });
    expect(betaAnswer.download.fileName).toBe('TaxPractitioner-Setup-1.5.0-beta.1.exe');
  });

  it('when the user may not download, then the update is announced without a link, with the download page’s reason', async () => {
    const answer = (await check(download.desktop(newUserId(), 'expired'), 'current=1.2.0')).body;
    expect(answer).toMatchObject({ updateAvailable: true, download: null, message: expect.stringMatching(/expired/i) });
  });

  it('when the query is malformed or the token is not the desktop app’s, then 400 or 401', async () => {
    const token = download.desktop(newUserId(), 'active');
    expect((await check(token, 'current=latest')).body.message).toBe('Version must be a semantic version such as 1.4.2');
    expect((await check(token, 'current=1.2.0&channel=nightly')).body.message).toBe('The channel must be stable or beta');
    expect((await check(token, 'current[$gt]=1')).status).toBe(400);
    expect((await check(download.user(newUserId(), 'active'), 'current=1.2.0')).status).toBe(401);
  });
});
