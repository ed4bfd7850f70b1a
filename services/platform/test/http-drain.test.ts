import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpDrain } from '../src/lifecycle/http-drain';

/** One GET on `agent`'s kept-alive connection: its status, `Connection` header and the local port it left from. */
function get(port: number, agent: http.Agent): Promise<{ status: number; connection?: string; localPort?: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, localPort: req.socket?.localPort }));
    });
    req.on('error', reject);
  });
}

describe('draining an HTTP server', () => {
  let server: http.Server;
  let port: number;
  let agent: http.Agent;

  /** A server listening, its drain made at once as a service makes it; answers the drain. */
  async function listen(idleGraceMs: number): Promise<() => Promise<void>> {
    server = http.createServer((_req, res) => res.end('ok'));
    server.keepAliveTimeout = 65_000;
    const drain = httpDrain(server, { idleGraceMs });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    return drain;
  }

  beforeEach(() => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  });

  afterEach(() => {
    agent.destroy();
    server.closeAllConnections();
    server.close();
  });

  it('when a client calls again on its kept-alive connection just after the drain began, then it is answered, told to close, and the drain ends after', async () => {
    const drain = await listen(5_000);
    const first = await get(port, agent);
    expect(first).toMatchObject({ status: 200, connection: 'keep-alive' });

    const drained = drain();
    await new Promise((resolve) => setTimeout(resolve, 50));

    // the same connection, not a new one: the server has not closed it under the client
    const second = await get(port, agent);
    expect(second).toEqual({ status: 200, connection: 'close', localPort: first.localPort });
    await drained;
    await expect(get(port, agent)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('when a kept-alive connection stays idle through the grace, then the drain closes it and ends', async () => {
    const drain = await listen(300);
    await get(port, agent);
    const started = Date.now();
    await drain();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(server.listening).toBe(false);
  });

  it('when no connection is open, then the drain ends at once', async () => {
    const drain = await listen(5_000);
    const started = Date.now();
    await drain();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(server.listening).toBe(false);
  });
});
