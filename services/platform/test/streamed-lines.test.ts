import http from 'node:http';
import type { AddressInfo } from 'node:net';
import axios from 'axios';
import express from 'express';
import { z } from 'zod';
import { AppError, parseJsonLines, streamCsv, streamJsonLines } from '@portal/platform';

const LINES = 1_000_000;

/** A source that records how far it was read and whether it was closed. */
function countedSource() {
  const state = { produced: 0, closed: false };
  async function* rows() {
    try {
      for (; state.produced < LINES; state.produced++) yield { n: state.produced, text: 'x'.repeat(80) };
    } finally {
      state.closed = true;
    }
  }
  return { state, rows };
}

describe('streamed answers', () => {
  let server: http.Server;
  let base: string;
  const csvSource = countedSource();
  const app = express();
  app.get('/lines', (_req, res) => streamJsonLines(res, 'application/x-ndjson', [{ n: 1 }, { n: 2 }, { n: 3 }]));
  app.get('/drifted', (_req, res) => {
    res.type('application/x-ndjson').end('{"n":1}\nnot json\n');
  });
  app.get('/big.csv', (_req, res) => streamCsv(res, 'big.csv', ['n', 'text'], csvSource.rows(), (row) => [row.n, row.text]));

  beforeAll(async () => {
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const stream = async (path: string) => (await axios.get(`${base}${path}`, { responseType: 'stream' })).data;

  it('when items are streamed as JSON lines, then the reader gets each back, parsed against its shape', async () => {
    const read: number[] = [];
    for await (const item of parseJsonLines(await stream('/lines'), z.object({ n: z.number() }), 'test /lines')) read.push(item.n);
    expect(read).toEqual([1, 2, 3]);
  });

  it('when a line is not the agreed shape, then reading it fails as a bad gateway, after the good lines', async () => {
    const read: number[] = [];
    const reading = (async () => {
      for await (const item of parseJsonLines(await stream('/drifted'), z.object({ n: z.number() }), 'test /drifted')) read.push(item.n);
    })();
    await expect(reading).rejects.toMatchObject({ status: 502 });
    await expect(reading).rejects.toBeInstanceOf(AppError);
    expect(read).toEqual([1]);
  });

  it('when the client stops reading a long download and leaves, then the source is read no further and is closed', async () => {
    const body = await stream('/big.csv');
    await new Promise((resolve) => body.once('data', resolve));
    body.destroy();
    const deadline = Date.now() + 5000;
    while (!csvSource.state.closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(csvSource.state.closed).toBe(true);
    // what the socket buffers held when the client left, far short of the million rows
    expect(csvSource.state.produced).toBeLessThan(LINES / 10);
  });
});
