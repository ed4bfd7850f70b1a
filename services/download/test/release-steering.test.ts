import { createHash } from 'node:crypto';
import request from 'supertest';
import { EVENT_QUEUES, RELEASE_STEERING_MESSAGES } from '@portal/contracts';
import { RELEASE_EVENTS, type ReleaseChannelChangedEvent } from '@portal/contracts/internal';
import { queuedEvents } from '@portal/platform/testing';
import { inRollout } from '../src/domain/rollout';
import { eventually, installerBytes, newUserId, startDownload } from './download-harness';

/** A machine's fingerprint, as the desktop app sends it. */
const device = (n: number) => createHash('sha256').update(`device-${n}`).digest('hex');

describe('staged rollouts', () => {
  it.each([10, 50, 100])(
    'when a release is staged to %i %, then that share of 10,000 devices is offered it, within 2 points',
    (percent) => {
      const offered = Array.from({ length: 10_000 }, (_, n) => inRollout('1.5.0', device(n), percent)).filter(Boolean).length;
      expect(Math.abs(offered / 100 - percent)).toBeLessThanOrEqual(2);
    },
  );

  it('when the share is raised, then every device offered it before is still offered it', () => {
    const devices = Array.from({ length: 2000 }, (_, n) => device(n));
    const at10 = devices.filter((id) => inRollout('1.5.0', id, 10));
    expect(at10.every((id) => inRollout('1.5.0', id, 50))).toBe(true);
    expect(devices.filter((id) => inRollout('1.5.0', id, 0))).toEqual([]);
  });
});

describe('releases an admin steers', () => {
  let download: Awaited<ReturnType<typeof startDownload>>;
  const asAdmin = () => ({ Authorization: `Bearer ${download.adminToken()}` });
  const publish = (version: string, rollout?: number) => {
    let call = request(download.app)
      .post('/api/admin/releases')
      .set(asAdmin())
      .field('version', version)
      .field('notes', `Release ${version}`)
      .attach('file', installerBytes(2000), 'setup.exe');
    if (rollout !== undefined) call = call.field('rollout', String(rollout));
    return call;
  };
  const check = (query: string, token = download.desktop(newUserId(), 'active')) =>
    request(download.app).get(`/api/download/updates?${query}`).set('Authorization', `Bearer ${token}`);
  const offeredTo = async (n: number, current = '1.4.2') => (await check(`current=${current}&deviceId=${device(n)}`)).body;

  beforeAll(async () => {
    download = await startDownload('steering');
    await publish('1.4.2').expect(201);
  });
  afterAll(() => download.close());

  it('when a release is published at 0 % and raised step by step, then its share of devices grows and a device keeps its answer', async () => {
    const staged = await publish('1.5.0', 0);
    expect(staged.status).toBe(201);
    expect(staged.body.release).toMatchObject({ version: '1.5.0', rolloutPercent: 0, state: 'live', downloads: 0 });
    // nobody is offered it, and the download page keeps the release everyone has
    expect((await offeredTo(1)).updateAvailable).toBe(false);
    expect((await offeredTo(1, '1.2.0')).latest.version).toBe('1.4.2');
    expect((await request(download.app).get('/api/download/latest-version')).body.version).toBe('1.4.2');

    const raised = await request(download.app).put('/api/admin/releases/1.5.0/rollout').set(asAdmin()).send({ percent: 50 });
    expect(raised.status).toBe(200);
    expect(raised.body.release.rolloutPercent).toBe(50);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => offeredTo(n)));
    const updated = answers.filter((answer) => answer.updateAvailable);
    expect(updated.length).toBeGreaterThan(5);
    expect(updated.length).toBeLessThan(35);
    expect(new Set(updated.map((answer) => answer.latest.version))).toEqual(new Set(['1.5.0']));
    // the same device, asked again, gets the same answer
    const again = await Promise.all(Array.from({ length: 40 }, (_, n) => offeredTo(n)));
    expect(again.map((answer) => answer.updateAvailable)).toEqual(answers.map((answer) => answer.updateAvailable));

    await request(download.app).put('/api/admin/releases/1.5.0/rollout').set(asAdmin()).send({ percent: 100 }).expect(200);
    const full = await offeredTo(7);
    expect(full.latest.version).toBe('1.5.0');
    // a whole download counts on the Releases screen, once the file has gone out (after the answer ends)
    await request(download.app).get(full.download.downloadUrl).expect(200);
    const shown = async () =>
      (
        (await request(download.app).get('/api/admin/releases').set(asAdmin())).body.releases as { version: string; downloads: number }[]
      ).find((release) => release.version === '1.5.0');
    await eventually(async () => (await shown())?.downloads === 1);
    expect(await shown()).toMatchObject({ rolloutPercent: 100, downloads: 1 });
    expect((await request(download.app).get('/api/download/latest-version')).body.version).toBe('1.5.0');
  });

  it('when a release is withdrawn, then it is never offered, its download answers 410, and devices on it are offered the newest good release', async () => {
    await publish('1.6.0').expect(201);
    const token = download.desktop(newUserId(), 'active');
    const link = (await check(`current=1.5.0&deviceId=${device(3)}`, token)).body.download.downloadUrl as string;
    const withdrawn = await request(download.app)
      .post('/api/admin/releases/1.6.0/withdraw')
      .set(asAdmin())
      .send({ reason: 'Breaks the ITR-3 import' });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.release).toMatchObject({ state: 'withdrawn', withdrawnReason: 'Breaks the ITR-3 import' });

    const gone = await request(download.app).get(link);
    expect([gone.status, gone.body.message]).toEqual([410, RELEASE_STEERING_MESSAGES.withdrawn('1.6.0')]);
    const signIn = download.user(newUserId(), 'active');
    const asked = await request(download.app).get('/api/download/app/1.6.0').set('Authorization', `Bearer ${signIn}`);
    expect(asked.status).toBe(410);
    expect((await offeredTo(3, '1.5.0')).updateAvailable).toBe(false);
    // a device that installed it before it was withdrawn goes back to 1.5.0
    const onWithdrawn = await offeredTo(3, '1.6.0');
    expect(onWithdrawn).toMatchObject({ updateAvailable: true, currentWithdrawn: true, latest: { version: '1.5.0' } });
    expect(onWithdrawn.download.fileName).toBe('TaxPractitioner-Setup-1.5.0.exe');
    expect((await request(download.app).get('/api/download/latest-version')).body.version).toBe('1.5.0');

    const twice = await request(download.app).post('/api/admin/releases/1.6.0/withdraw').set(asAdmin()).send({ reason: 'Again' });
    expect([twice.status, twice.body.message]).toEqual([409, RELEASE_STEERING_MESSAGES.alreadyWithdrawn('1.6.0')]);
    const raise = await request(download.app).put('/api/admin/releases/1.6.0/rollout').set(asAdmin()).send({ percent: 100 });
    expect(raise.status).toBe(410);
  });

  it('when a channel has a minimum version, then an older app is told the update is required with the admin’s words, and offered it whatever the rollout', async () => {
    await publish('1.7.0', 0).expect(201);
    const set = await request(download.app)
      .put('/api/admin/releases/channels/stable')
      .set(asAdmin())
      .send({ minimumVersion: '1.5.0', message: 'This version cannot file for AY 2027-28. Update to go on.' });
    expect(set.status).toBe(200);
    expect(set.body.channel).toMatchObject({ channel: 'stable', minimumVersion: '1.5.0', updatedBy: 'release@portal.test' });

    const old = await offeredTo(11, '1.4.2');
    expect(old).toMatchObject({
      updateRequired: true,
      requiredMessage: 'This version cannot file for AY 2027-28. Update to go on.',
      updateAvailable: true,
      latest: { version: '1.5.0' },
    });
    expect(await offeredTo(11, '1.5.0')).toMatchObject({ updateRequired: false, updateAvailable: false });
    const overview = (await request(download.app).get('/api/admin/releases').set(asAdmin())).body;
    expect(overview.channels).toContainEqual(expect.objectContaining({ channel: 'stable', minimumVersion: '1.5.0' }));
    expect(overview.releases.map((release: { version: string; state: string }) => `${release.version} ${release.state}`)).toEqual([
      '1.7.0 live',
      '1.6.0 withdrawn',
      '1.5.0 live',
      '1.4.2 live',
    ]);

    const lifted = await request(download.app).put('/api/admin/releases/channels/stable').set(asAdmin()).send({ minimumVersion: null });
    expect(lifted.body.channel.minimumVersion).toBeNull();
    expect((await offeredTo(11, '1.4.2')).updateRequired).toBe(false);

    // billing is told by its queue, never asked: every channel at start, then each change, newest last
    const told = await queuedEvents<ReleaseChannelChangedEvent>(download.redis, EVENT_QUEUES.billing, RELEASE_EVENTS.channelChanged);
    const byRevision = told.sort((a, b) => a.revision - b.revision).map(({ channel, minimumVersion }) => `${channel} ${minimumVersion}`);
    expect(byRevision.slice(0, 2).sort()).toEqual(['beta null', 'stable null']);
    expect(byRevision.slice(2)).toEqual(['stable 1.5.0', 'stable null']);
  });

  it.each([
    ['put', '/api/admin/releases/1.5.0/rollout', { percent: 101 }, RELEASE_STEERING_MESSAGES.rollout],
    ['put', '/api/admin/releases/1.5.0/rollout', { percent: 12.5 }, RELEASE_STEERING_MESSAGES.rollout],
    ['post', '/api/admin/releases/1.5.0/withdraw', { reason: ' ' }, RELEASE_STEERING_MESSAGES.reason],
    ['put', '/api/admin/releases/channels/stable', { minimumVersion: '1.6.0' }, RELEASE_STEERING_MESSAGES.minimumUnknown('1.6.0')],
    ['put', '/api/admin/releases/channels/stable', { minimumVersion: '9.9.9' }, RELEASE_STEERING_MESSAGES.minimumUnknown('9.9.9')],
    ['put', '/api/admin/releases/channels/nightly', { minimumVersion: null }, 'The channel must be stable or beta'],
  ] as const)('when %s %s sends %j, then 400 says why and nothing changes', async (method, path, body, message) => {
    const before = (await request(download.app).get('/api/admin/releases').set(asAdmin())).body;
    const answer = await request(download.app)[method](path).set(asAdmin()).send(body);
    expect([answer.status, answer.body.message]).toEqual([400, message]);
    expect((await request(download.app).get('/api/admin/releases').set(asAdmin())).body).toEqual(before);
  });

  it('when the publish form stages a release past 100 %, then 400 and nothing is stored', async () => {
    const answer = await publish('1.8.0', 150);
    expect([answer.status, answer.body.message]).toEqual([400, RELEASE_STEERING_MESSAGES.rollout]);
    expect(await download.db.connection.collection('releases').countDocuments({ version: '1.8.0' })).toBe(0);
  });
});
