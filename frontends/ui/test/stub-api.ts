import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { api } from '@portal/ui';

export interface StubCall {
  method: string;
  url: string;
  params: Record<string, unknown> | undefined;
  body: unknown;
  authorization: string | undefined;
}
type Reply = { status?: number; data?: unknown } | Promise<{ status?: number; data?: unknown }>;

/**
 * Stubs the services at their HTTP boundary: axios's adapter, below the client's own
 * interceptors, answers each call from `reply` and records it.
 */
export function stubApi(reply: (call: StubCall) => Reply) {
  const calls: StubCall[] = [];
  api.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
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
