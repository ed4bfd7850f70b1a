import type request from 'supertest';

/** A supertest parser that keeps the answer's bytes (an installer, a PDF) as one Buffer. */
export function binaryBody(res: request.Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}
