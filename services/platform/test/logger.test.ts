import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import axios from 'axios';
import { batchedDestination, createLogger } from '../src/observability/logger';

/** The lines a pretty logger wrote, without the terminal's colours. */
function prettyLines(slowRequestMs = 1000) {
  const output = new PassThrough();
  let written = '';
  output.on('data', (chunk) => (written += chunk));
  const logger = createLogger('billing', 'info', { format: 'pretty', slowRequestMs, output });
  return {
    logger,
    lines: () =>
      written
        .replace(/\x1b\[[\d;]*m/g, '')
        .trim()
        .split('\n')
        .filter(Boolean),
  };
}

describe('logs a person can read at a terminal', () => {
  it('when requests pass, then only the failed and the slow ones are shown, each as one short line', () => {
    const { logger, lines } = prettyLines(500);
    logger.info({ requestId: 'r1', method: 'GET', url: '/api/payment/plans', status: 200, ms: 3.2 }, 'request');
    logger.info({ requestId: 'r2', method: 'POST', url: '/api/auth/login', status: 401, ms: 40 }, 'request');
    logger.info({ requestId: 'r3', method: 'GET', url: '/api/admin/users', status: 200, ms: 812.5 }, 'request');
    logger.info({ requestId: 'r4', method: 'GET', url: '/api/download/latest-version', status: 200, ms: 1 }); // the gateway's, without a message
    expect(lines()).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: POST \/api\/auth\/login → 401 in 40 ms$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/admin\/users → 200 in 812.5 ms$/),
    ]);
  });

  it('when an event is logged, then it is one line with its fields, and secrets stay redacted', () => {
    const { logger, lines } = prettyLines();
    logger.warn({ body: { password: 'hunter22' } }, 'SELLER_* settings are not set');
    const [line] = lines();
    expect(line).toMatch(/WARN: SELLER_\* settings are not set/);
    expect(line).toContain('[redacted]');
    expect(line).not.toContain('hunter22');
    expect(lines()).toHaveLength(1);
  });
});

describe('a failed call to another service, logged', () => {
  let server: http.Server;
  let baseURL: string;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"No such user"}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('when an internal call is refused, then the line names the call and its answer, and not the token it carried', async () => {
    const output = new PassThrough();
    let written = '';
    output.on('data', (chunk) => (written += chunk));
    const logger = createLogger('download', 'info', { output });
    const token = 'eyJhbGciOiJIUzI1NiJ9.c2VydmljZQ.c2lnbmF0dXJl';
    const error = await axios
      .get(`/internal/subscriptions/u1`, { baseURL, headers: { authorization: `Bearer ${token}` } })
      .catch((e: unknown) => e);
    logger.error({ err: error }, 'internal call refused');
    const line = JSON.parse(written) as { err: Record<string, unknown> };
    expect(line.err).toMatchObject({
      type: 'AxiosError',
      call: `GET ${baseURL}/internal/subscriptions/u1`,
      status: 404,
      answer: '{"error":"No such user"}',
    });
    expect(written).not.toContain(token);
    expect(written.length).toBeLessThan(2000);
  });

  it('when an ordinary error is logged, then it keeps its message and stack', () => {
    const output = new PassThrough();
    let written = '';
    output.on('data', (chunk) => (written += chunk));
    createLogger('billing', 'info', { output }).error({ err: new TypeError('bad') }, 'failed');
    expect((JSON.parse(written) as { err: Record<string, unknown> }).err).toMatchObject({
      type: 'TypeError',
      message: 'bad',
      stack: expect.stringContaining('TypeError: bad'),
    });
  });
});

describe('a batched logger (the gateway’s access log)', () => {
  /** A destination that records each write it is given, and each flush. */
  function recorder() {
    const writes: string[] = [];
    let flushes = 0;
    return {
      writes,
      flushes: () => flushes,
      output: {
        write: (batch: string) => void writes.push(batch),
        flush: (done?: (error?: Error) => void) => {
          flushes++;
          done?.();
        },
      },
    };
  }

  it('when lines add up to 4 kB, then they are written together, in order; until then none is', () => {
    const { writes, output } = recorder();
    const batched = batchedDestination(output);
    const line = (n: number) => `${JSON.stringify({ n, pad: 'x'.repeat(180) })}\n`; // about 200 bytes
    for (let n = 0; n < 20; n++) batched.write(line(n));
    expect(writes).toEqual([]);
    batched.write(line(20));
    expect(writes).toEqual([Array.from({ length: 21 }, (_, n) => line(n)).join('')]);
    batched.write(line(21));
    expect(writes).toHaveLength(1);
  });

  it('when the logger is flushed, then what was gathered is written before the flush is reported', () => {
    const { writes, flushes, output } = recorder();
    const batched = batchedDestination(output);
    batched.write('{"a":1}\n');
    batched.write('{"b":2}\n');
    let reported = false;
    batched.flush(() => (reported = true));
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n']);
    expect(flushes()).toBe(1);
    expect(reported).toBe(true);
    batched.flush();
    expect(writes).toHaveLength(1); // nothing new to write
  });
});
