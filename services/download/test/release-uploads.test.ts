import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { Upload, type UploadOptions } from 'tus-js-client';
import { RELEASE_UPLOAD_MESSAGES, RELEASE_UPLOADS_PATH } from '@portal/contracts';
import { startDownload } from './download-harness';

jest.setTimeout(180_000);

const MB = 1024 * 1024;
const SIZE = 300 * MB;

/** A 300 MB installer of random bytes, written once; answers its path and SHA-256. */
async function bigInstaller(dir: string): Promise<{ file: string; sha256: string }> {
  const file = path.join(dir, 'TaxPractitioner-Setup.exe');
  const hash = createHash('sha256');
  const out = createWriteStream(file);
  for (let written = 0; written < SIZE; written += 4 * MB) {
    const part = randomBytes(4 * MB);
    hash.update(part);
    if (!out.write(part)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { file, sha256: hash.digest('hex') };
}

describe('an installer uploaded in parts by tus, resumed after a break, then published', () => {
  let download: Awaited<ReturnType<typeof startDownload>>;
  let server: http.Server;
  let base: string;
  let workDir: string;
  let installer: { file: string; sha256: string };

  beforeAll(async () => {
    download = await startDownload('uploads', { MAX_INSTALLER_BYTES: String(400 * MB) });
    server = http.createServer(download.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    workDir = mkdtempSync(path.join(os.tmpdir(), 'tus-'));
    installer = await bigInstaller(workDir);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await download.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  const owner = () => ({ Authorization: `Bearer ${download.adminToken()}` });
  const options = (extra: Partial<UploadOptions>): UploadOptions => ({
    endpoint: `${base}${RELEASE_UPLOADS_PATH}`,
    chunkSize: 16 * MB,
    uploadSize: SIZE,
    headers: owner(),
    metadata: { filename: 'TaxPractitioner-Setup.exe' },
    retryDelays: [],
    ...extra,
  });
  /** Uploads until `stopAt` bytes have been confirmed (then breaks off, as a line that drops), or to the end. */
  const send = (extra: Partial<UploadOptions>, stopAt = Infinity) =>
    new Promise<{ url: string; confirmed: number[] }>((resolve, reject) => {
      const confirmed: number[] = [];
      const upload: Upload = new Upload(
        createReadStream(installer.file),
        options({
          ...extra,
          onChunkComplete: (_chunk, accepted) => {
            confirmed.push(accepted);
            if (accepted >= stopAt) void upload.abort().then(() => resolve({ url: upload.url!, confirmed }));
          },
          onSuccess: () => resolve({ url: upload.url!, confirmed }),
          onError: reject,
        }),
      );
      upload.start();
    });
  const publish = (uploadId: string, body: object) =>
    request(download.app).post(`${RELEASE_UPLOADS_PATH}/${uploadId}/publish`).set(owner()).send(body);

  it('when the line breaks at the middle, then the upload resumes from there, nothing is offered until it is whole, and the release carries its SHA-256', async () => {
    const first = await send({}, SIZE / 2);
    const location = new URL(first.url).pathname;
    const uploadId = location.split('/').pop()!;
    const head = await request(download.app).head(location).set(owner()).set('Tus-Resumable', '1.0.0');
    const received = Number(head.headers['upload-offset']);
    expect(received).toBeGreaterThanOrEqual(SIZE / 2);
    expect(received).toBeLessThan(SIZE);

    const early = await publish(uploadId, { version: '2.0.0', notes: 'Faster search' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(RELEASE_UPLOAD_MESSAGES.incomplete(received, SIZE));
    expect((await request(download.app).get('/api/download/latest-version')).status).toBe(404);

    const second = await send({ uploadUrl: first.url });
    // the second part began where the first stopped: its first confirmation is one chunk past it
    expect(second.confirmed[0]).toBe(Math.min(received + 16 * MB, SIZE));
    expect(second.confirmed.at(-1)).toBe(SIZE);

    const wrong = await publish(uploadId, { version: '2.0.0', sha256: 'ab'.repeat(32) });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe(RELEASE_UPLOAD_MESSAGES.mismatch(installer.sha256));

    const published = await publish(uploadId, {
      version: '2.0.0',
      notes: 'Faster search',
      rollout: 10,
      sha256: installer.sha256.toUpperCase(),
    });
    expect(published.status).toBe(201);
    expect(published.body.release).toMatchObject({
      version: '2.0.0',
      fileSize: SIZE,
      sha256: installer.sha256,
      notes: 'Faster search',
      channel: 'stable',
      rolloutPercent: 10,
      publishedBy: 'release@portal.test',
    });
    expect(statSync(path.join(download.releasesDir, 'TaxPractitioner-Setup-2.0.0.exe')).size).toBe(SIZE);
    // the parts are gone once it is a release
    expect((await request(download.app).head(location).set(owner()).set('Tus-Resumable', '1.0.0')).status).toBe(404);
    expect((await publish(uploadId, { version: '2.0.1' })).body.message).toBe(RELEASE_UPLOAD_MESSAGES.unknown);
  });

  it('when someone who may not publish, or no one, starts an upload, or one too large, then it is refused; an owner’s is made at a relative address', async () => {
    const create = (headers: Record<string, string>) =>
      request(download.app)
        .post(RELEASE_UPLOADS_PATH)
        .set({ 'Tus-Resumable': '1.0.0', 'Upload-Length': String(MB), ...headers });
    expect((await create({})).status).toBe(401);
    expect((await create({ Authorization: `Bearer ${download.adminToken('support')}` })).status).toBe(403);
    const tooLarge = await create({ ...owner(), 'Upload-Length': String(401 * MB) });
    expect(tooLarge.status).toBe(413);
    const created = await create(owner());
    expect(created.status).toBe(201);
    // relative, as behind the gateway the service's own host is not the browser's
    expect(created.headers.location).toMatch(new RegExp(`^${RELEASE_UPLOADS_PATH}/[0-9a-f]{32}$`));
  });

  it('when the publish call is malformed, then 400 says why and nothing is published', async () => {
    const answer = await publish('0123456789abcdef0123456789abcdef', { version: 'two', sha256: 'xyz' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/version|SHA-256/);
    const unknown = await publish('not-an-id', { version: '2.1.0' });
    expect(unknown.status).toBe(400);
  });
});
