import type { Response } from 'express';

const CHUNK_BYTES = 64 * 1024;

/** Resolves when the client has read what was written, or has gone (a close never drains). */
const drained = (res: Response) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

/**
 * Writes the lines in chunks and reads the next one only when the client keeps up, so memory stays
 * flat however many there are. A client that leaves ends the loop, which closes the source (a
 * database cursor gives its server-side cursor back).
 */
export async function writeLines(res: Response, lines: AsyncIterable<string> | Iterable<string>): Promise<void> {
  let chunk = '';
  for await (const line of lines) {
    chunk += line;
    if (chunk.length >= CHUNK_BYTES) {
      if (!res.write(chunk)) await drained(res);
      chunk = '';
    }
    if (res.destroyed) return;
  }
  res.end(chunk);
}

async function* asJsonLines<T>(items: AsyncIterable<T> | Iterable<T>): AsyncIterable<string> {
  for await (const item of items) yield `${JSON.stringify(item)}\n`;
}

/** Items as newline-delimited JSON, streamed: the internal answers too large for one body. */
export async function streamJsonLines<T>(res: Response, contentType: string, items: AsyncIterable<T> | Iterable<T>): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', contentType);
  await writeLines(res, asJsonLines(items));
}
