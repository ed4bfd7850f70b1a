import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync } from 'node:zlib';
import pino from 'pino';
import request from 'supertest';
import { TOKEN_AUDIENCE } from '@portal/contracts';
import { createLogger, type Logger } from '@portal/platform';
import { createTestRedis, generateTestKeys, signAdminTestToken, signTestToken, type TestRedis } from '@portal/platform/testing';
import { createGateway, type GatewayDeps } from '../src/app';
import { configSchema } from '../src/config';
import type { ServiceName } from '../src/routing/route-table';
import { closedPortUrl, startStubUpstreams, type StubUpstreams } from './upstream-stubs';

const keys = generateTestKeys();
const userToken = signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, { sub: 'u1', email: 'u@example.com' });
const adminToken = signAdminTestToken(keys.privateKey, { sub: 'a1', email: 'a@example.com' });
const desktopToken = signTestToken(keys.privateKey, TOKEN_AUDIENCE.desktop, { sub: 'u1', email: 'u@example.com' });

/** Serves `listener` on a free local port, for calls that supertest cannot make (one connection, HTTP/1.0, events). */
async function serve(listener: http.RequestListener): Promise<{ port: number; close(): void }> {
  const server = http.createServer(listener).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe('gateway', () => {
  let stubs: StubUpstreams;
  let redis: TestRedis;
  let gateway: ReturnType<typeof createGateway>;

  const build = (overrides: Partial<GatewayDeps> = {}) =>
    createGateway({
      logger: createLogger('gateway', 'silent'),
      redis: redis.redis,
      upstreams: stubs.upstreams,
      publicKey: keys.publicKey,
      corsOrigins: ['http://localhost:8080'],
      upstreamTimeoutMs: 300,
      rateLimit: { points: 10_000, windowSeconds: 60, prefix: redis.prefix },
      staticDir: '/nonexistent',
      accessLog: false,
      ...overrides,
    });

  beforeAll(async () => {
    stubs = await startStubUpstreams();
    redis = await createTestRedis('gateway');
    gateway = build();
  });
  afterAll(async () => {
    await stubs.close();
    await redis.cleanup();
  });

  // Every call of behaviour.md §7, with the token its owner requires.
  const calls: [string, string, ServiceName, string | null][] = [
    ['GET', '/api/subscription-status', 'billing', userToken],
    ['POST', '/api/auth/register', 'auth', null],
    ['POST', '/api/auth/login', 'auth', null],
    ['POST', '/api/auth/google-login', 'auth', null],
    ['POST', '/api/auth/logout', 'auth', userToken],
    ['PUT', '/api/auth/profile', 'auth', userToken],
    ['POST', '/api/auth/forgot-password', 'auth', null],
    ['POST', '/api/auth/device/code', 'auth', null],
    ['POST', '/api/auth/device/token', 'auth', null],
    ['POST', '/api/auth/device/decision', 'auth', userToken],
    ['GET', '/api/auth/desktop/me', 'auth', desktopToken],
    ['POST', '/api/start-trial', 'billing', userToken],
    ['POST', '/api/track-usage', 'admin-reporting', userToken],
    ['GET', '/api/payment/plans', 'billing', null],
    ['GET', '/api/seller', 'billing', null],
    ['POST', '/api/payment/create-phonepe-order', 'billing', userToken],
    ['GET', '/api/download/latest-version', 'download', null],
    ['GET', '/api/download/check-eligibility', 'download', userToken],
    ['GET', '/api/download/app/1.2.0', 'download', userToken],
    ['POST', '/api/feedback', 'feedback', userToken],
    ['POST', '/api/admin/login', 'auth', null],
    ['POST', '/api/admin/signup', 'auth', null],
    ['POST', '/api/admin/logout', 'auth', adminToken],
    ['GET', '/api/admin/analytics', 'admin-reporting', adminToken],
    ['GET', '/api/admin/transactions?startDate=2026-01-01', 'billing', adminToken],
    ['GET', '/api/admin/users?search=pune', 'admin-reporting', adminToken],
    ['GET', '/api/admin/users/abc123/details', 'admin-reporting', adminToken],
    ['DELETE', '/api/admin/users/abc123', 'admin-reporting', adminToken],
    ['PUT', '/api/admin/users/abc123/subscription', 'billing', adminToken],
    ['GET', '/api/admin/feedback?status=open&limit=100', 'feedback', adminToken],
    ['PUT', '/api/admin/feedback/f1', 'feedback', adminToken],
    ['DELETE', '/api/admin/feedback/f1', 'feedback', adminToken],
    ['GET', '/api/admin/export/users', 'admin-reporting', adminToken],
    ['GET', '/api/admin/export/transactions', 'billing', adminToken],
    ['GET', '/api/admin/export/feedback', 'feedback', adminToken],
  ];

  it.each(calls)('when %s %s is called, then %s answers it with path and query intact', async (method, path, service, token) => {
    let call = request(gateway)[method.toLowerCase() as 'get'](path);
    if (token) call = call.set('Authorization', `Bearer ${token}`);
    const response = await call;
    expect(response.status).toBe(200);
    expect(response.body.service).toBe(service);
    expect(response.body.url).toBe(path);
  });

  it('when a JSON body is posted, then it reaches the service unchanged', async () => {
    const response = await request(gateway).post('/api/auth/login').send({ email: 'a@b.in', password: 'secret1' });
    expect(JSON.parse(response.body.body)).toEqual({ email: 'a@b.in', password: 'secret1' });
  });

  it.each(['/internal/users', '/api/internal/users', '/api/unknown', '/api/download/../../internal/x', '/api/auth/%2e%2e/internal'])(
    'when %s is requested, then 404 and no service sees it',
    async (path) => {
      const response = await request(gateway).get(path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'not_found', message: expect.any(String), requestId: expect.any(String) });
    },
  );

  it.each([
    ['a desktop token on a user path', '/api/subscription-status', desktopToken],
    ['a desktop token on an admin path', '/api/admin/analytics', desktopToken],
    ['a user token on the desktop path', '/api/auth/desktop/me', userToken],
  ])('when %s is sent, then 401 before any service is reached', async (_case, path, token) => {
    const response = await request(gateway).get(path).set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(401);
    expect(response.body.service).toBeUndefined();
  });

  it('when a user path is called without a token, then 401 before any service is reached', async () => {
    const response = await request(gateway).get('/api/subscription-status');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'unauthorized', message: 'Authentication required', requestId: expect.any(String) });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('when an API key calls a read it may open, then the service gets it to check; on any other path, or malformed, the gateway refuses it', async () => {
    const key = `tpk_0123456789abcdef_${'A'.repeat(43)}`;
    for (const path of ['/api/subscription-status', '/api/billing/history', '/api/billing/invoices/ORD-1', '/api/licenses/devices']) {
      const passed = await request(gateway).get(path).set('Authorization', `Bearer ${key}`);
      expect([path, passed.status, passed.body.service]).toEqual([path, 200, 'billing']);
    }
    for (const path of ['/api/billing/profile', '/api/auth/profile', '/api/payment/create-phonepe-order', '/api/admin/users']) {
      expect([path, (await request(gateway).get(path).set('Authorization', `Bearer ${key}`)).status]).toEqual([path, 401]);
    }
    expect((await request(gateway).get('/api/billing/history').set('Authorization', 'Bearer tpk_short')).status).toBe(401);
  });

  it('when a token is missing or refused, then the 401 names the bearer challenge (RFC 6750 §3)', async () => {
    expect((await request(gateway).get('/api/subscription-status')).headers['www-authenticate']).toBe('Bearer realm="tax-portal"');
    const refused = await request(gateway).get('/api/subscription-status').set('Authorization', `Bearer ${desktopToken}`);
    expect(refused.headers['www-authenticate']).toBe(
      'Bearer realm="tax-portal", error="invalid_token", error_description="Your session is not valid. Please sign in again."',
    );
  });

  it('when a call arrives over plain HTTP, then no Strict-Transport-Security; over HTTPS ended by a trusted proxy, it is sent', async () => {
    for (const path of ['/api/payment/plans', '/api/unknown', '/subscription']) {
      expect((await request(gateway).get(path)).headers['strict-transport-security']).toBeUndefined();
      const secure = await request(gateway).get(path).set('X-Forwarded-Proto', 'https');
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('when any API answer is sent, with or without Origin, then it varies on Origin, beside what the service varies on', async () => {
    expect((await request(gateway).get('/api/payment/plans')).headers.vary).toBe('Origin');
    expect((await request(gateway).get('/api/payment/plans').set('Origin', 'https://evil.example')).headers.vary).toBe('Origin');
    expect((await request(gateway).get('/api/unknown')).headers.vary).toBe('Origin');
    expect((await request(gateway).get('/api/subscription-status')).headers.vary).toBe('Origin');
    expect((await request(gateway).get('/api/payment/plans?varies')).headers.vary).toBe('Accept-Encoding, Origin');
  });

  it('when a browser sends a CORS preflight from an allowed origin, then the gateway answers it without a token', async () => {
    const response = await request(gateway)
      .options('/api/auth/profile')
      .set('Origin', 'http://localhost:8080')
      .set('Access-Control-Request-Method', 'PUT')
      .set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(response.headers['access-control-allow-methods']).toContain('PUT');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when tokens cross audiences or are forged, then 401', async () => {
    const forged = signTestToken(generateTestKeys().privateKey, TOKEN_AUDIENCE.user, { sub: 'u1', email: 'u@example.com' });
    expect((await request(gateway).get('/api/subscription-status').set('Authorization', `Bearer ${adminToken}`)).status).toBe(401);
    expect((await request(gateway).get('/api/admin/analytics').set('Authorization', `Bearer ${userToken}`)).status).toBe(401);
    expect((await request(gateway).get('/api/subscription-status').set('Authorization', `Bearer ${forged}`)).status).toBe(401);
  });

  it('when one connection carries a valid token and then a forged or a wrong-audience one, then each later call is refused', async () => {
    const forged = signTestToken(generateTestKeys().privateKey, TOKEN_AUDIENCE.user, { sub: 'u1', email: 'u@example.com' });
    const server = await serve(gateway);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const status = (path: string, token: string) =>
      new Promise<{ status?: number; port?: number }>((resolve, reject) => {
        const call = http.get(
          { host: '127.0.0.1', port: server.port, path, agent, headers: { authorization: `Bearer ${token}` } },
          (res) => {
            res.resume().on('end', () => resolve({ status: res.statusCode, port: call.socket?.localPort }));
          },
        );
        call.on('error', reject);
      });
    try {
      const first = await status('/api/subscription-status', userToken);
      const outcomes = [
        first,
        await status('/api/subscription-status', forged),
        await status('/api/admin/analytics', userToken),
        await status('/api/subscription-status', userToken),
      ];
      expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 401, 401, 200]);
      expect(new Set(outcomes.map((outcome) => outcome.port))).toEqual(new Set([first.port])); // all on one connection
    } finally {
      agent.destroy();
      server.close();
    }
  });

  it('when an HTTP/1.0 client calls, then the answer closes the connection rather than passing on the service’s keep-alive', async () => {
    const server = await serve(gateway);
    try {
      const socket = net.connect(server.port, '127.0.0.1');
      socket.write('GET /api/payment/plans HTTP/1.0\r\nHost: localhost\r\n\r\n');
      let raw = '';
      socket.on('data', (chunk) => (raw += chunk));
      const closed = await Promise.race([
        once(socket, 'close').then(() => true),
        new Promise((resolve) => setTimeout(resolve, 2000, false)),
      ]);
      socket.destroy();
      expect(closed).toBe(true);
      const [head, body] = raw.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(head).toMatch(/\r\nconnection: close\r\n/i);
      expect(head).not.toMatch(/transfer-encoding/i);
      expect(JSON.parse(body as string)).toMatchObject({ service: 'billing', url: '/api/payment/plans' });
    } finally {
      server.close();
    }
  });

  it('when a request id is sent, then the service receives the same id and the answer carries it', async () => {
    const response = await request(gateway).get('/api/payment/plans').set('x-request-id', 'trace-42');
    expect(response.body.requestId).toBe('trace-42');
    expect(response.headers['x-request-id']).toBe('trace-42');
  });

  it('when no request id is sent, then one is created and passed on', async () => {
    const response = await request(gateway).get('/api/payment/plans');
    expect(response.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-request-id']).toBe(response.body.requestId);
    expect(response.body.forwardedFor).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('when a call already names earlier proxies, then the service gets that list with the caller’s address appended', async () => {
    const response = await request(gateway).get('/api/payment/plans').set('X-Forwarded-For', '203.0.113.9');
    expect(response.body.forwardedFor).toMatch(/^203\.0\.113\.9, (::ffff:)?127\.0\.0\.1$/);
  });

  describe('the access log', () => {
    /** A gateway logging its calls through `logger`, and the lines that reached the logger's destination. */
    const loggedBy = (makeLogger: (destination: { write(line: string): void }) => Logger) => {
      const written: string[] = [];
      const logger = makeLogger({ write: (line) => void written.push(line) });
      return { logged: build({ accessLog: true, accessLogger: logger }), logger, written };
    };

    it('when calls are answered by a service or by the gateway, then each leaves the JSON line pino writes for its fields', async () => {
      const { logged, logger, written } = loggedBy((destination) => pino({ name: 'gateway', base: { service: 'gateway' } }, destination));
      const url = '/api/payment/plans?note="quoted"\\end'; // characters JSON escapes, sent as they are
      const server = await serve(logged);
      try {
        const status = await new Promise((resolve, reject) =>
          http
            .get({ port: server.port, host: '127.0.0.1', path: url, headers: { 'x-request-id': 'trace-7' } }, (answer) =>
              resolve(answer.resume().statusCode),
            )
            .on('error', reject),
        );
        expect(status).toBe(200);
      } finally {
        server.close();
      }
      await request(logged).get('/api/unknown').set('x-request-id', 'trace-8');
      logger.info({ requestId: 'trace-7', method: 'GET', url, status: 200, upstream: 'billing', clientAddress: '127.0.0.1', ms: 1.5 });

      expect(written).toHaveLength(3);
      const [proxied, unrouted, pinos] = written.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(proxied).toEqual({
        ...pinos,
        time: expect.any(Number),
        clientAddress: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/),
        ms: expect.any(Number),
      });
      expect(Object.keys(proxied!)).toEqual(Object.keys(pinos!));
      expect(proxied!.ms).toBeGreaterThanOrEqual(0);
      expect(unrouted).toEqual({
        level: 30,
        time: expect.any(Number),
        service: 'gateway',
        name: 'gateway',
        requestId: 'trace-8',
        method: 'GET',
        url: '/api/unknown',
        status: 404,
        clientAddress: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/),
        ms: expect.any(Number),
      });
      expect(written.every((line) => line.endsWith('}\n'))).toBe(true);
    });

    it('when a signed-in call comes through a trusted proxy, then its line names the subject and the caller’s address; a refused token names none', async () => {
      const { logged, written } = loggedBy((destination) => pino({ name: 'gateway' }, destination));
      await request(logged)
        .get('/api/subscription-status')
        .set('Authorization', `Bearer ${userToken}`)
        .set('X-Forwarded-For', '203.0.113.9');
      await request(logged).get('/api/admin/analytics').set('Authorization', `Bearer ${adminToken}`);
      await request(logged).get('/api/admin/analytics').set('Authorization', `Bearer ${userToken}`);
      const [user, admin, refused] = written.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(user).toMatchObject({ url: '/api/subscription-status', status: 200, clientAddress: '203.0.113.9', subject: 'u1' });
      expect(admin).toMatchObject({ url: '/api/admin/analytics', status: 200, subject: 'a1' });
      expect(refused).toMatchObject({ url: '/api/admin/analytics', status: 401 });
      expect(refused).not.toHaveProperty('subject');
    });

    it('when the log is pretty, then only failed and slow calls reach the terminal, one short line each', async () => {
      let shown = '';
      const output = new Writable({ write: (chunk, _encoding, done) => void ((shown += chunk), done()) });
      const { logged } = loggedBy(() => createLogger('gateway', 'info', { format: 'pretty', output }));
      await request(logged).get('/api/payment/plans');
      await request(logged).get('/api/unknown');
      expect(shown.replace(/\x1b\[[\d;]*m/g, '').trim()).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/unknown → 404 in [\d.]+ ms$/);
    });

    it('when the level leaves out info, then calls leave no line', async () => {
      const { logged, written } = loggedBy((destination) => pino({ level: 'warn' }, destination));
      expect((await request(logged).get('/api/payment/plans')).status).toBe(200);
      expect((await request(logged).get('/api/unknown')).status).toBe(404);
      expect(written).toEqual([]);
    });
  });

  it('when a service is down, then 503 with the error body within a second', async () => {
    const down = build({ upstreams: { ...stubs.upstreams, billing: await closedPortUrl() } });
    const started = Date.now();
    const response = await request(down).get('/api/payment/plans');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      error: 'service_unavailable',
      message: 'The billing service is unavailable',
      requestId: expect.any(String),
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('when a browser opens a download link while its service is down, then the gateway answers a page with the way back', async () => {
    const down = build({ upstreams: { ...stubs.upstreams, download: await closedPortUrl() } });
    const response = await request(down).get('/api/download/file/1.0.0?user=u&expires=1&sig=s').set('accept', 'text/html');
    expect(response.status).toBe(503);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.text).toContain('<p>The download service is unavailable</p>');
    expect(response.text).toContain('<a class="action" href="/download">Start the download again from the Download page</a>');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('when an export takes longer than a call to begin, then the gateway waits for it', async () => {
    const response = await request(gateway).get('/api/admin/export/users?slow-start=1').set('Authorization', `Bearer ${adminToken}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ service: 'admin-reporting', url: '/api/admin/export/users?slow-start=1' });
  });

  it('when a call that is not an export starts as slowly, then 504', async () => {
    const response = await request(gateway).get('/api/admin/users?slow-start=1').set('Authorization', `Bearer ${adminToken}`);
    expect(response.status).toBe(504);
  });

  it('when a service does not answer in time, then 504', async () => {
    const started = Date.now();
    const response = await request(gateway).get('/api/payment/hang');
    expect(response.status).toBe(504);
    expect(response.body).toEqual({
      error: 'gateway_timeout',
      message: 'The billing service did not answer in time',
      requestId: expect.any(String),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('when an address goes over the rate limit, then 429 with Retry-After', async () => {
    const limited = build({ rateLimit: { points: 3, windowSeconds: 60, prefix: `${redis.prefix}limited:` } });
    for (let i = 0; i < 3; i++) expect((await request(limited).get('/api/payment/plans')).status).toBe(200);
    const response = await request(limited).get('/api/payment/plans');
    expect(response.status).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.body.error).toBe('too_many_requests');
    expect(await redis.redis.keys(`${redis.prefix}limited:*`)).not.toHaveLength(0);
  });

  it('when every service is ready, then /health is 200 naming each one ok', async () => {
    const response = await request(gateway).get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ok',
      services: { auth: 'ok', billing: 'ok', download: 'ok', feedback: 'ok', 'admin-reporting': 'ok', notifications: 'ok', partners: 'ok' },
    });
  });

  it('when a service is down, then /health is 503 and names it down', async () => {
    const down = build({ upstreams: { ...stubs.upstreams, feedback: await closedPortUrl() } });
    const response = await request(down).get('/health');
    expect(response.status).toBe(503);
    expect(response.body.services).toEqual({
      auth: 'ok',
      billing: 'ok',
      download: 'ok',
      feedback: 'down',
      'admin-reporting': 'ok',
      notifications: 'ok',
      partners: 'ok',
    });
  });

  it('when a service is down, then /live still answers 200: the gateway itself is alive', async () => {
    const down = build({ upstreams: { ...stubs.upstreams, feedback: await closedPortUrl() } });
    const response = await request(down).get('/live');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('when an allowed origin calls, then CORS allows it with credentials; another origin gets no grant', async () => {
    const allowed = await request(gateway).get('/api/payment/plans').set('Origin', 'http://localhost:8080');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const other = await request(gateway).get('/api/payment/plans').set('Origin', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('when a page is requested before the frontends are built, then a placeholder page with security headers', async () => {
    const response = await request(gateway).get('/subscription');
    expect(response.status).toBe(200);
    expect(response.text).toContain('Tax Practitioner Portal');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  describe('pages with Google sign-in configured', () => {
    const built = mkdtempSync(path.join(os.tmpdir(), 'gateway-pages-'));
    writeFileSync(path.join(built, 'index.html'), '<!doctype html><html><head><title>Portal</title></head><body></body></html>');
    writeFileSync(path.join(built, 'page.0123ab.js'), 'console.log("plain");');
    writeFileSync(path.join(built, 'page.0123ab.js.br'), brotliCompressSync('console.log("plain");'));
    writeFileSync(path.join(built, 'remoteEntry.js'), 'var portal;');
    afterAll(() => rmSync(built, { recursive: true, force: true }));
    /** A built remote's mf-manifest.json, naming each module's files. */
    const writeManifest = (remote: string, exposes: { path: string; js: string[]; css: string[] }[]) => {
      mkdirSync(path.join(built, 'remotes', remote), { recursive: true });
      writeFileSync(
        path.join(built, 'remotes', remote, 'mf-manifest.json'),
        JSON.stringify({
          metaData: { publicPath: `/remotes/${remote}/`, remoteEntry: { name: 'remoteEntry.js' } },
          exposes: exposes.map(({ path: exposed, js, css }) => ({ path: exposed, assets: { js: { sync: js }, css: { sync: css } } })),
        }),
      );
    };

    it('when Google has a client id, then every page names it and its policy admits Google Identity Services', async () => {
      const page = await request(build({ staticDir: built, googleClientId: 'portal-1.apps.googleusercontent.com' })).get('/login');
      expect(page.status).toBe(200);
      expect(page.text).toContain('<meta name="google-client-id" content="portal-1.apps.googleusercontent.com"></head>');
      const policy = page.headers['content-security-policy'];
      expect(policy).toContain("script-src 'self' https://accounts.google.com/gsi/client");
      expect(policy).toContain("frame-src 'self' https://accounts.google.com/gsi/");
      expect(policy).toContain("connect-src 'self' https://accounts.google.com/gsi/");
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    });

    it('when a browser takes brotli, then the prebuilt copy is sent; hashed chunks are kept for good, entries revalidated', async () => {
      const pages = build({ staticDir: built });
      const chunk = await request(pages).get('/page.0123ab.js').set('Accept-Encoding', 'gzip, br');
      expect(chunk.headers['content-encoding']).toBe('br');
      expect(chunk.headers['content-type']).toMatch(/javascript/);
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(chunk.text).toBe('console.log("plain");'); // supertest decodes it
      const plain = await request(pages).get('/page.0123ab.js').set('Accept-Encoding', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      const entry = await request(pages).get('/remoteEntry.js');
      expect(entry.headers['cache-control']).toBe('no-cache');
    });

    it('when npm run dev rebuilds the frontends, then open pages are told to reload', async () => {
      const server = await serve(build({ staticDir: built, liveReload: true }));
      const base = `http://127.0.0.1:${server.port}`;
      try {
        expect(await (await fetch(`${base}/login`)).text()).toContain('<script src="/__live-reload.js" defer></script></head>');
        const events = await fetch(`${base}/__live-reload`);
        const reader = events.body!.getReader();
        await reader.read(); // connected
        writeFileSync(path.join(built, 'page.0123ab.js'), 'console.log("rebuilt");');
        const { value } = await reader.read();
        expect(new TextDecoder().decode(value)).toContain('event: rebuilt');
        await reader.cancel();
      } finally {
        server.close();
      }
    });

    it('when an admin page is opened, then its HTML preloads the admin remote’s entry and App files; other pages name none of them', async () => {
      const unbuilt = await request(build({ staticDir: built })).get('/admin/dashboard');
      expect(unbuilt.text).not.toContain('/remotes/admin/'); // no admin remote built: a plain page
      writeManifest('admin', [
        { path: './Other', js: ['other.11111111.js'], css: [] },
        { path: './App', js: ['296.9e99297b.js', 'app.3050b141.js'], css: ['app.adae7365.css'] },
      ]);
      const pages = build({ staticDir: built });
      const admin = await request(pages).get('/admin/dashboard?tab=users');
      expect(admin.status).toBe(200);
      expect(admin.text).toContain(
        '<link rel="preload" href="/remotes/admin/remoteEntry.js" as="script" fetchpriority="low">' +
          '<link rel="preload" href="/remotes/admin/296.9e99297b.js" as="script" fetchpriority="low">' +
          '<link rel="preload" href="/remotes/admin/app.3050b141.js" as="script" fetchpriority="low">' +
          '<link rel="preload" href="/remotes/admin/app.adae7365.css" as="style"></head>',
      );
      expect(admin.text).not.toContain('other.11111111.js');
      for (const other of ['/login', '/administrator', '/index.html'])
        expect((await request(pages).get(other)).text).not.toContain('/remotes/admin/');
    });

    it('when the partner area is opened, then its HTML preloads the partner remote’s entry and App files; admin and portal pages name none of them', async () => {
      writeManifest('partner', [{ path: './App', js: ['412.5a5a5a5a.js', 'app.77e1c0de.js'], css: [] }]);
      try {
        const pages = build({ staticDir: built });
        const partner = await request(pages).get('/partner/area');
        expect(partner.status).toBe(200);
        expect(partner.text).toContain(
          '<link rel="preload" href="/remotes/partner/remoteEntry.js" as="script" fetchpriority="low">' +
            '<link rel="preload" href="/remotes/partner/412.5a5a5a5a.js" as="script" fetchpriority="low">' +
            '<link rel="preload" href="/remotes/partner/app.77e1c0de.js" as="script" fetchpriority="low"></head>',
        );
        expect((await request(pages).get('/partner')).text).toContain('/remotes/partner/app.77e1c0de.js');
        for (const other of ['/login', '/admin/dashboard', '/partners', '/index.html'])
          expect((await request(pages).get(other)).text).not.toContain('/remotes/partner/');
      } finally {
        rmSync(path.join(built, 'remotes', 'partner'), { recursive: true, force: true });
      }
    });

    it('when a portal page is opened, then its HTML preloads the portal module that shows it, the entry named once; the landing page and unknown paths name none', async () => {
      writeManifest('portal', [
        { path: './Pricing', js: ['294.fa39c8.js', 'pricing.37aeff.js'], css: [] },
        { path: './Subscription', js: ['294.fa39c8.js', 'sub.947eb1.js'], css: ['sub.400c0e.css'] },
      ]);
      try {
        const pages = build({ staticDir: built });
        const subscription = await request(pages).get('/subscription?status=success');
        expect(subscription.status).toBe(200);
        expect(subscription.text).toContain(
          '<link rel="preload" href="/remotes/portal/294.fa39c8.js" as="script" fetchpriority="low">' +
            '<link rel="preload" href="/remotes/portal/sub.947eb1.js" as="script" fetchpriority="low">' +
            '<link rel="preload" href="/remotes/portal/sub.400c0e.css" as="style"></head>',
        );
        expect(subscription.text).not.toContain('/remotes/portal/remoteEntry.js'); // index.html names it; this one names nothing else
        expect(subscription.text).not.toContain('pricing.37aeff.js');
        // a visitor's page too: its code comes beside the shell's rather than after it has run
        const pricing = await request(pages).get('/pricing');
        expect(pricing.text).toContain(
          '<link rel="preload" href="/remotes/portal/294.fa39c8.js" as="script" fetchpriority="low">' +
            '<link rel="preload" href="/remotes/portal/pricing.37aeff.js" as="script" fetchpriority="low"></head>',
        );
        expect(pricing.text).not.toContain('sub.947eb1.js');
        for (const other of ['/', '/subscriptions', '/index.html']) {
          const page = await request(pages).get(other);
          expect(page.status).toBe(200);
          expect(page.text).not.toContain('/remotes/portal/');
        }
      } finally {
        rmSync(path.join(built, 'remotes', 'portal'), { recursive: true, force: true });
      }
    });

    it('when the configured client id holds markup, then the gateway refuses to start with it', () => {
      const parsed = configSchema.safeParse({ JWT_PUBLIC_KEY: keys.publicKey, GOOGLE_CLIENT_ID: '"><script>alert(1)</script>' });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['GOOGLE_CLIENT_ID']);
    });

    it('when no client id is set, then the pages carry no Google setting and the strict policy', async () => {
      const page = await request(build({ staticDir: built })).get('/index.html');
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('google-client-id');
      expect(page.text).not.toContain('__live-reload');
      expect(page.headers['content-security-policy']).toContain("script-src 'self';");
      expect(page.headers['content-security-policy']).not.toContain('accounts.google.com');
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    });
  });
});
