import http from 'node:http';
import axios, { type AxiosInstance } from 'axios';
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
