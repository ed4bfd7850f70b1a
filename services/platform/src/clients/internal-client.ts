import http from 'node:http';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import axios, { type AxiosInstance } from 'axios';
import type { z } from 'zod';
import { ERROR_CODES } from '@portal/contracts';
import { AppError } from '../errors/app-errors';
import { REQUEST_ID_HEADER, currentRequestId } from '../http/request-context';

export interface InternalClientOptions {
  baseURL: string;
  credential: () => string;
  timeoutMs?: number;
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** HTTP client for another service's /internal/* routes: service credential, request id, timeout. */
export function createInternalClient({ baseURL, credential, timeoutMs = 5000 }: InternalClientOptions): AxiosInstance {
  // no service redirects another; without redirects axios sends through Node's own http instead of
  // follow-redirects' wrapper: about a seventh less CPU for a call and its answer
  const client = axios.create({ baseURL, timeout: timeoutMs, httpAgent: keepAlive, proxy: false, maxRedirects: 0 });
  client.interceptors.request.use((config) => {
    config.headers.set('Authorization', credential());
    const requestId = currentRequestId();
    if (requestId) config.headers.set(REQUEST_ID_HEADER, requestId);
    return config;
  });
  return client;
}

/**
 * Another service's answer, parsed against its contract (@portal/contracts/internal). A shape that
 * drifted is a 502 for our caller, with the parser's findings logged by the error handler, rather
 * than unchecked data passed on.
 */
export function parseAnswer<T>(schema: z.ZodType<T>, data: unknown, call: string): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const error = new AppError(502, ERROR_CODES.badGateway, 'Another part of the portal answered in an unexpected shape');
  error.cause = new Error(`${call}: ${parsed.error.message}`);
  throw error;
}

/**
 * A newline-delimited JSON answer (streamJsonLines), item by item as it arrives, each parsed
 * against its contract; a line that is not JSON is a drifted shape like any other.
 */
export async function* parseJsonLines<T>(stream: Readable, schema: z.ZodType<T>, call: string): AsyncIterable<T> {
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
    if (!line) continue;
    let data: unknown;
    try {
      data = JSON.parse(line);
    } catch {
      data = line;
    }
    yield parseAnswer(schema, data, call);
  }
}
