import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A port nothing listens on now, for a server a test starts itself. */
export function freePort(): Promise<number> {
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

export interface TestFerretDB {
  uri: string;
  /** Kills it at once, as a crash or a pulled plug would. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data. */
  restart(): Promise<void>;
  remove(): Promise<void>;
}

/**
 * A FerretDB of a test's own (the binary `npm test` built), for tests that stop the database
 * under a running service; the shared one stays up for every other test.
 */
export async function startTestFerretDB(): Promise<TestFerretDB> {
  const binary = process.env.FERRETDB_BIN;
  if (!binary) throw new Error('FERRETDB_BIN is not set: run the tests with `npm test`.');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ferret-outage-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
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
  };
  const kill = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    uri: `mongodb://127.0.0.1:${port}/`,
    kill,
    restart: start,
    async remove() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
