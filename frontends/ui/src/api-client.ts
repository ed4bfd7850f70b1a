import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { isHttpError } from './http-error';
import { takeEarlyAnswer, tokenFor } from './early-calls';

export { isHttpError, REQUEST_TIMEOUT_MS } from './http-error';

let instance: Promise<AxiosInstance> | undefined;

/**
 * The portal's axios instance (http-client.ts), made on the first call, so that a page which calls
 * nothing (the landing page) downloads neither axios nor the client's set-up.
 */
function client(): Promise<AxiosInstance> {
  instance ??= import(/* webpackChunkName: "http-client" */ './http-client').then(({ createHttpClient }) => createHttpClient());
  return instance;
}

/** The address an early call for this GET would have used: the path, and its query when only `params` are given. */
function earlyKey(url: string, config?: AxiosRequestConfig): string | undefined {
  if (!config) return url;
  const { params, ...rest } = config;
  if (Object.keys(rest).length || typeof params !== 'object' || params === null) return undefined;
  return `${url}?${new URLSearchParams(Object.entries(params as Record<string, unknown>).map(([key, value]) => [key, String(value)]))}`;
}

/** A GET answered by the shell's early call, if one was made for it (early-calls.ts), else by axios. */
function get<T>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> {
  const key = earlyKey(url, config);
  const early = key === undefined ? undefined : takeEarlyAnswer(key);
  const own = () => client().then((http) => http.get<T>(url, config));
  if (!early) return own();
  return early.then((data) =>
    data === undefined ? own() : ({ data, status: 200, statusText: 'OK', headers: {}, config: {} } as AxiosResponse<T>),
  );
}

/**
 * A POST nobody waits for (usage tracking): plain fetch, so that it neither loads axios nor holds
 * up the page. Its failures are ignored, a refused session too: the next call the page waits for
 * meets it. The answer's body is read all the same: until it is, the browser counts the call as
 * still loading.
 */
function send(url: string, body: unknown): void {
  const token = tokenFor(url);
  const headers = { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  void fetch(url, { method: 'POST', credentials: 'include', headers, body: JSON.stringify(body) })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
}

/** The portal's API client: axios's calls, each made once the instance is ready, and `send`. */
export const api = {
  get,
  send,
  delete: <T = unknown>(url: string, config?: AxiosRequestConfig) => client().then((http) => http.delete<T>(url, config)),
  post: <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig) => client().then((http) => http.post<T>(url, data, config)),
  put: <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig) => client().then((http) => http.put<T>(url, data, config)),
  patch: <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    client().then((http) => http.patch<T>(url, data, config)),
};

/** The server's message for people, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isHttpError(error)) {
    const data = error.response?.data as { message?: unknown } | undefined;
    if (typeof data?.message === 'string' && data.message) return data.message;
  }
  return fallback;
}
