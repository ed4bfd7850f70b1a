import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { binaryBody } from '@portal/platform/testing';
import { createServiceCredential } from '@portal/platform';
import { eligibilityOf } from '../src/domain/eligibility';
import { eventually, installerBytes, newUserId, SERVICE_SECRET, startDownload } from './download-harness';

describe('eligibility and signed installer downloads', () => {
  let download: Awaited<ReturnType<typeof startDownload>>;
  const bytes = installerBytes(200_000);

  beforeAll(async () => {
    download = await startDownload('downloads');
    await request(download.app)
      .post('/api/admin/releases')
      .set('Authorization', `Bearer ${download.adminToken()}`)
      .field('version', '1.4.2')
      .attach('file', bytes, 'setup.exe')
      .expect(201);
  });
  afterAll(() => download.close());
  beforeEach(() => {
    download.clock.now = new Date();
  });

  const eligibility = (token: string) =>
    request(download.app).get('/api/download/check-eligibility').set('Authorization', `Bearer ${token}`);
  const summaryOf = (userId: string) =>
    request(download.app)
      .post('/internal/downloads/summary')
      .set('Authorization', createServiceCredential('admin-reporting', SERVICE_SECRET)())
      .send({ userIds: [userId] });
  const linkFor = async (token: string, version = '1.4.2') =>
    request(download.app).get(`/api/download/app/${version}`).set('Authorization', `Bearer ${token}`);

  it.each([
    [
      'none',
      403,
      { canDownload: false, canStartTrial: true, hasUsedTrial: false, message: 'Start your free 30-day trial to download the app.' },
    ],
    [
      'expired',
      403,
      {
        canDownload: false,
        canStartTrial: false,
        hasUsedTrial: true,
        message: 'Your subscription has expired. Please choose a plan to continue.',
      },
    ],
    ['trial', 200, { canDownload: true, daysRemaining: 12, message: 'Your free trial is active: 12 days left.' }],
    ['active', 200, { canDownload: true, daysRemaining: 12, message: 'Your subscription is active: 12 days left.' }],
  ] as const)('when a %s user checks eligibility, then %i with the eligibility body', async (status, code, expected) => {
    const response = await eligibility(download.user(newUserId(), status, 12));
    expect(response.status).toBe(code);
    expect(response.body).toMatchObject({ subscriptionStatus: status, ...expected });
    if (code === 403) expect(response.body.error).toBe('forbidden');
  });

  it('when a member draws on their firm’s plan, then they may download and are told whose plan it is and who manages it', () => {
    const firmPlan = {
      userId: newUserId(),
      subscriptionStatus: 'active' as const,
      subscriptionPlan: 'professional',
      planPrice: 1000,
      billingPeriod: 'annual',
      trialStart: null,
      trialEnd: null,
      subscriptionStartDate: null,
      subscriptionEndDate: null,
      daysRemaining: 40,
      hasUsedTrial: false,
      canStartTrial: false,
      canDownload: true,
      isTrialActive: false,
      firm: { id: newUserId(), name: 'Iyer & Associates', managedBy: 'Asha Iyer' },
    };
    expect(eligibilityOf(firmPlan)).toMatchObject({
      canDownload: true,
      message: 'You work on the plan of Iyer & Associates, managed by Asha Iyer: 40 days left.',
    });
  });

  it('when a user who may not download asks for the installer, then 403 with the eligibility', async () => {
    const response = await linkFor(download.user(newUserId(), 'expired'));
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ canDownload: false, subscriptionStatus: 'expired' });
  });

  it('when the version does not exist or is malformed, then 404 or 400', async () => {
    const token = download.user(newUserId(), 'trial');
    expect((await linkFor(token, '9.9.9')).status).toBe(404);
    expect((await linkFor(token, 'latest')).status).toBe(400);
  });

  it('when an eligible user downloads, then the signed URL streams the installer named with its version, and the download is recorded', async () => {
    const userId = newUserId();
    const link = await linkFor(download.user(userId, 'trial'));
    expect(link.status).toBe(200);
    expect(link.body).toEqual({
      downloadUrl: expect.stringMatching(/^\/api\/download\/file\/1\.4\.2\?user=/),
      fileName: 'TaxPractitioner-Setup-1.4.2.exe',
      expiresAt: expect.any(String),
    });
    const file = await request(download.app).get(link.body.downloadUrl).set('User-Agent', 'Chromium test').buffer(true).parse(binaryBody);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="TaxPractitioner-Setup-1.4.2.exe"');
    expect(file.headers['content-length']).toBe('200000');
    expect(file.headers['accept-ranges']).toBe('bytes');
    expect(file.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(Buffer.compare(file.body as Buffer, bytes)).toBe(0);

    // counted once the last byte has gone out, which may be just after the client has read it all
    const summary = await eventually(async () => {
      const answer = await summaryOf(userId);
      return answer.body.summaries[0]?.totalDownloads ? answer : undefined;
    });
    expect(summary.body.summaries[0]).toMatchObject({
      userId,
      totalDownloads: 1,
      downloadHistory: [{ version: '1.4.2', userAgent: 'Chromium test' }],
    });
    expect(summary.body.summaries[0].lastDownloadDate).toEqual(expect.any(String));
  });

  it('when a download breaks off, then it is not counted; the whole one after it is, once (D1)', async () => {
    const userId = newUserId();
    const { downloadUrl } = (await linkFor(download.user(userId, 'trial'))).body;
    const server = download.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`http://127.0.0.1:${port}${downloadUrl}`, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.once('error', (error) => (req.destroyed ? resolve() : reject(error)));
    });
    server.close();
    // Before the fix the broken-off attempt was counted as it began, so it would be in before this one.
    expect((await request(download.app).get(downloadUrl).buffer(true).parse(binaryBody)).status).toBe(200);
    await eventually(async () => (await summaryOf(userId)).body.summaries[0]?.totalDownloads > 0);
    expect((await summaryOf(userId)).body.summaries[0].totalDownloads).toBe(1);
  });

  it('when an interrupted download resumes with a Range, then 206 brings exactly the missing bytes and is not counted again', async () => {
    const userId = newUserId();
    const { downloadUrl } = (await linkFor(download.user(userId, 'active'))).body;
    const part = await request(download.app).get(downloadUrl).set('Range', 'bytes=150000-').buffer(true).parse(binaryBody);
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 150000-199999/200000');
    expect(Buffer.compare(part.body as Buffer, bytes.subarray(150000))).toBe(0);
    expect(await download.db.connection.collection('downloads').countDocuments({ userId })).toBe(0);
  });

  it('when the link has expired, then 403', async () => {
    const { downloadUrl } = (await linkFor(download.user(newUserId(), 'trial'))).body;
    download.clock.now = new Date(Date.now() + 301_000);
    const response = await request(download.app).get(downloadUrl);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('This download link is not valid or has expired. Please start the download again from the portal.');
  });

  it('when a browser opens an expired link, then a page says so and leads back to the Download page', async () => {
    const { downloadUrl } = (await linkFor(download.user(newUserId(), 'trial'))).body;
    download.clock.now = new Date(Date.now() + 301_000);
    const response = await request(download.app).get(downloadUrl).set('accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(response.status).toBe(403);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.text).toContain('<h1>This link is not valid</h1>');
    expect(response.text).toContain('This download link is not valid or has expired.');
    expect(response.text).toContain('<a class="action" href="/download">Start the download again from the Download page</a>');
  });

  it('when a resumed download asks for bytes past the end, then 416 names the file size', async () => {
    const { downloadUrl } = (await linkFor(download.user(newUserId(), 'trial'))).body;
    const response = await request(download.app).get(downloadUrl).set('range', 'bytes=99999999-');
    expect(response.status).toBe(416);
    expect(response.headers['content-range']).toMatch(/^bytes \*\/\d+$/);
    expect(response.body.message).toBe('The requested range is not inside the file');
  });

  it('when the link is tampered with or moved to another user, then 403 and nothing is recorded', async () => {
    const userId = newUserId();
    const { downloadUrl } = (await linkFor(download.user(userId, 'trial'))).body as { downloadUrl: string };
    const url = new URL(downloadUrl, 'http://x');
    const other = new URL(url);
    other.searchParams.set('user', newUserId());
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const forged = new URL(url);
    forged.searchParams.set('sig', 'A'.repeat(43));
    const otherVersion = `/api/download/file/1.4.3${url.search}`;
    for (const tampered of [other, later, forged].map((u) => `${u.pathname}${u.search}`).concat(otherVersion, url.pathname)) {
      expect((await request(download.app).get(tampered)).status).toBe(403);
    }
    expect(await download.db.connection.collection('downloads').countDocuments({ userId })).toBe(0);
  });

  it('when nobody is signed in, then eligibility and links are 401', async () => {
    expect((await request(download.app).get('/api/download/check-eligibility')).status).toBe(401);
    expect((await request(download.app).get('/api/download/app/1.4.2')).status).toBe(401);
  });
});
