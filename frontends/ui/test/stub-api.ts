import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

export interface StubCall {
  method: string;
  url: string;
  params: Record<string, unknown> | undefined;
  body: unknown;
  authorization: string | undefined;
}
type Reply = { status?: number; data?: unknown } | Promise<{ status?: number; data?: unknown }>;

let answer: ((config: InternalAxiosRequestConfig) => Promise<AxiosResponse>) | undefined;

/**
 * Stubs the services at their HTTP boundary: axios's adapter, below the client's own
 * interceptors, answers each call from `reply` and records it. The portal's client is made on
 * its first call from axios's defaults, so the adapter is installed there once and answers from
 * whichever stub the test set last. The calls the client makes with fetch (`api.send`) are
 * answered and recorded the same way.
 */
export function stubApi(reply: (call: StubCall) => Reply) {
  const calls: StubCall[] = [];
  axios.defaults.adapter = (config) => answer!(config);
  globalThis.fetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call = {
      method: init?.method ?? 'GET',
      url: String(url),
      params: undefined,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.Authorization,
    };
    calls.push(call);
    const { status = 200, data = {} } = await reply(call);
    return { ok: status < 400, status, json: async () => data, arrayBuffer: async () => new ArrayBuffer(0) } as Response;
  }) as typeof fetch;
  answer = async (config) => {
    const call = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params as Record<string, unknown> | undefined,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      authorization: (config.headers.get('Authorization') as string | undefined) ?? undefined,
    };
    calls.push(call);
    const { status = 200, data = {} } = await reply(call);
    const response = { data, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, response);
    return response;
  };
  return calls;
}
