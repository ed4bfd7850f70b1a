import http from 'node:http';
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
  const client = axios.create({ baseURL, timeout: timeoutMs, httpAgent: keepAlive, proxy: false });
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
