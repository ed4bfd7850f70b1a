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

describe('releases that follow a tax year’s law', () => {
  let download: Awaited<ReturnType<typeof startDownload>>;
  beforeAll(async () => {
    download = await startDownload('editions');
    const publish = (version: string, requiresTaxYear?: string) => {
      const call = request(download.app)
        .post('/api/admin/releases')
        .set('Authorization', `Bearer ${download.adminToken()}`)
        .field('version', version)
        .field('notes', `Build ${version}`);
      return (requiresTaxYear ? call.field('requiresTaxYear', requiresTaxYear) : call).attach('file', installerBytes(50_000), 'setup.exe');
    };
    await publish('3.0.0').expect(201);
    await publish('3.1.0', '2026-27').expect(201);
    await publish('4.0.0', '2027-28').expect(201);
  });
  afterAll(() => download.close());

  const check = (token: string) => request(download.app).get('/api/download/updates?current=3.0.0').set('Authorization', `Bearer ${token}`);

  it('when a licence covers tax year 2027-28, then the release that requires it is offered with its link', async () => {
    const answer = (await check(download.desktop(newUserId(), 'active', 200, { lastTaxYear: 2027 }))).body;
    expect(answer).toMatchObject({ updateAvailable: true, latest: { version: '4.0.0', requiresTaxYear: '2027-28' } });
    expect(answer.download.fileName).toBe('TaxPractitioner-Setup-4.0.0.exe');
    expect(answer.editionRequired).toBeUndefined();
  });

  it('when a licence ends in tax year 2026-27, then it is offered the newest release of that year and told that 4.0.0 needs a plan for 2027-28', async () => {
    const answer = (await check(download.desktop(newUserId(), 'active', 40, { lastTaxYear: 2026, subscriptionPlan: 'business' }))).body;
    expect(answer).toMatchObject({ updateAvailable: true, latest: { version: '3.1.0', requiresTaxYear: '2026-27' } });
    expect(answer.download.fileName).toBe('TaxPractitioner-Setup-3.1.0.exe');
    expect(answer.editionRequired).toEqual({
      code: 'edition_required',
      version: '4.0.0',
      taxYear: '2027-28',
      plan: 'business',
      billingPeriod: 'tax-year',
      message:
        'Version 4.0.0 follows the law of Tax year 2027-28, which your plan does not cover. Buy Business for Tax year 2027-28 on the portal to get it.',
    });
  });

  it('when a trial’s licence ends before either year, then only the release without a tax year is its own, and Professional is the plan to buy', async () => {
    const answer = (await check(download.desktop(newUserId(), 'trial', 20, { lastTaxYear: 2025 }))).body;
    expect(answer).toMatchObject({ updateAvailable: false, latest: { version: '3.0.0' }, download: null });
    expect(answer.editionRequired).toMatchObject({ version: '4.0.0', taxYear: '2027-28', plan: 'professional' });
  });

  it('when a release names a tax year that is not one, then 400 and nothing is published', async () => {
    for (const taxYear of ['2027-29', '2027', 'next year']) {
      const answer = await request(download.app)
        .post('/api/admin/releases')
        .set('Authorization', `Bearer ${download.adminToken()}`)
        .field('version', '5.0.0')
        .field('requiresTaxYear', taxYear)
        .attach('file', installerBytes(10_000), 'setup.exe');
      expect([answer.status, answer.body.message]).toEqual([400, 'The tax year is written as on the forms, such as 2027-28']);
    }
    const listed = await request(download.app).get('/api/admin/releases').set('Authorization', `Bearer ${download.adminToken()}`);
    expect(JSON.stringify(listed.body)).not.toContain('5.0.0');
  });
});
