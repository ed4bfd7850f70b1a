import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICES, type ServiceName } from '../src/routing/route-table';
import type { Upstreams } from '../src/routing/proxy';

export interface StubUpstreams {
  upstreams: Upstreams;
  close(): Promise<void>;
}

/**
 * One tiny HTTP server per service that names itself and echoes what reached it. A path
 * containing "hang" is never answered, to exercise the gateway's timeout; one containing
 * "slow-start" is answered after 600 ms.
 */
export async function startStubUpstreams(): Promise<StubUpstreams> {
  const servers: http.Server[] = [];
  const upstreams = {} as Upstreams;
  for (const service of SERVICES) {
    const server = http.createServer((req, res) => {
      if (req.url?.includes('hang')) return;
      const delayMs = req.url?.includes('slow-start') ? 600 : 0;
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', async () => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        res.setHeader('Content-Type', 'application/json');
        if (req.url?.includes('varies')) res.setHeader('Vary', 'Accept-Encoding');
        res.end(
          JSON.stringify({
            service,
            method: req.method,
            url: req.url,
            requestId: req.headers['x-request-id'],
            forwardedFor: req.headers['x-forwarded-for'],
            body,
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    upstreams[service as ServiceName] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  return {
    upstreams,
    close: async () => {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve).closeAllConnections())));
    },
  };
}

/** A port where nothing listens: a service that is down. */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
