import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { Schema } from 'mongoose';
import request from 'supertest';
import { TOKEN_AUDIENCE } from '@portal/contracts';
import type { Redis } from 'ioredis';
import {
  connectMongo,
  connectRedis,
  createInternalClient,
  createAttemptLimit,
  createLogger,
  createServiceApp,
  createTokenVerifier,
  DEPENDENCY_OUTAGE_MESSAGE,
  requireAdmin,
  requireUser,
  revokedTokenKey,
} from '@portal/platform';
import { generateTestKeys, signAdminTestToken, signTestToken } from '@portal/platform/testing';
import { startDisposableFerretDB, type DisposableFerretDB } from '../../../deploy/local/lib/ferretdb';
import { freePort } from '../../../deploy/local/lib/net';

const outageBody = { error: 'service_unavailable', message: DEPENDENCY_OUTAGE_MESSAGE };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('did not recover in time');
    await pause(200);
  }
}

describe('when the database stops and starts again under a running service', () => {
  let ferret: DisposableFerretDB;
  afterAll(() => ferret?.remove());

  it('then calls answer 503 with a clear message while it is away, and the service recovers without a restart, losing no acknowledged write', async () => {
    ferret = await startDisposableFerretDB();
    const connection = await connectMongo({ uri: ferret.uri, dbName: 'outage' });
    const Note = connection.model('Note', new Schema({ text: String }));
    const app = createServiceApp({
      name: 'example',
      logger: createLogger('example', 'silent'),
      readiness: [],
      routes: (router) => {
        router.post('/notes', async (req, res) => {
          const note = await Note.create({ text: String(req.body.text) });
          res.status(201).json({ id: note.id });
        });
        router.get('/notes/count', async (_req, res) => {
          res.json({ count: await Note.countDocuments() });
        });
      },
    });
    const written = [];
    for (let i = 0; i < 5; i++)
      written.push(
        (
          await request(app)
            .post('/notes')
            .send({ text: `before ${i}` })
        ).status,
      );
    expect(written).toEqual([201, 201, 201, 201, 201]);

    await ferret.kill();
    const started = Date.now();
    const read = await request(app).get('/notes/count');
    const write = await request(app).post('/notes').send({ text: 'during' });
    expect([read.status, write.status]).toEqual([503, 503]);
    expect(read.body).toMatchObject(outageBody);
    expect(write.body).toMatchObject(outageBody);
    expect(read.headers['retry-after']).toBe('5');
    // well inside the gateway's 10 s timeout, so the user sees this answer rather than a timeout
    expect(Date.now() - started).toBeLessThan(7000);

    await ferret.restart();
    await eventually(async () => (await request(app).get('/notes/count')).status === 200);
    expect((await request(app).get('/notes/count')).body).toEqual({ count: 5 });
    expect((await request(app).post('/notes').send({ text: 'after' })).status).toBe(201);
    await connection.close(true);
  }, 60_000);
});

describe('when Redis stops and starts again under a running service', () => {
  const keys = generateTestKeys();
  let port: number;
  let server: ChildProcess | undefined;
  let redis: Redis;

  const startRedis = async () => {
    server = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await eventually(async () => {
      const probe = await connectRedis(`redis://127.0.0.1:${port}`).catch(() => undefined);
      probe?.disconnect();
      return probe !== undefined;
    }, 10_000);
  };
  const stopRedis = async () => {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server!.kill('SIGKILL');
    await exited;
  };

  afterAll(async () => {
    redis?.disconnect();
    server?.kill('SIGKILL');
  });

  it('then a user token is accepted on its signature, an admin token and a login are refused with 503, and revocation holds again once it is back', async () => {
    port = await freePort();
    await startRedis();
    redis = await connectRedis(`redis://127.0.0.1:${port}`);
    const unknownRevocations: unknown[] = [];
    const verify = createTokenVerifier({
      publicKey: keys.publicKey,
      redis,
      onRevocationUnknown: (error) => unknownRevocations.push(error),
    });
    const loginLimit = createAttemptLimit(redis, 'login:', 5, 60, 'Too many sign-in attempts');
    const app = createServiceApp({
      name: 'example',
      logger: createLogger('example', 'silent'),
      readiness: [],
      routes: (router) => {
        router.get('/user', requireUser(verify), (_req, res) => void res.json({ userId: res.locals.auth.userId }));
        router.get('/admin', requireAdmin(verify, 'view'), (_req, res) => void res.json({ ok: true }));
        router.post('/login', async (_req, res) => {
          await loginLimit('someone@example.com');
          res.json({ ok: true });
        });
      },
    });
    const userToken = signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: 'u1', email: 'u@example.com' });
    const revokedToken = signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: 'u2', email: 'v@example.com' });
    const adminToken = signAdminTestToken(keys.privateKey, { sub: 'a1', email: 'a@example.com' });
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

    await stopRedis();
    const started = Date.now();
    const user = await request(app).get('/user').set(bearer(userToken));
    const admin = await request(app).get('/admin').set(bearer(adminToken));
    const login = await request(app).post('/login');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(user.status).toBe(200);
    expect(unknownRevocations.length).toBe(1);
    expect([admin.status, login.status]).toEqual([503, 503]);
    expect(admin.body).toMatchObject(outageBody);
    expect(login.body).toMatchObject(outageBody);

    await startRedis();
    await eventually(async () => (await request(app).get('/admin').set(bearer(adminToken))).status === 200);
    const payload = JSON.parse(Buffer.from(revokedToken.split('.')[1]!, 'base64url').toString()) as { jti: string };
    await redis.set(revokedTokenKey('', payload.jti), '1');
    expect((await request(app).get('/user').set(bearer(revokedToken))).status).toBe(401);
    expect((await request(app).post('/login')).status).toBe(200);
  }, 60_000);
});

describe('when another of our services is called', () => {
  let other: http.Server;
  let otherUrl = '';
  afterAll(() => new Promise((resolve) => other?.close(resolve)));

  it('then its refusal (a 404 the caller did not handle) is a 502 of ours, not the client’s 404, and its absence a 503', async () => {
    other = http.createServer((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{}'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://127.0.0.1:${(other.address() as { port: number }).port}`;
    const app = (baseURL: string) =>
      createServiceApp({
        name: 'caller',
        logger: createLogger('caller', 'silent'),
        readiness: [],
        routes: (router) => {
          router.get('/needs-another', async (_req, res) => {
            const { data } = await createInternalClient({ baseURL, credential: () => 'Service test' }).get('/internal/thing');
            res.json(data);
          });
        },
      });
    const refused = await request(app(otherUrl)).get('/needs-another');
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ error: 'bad_gateway', message: 'Another part of the portal could not answer this request' });
    const absent = await request(app(`http://127.0.0.1:${await freePort()}`)).get('/needs-another');
    expect(absent.status).toBe(503);
    expect(absent.body).toMatchObject(outageBody);
  });

  it('then a redirect in its answer is not followed: the call fails with it, and the address it named is never asked', async () => {
    const asked: string[] = [];
    const redirecting = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url === '/internal/thing') res.writeHead(302, { location: '/elsewhere' }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"followed":true}');
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const baseURL = `http://127.0.0.1:${(redirecting.address() as { port: number }).port}`;
      const answer = await createInternalClient({ baseURL, credential: () => 'Service test' })
        .get('/internal/thing')
        .then(
          (response) => response.status,
          (error: { response?: { status: number } }) => error.response?.status,
        );
      expect(answer).toBe(302);
      expect(asked).toEqual(['/internal/thing']);
    } finally {
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });
});
