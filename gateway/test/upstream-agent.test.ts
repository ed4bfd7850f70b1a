import { spawn } from 'node:child_process';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { createUpstreamAgent } from '../src/routing/upstream-agent';

describe('the agent that carries calls to a service', () => {
  let server: http.Server;
  let port: number;
  let connections: number;
  const seen: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers['x-request-id']}`);
      res.end('ok');
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    connections = 0;
    seen.length = 0;
  });

  /** A call with options shaped as http-proxy shapes them: every TLS option named, undefined. */
  const call = (agent: http.Agent, path: string, id: string) =>
    new Promise<string>((resolve, reject) => {
      const options = {
        port,
        host: '127.0.0.1',
        hostname: '127.0.0.1',
        socketPath: undefined,
        pfx: undefined,
        key: undefined,
        passphrase: undefined,
        cert: undefined,
        ca: undefined,
        ciphers: undefined,
        secureProtocol: undefined,
        method: 'POST',
        headers: { 'x-request-id': id },
        agent,
        localAddress: undefined,
        path,
      };
      http
        .request(options, (answer) => {
          let body = '';
          answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
          answer.on('end', () => resolve(`${answer.statusCode} ${body}`));
        })
        .on('error', reject)
        .end();
    });

  it('when calls follow one another, then each reaches the service as sent, over one kept-alive connection', async () => {
    const agent = createUpstreamAgent(5_000);
    expect(await call(agent, '/api/one?x=1', 'a')).toBe('200 ok');
    expect(await call(agent, '/api/two', 'b')).toBe('200 ok');
    expect(await call(agent, '/api/three', 'c')).toBe('200 ok');
    expect(seen).toEqual(['POST /api/one?x=1 a', 'POST /api/two b', 'POST /api/three c']);
    expect(connections).toBe(1);
    agent.destroy();
  });

  it('when a kept-alive connection has lived its time, then the next call connects anew, so that a scaled service’s new replicas get calls', async () => {
    const agent = createUpstreamAgent(5_000, { socketLifeMs: 50 });
    expect(await call(agent, '/api/one', 'a')).toBe('200 ok');
    expect(await call(agent, '/api/two', 'b')).toBe('200 ok');
    expect(connections).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await call(agent, '/api/three', 'c')).toBe('200 ok'); // on the old connection, which is then closed
    expect(await call(agent, '/api/four', 'd')).toBe('200 ok');
    expect(connections).toBe(2);
    agent.destroy();
  });

  it('when a service stays silent longer than allowed, then the call times out', async () => {
    const silent = http.createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const agent = createUpstreamAgent(50);
    const timedOut = await new Promise<boolean>((resolve) => {
      const request = http.request({ port: (silent.address() as AddressInfo).port, host: '127.0.0.1', path: '/', agent });
      request.once('timeout', () => {
        request.destroy();
        resolve(true);
      });
      request.once('response', () => resolve(false));
      request.on('error', () => undefined);
      request.end();
    });
    expect(timedOut).toBe(true);
    agent.destroy();
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('when a service’s address takes no connection, then the call fails as unreachable within the connect timeout, not after the silence allowed', async () => {
    // a listener that never accepts: once its one-place queue is taken, the kernel drops further
    // connection attempts unanswered, as the address of a container that has just gone does
    const listener = spawn('python3', [
      '-c',
      "import socket,sys\ns=socket.socket();s.bind(('127.0.0.1',0));s.listen(0);print(s.getsockname()[1],flush=True);sys.stdin.read()",
    ]);
    const agent = createUpstreamAgent(10_000, { connectTimeoutMs: 300 });
    const queued = new net.Socket();
    try {
      const fullPort = Number(
        await new Promise<string>((resolve) => listener.stdout.once('data', (data: Buffer) => resolve(String(data)))),
      );
      await new Promise((resolve) => queued.connect(fullPort, '127.0.0.1', () => resolve(undefined)));
      const started = Date.now();
      const request = http.request({ port: fullPort, host: '127.0.0.1', path: '/', agent });
      const outcome = await Promise.race([
        new Promise<NodeJS.ErrnoException>((resolve) => request.once('error', resolve).end()),
        new Promise<string>((resolve) => setTimeout(() => resolve('still waiting after 3 s'), 3_000)),
      ]);
      request.destroy();
      expect(outcome).toMatchObject({ code: 'ETIMEDOUT' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    } finally {
      agent.destroy();
      queued.destroy();
      listener.kill();
    }
  });
});
