import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { connectMongo, createLogger, createServiceApp, mongoReadiness } from '@portal/platform';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net
        .connect(port, '127.0.0.1')
        .once('connect', () => resolve(true))
        .once('error', () => resolve(false));
      setTimeout(() => socket.destroy(), 200);
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('FerretDB did not start');
}

describe('/ready when the database goes away', () => {
  let ferret: ChildProcess;
  let dir: string;

  afterAll(() => {
    ferret?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('when its own FerretDB is stopped, then /ready turns from 200 to 503 naming mongodb', async () => {
    const binary = process.env.FERRETDB_BIN;
    if (!binary) throw new Error('FERRETDB_BIN is not set: run the tests with `npm test`.');
    dir = mkdtempSync(path.join(os.tmpdir(), 'ferret-ready-'));
    const port = await freePort();
    ferret = spawn(
      binary,
      [
        '--handler=sqlite',
        `--sqlite-url=file:${dir}/`,
        `--state-dir=${dir}`,
        `--listen-addr=127.0.0.1:${port}`,
        '--debug-addr=-',
        '--telemetry=disable',
      ],
      { stdio: 'ignore' },
    );
    await waitForPort(port);
    const connection = await connectMongo({ uri: `mongodb://127.0.0.1:${port}/`, dbName: 'ready', serverSelectionTimeoutMS: 500 });
    const app = createServiceApp({
      name: 'example',
      logger: createLogger('example', 'silent'),
      readiness: [mongoReadiness(connection)],
      routes: () => undefined,
    });

    expect((await request(app).get('/ready')).status).toBe(200);

    ferret.kill('SIGKILL');
    await new Promise((resolve) => ferret.once('exit', resolve));
    const started = Date.now();
    const response = await request(app).get('/ready');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ status: 'unavailable', checks: { mongodb: 'down' } });
    expect(Date.now() - started).toBeLessThan(2000);
    await connection.close(true);
  });
});
